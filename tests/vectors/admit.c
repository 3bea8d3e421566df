// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Vectors for the concurrency-restriction rule (admit.h). Each row is
 * worked out by hand from the rule's steps: capacity in milli-CPUs, the
 * active-set bound, the owner gate, rotation. Rationale:
 * docs/heuristics.md, "admit.h".
 */
#include "vectors.h"

static const char S[] = "admit";

#define RUN PVS_SPIN_OWNER_RUNNING
#define PRE PVS_SPIN_OWNER_PREEMPTED
#define SLP PVS_SPIN_OWNER_SLEEPING
#define ACT PVS_ADMIT_ACTIVE
#define PAS PVS_ADMIT_PASSIVE
#define ROT PVS_ADMIT_ROTATE
#define MS 1000000u

struct admit_vec {
	uint32_t aff, quota, steal, thr, active, passive;
	uint64_t waited, rotate;
	enum pvs_spin_owner owner;
	/* expected */
	uint32_t eff, limit;
	enum pvs_admit_action act;
	enum pvs_admit_reason why;
	uint64_t park;
};

static const struct admit_vec vecs[] = {
	/* 0: 2 CPUs, nothing else: the owner has one, one contender. */
	{ 2, 0, 0, 0, 0, 0, 0, 0, RUN, 2000, 1, ACT,
	  PVS_ADMIT_REASON_ROOM, 0 },
	/* 1: as 0 with one contender already active: park for 4 ms. */
	{ 2, 0, 0, 0, 1, 5, 0, 0, RUN, 2000, 1, PAS,
	  PVS_ADMIT_REASON_FULL, 4 * MS },
	/* 2: 8 CPUs: 7 may contend; the 7th is let in, the 8th is not. */
	{ 8, 0, 0, 0, 6, 0, 0, 0, RUN, 8000, 7, ACT,
	  PVS_ADMIT_REASON_ROOM, 0 },
	{ 8, 0, 0, 0, 7, 3, 1 * MS, 0, RUN, 8000, 7, PAS,
	  PVS_ADMIT_REASON_FULL, 3 * MS },
	/* 4: 8 CPUs under a 0.5-CPU quota: capacity 500 mCPU, bound 1. */
	{ 8, 500, 0, 0, 0, 0, 0, 0, RUN, 500, 1, ACT,
	  PVS_ADMIT_REASON_ROOM, 0 },
	{ 8, 500, 0, 0, 1, 9, 0, 0, RUN, 500, 1, PAS,
	  PVS_ADMIT_REASON_FULL, 4 * MS },
	/* 6: quota above the affinity: the affinity binds (4 CPUs). */
	{ 4, 6000, 0, 0, 2, 0, 0, 0, RUN, 4000, 3, ACT,
	  PVS_ADMIT_REASON_ROOM, 0 },
	/* 7: 4 CPUs, 25 % stolen: 3000 mCPU, bound 2. */
	{ 4, 0, 250000, 0, 2, 1, 0, 0, RUN, 3000, 2, PAS,
	  PVS_ADMIT_REASON_FULL, 4 * MS },
	/* 8: throttling counts as steal: 4 CPUs, 25 % throttled, same. */
	{ 4, 0, 0, 250000, 2, 1, 0, 0, RUN, 3000, 2, PAS,
	  PVS_ADMIT_REASON_FULL, 4 * MS },
	/* 9: both, one after the other: 4000 * 0.5 = 2000, * 0.5 = 1000. */
	{ 4, 0, 500000, 500000, 0, 0, 0, 0, RUN, 1000, 1, ACT,
	  PVS_ADMIT_REASON_ROOM, 0 },
	/* 10: all stolen: capacity 0, still one contender. */
	{ 4, 0, 1000000, 0, 0, 0, 0, 0, RUN, 0, 1, ACT,
	  PVS_ADMIT_REASON_ROOM, 0 },
	/* 11: affinity unknown counts as 1 CPU. */
	{ 0, 0, 0, 0, 0, 0, 0, 0, RUN, 1000, 1, ACT,
	  PVS_ADMIT_REASON_ROOM, 0 },
	/* 12: rounding down: 2999 mCPU is 2 CPUs, bound 1. */
	{ 4, 2999, 0, 0, 1, 0, 0, 0, RUN, 2999, 1, PAS,
	  PVS_ADMIT_REASON_FULL, 4 * MS },
	/* 13: owner preempted on 8 CPUs: bound 1, the first still enters. */
	{ 8, 0, 0, 0, 0, 2, 0, 0, PRE, 8000, 1, ACT,
	  PVS_ADMIT_REASON_ROOM, 0 },
	{ 8, 0, 0, 0, 1, 2, 0, 0, PRE, 8000, 1, PAS,
	  PVS_ADMIT_REASON_OWNER_OFF, 4 * MS },
	{ 8, 0, 0, 0, 1, 2, 0, 0, SLP, 8000, 1, PAS,
	  PVS_ADMIT_REASON_OWNER_OFF, 4 * MS },
	/* 16: owner unknown or none: the CPUs decide, as running. */
	{ 8, 0, 0, 0, 1, 2, 0, 0, PVS_SPIN_OWNER_UNKNOWN, 8000, 7, ACT,
	  PVS_ADMIT_REASON_ROOM, 0 },
	{ 8, 0, 0, 0, 1, 2, 0, 0, PVS_SPIN_OWNER_NONE, 8000, 7, ACT,
	  PVS_ADMIT_REASON_ROOM, 0 },
	/* 18: rotation at the default bound exactly, active set full. */
	{ 2, 0, 0, 0, 1, 4, 4 * MS, 0, RUN, 2000, 1, ROT,
	  PVS_ADMIT_REASON_BYPASS_BOUND, 0 },
	/* 19: 1 ns short of it: still passive, 1 ns left. */
	{ 2, 0, 0, 0, 1, 4, 4 * MS - 1, 0, RUN, 2000, 1, PAS,
	  PVS_ADMIT_REASON_FULL, 1 },
	/* 20: a bound of our own (1 ms), passed: rotate even with room. */
	{ 2, 0, 0, 0, 0, 1, 2 * MS, MS, RUN, 2000, 1, ROT,
	  PVS_ADMIT_REASON_BYPASS_BOUND, 0 },
	/* 21: rotation only when somebody is parked. */
	{ 2, 0, 0, 0, 0, 0, 9 * MS, MS, RUN, 2000, 1, ACT,
	  PVS_ADMIT_REASON_ROOM, 0 },
	/* 22: rotation past a preempted owner too. */
	{ 8, 0, 0, 0, 1, 1, 5 * MS, 0, PRE, 8000, 1, ROT,
	  PVS_ADMIT_REASON_BYPASS_BOUND, 0 },
	/* 23: the largest inputs: 1024 CPUs, counts at UINT32_MAX. */
	{ 1024, 0, 0, 0, 0xffffffffu, 0xffffffffu, 0, 0, RUN, 1024000,
	  1023, PAS, PVS_ADMIT_REASON_FULL, 4 * MS },
	{ 1024, 0xffffffffu, 0, 0, 1022, 0, 0, PVS_ADMIT_ROTATE_MAX_NS, RUN,
	  1024000, 1023, ACT, PVS_ADMIT_REASON_ROOM, 0 },
	/* 25: waited far past the bound (UINT64_MAX): rotate, no wrap. */
	{ 2, 0, 0, 0, 1, 1, ~(uint64_t)0, 0, RUN, 2000, 1, ROT,
	  PVS_ADMIT_REASON_BYPASS_BOUND, 0 },
};

