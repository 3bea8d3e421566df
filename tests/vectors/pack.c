// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Vectors for pack.h (splpar-asym-pack): asym-packing priorities, the sched-domain
 * levels of arch/powerpc/kernel/smp.c, and the placement rule. Expected
 * values are worked out by hand from the rules documented in pack.h.
 */
#include "vectors.h"

static const char S[] = "pack";

#define C PVS_PACK_CORES
#define SP PVS_PACK_SPREAD
#define B PVS_PACK_BALANCER
#define BAD_POLICY PVS_PACK_POLICY_COUNT
#define EINV (-PVS_EINVAL)
#define CANARY_PRIO 0x5a5a5a5a

/* ---- pvs_asym_prio ------------------------------------------------------ */

struct prio_vec {
	uint32_t nr_cpus, tpc, cpu;
	enum pvs_pack_policy policy;
	int rc;
	int32_t prio;
};

static const struct prio_vec prio_vecs[] = {
	/* SMT1: every CPU is its own core. */
	{ 8, 1, 0, C, 0, 0 },
	{ 8, 1, 7, C, 0, -7 },
	{ 8, 1, 7, SP, 0, -7 },
	/* SMT2: first and last thread of a core are equal under CORES. */
	{ 8, 2, 0, C, 0, 0 },
	{ 8, 2, 1, C, 0, 0 },
	{ 8, 2, 2, C, 0, -1 },
	{ 8, 2, 7, C, 0, -3 },
	{ 8, 2, 7, SP, 0, -7 },
	/* SMT4 */
	{ 16, 4, 4, C, 0, -1 },
	{ 16, 4, 7, C, 0, -1 },
	{ 16, 4, 8, C, 0, -2 },
	{ 16, 4, 15, SP, 0, -15 },
	/* SMT8, the upstream change's 1024-CPU partition (128 cores). */
	{ 1024, 8, 0, C, 0, 0 },
	{ 1024, 8, 7, C, 0, 0 },
	{ 1024, 8, 8, C, 0, -1 },
	{ 1024, 8, 15, C, 0, -1 },
	{ 1024, 8, 1016, C, 0, -127 },
	{ 1024, 8, 1023, C, 0, -127 },
	{ 1024, 8, 1023, SP, 0, -1023 },
	{ 1024, 8, 0, SP, 0, 0 },
	/* Bad input: error, output untouched. */
	{ 8, 0, 0, C, EINV, CANARY_PRIO },
	{ 18, 9, 0, C, EINV, CANARY_PRIO },
	{ 8, 8, 8, C, EINV, CANARY_PRIO },
	{ 1024, 8, 1024, SP, EINV, CANARY_PRIO },
	{ 0, 8, 0, C, EINV, CANARY_PRIO },
	{ 1032, 8, 0, C, EINV, CANARY_PRIO },
	{ 12, 8, 0, C, EINV, CANARY_PRIO },
	{ 8, 8, 0, BAD_POLICY, EINV, CANARY_PRIO },
};

static void pack_prio(struct pvs_vec_result *r)
{
	struct pvs_pack_topology t;
	unsigned int i;
	int32_t prio;
	int rc;

	for (i = 0; i < PVS_VEC_LEN(prio_vecs); i++) {
		const struct prio_vec *v = &prio_vecs[i];

		t.nr_cpus = v->nr_cpus;
		t.threads_per_core = v->tpc;
		prio = CANARY_PRIO;
		rc = pvs_asym_prio(&t, v->cpu, v->policy, &prio);
		PVS_VEC_EXPECT(r, S, 100 + i, rc == v->rc && prio == v->prio);
	}
	t.nr_cpus = 8;
	t.threads_per_core = 8;
	prio = CANARY_PRIO;
	PVS_VEC_EXPECT(r, S, 150, pvs_asym_prio(NULL, 0, C, &prio) == EINV &&
				  prio == CANARY_PRIO);
	PVS_VEC_EXPECT(r, S, 151, pvs_asym_prio(&t, 0, C, NULL) == EINV);
	/* The kernel enables packing only on shared LPARs with big cores. */
	PVS_VEC_EXPECT(r, S, 152, pvs_pack_effective_policy(C, true, true) == C);
	PVS_VEC_EXPECT(r, S, 153, pvs_pack_effective_policy(C, true, false) == SP);
	PVS_VEC_EXPECT(r, S, 154, pvs_pack_effective_policy(C, false, true) == SP);
	PVS_VEC_EXPECT(r, S, 155, pvs_pack_effective_policy(SP, true, true) == SP);
	PVS_VEC_EXPECT(r, S, 156,
		       pvs_pack_effective_policy(BAD_POLICY, true, true) == SP);
}

/* ---- pvs_pack_domains --------------------------------------------------- */

#define L_SMT PVS_SD_BIT(PVS_SD_SMT)
#define L_CACHE PVS_SD_BIT(PVS_SD_CACHE)
#define L_MC PVS_SD_BIT(PVS_SD_MC)
#define L_PKG PVS_SD_BIT(PVS_SD_PKG)
#define L_NUMA PVS_SD_BIT(PVS_SD_NUMA)
#define L_ALL (L_SMT | L_CACHE | L_MC | L_PKG | L_NUMA)

struct dom_vec {
	/* shared_processor, big_cores, threads_per_core, shared_caches,
	 * coregroup, asym_smt, numa
	 */
	struct pvs_pack_machine m;
	enum pvs_pack_policy policy;
	/* expected */
	int rc;
	uint32_t present, asym, smt_weight;
	enum pvs_pack_policy prio_policy;
};

static const struct dom_vec dom_vecs[] = {
	/* 0-1: shared LPAR, big cores, L2 across the big core (POWER9-like) */
	{ { true, true, 8, true, true, false, true }, C,
	  4, L_SMT | L_CACHE | L_PKG | L_NUMA, L_CACHE | L_PKG, 4, C },
	{ { true, true, 8, true, true, false, true }, SP,
	  5, L_ALL, 0, 4, SP },
	/* 2-3: shared LPAR, small cores: MC dropped today, no packing */
	{ { true, false, 8, true, true, false, true }, C,
	  4, L_SMT | L_CACHE | L_PKG | L_NUMA, 0, 8, SP },
	{ { true, false, 8, true, true, false, true }, SP,
	  5, L_ALL, 0, 8, SP },
	/* 4-7: dedicated LPAR, big or small cores: unchanged by the upstream change */
	{ { false, true, 8, true, true, false, true }, C, 5, L_ALL, 0, 4, SP },
	{ { false, true, 8, true, true, false, true }, SP, 5, L_ALL, 0, 4, SP },
	{ { false, false, 8, true, true, false, true }, C, 5, L_ALL, 0, 8, SP },
	{ { false, false, 8, true, true, false, true }, SP, 5, L_ALL, 0, 8, SP },
	/* 8-9: shared big cores, no CACHE level, no core groups (POWER10-like) */
	{ { true, true, 8, false, false, false, true }, C,
	  3, L_SMT | L_PKG | L_NUMA, L_PKG, 4, C },
	{ { true, true, 8, false, false, false, true }, SP,
	  3, L_SMT | L_PKG | L_NUMA, 0, 4, SP },
	/* 10: SMT1: the one-CPU SMT level degenerates, only PKG is left */
	{ { false, false, 1, false, false, false, false }, C, 1, L_PKG, 0, 1, SP },
	/* 11: big cores of SMT2: small cores of one thread, no SMT level */
	{ { true, true, 2, false, false, false, false }, C, 1, L_PKG, L_PKG, 1, C },
	/* 12: big cores in SMT4 mode: small cores of 2 threads */
	{ { true, true, 4, true, true, false, true }, C,
	  4, L_SMT | L_CACHE | L_PKG | L_NUMA, L_CACHE | L_PKG, 2, C },
	/* 13-14: POWER7 ASYM_SMT: the SMT level packs under both policies */
	{ { false, false, 4, false, false, true, true }, C,
	  3, L_SMT | L_PKG | L_NUMA, L_SMT, 4, SP },
	{ { false, false, 4, false, false, true, true }, SP,
	  3, L_SMT | L_PKG | L_NUMA, L_SMT, 4, SP },
	/* 15: shared big SMT8 without core groups: MC absent either way */
	{ { true, true, 8, true, false, false, false }, SP,
	  3, L_SMT | L_CACHE | L_PKG, 0, 4, SP },
	/* 16-20: bad input */
	{ { false, false, 0, false, false, false, false }, C, EINV, 0, 0, 0, SP },
	{ { false, false, 9, false, false, false, false }, SP, EINV, 0, 0, 0, SP },
	{ { true, true, 1, false, false, false, false }, C, EINV, 0, 0, 0, SP },
	{ { true, true, 3, false, false, false, false }, C, EINV, 0, 0, 0, SP },
	{ { true, true, 8, true, true, false, true }, BAD_POLICY,
	  EINV, 0, 0, 0, SP },
};