/*
 * A releaser's question with less than 2 CPUs (step 2): how long since it
 * last released the lock, against a wake-up's round trip.
 */
struct admit_rel_vec {
	uint32_t aff, quota, steal, active, passive;
	uint64_t waited, since, ctxsw;
	enum pvs_spin_owner owner;
	/* expected */
	uint32_t eff, limit;
	enum pvs_admit_action act;
	enum pvs_admit_reason why;
	uint64_t park;
};

#define BACK PVS_ADMIT_REASON_RELEASER_BACK
#define ROOM PVS_ADMIT_REASON_ROOM
#define NONE PVS_SPIN_OWNER_NONE
/* A 1-CPU quota on 2 CPUs, three sleepers, none active, none waited. */
#define Q1(since, ctxsw, limit, act, why, park) \
	{ 2, 1000, 0, 0, 3, 0, since, ctxsw, NONE, 1000, limit, act, why, park }

static const struct admit_rel_vec rel_vecs[] = {
	/* 0: back after 2 us, a wake-up takes 12 us: keep the CPU. */
	Q1(2000, 12000, 0, PAS, BACK, 4 * MS),
	/* 1: back exactly a wake-up later: a sleeper could run, wake. */
	Q1(12000, 12000, 1, ACT, ROOM, 0),
	/* 2: not known (0): wake, as before the step existed. */
	Q1(0, 12000, 1, ACT, ROOM, 0),
	/* 3: wake-up unknown: 9 us by default, 8999 ns is back in time. */
	Q1(8999, 0, 0, PAS, BACK, 4 * MS),
	Q1(9000, 0, 1, ACT, ROOM, 0),
	/* 5: a wake-up above 1 ms counts as 1 ms. */
	Q1(999999, ~(uint64_t)0, 0, PAS, BACK, 4 * MS),
	Q1(1000000, ~(uint64_t)0, 1, ACT, ROOM, 0),
	/* 7: 2 whole CPUs: the releaser's cycle changes nothing. */
	{ 2, 0, 0, 0, 3, 0, 100, 12000, NONE, 2000, 1, ACT, ROOM, 0 },
	/* 8: 0.5-CPU quota, a sleeper parked 1 ms ago: 3 ms left. */
	{ 8, 500, 0, 0, 3, MS, 100, 5000, NONE, 500, 0, PAS, BACK, 3 * MS },
	/* 9: owner off its CPU: one contender, whatever the cycle. */
	{ 2, 1000, 0, 0, 3, 0, 100, 12000, PRE, 1000, 1, ACT, ROOM, 0 },
	/* 10: rotation still lets the oldest sleeper in. */
	{ 2, 1000, 0, 0, 3, 4 * MS, 100, 12000, NONE, 1000, 0, ROT,
	  PVS_ADMIT_REASON_BYPASS_BOUND, 0 },
	/* 11: a contender already active: passive, for the same reason. */
	{ 2, 1000, 0, 1, 3, 0, 100, 12000, NONE, 1000, 0, PAS, BACK, 4 * MS },
	/* 12: 2 CPUs, 10 % stolen (1.8): still 2 granted, wake. */
	{ 2, 0, 100000, 0, 3, 0, 100, 12000, NONE, 1800, 1, ACT, ROOM, 0 },
	/* 13: 2 CPUs all but stolen: the same; the bound is 1. */
	{ 2, 0, 1000000, 0, 3, 0, 100, 12000, NONE, 0, 1, ACT, ROOM, 0 },
	/* 14: a 1-CPU quota, stolen or not, keeps the CPU. */
	{ 2, 1000, 500000, 0, 3, 0, 100, 12000, NONE, 500, 0, PAS, BACK,
	  4 * MS },
};

/*
 * pvs_admit_one_cpu(): affinity, quota -> fewer than 2 CPUs granted;
 * steal does not count.
 */
static const struct {
	uint32_t aff, quota, steal;
	bool one;
} one_cpu_vecs[] = {
	{ 2, 1999, 0, true },	{ 2, 2000, 0, false }, { 2, 0, 0, false },
	{ 0, 0, 0, true },	{ 1, 0, 0, true },     { 4, 0, 500000, false },
	{ 4, 0, 500001, false }, { 2, 0, 1000000, false }, { 2, 1500, 0, true },
};

/* Inputs the rule must refuse, with the error and out untouched. */
struct admit_bad {
	uint32_t aff, steal, thr;
	uint64_t rotate;
	unsigned int owner;
	int err;
};

static const struct admit_bad bads[] = {
	{ PVS_MAX_CPUS + 1, 0, 0, 0, RUN, -PVS_ERANGE },
	{ 2, PVS_SPIN_FULL_PPM + 1, 0, 0, RUN, -PVS_ERANGE },
	{ 2, 0, PVS_SPIN_FULL_PPM + 1, 0, RUN, -PVS_ERANGE },
	{ 2, 0, 0, PVS_ADMIT_ROTATE_MAX_NS + 1, RUN, -PVS_ERANGE },
	{ 2, 0, 0, 0, PVS_SPIN_OWNER_COUNT, -PVS_EINVAL },
	{ 2, 0, 0, 0, 0xffffffffu, -PVS_EINVAL },
};