static void pack_domains(struct pvs_vec_result *r)
{
	struct pvs_pack_machine m;
	struct pvs_pack_domains d;
	unsigned int i;
	int rc;

	for (i = 0; i < PVS_VEC_LEN(dom_vecs); i++) {
		const struct dom_vec *v = &dom_vecs[i];

		pvs_vec_canary(&d, sizeof(d));
		rc = pvs_pack_domains(&v->m, v->policy, &d);
		if (v->rc < 0) {
			PVS_VEC_EXPECT(r, S, 200 + i, rc == v->rc &&
				       pvs_vec_canary_ok(&d, sizeof(d)));
			continue;
		}
		PVS_VEC_EXPECT(r, S, 200 + i,
			       rc == v->rc && d.nr_levels == (uint32_t)v->rc &&
			       d.present == v->present && d.asym == v->asym &&
			       d.smt_weight == v->smt_weight &&
			       d.prio_policy == v->prio_policy);
	}

	/* Per-level kernel flags of the packing shared LPAR (vector 0). */
	m = dom_vecs[0].m;
	pvs_pack_domains(&m, C, &d);
	PVS_VEC_EXPECT(r, S, 250, d.flags[PVS_SD_SMT] ==
				  (PVS_SDF_SHARE_CPUCAPACITY | PVS_SDF_SHARE_LLC));
	PVS_VEC_EXPECT(r, S, 251, d.flags[PVS_SD_CACHE] ==
				  (PVS_SDF_SHARE_LLC | PVS_SDF_ASYM_PACKING));
	PVS_VEC_EXPECT(r, S, 252, d.flags[PVS_SD_MC] == 0);
	PVS_VEC_EXPECT(r, S, 253, d.flags[PVS_SD_PKG] == PVS_SDF_ASYM_PACKING);
	PVS_VEC_EXPECT(r, S, 254, d.flags[PVS_SD_NUMA] == PVS_SDF_NUMA);
	/* The same machine under the baseline: MC kept, nothing packs. */
	pvs_pack_domains(&m, SP, &d);
	PVS_VEC_EXPECT(r, S, 255, d.flags[PVS_SD_CACHE] == PVS_SDF_SHARE_LLC);
	PVS_VEC_EXPECT(r, S, 256, d.flags[PVS_SD_MC] == 0 &&
				  d.flags[PVS_SD_PKG] == 0);
	/* POWER7 ASYM_SMT (vector 13). */
	m = dom_vecs[13].m;
	pvs_pack_domains(&m, C, &d);
	PVS_VEC_EXPECT(r, S, 257, d.flags[PVS_SD_SMT] ==
				  (PVS_SDF_SHARE_CPUCAPACITY | PVS_SDF_SHARE_LLC |
				   PVS_SDF_ASYM_PACKING));
	/* NULL pointers. */
	pvs_vec_canary(&d, sizeof(d));
	PVS_VEC_EXPECT(r, S, 258, pvs_pack_domains(NULL, C, &d) == EINV &&
				  pvs_vec_canary_ok(&d, sizeof(d)));
	PVS_VEC_EXPECT(r, S, 259, pvs_pack_domains(&m, C, NULL) == EINV);
}

/* ---- pvs_pack_pick_cpu and pvs_pack_cores_in_use ----------------------- */

/* Per-CPU nr_running states; machines of 4 SMT8 cores unless noted. */
static const uint32_t st_zero[PVS_MAX_CPUS];
static const uint32_t st_one0[32] = { [0] = 1 };
static const uint32_t st_over0[32] = { [0] = 3 };
static const uint32_t st_full0[32] = { 1, 1, 1, 1, 1, 1, 1, 1 };
static const uint32_t st_full0_8[32] = { 1, 1, 1, 1, 1, 1, 1, 1, 1 };
static const uint32_t st_part2_5[32] = { [0] = 1, [1] = 1, [16] = 1,
					 [17] = 1, [18] = 1, [19] = 1,
					 [20] = 1 };
static const uint32_t st_tie3[32] = { [8] = 1, [9] = 1, [10] = 1,
				      [24] = 1, [25] = 1, [26] = 1 };
static const uint32_t st_busy16[32] = { [16] = 1 };
static const uint32_t st_all1[32] = {
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 };
static const uint32_t st_all2_6[32] = {
	2, 2, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2,
	2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2 };
/* 2 SMT8 cores, every CPU but the last busy. */
static const uint32_t st_all_but15[16] = {
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0 };

/* Affinity bitmaps. */
static const uint64_t m_none[PVS_PACK_MASK_WORDS];
static const uint64_t m_last[PVS_PACK_MASK_WORDS] = {
	[PVS_PACK_MASK_WORDS - 1] = 1ull << 63 };
static const uint64_t m_not_core0[PVS_PACK_MASK_WORDS] = { 0xffffff00ull };
static const uint64_t m_core3[PVS_PACK_MASK_WORDS] = { 0xff000000ull };

#define N PVS_PACK_NO_CPU
#define ESRCH (-PVS_ESRCH)
#define EAGAIN (-PVS_EAGAIN)

struct pick_vec {
	const uint32_t *nr;
	uint32_t nr_cpus, tpc;
	int32_t prev, waker;
	const uint64_t *allowed;
	bool idle_only;
	int spread, cores;	/* expected pick under each policy */
};

static const struct pick_vec pick_vecs[] = {
	/* 0-1: empty machine; prev on an empty core only matters to SPREAD */
	{ st_zero, 32, 8, N, N, NULL, false, 0, 0 },
	{ st_zero, 32, 8, 13, N, NULL, false, 13, 0 },
	/* 2-4: one busy thread: SPREAD takes an empty core, CORES its sibling */
	{ st_one0, 32, 8, N, N, NULL, false, 8, 1 },
	{ st_one0, 32, 8, 5, N, NULL, false, 8, 5 },
	{ st_one0, 32, 8, 12, N, NULL, false, 12, 1 },
	/* 5: a core's load counts busy threads, not tasks */
	{ st_over0, 32, 8, N, N, NULL, false, 8, 1 },
	/* 6-7: core 0 full -> core 1 */
	{ st_full0, 32, 8, N, N, NULL, false, 8, 8 },
	{ st_full0_8, 32, 8, N, N, NULL, false, 16, 9 },
	/* 8: CORES fills the busiest open core (2 vs 5 busy) */
	{ st_part2_5, 32, 8, N, N, NULL, false, 8, 21 },
	/* 9: equally busy open cores: the lower core (higher priority) */
	{ st_tie3, 32, 8, N, N, NULL, false, 0, 11 },
	/* 10-13: all busy: least-loaded CPU, ties to prev then lowest */
	{ st_all1, 32, 8, N, N, NULL, false, 0, 0 },
	{ st_all1, 32, 8, 9, N, NULL, false, 9, 9 },
	{ st_all1, 32, 8, N, 30, NULL, false, 30, 30 },
	{ st_all2_6, 32, 8, 9, N, NULL, false, 6, 6 },
	/* 14: all busy and idle_only */
	{ st_all1, 32, 8, N, N, NULL, true, EAGAIN, EAGAIN },
	/* 15-16: SMT1 degenerate: every core is full or empty */
	{ st_one0, 4, 1, N, N, NULL, false, 1, 1 },
	{ st_one0, 4, 1, 3, N, NULL, false, 3, 1 },
	/* 17-18: SMT2 and SMT4 */
	{ st_one0, 8, 2, N, N, NULL, false, 2, 1 },
	{ st_one0, 16, 4, N, N, NULL, false, 4, 1 },
	/* 19-21: last CPU of the largest machine; of a full small one */
	{ st_zero, PVS_MAX_CPUS, 8, N, N, m_last, false, PVS_MAX_CPUS - 1,
	  PVS_MAX_CPUS - 1 },
	{ st_zero, PVS_MAX_CPUS, 8, PVS_MAX_CPUS - 1, N, NULL, false,
	  PVS_MAX_CPUS - 1, 0 },
	{ st_all_but15, 16, 8, N, N, NULL, false, 15, 15 },
	/* 22-23: affinity: open core 0 not allowed; only core 3 allowed */
	{ st_one0, 32, 8, N, N, m_not_core0, false, 8, 8 },
	{ st_all1, 32, 8, 2, N, m_core3, false, 24, 24 },
	/* 24-26: waker hint */
	{ st_zero, 32, 8, N, 20, NULL, false, 20, 0 },
	{ st_busy16, 32, 8, N, 20, NULL, false, 0, 20 },
	{ st_busy16, 32, 8, 3, 20, NULL, false, 3, 20 },
	/* 27-29: prev wins over waker: empty cores, one core, all busy */
	{ st_zero, 32, 8, 13, 20, NULL, false, 13, 0 },
	{ st_one0, 32, 8, 5, 6, NULL, false, 8, 5 },
	{ st_all1, 32, 8, 9, 30, NULL, false, 9, 9 },
	/* 30-31: nothing allowed: -ESRCH, even with idle_only */
	{ st_zero, 32, 8, N, N, m_none, false, ESRCH, ESRCH },
	{ st_all1, 32, 8, N, N, m_none, true, ESRCH, ESRCH },
	/* 32-40: bad input */
	{ st_zero, 32, 0, N, N, NULL, false, EINV, EINV },
	{ st_zero, 36, 9, N, N, NULL, false, EINV, EINV },
	{ st_zero, 0, 8, N, N, NULL, false, EINV, EINV },
	{ st_zero, PVS_MAX_CPUS + 1, 1, N, N, NULL, false, EINV, EINV },
	{ st_zero, 12, 8, N, N, NULL, false, EINV, EINV },
	{ st_zero, 32, 8, 32, N, NULL, false, EINV, EINV },
	{ st_zero, 32, 8, -2, N, NULL, false, EINV, EINV },
	{ st_zero, 32, 8, N, 32, NULL, false, EINV, EINV },
	{ NULL, 32, 8, N, N, NULL, false, EINV, EINV },
};