static void fill(struct pvs_admit_in *in, const struct admit_vec *v)
{
	in->nr_affinity = v->aff;
	in->quota_mcpus = v->quota;
	in->steal_ppm = v->steal;
	in->throttled_ppm = v->thr;
	in->nr_active = v->active;
	in->nr_passive = v->passive;
	in->waited_ns = v->waited;
	in->rotate_ns = v->rotate;
	in->owner = v->owner;
	in->since_release_ns = 0;
	in->ctxsw_ns = 0;
}

void pvs_vec_admit(struct pvs_vec_result *r)
{
	struct pvs_admit_in in = { 0 };
	struct pvs_admit_out out;
	unsigned int i;
	int rc;

	for (i = 0; i < PVS_VEC_LEN(vecs); i++) {
		const struct admit_vec *v = &vecs[i];

		fill(&in, v);
		pvs_vec_canary(&out, sizeof(out));
		rc = pvs_admit_decide(&in, &out);
		PVS_VEC_EXPECT(r, S, i, rc == 0);
		PVS_VEC_EXPECT(r, S, i, out.effective_mcpus == v->eff);
		PVS_VEC_EXPECT(r, S, i,
			       pvs_admit_effective_mcpus(&in) == v->eff);
		PVS_VEC_EXPECT(r, S, i, out.limit == v->limit);
		PVS_VEC_EXPECT(r, S, i, out.action == v->act);
		PVS_VEC_EXPECT(r, S, i, out.reason == v->why);
		PVS_VEC_EXPECT(r, S, i, out.park_ns == v->park);
	}
	for (i = 0; i < PVS_VEC_LEN(rel_vecs); i++) {
		const struct admit_rel_vec *v = &rel_vecs[i];

		fill(&in, &vecs[0]);	/* the rest as row 0 */
		in.nr_affinity = v->aff;
		in.quota_mcpus = v->quota;
		in.steal_ppm = v->steal;
		in.nr_active = v->active;
		in.nr_passive = v->passive;
		in.waited_ns = v->waited;
		in.since_release_ns = v->since;
		in.ctxsw_ns = v->ctxsw;
		in.owner = v->owner;
		pvs_vec_canary(&out, sizeof(out));
		rc = pvs_admit_decide(&in, &out);
		PVS_VEC_EXPECT(r, S, 50 + i, rc == 0);
		PVS_VEC_EXPECT(r, S, 50 + i, out.effective_mcpus == v->eff);
		PVS_VEC_EXPECT(r, S, 50 + i, out.limit == v->limit);
		PVS_VEC_EXPECT(r, S, 50 + i, out.action == v->act);
		PVS_VEC_EXPECT(r, S, 50 + i, out.reason == v->why);
		PVS_VEC_EXPECT(r, S, 50 + i, out.park_ns == v->park);
	}
	for (i = 0; i < PVS_VEC_LEN(one_cpu_vecs); i++) {
		fill(&in, &vecs[0]);
		in.nr_affinity = one_cpu_vecs[i].aff;
		in.quota_mcpus = one_cpu_vecs[i].quota;
		in.steal_ppm = one_cpu_vecs[i].steal;
		PVS_VEC_EXPECT(r, S, 80 + i,
			       pvs_admit_one_cpu(&in) == one_cpu_vecs[i].one);
	}
	for (i = 0; i < PVS_VEC_LEN(bads); i++) {
		const struct admit_bad *b = &bads[i];

		fill(&in, &vecs[0]);
		in.nr_affinity = b->aff;
		in.steal_ppm = b->steal;
		in.throttled_ppm = b->thr;
		in.rotate_ns = b->rotate;
		in.owner = (enum pvs_spin_owner)b->owner;
		pvs_vec_canary(&out, sizeof(out));
		rc = pvs_admit_decide(&in, &out);
		PVS_VEC_EXPECT(r, S, 100 + i, rc == b->err);
		PVS_VEC_EXPECT(r, S, 100 + i,
			       pvs_vec_canary_ok(&out, sizeof(out)));
	}
	fill(&in, &vecs[0]);
	PVS_VEC_EXPECT(r, S, 200, pvs_admit_decide(NULL, &out) == -PVS_EINVAL);
	PVS_VEC_EXPECT(r, S, 201, pvs_admit_decide(&in, NULL) == -PVS_EINVAL);
}