/* pvs_pack_pick_cpu() on row @v under @policy. */
static int pick_with(const struct pick_vec *v, enum pvs_pack_policy policy)
{
	struct pvs_pack_topology t;
	struct pvs_pack_task task;

	t.nr_cpus = v->nr_cpus;
	t.threads_per_core = v->tpc;
	pvs_pack_task_init(&task);
	task.prev_cpu = v->prev;
	task.waker_cpu = v->waker;
	task.allowed = v->allowed;
	task.idle_only = v->idle_only;
	return pvs_pack_pick_cpu(&t, v->nr, &task, policy);
}

static void pack_pick(struct pvs_vec_result *r)
{
	struct pvs_pack_topology t;
	unsigned int i;

	for (i = 0; i < PVS_VEC_LEN(pick_vecs); i++) {
		PVS_VEC_EXPECT(r, S, 300 + i,
			       pick_with(&pick_vecs[i], SP) == pick_vecs[i].spread);
		PVS_VEC_EXPECT(r, S, 300 + i,
			       pick_with(&pick_vecs[i], C) == pick_vecs[i].cores);
	}
	t.nr_cpus = 32;
	t.threads_per_core = 8;
	/* NULL task = defaults; NULL topology; unknown policy. */
	PVS_VEC_EXPECT(r, S, 350, pvs_pack_pick_cpu(&t, st_one0, NULL, C) == 1);
	PVS_VEC_EXPECT(r, S, 351, pvs_pack_pick_cpu(&t, st_one0, NULL, SP) == 8);
	PVS_VEC_EXPECT(r, S, 352,
		       pvs_pack_pick_cpu(NULL, st_one0, NULL, C) == EINV);
	PVS_VEC_EXPECT(r, S, 353, pvs_pack_pick_cpu(&t, st_one0, NULL,
						    BAD_POLICY) == EINV);
}

/* ---- pvs_pack_pick_cpu(PVS_PACK_BALANCER) ----------------------------- */

/* Per-CPU nr_running, 4 SMT8 big cores (small cores of 4) unless noted. */
static const uint32_t st_one0_4[32] = { [0] = 1, [4] = 1 };
static const uint32_t st_small_all1[32] = { [0] = 1, [4] = 1, [8] = 1,
					    [12] = 1, [16] = 1, [20] = 1,
					    [24] = 1, [28] = 1 };
static const uint32_t st_small_g0x2[32] = { [0] = 1, [1] = 1, [4] = 1,
					    [8] = 1, [12] = 1, [16] = 1,
					    [20] = 1, [24] = 1, [28] = 1 };

/* Rows as pick_vecs; the expected pick is the "spread" column, "cores" 0. */
static const struct pick_vec bal_vecs[] = {
	/* 0-2: one thread per idle small core, big core 0 first */
	{ st_zero, 32, 8, N, N, NULL, false, 0, 0 },
	{ st_one0, 32, 8, N, N, NULL, false, 4, 0 },
	{ st_one0_4, 32, 8, N, N, NULL, false, 8, 0 },
	/* 3-5: hints: only within the chosen big core */
	{ st_zero, 32, 8, 13, N, NULL, false, 0, 0 },
	{ st_zero, 32, 8, 6, N, NULL, false, 6, 0 },
	{ st_one0, 32, 8, 2, N, NULL, false, 4, 0 },
	/* 6-7: every small core busy: the least busy one, then lowest */
	{ st_small_all1, 32, 8, N, N, NULL, false, 1, 0 },
	{ st_small_g0x2, 32, 8, N, N, NULL, false, 5, 0 },
	/* 8: a busy core elsewhere does not attract the task */
	{ st_busy16, 32, 8, N, 20, NULL, false, 0, 0 },
	/* 9: affinity: big core 0 not allowed */
	{ st_one0, 32, 8, N, N, m_not_core0, false, 8, 0 },
	/* 10-12: nothing idle; nothing allowed */
	{ st_all1, 32, 8, 9, N, NULL, false, 9, 0 },
	{ st_all1, 32, 8, N, N, NULL, true, -PVS_EAGAIN, 0 },
	{ st_zero, 32, 8, N, N, m_none, false, -PVS_ESRCH, 0 },
	/* 13-15: SMT1 and SMT2 (small cores of one CPU), SMT4 (of two) */
	{ st_one0, 4, 1, N, N, NULL, false, 1, 0 },
	{ st_one0, 8, 2, N, N, NULL, false, 1, 0 },
	{ st_one0, 16, 4, N, N, NULL, false, 2, 0 },
	/* 16: a waker hint on the chosen big core's other idle small core */
	{ st_zero, 32, 8, N, 5, NULL, false, 5, 0 },
};

static void pack_balancer(struct pvs_vec_result *r)
{
	struct pvs_pack_topology t;
	int32_t a = 1, b = 2;
	unsigned int i;

	for (i = 0; i < PVS_VEC_LEN(bal_vecs); i++)
		PVS_VEC_EXPECT(r, S, 500 + i, pick_with(&bal_vecs[i], B) ==
						      bal_vecs[i].spread);
	/* Today's kernel either way: same priorities and levels as CORES. */
	t.nr_cpus = 32;
	t.threads_per_core = 8;
	PVS_VEC_EXPECT(r, S, 550, pvs_asym_prio(&t, 13, B, &a) == 0 &&
				  pvs_asym_prio(&t, 13, C, &b) == 0 &&
				  a == b && a == -1);
	PVS_VEC_EXPECT(r, S, 551, pvs_pack_effective_policy(B, true, true) == B);
	PVS_VEC_EXPECT(r, S, 552, pvs_pack_effective_policy(B, true, false) == SP);
}

struct cores_vec {
	const uint32_t *nr;
	uint32_t nr_cpus, tpc;
	int used;
};

static const struct cores_vec cores_vecs[] = {
	{ st_zero, 32, 8, 0 },
	{ st_one0, 32, 8, 1 },
	{ st_over0, 32, 8, 1 },
	{ st_full0_8, 32, 8, 2 },
	{ st_part2_5, 32, 8, 2 },
	{ st_tie3, 32, 8, 2 },
	{ st_all1, 32, 8, 4 },
	{ st_all1, 32, 1, 32 },
	{ st_all1, 32, 2, 16 },
	{ st_one0, 4, 1, 1 },
	{ st_zero, PVS_MAX_CPUS, 8, 0 },
	{ st_zero, 32, 0, EINV },
	{ st_zero, 12, 8, EINV },
	{ NULL, 32, 8, EINV },
};

static void pack_cores(struct pvs_vec_result *r)
{
	struct pvs_pack_topology t;
	unsigned int i;

	for (i = 0; i < PVS_VEC_LEN(cores_vecs); i++) {
		const struct cores_vec *v = &cores_vecs[i];

		t.nr_cpus = v->nr_cpus;
		t.threads_per_core = v->tpc;
		PVS_VEC_EXPECT(r, S, 400 + i,
			       pvs_pack_cores_in_use(&t, v->nr) == v->used);
	}
	PVS_VEC_EXPECT(r, S, 450, pvs_pack_cores_in_use(NULL, st_zero) == EINV);
}

void pvs_vec_pack(struct pvs_vec_result *r)
{
	pack_prio(r);
	pack_domains(r);
	pack_pick(r);
	pack_balancer(r);
	pack_cores(r);
}
