// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Vectors for spin.h: every rule of both policies, their boundaries, the
 * unit helpers, monotonicity spot checks and bad input. Expected values are
 * worked out by hand (the arithmetic is in the comments).
 * Defaults: ctxsw 0 -> 9000 ns cap; pause_ps 0 -> 40000 ps, so a 9000 ns
 * budget is 9000 * 1000 / 40000 = 225 PAUSEs.
 */
#include "vectors.h"

static const char S[] = "spin";

#define U32M 4294967295u
#define U64M 18446744073709551615ull

struct spin_vec {
	struct pvs_spin_in in;
	enum pvs_spin_action act;
	uint64_t budget_ns;
	uint64_t pauses;
	uint64_t limit_ns;
	enum pvs_spin_reason why;
};

/* Expected outcome: action, budget ns, PAUSEs, limit ns, reason. */
#define SPIN(b, p, l) .act = PVS_SPIN_SPIN, .budget_ns = (b), .pauses = (p), \
	.limit_ns = (l), .why = PVS_SPIN_REASON_BUDGET_LEFT
#define PARK(l, w) .act = PVS_SPIN_PARK, .budget_ns = 0, .pauses = 0, \
	.limit_ns = (l), .why = PVS_SPIN_REASON_##w
#define ARRIVE(b, p, l) .act = PVS_SPIN_SPIN, .budget_ns = (b), \
	.pauses = (p), .limit_ns = (l), .why = PVS_SPIN_REASON_ARRIVAL
#define YIELD .act = PVS_SPIN_YIELD, .budget_ns = 0, .pauses = 0, \
	.limit_ns = 0, .why = PVS_SPIN_REASON_OWNER_PREEMPTED

/* PV on 4 CPUs; everything else zero unless the vector sets it. */
#define PV4 .policy = PVS_SPIN_POLICY_PV, .nr_cpus = 4
#define PV(n) .policy = PVS_SPIN_POLICY_PV, .nr_cpus = (n)
#define RUN .owner = PVS_SPIN_OWNER_RUNNING

static const struct spin_vec fixed_vecs[] = {
	/* 0: all zero: FIXED, defaults, spin the whole 9 us */
	{ .in = { .ctxsw_ns = 0 }, SPIN(9000, 225, 9000) },
	/* 1: 5000 - 1000 = 4000 ns at 25 ns = 160 PAUSEs */
	{ .in = { .ctxsw_ns = 5000, .pause_ps = 25000, .spun_ns = 1000 },
	  SPIN(4000, 160, 5000) },
	/* 2: spun == cap parks */
	{ .in = { .spun_ns = 9000 }, PARK(9000, SPUN_OUT) },
	/* 3: 1 ns left does not buy a 40 ns PAUSE */
	{ .in = { .spun_ns = 8999 }, PARK(9000, TOO_SHORT) },
	/* 4: 40 ns left buys exactly one */
	{ .in = { .spun_ns = 8960 }, SPIN(40, 1, 9000) },
	/* 5: blind to every VM input: 9000000 / 37000 = 243 */
	{ .in = { .pause_ps = 37000, .owner = PVS_SPIN_OWNER_SLEEPING,
		  .owner_steal_ppm = 1000000, .self_steal_ppm = 1000000,
		  .nr_cpus = 1, .nr_spinning = 100, .nr_waiters = 1000,
		  .held_ns = 1000000000 },
	  SPIN(9000, 243, 9000) },
	/* 6: preempted owner with a directed yield: still just spins */
	{ .in = { .owner = PVS_SPIN_OWNER_PREEMPTED, .yield_to_owner = true,
		  .dedicated = true, .nr_cpus = U32M, .nr_spinning = U32M },
	  SPIN(9000, 225, 9000) },
	/* 7: huge ctxsw clamps to 1 ms: 1e6 * 1000 / 40000 = 25000 */
	{ .in = { .ctxsw_ns = U64M }, SPIN(1000000, 25000, 1000000) },
	/* 8..10: the clamp boundary */
	{ .in = { .ctxsw_ns = 1000001 }, SPIN(1000000, 25000, 1000000) },
	{ .in = { .ctxsw_ns = 1000000 }, SPIN(1000000, 25000, 1000000) },
	{ .in = { .ctxsw_ns = 999999, .pause_ps = 1000 },
	  SPIN(999999, 999999, 999999) },
	/* 11: a PAUSE of 4.29 ms never fits in 9 us */
	{ .in = { .pause_ps = U32M }, PARK(9000, TOO_SHORT) },
	/* 12: 1 ps PAUSE: 9000 * 1000 */
	{ .in = { .pause_ps = 1 }, SPIN(9000, 9000000, 9000) },
	/* 13: 0.7 ns PAUSE: 9000000 / 700 = 12857 */
	{ .in = { .pause_ps = 700 }, SPIN(9000, 12857, 9000) },
	/* 14: spun at the top of the range */
	{ .in = { .spun_ns = U64M }, PARK(9000, SPUN_OUT) },
	/* 15, 16: a 1 ns round trip: 1 PAUSE of 1 ns, none of 1.001 ns */
	{ .in = { .ctxsw_ns = 1, .pause_ps = 1000 }, SPIN(1, 1, 1) },
	{ .in = { .ctxsw_ns = 1, .pause_ps = 1001 }, PARK(1, TOO_SHORT) },
};

static const struct spin_vec pv_vecs[] = {
	/* 0..2: running, unknown or no owner, nothing stolen: full cap */
	{ .in = { PV4, RUN }, SPIN(9000, 225, 9000) },
	{ .in = { PV4, .owner = PVS_SPIN_OWNER_UNKNOWN }, SPIN(9000, 225, 9000) },
	{ .in = { PV4, .owner = PVS_SPIN_OWNER_NONE }, SPIN(9000, 225, 9000) },
	/* 3: sleeping owner */
	{ .in = { PV4, .owner = PVS_SPIN_OWNER_SLEEPING }, PARK(0, OWNER_SLEEPING) },
	/* 4: preempted owner, no directed yield */
	{ .in = { PV4, .owner = PVS_SPIN_OWNER_PREEMPTED },
	  PARK(0, OWNER_PREEMPTED) },
	/* 5, 6: directed yield while spun < cap (9000) */
	{ .in = { PV4, .owner = PVS_SPIN_OWNER_PREEMPTED, .yield_to_owner = true },
	  YIELD },
	{ .in = { PV4, .owner = PVS_SPIN_OWNER_PREEMPTED, .yield_to_owner = true,
		  .spun_ns = 8999 }, YIELD },
	/* 7: ... and parks once spun == cap */
	{ .in = { PV4, .owner = PVS_SPIN_OWNER_PREEMPTED, .yield_to_owner = true,
		  .spun_ns = 9000 }, PARK(0, OWNER_PREEMPTED) },
	/* 8: dedicated does not overrule a seen preemption */
	{ .in = { PV4, .owner = PVS_SPIN_OWNER_PREEMPTED, .dedicated = true },
	  PARK(0, OWNER_PREEMPTED) },
	/* 9: a sleeping owner is never yielded to */
	{ .in = { PV4, .owner = PVS_SPIN_OWNER_SLEEPING, .yield_to_owner = true },
	  PARK(0, OWNER_SLEEPING) },
	/* 10..12: herd on 4 CPUs: 2 others spin -> 9000 / 3; 3 -> park */
	{ .in = { PV4, RUN, .nr_spinning = 2 }, SPIN(3000, 75, 3000) },
	{ .in = { PV4, RUN, .nr_spinning = 3 }, PARK(0, HERD) },
	{ .in = { PV4, RUN, .nr_spinning = U32M }, PARK(0, HERD) },
	/* 13, 14: 2 CPUs: alone spins, one other spinner parks */
	{ .in = { PV(2), RUN }, SPIN(9000, 225, 9000) },
	{ .in = { PV(2), RUN, .nr_spinning = 1 }, PARK(0, HERD) },
	/* 15, 16: 1 CPU, and 0 CPUs (counts as 1), never spin */
	{ .in = { PV(1), RUN }, PARK(0, HERD) },
	{ .in = { PV(0), RUN }, PARK(0, HERD) },
	/* 17: a dedicated single CPU still never spins */
	{ .in = { PV(1), RUN, .dedicated = true }, PARK(0, HERD) },
	/* 18, 19: 2^32-1 CPUs: 2^32-3 spinners pass the gate, share 0 ns;
	 * 2^32-2 spinners are a herd
	 */
	{ .in = { PV(U32M), RUN, .nr_spinning = U32M - 2 }, PARK(0, NO_BUDGET) },
	{ .in = { PV(U32M), RUN, .nr_spinning = U32M - 1 }, PARK(0, HERD) },
	/* 20: dedicated: no sharing among spinners */
	{ .in = { PV(U32M), RUN, .nr_spinning = U32M - 2, .dedicated = true },
	  SPIN(9000, 225, 9000) },
	/* 21: one other spinner: 9000 / 2 = 4500 -> 112 PAUSEs */
	{ .in = { PV4, RUN, .nr_spinning = 1 }, SPIN(4500, 112, 4500) },
	/* 22, 23: 10% steal on either CPU: 9000 * 0.9 = 8100 -> 202 */
	{ .in = { PV4, RUN, .owner_steal_ppm = 100000 }, SPIN(8100, 202, 8100) },
	{ .in = { PV4, RUN, .self_steal_ppm = 100000 }, SPIN(8100, 202, 8100) },
	/* 24: both: 8100 * 0.9 = 7290 -> 182 */
	{ .in = { PV4, RUN, .owner_steal_ppm = 100000, .self_steal_ppm = 100000 },
	  SPIN(7290, 182, 7290) },
	/* 25..27: all stolen, or more than all: nothing left */
	{ .in = { PV4, RUN, .owner_steal_ppm = 1000000 }, PARK(0, NO_BUDGET) },
	{ .in = { PV4, RUN, .self_steal_ppm = 1000000 }, PARK(0, NO_BUDGET) },
	{ .in = { PV4, RUN, .owner_steal_ppm = U32M }, PARK(0, NO_BUDGET) },
	/* 28: 999999 ppm: 9000 / 1000000 rounds to 0 */
	{ .in = { PV4, RUN, .owner_steal_ppm = 999999 }, PARK(0, NO_BUDGET) },
	/* 29: 1 ppm: 9000 * 999999 / 1000000 = 8999 -> 224 */
	{ .in = { PV4, RUN, .owner_steal_ppm = 1 }, SPIN(8999, 224, 8999) },
	/* 30: dedicated ignores steal and spinners */
	{ .in = { PV4, RUN, .dedicated = true, .owner_steal_ppm = 1000000,
		  .self_steal_ppm = 1000000, .nr_spinning = 2 },
	  SPIN(9000, 225, 9000) },
	/* 31: 12000 * 0.75 = 9000; * 0.95 = 8550; / 2 = 4275 -> 171 */
	{ .in = { PV4, RUN, .ctxsw_ns = 12000, .pause_ps = 25000,
		  .owner_steal_ppm = 250000, .self_steal_ppm = 50000,
		  .nr_spinning = 1 }, SPIN(4275, 171, 4275) },
	/* 32..36: held time: 9000 - 5000; 1 ns left; == limit; past it */
	{ .in = { PV4, RUN, .held_ns = 5000 }, SPIN(4000, 100, 9000) },
	{ .in = { PV4, RUN, .held_ns = 8999 }, PARK(9000, TOO_SHORT) },
	{ .in = { PV4, RUN, .held_ns = 9000 }, PARK(9000, HELD_LONG) },
	{ .in = { PV4, RUN, .held_ns = 9001 }, PARK(9000, HELD_LONG) },
	{ .in = { PV4, RUN, .held_ns = U64M }, PARK(9000, HELD_LONG) },
	/* 37, 38: held == a steal-shrunk limit (8100), and 1 ns under it */
	{ .in = { PV4, RUN, .owner_steal_ppm = 100000, .held_ns = 8100 },
	  PARK(8100, HELD_LONG) },
	{ .in = { PV4, RUN, .owner_steal_ppm = 100000, .held_ns = 8099,
		  .pause_ps = 1000 }, SPIN(1, 1, 8100) },
	/* 39, 40: the larger of spun and held counts */
	{ .in = { PV4, RUN, .spun_ns = 3000, .held_ns = 5000 },
	  SPIN(4000, 100, 9000) },
	{ .in = { PV4, RUN, .spun_ns = 6000, .held_ns = 5000 },
	  SPIN(3000, 75, 9000) },
	/* 41, 42: spun out wins over held long */
	{ .in = { PV4, RUN, .spun_ns = 9000 }, PARK(9000, SPUN_OUT) },
	{ .in = { PV4, RUN, .spun_ns = 9000, .held_ns = 20000 },
	  PARK(9000, SPUN_OUT) },
	/* 43: spun out of a shared budget (9000 / 3) */
	{ .in = { PV4, RUN, .nr_spinning = 2, .spun_ns = 3000 },
	  PARK(3000, SPUN_OUT) },
	/* 44: 1 ms cap, half stolen: 500000 ns -> 12500 */
	{ .in = { PV4, RUN, .ctxsw_ns = U64M, .owner_steal_ppm = 500000 },
	  SPIN(500000, 12500, 500000) },
	/* 45: a huge PAUSE */
	{ .in = { PV4, RUN, .pause_ps = U32M }, PARK(9000, TOO_SHORT) },
	/* 46: the total waiter count never matters (no cascade) */
	{ .in = { PV4, RUN, .nr_waiters = U32M }, SPIN(9000, 225, 9000) },
	/* 47: every field at its maximum, but a running owner */
	{ .in = { PV(U32M), RUN, .ctxsw_ns = U64M, .held_ns = U64M,
		  .spun_ns = U64M, .pause_ps = U32M, .owner_steal_ppm = U32M,
		  .self_steal_ppm = U32M, .nr_spinning = U32M,
		  .nr_waiters = U32M, .dedicated = true,
		  .yield_to_owner = true }, PARK(0, HERD) },
	/* 48: as 47 with no spinner: dedicated cap 1 ms, spun out */
	{ .in = { PV(U32M), RUN, .ctxsw_ns = U64M, .held_ns = U64M,
		  .spun_ns = U64M, .pause_ps = U32M, .owner_steal_ppm = U32M,
		  .self_steal_ppm = U32M, .nr_waiters = U32M,
		  .dedicated = true }, PARK(1000000, SPUN_OUT) },
	/* 49: held one ns above spun counts */
	{ .in = { PV4, RUN, .spun_ns = 3000, .held_ns = 3001, .pause_ps = 1000 },
	  SPIN(5999, 5999, 9000) },
	/* 50..: the arrival poll (arrival_ns): a herd waiter polls for
	 * min(arrival, cap) / (cpus - 1), steal-scaled, while spun < arrival.
	 * 50: 2 CPUs, one other spinner: 4000 / 1 = 4000 ns, 100 PAUSEs
	 */
	{ .in = { PV(2), RUN, .nr_spinning = 1, .arrival_ns = 4000 },
	  ARRIVE(4000, 100, 4000) },
	/* 51: 1000 ns already spun: 3000 left, 75 PAUSEs */
	{ .in = { PV(2), RUN, .nr_spinning = 1, .arrival_ns = 4000,
		  .spun_ns = 1000 }, ARRIVE(3000, 75, 4000) },
	/* 52: spun == arrival: the poll is over, the herd rule parks */
	{ .in = { PV(2), RUN, .nr_spinning = 1, .arrival_ns = 4000,
		  .spun_ns = 4000 }, PARK(0, HERD) },
	/* 53, 54: 39 ns left buys no 40 ns PAUSE; 40 ns buys one */
	{ .in = { PV(2), RUN, .nr_spinning = 1, .arrival_ns = 4000,
		  .spun_ns = 3961 }, PARK(0, HERD) },
	{ .in = { PV(2), RUN, .nr_spinning = 1, .arrival_ns = 4000,
		  .spun_ns = 3960 }, ARRIVE(40, 1, 4000) },
	/* 55: held 5000 ns already: longer than the poll, park */
	{ .in = { PV(2), RUN, .nr_spinning = 1, .arrival_ns = 4000,
		  .held_ns = 5000 }, PARK(0, HERD) },
	/* 56: 4 CPUs, 3 spinners: 4000 / 3 = 1333 ns, 1333000 / 40000 = 33 */
	{ .in = { PV4, RUN, .nr_spinning = 3, .arrival_ns = 4000 },
	  ARRIVE(1333, 33, 1333) },
	/* 57: dedicated: not divided, 4000 ns */
	{ .in = { PV4, RUN, .nr_spinning = 3, .arrival_ns = 4000,
		  .dedicated = true }, ARRIVE(4000, 100, 4000) },
	/* 58, 59: a single CPU (or 0, counted as 1) never polls */
	{ .in = { PV(1), RUN, .arrival_ns = 4000 }, PARK(0, HERD) },
	{ .in = { PV(0), RUN, .arrival_ns = 4000, .dedicated = true },
	  PARK(0, HERD) },
	/* 60: half the owner's CPU stolen: 4000 * 0.5 = 2000, 50 PAUSEs */
	{ .in = { PV(2), RUN, .nr_spinning = 1, .arrival_ns = 4000,
		  .owner_steal_ppm = 500000 }, ARRIVE(2000, 50, 2000) },
	/* 61: all of ours stolen: nothing to poll with */
	{ .in = { PV(2), RUN, .nr_spinning = 1, .arrival_ns = 4000,
		  .self_steal_ppm = 1000000 }, PARK(0, HERD) },
	/* 62: an arrival above the cap is cut to the cap, 9000 */
	{ .in = { PV(2), RUN, .nr_spinning = 1, .arrival_ns = 20000 },
	  ARRIVE(9000, 225, 9000) },
	/* 63, 64: the owner gates come first */
	{ .in = { PV(2), .owner = PVS_SPIN_OWNER_PREEMPTED, .nr_spinning = 1,
		  .arrival_ns = 4000 }, PARK(0, OWNER_PREEMPTED) },
	{ .in = { PV(2), .owner = PVS_SPIN_OWNER_SLEEPING, .nr_spinning = 1,
		  .arrival_ns = 4000 }, PARK(0, OWNER_SLEEPING) },
	/* 65: no herd: arrival does not touch the normal budget */
	{ .in = { PV(2), RUN, .arrival_ns = 4000 }, SPIN(9000, 225, 9000) },
	/* 66: extremes: arrival U64M, spun U64M - 1 >= the 9000 limit */
	{ .in = { PV(2), RUN, .nr_spinning = 1, .arrival_ns = U64M,
		  .spun_ns = U64M - 1 }, PARK(0, HERD) },
	/* 67: 2^32-1 CPUs, a herd of 2^32-2: 4000 / (2^32-2) = 0 */
	{ .in = { PV(U32M), RUN, .nr_spinning = U32M - 1, .arrival_ns = 4000 },
	  PARK(0, HERD) },
	/* 68: FIXED ignores it */
	{ .in = { .nr_cpus = 2, .nr_spinning = 1, .arrival_ns = 4000,
		  .spun_ns = 5000 }, SPIN(4000, 100, 9000) },
};

static void spin_run_table(struct pvs_vec_result *r, const struct spin_vec *v,
			   unsigned int n, unsigned int base)
{
	struct pvs_spin_out out;
	enum pvs_spin_action a;
	unsigned int i;

	for (i = 0; i < n; i++) {
		out.budget_ns = 0xa5a5a5a5a5a5a5a5ull;
		out.pauses = 0xa5a5a5a5a5a5a5a5ull;
		out.limit_ns = 0xa5a5a5a5a5a5a5a5ull;
		out.reason = (enum pvs_spin_reason)0x5a;
		a = pvs_spin_decide(&v[i].in, &out);
		PVS_VEC_EXPECT(r, S, base + i, a == v[i].act &&
			       out.budget_ns == v[i].budget_ns &&
			       out.pauses == v[i].pauses &&
			       out.limit_ns == v[i].limit_ns &&
			       out.reason == v[i].why);
	}
}

/* Field by field (no struct copy or zeroing: no memcpy/memset emitted). */
static void spin_in_init(struct pvs_spin_in *in, enum pvs_spin_owner owner,
			 uint32_t nr_cpus, uint32_t nr_spinning)
{
	in->ctxsw_ns = 0;
	in->held_ns = 0;
	in->spun_ns = 0;
	in->pause_ps = 0;
	in->owner_steal_ppm = 0;
	in->self_steal_ppm = 0;
	in->nr_spinning = nr_spinning;
	in->nr_waiters = 0;
	in->nr_cpus = nr_cpus;
	in->owner = owner;
	in->policy = PVS_SPIN_POLICY_PV;
	in->dedicated = false;
	in->yield_to_owner = false;
	in->arrival_ns = 0;
}

/* 270..: the PV building blocks called directly, past what the gate lets
 * through to them.
 */
static void spin_pv_parts(struct pvs_vec_result *r)
{
	struct pvs_spin_in in;

	spin_in_init(&in, PVS_SPIN_OWNER_RUNNING, 0, U32M);
	/* U64M / 2^32 = 2^32 - 1; / (2^32 - 1) = 2^32 + 1 */
	PVS_VEC_EXPECT(r, S, 270, pvs_spin_pv_limit_ns_(&in, U64M) == U32M);
	in.nr_spinning = U32M - 1;
	PVS_VEC_EXPECT(r, S, 271, pvs_spin_pv_limit_ns_(&in, U64M) ==
				  4294967297ull);
	in.nr_spinning = 0;
	in.owner_steal_ppm = 500000;
	in.self_steal_ppm = 500000;
	PVS_VEC_EXPECT(r, S, 272, pvs_spin_pv_limit_ns_(&in, 9000) == 2250);
	in.dedicated = true;
	PVS_VEC_EXPECT(r, S, 273, pvs_spin_pv_limit_ns_(&in, 9000) == 9000);
	PVS_VEC_EXPECT(r, S, 274, pvs_spin_pv_gate_(&in, 1) ==
				  PVS_SPIN_REASON_HERD);
	PVS_VEC_EXPECT(r, S, 275, pvs_spin_pv_gate_(&in, 2) ==
				  PVS_SPIN_REASON_BUDGET_LEFT);
	in.owner = PVS_SPIN_OWNER_PREEMPTED;
	PVS_VEC_EXPECT(r, S, 276, pvs_spin_pv_gate_(&in, 2) ==
				  PVS_SPIN_REASON_OWNER_PREEMPTED);
	in.owner = PVS_SPIN_OWNER_SLEEPING;
	PVS_VEC_EXPECT(r, S, 277, pvs_spin_pv_gate_(&in, 2) ==
				  PVS_SPIN_REASON_OWNER_SLEEPING);
}

/* 300..: bad input returns PARK and leaves out untouched. */
static void spin_bad_input(struct pvs_vec_result *r)
{
	struct pvs_spin_in in;
	struct pvs_spin_out out;

	spin_in_init(&in, PVS_SPIN_OWNER_RUNNING, 4, 0);
	out.budget_ns = 1;
	out.pauses = 2;
	out.limit_ns = 3;
	out.reason = (enum pvs_spin_reason)0x5a;

	PVS_VEC_EXPECT(r, S, 300, pvs_spin_decide(NULL, &out) == PVS_SPIN_PARK);
	PVS_VEC_EXPECT(r, S, 301, pvs_spin_decide(&in, NULL) == PVS_SPIN_PARK);
	PVS_VEC_EXPECT(r, S, 302, pvs_spin_decide(NULL, NULL) == PVS_SPIN_PARK);
	in.policy = (enum pvs_spin_policy)2;
	PVS_VEC_EXPECT(r, S, 303, pvs_spin_decide(&in, &out) == PVS_SPIN_PARK);
	in.policy = (enum pvs_spin_policy)-1;
	PVS_VEC_EXPECT(r, S, 304, pvs_spin_decide(&in, &out) == PVS_SPIN_PARK);
	in.policy = PVS_SPIN_POLICY_FIXED;
	in.owner = (enum pvs_spin_owner)5;
	PVS_VEC_EXPECT(r, S, 305, pvs_spin_decide(&in, &out) == PVS_SPIN_PARK);
	in.policy = PVS_SPIN_POLICY_PV;
	in.owner = (enum pvs_spin_owner)-1;
	PVS_VEC_EXPECT(r, S, 306, pvs_spin_decide(&in, &out) == PVS_SPIN_PARK);
	PVS_VEC_EXPECT(r, S, 307, out.budget_ns == 1 && out.pauses == 2 &&
		       out.limit_ns == 3 && (unsigned int)out.reason == 0x5a);
	/* The same input with a valid owner spins: the enum check mattered. */
	in.owner = PVS_SPIN_OWNER_RUNNING;
	PVS_VEC_EXPECT(r, S, 308, pvs_spin_decide(&in, &out) == PVS_SPIN_SPIN &&
		       out.budget_ns == 9000);
}

/* 200..: the unit helpers, exact at the edges. */
static void spin_helpers(struct pvs_vec_result *r)
{
	PVS_VEC_EXPECT(r, S, 200, pvs_spin_default_budget_ns(0) == 9000);
	PVS_VEC_EXPECT(r, S, 201, pvs_spin_default_budget_ns(1) == 1);
	PVS_VEC_EXPECT(r, S, 202, pvs_spin_default_budget_ns(1000000) == 1000000);
	PVS_VEC_EXPECT(r, S, 203, pvs_spin_default_budget_ns(1000001) == 1000000);
	PVS_VEC_EXPECT(r, S, 204, pvs_spin_default_budget_ns(U64M) == 1000000);

	PVS_VEC_EXPECT(r, S, 210, pvs_spin_ns_to_pauses(9000, 0) == 225);
	PVS_VEC_EXPECT(r, S, 211, pvs_spin_ns_to_pauses(9000, 37000) == 243);
	PVS_VEC_EXPECT(r, S, 212, pvs_spin_ns_to_pauses(0, 1) == 0);
	PVS_VEC_EXPECT(r, S, 213, pvs_spin_ns_to_pauses(1, 1000) == 1);
	PVS_VEC_EXPECT(r, S, 214, pvs_spin_ns_to_pauses(1, 1001) == 0);
	PVS_VEC_EXPECT(r, S, 215, pvs_spin_ns_to_pauses(1, 999) == 1);
	PVS_VEC_EXPECT(r, S, 216, pvs_spin_ns_to_pauses(U64M, 1) == U64M);
	PVS_VEC_EXPECT(r, S, 217, pvs_spin_ns_to_pauses(U64M, 999) == U64M);
	PVS_VEC_EXPECT(r, S, 218, pvs_spin_ns_to_pauses(U64M, 1000) == U64M);
	PVS_VEC_EXPECT(r, S, 219, pvs_spin_ns_to_pauses(U64M, 1001) ==
				  18428315757951600014ull);
	PVS_VEC_EXPECT(r, S, 220, pvs_spin_ns_to_pauses(U64M, U32M) ==
				  4294967297000ull);
	/* the last ns * 1000 that fits, and the first that does not */
	PVS_VEC_EXPECT(r, S, 221, pvs_spin_ns_to_pauses(18446744073709551ull,
							1000) ==
				  18446744073709551ull);
	PVS_VEC_EXPECT(r, S, 222, pvs_spin_ns_to_pauses(18446744073709552ull,
							999) ==
				  18465209282992544ull);

	PVS_VEC_EXPECT(r, S, 230, pvs_spin_pauses_to_ns(225, 40000) == 9000);
	PVS_VEC_EXPECT(r, S, 231, pvs_spin_pauses_to_ns(243, 37000) == 8991);
	PVS_VEC_EXPECT(r, S, 232, pvs_spin_pauses_to_ns(0, U32M) == 0);
	PVS_VEC_EXPECT(r, S, 233, pvs_spin_pauses_to_ns(1, 0) == 40);
	PVS_VEC_EXPECT(r, S, 234, pvs_spin_pauses_to_ns(999, 1) == 0);
	PVS_VEC_EXPECT(r, S, 235, pvs_spin_pauses_to_ns(1000, 1) == 1);
	PVS_VEC_EXPECT(r, S, 236, pvs_spin_pauses_to_ns(U64M, 1000) == U64M);
	PVS_VEC_EXPECT(r, S, 237, pvs_spin_pauses_to_ns(U64M, 999) ==
				  18428297329635842063ull);
	PVS_VEC_EXPECT(r, S, 238, pvs_spin_pauses_to_ns(U64M, 1001) == U64M);
	PVS_VEC_EXPECT(r, S, 239, pvs_spin_pauses_to_ns(U64M, U32M) == U64M);

	PVS_VEC_EXPECT(r, S, 250, pvs_spin_scale_ppm(9000, 0) == 9000);
	PVS_VEC_EXPECT(r, S, 251, pvs_spin_scale_ppm(9000, 100000) == 8100);
	PVS_VEC_EXPECT(r, S, 252, pvs_spin_scale_ppm(9000, 1000000) == 0);
	PVS_VEC_EXPECT(r, S, 253, pvs_spin_scale_ppm(9000, U32M) == 0);
	PVS_VEC_EXPECT(r, S, 254, pvs_spin_scale_ppm(U64M, 500000) ==
				  9223372036854775807ull);
	PVS_VEC_EXPECT(r, S, 255, pvs_spin_scale_ppm(U64M, 1) ==
				  18446725626965477905ull);
	PVS_VEC_EXPECT(r, S, 256, pvs_spin_scale_ppm(999999, 999999) == 0);
	PVS_VEC_EXPECT(r, S, 257, pvs_spin_scale_ppm(1000000, 999999) == 1);
	PVS_VEC_EXPECT(r, S, 258, pvs_spin_scale_ppm(U64M, 0) == U64M);

	PVS_VEC_EXPECT(r, S, 260, pvs_spin_action_name(PVS_SPIN_SPIN)[0] == 's');
	PVS_VEC_EXPECT(r, S, 261, pvs_spin_action_name(PVS_SPIN_YIELD)[0] == 'y');
	PVS_VEC_EXPECT(r, S, 262, pvs_spin_action_name(PVS_SPIN_PARK)[0] == 'p');
	PVS_VEC_EXPECT(r, S, 263, pvs_spin_action_name(PVS_SPIN_ACTION_COUNT)[0]
				  == 'u');
	PVS_VEC_EXPECT(r, S, 264, pvs_spin_reason_name(PVS_SPIN_REASON_COUNT)[0]
				  == 'u');
	PVS_VEC_EXPECT(r, S, 265, pvs_spin_reason_name(PVS_SPIN_REASON_HERD) !=
				  pvs_spin_reason_name(PVS_SPIN_REASON_NO_BUDGET));
}

/*
 * Decide for 0 ... 69 spinners; true if the budget never grew. *out is
 * the decision for the last.
 */
static bool spin_falls_with_spinners(struct pvs_spin_in *in,
				     struct pvs_spin_out *out)
{
	uint64_t prev = ~(uint64_t)0;
	bool ok = true;
	unsigned int i;

	for (i = 0; i < 70; i++) {
		in->nr_spinning = i;
		(void)pvs_spin_decide(in, out);
		ok &= out->budget_ns <= prev;
		prev = out->budget_ns;
	}
	return ok;
}

/* 400..: spot checks that the PV budget never grows with steal or
 * spinners, and that ns -> PAUSEs -> ns never grows the time.
 */
static void spin_monotone(struct pvs_vec_result *r)
{
	static const uint32_t steal[] = { 0, 1, 1000, 100000, 333333, 500000,
					  999999, 1000000, U32M };
	static const uint32_t pause[] = { 1, 700, 999, 1000, 1001, 3300,
					  25000, 37000, 40000, U32M };
	struct pvs_spin_in in;
	struct pvs_spin_out out;
	uint64_t prev, ns, back, n;
	unsigned int i, k;

	spin_in_init(&in, PVS_SPIN_OWNER_UNKNOWN, 64, 0);
	in.ctxsw_ns = 20000;
	in.pause_ps = 1000;
	for (k = 0; k < 2; k++) {
		prev = ~(uint64_t)0;
		for (i = 0; i < PVS_VEC_LEN(steal); i++) {
			if (k == 0)
				in.owner_steal_ppm = steal[i];
			else
				in.self_steal_ppm = steal[i];
			(void)pvs_spin_decide(&in, &out);
			PVS_VEC_EXPECT(r, S, 400 + k, out.budget_ns <= prev);
			prev = out.budget_ns;
		}
		in.owner_steal_ppm = 0;
	}
	in.self_steal_ppm = 250000;
	PVS_VEC_EXPECT(r, S, 402, spin_falls_with_spinners(&in, &out));
	PVS_VEC_EXPECT(r, S, 403, out.budget_ns == 0 &&
				  out.reason == PVS_SPIN_REASON_HERD);
	/* with an arrival poll the budget still never grows with spinners:
	 * past the herd it is 4000 / 63 = 63, * 0.75 = 47 ns (47 PAUSEs)
	 */
	in.arrival_ns = 4000;
	PVS_VEC_EXPECT(r, S, 406, spin_falls_with_spinners(&in, &out));
	PVS_VEC_EXPECT(r, S, 407, out.reason == PVS_SPIN_REASON_ARRIVAL &&
				  out.budget_ns == 47 && out.pauses == 47);
	in.arrival_ns = 0;
	for (k = 0; k < PVS_VEC_LEN(pause); k++) {
		for (i = 0; i < 8; i++) {
			ns = (i < 4) ? i * 4093u : U64M - i;
			n = pvs_spin_ns_to_pauses(ns, pause[k]);
			back = pvs_spin_pauses_to_ns(n, pause[k]);
			PVS_VEC_EXPECT(r, S, 404, back <= ns);
			/* less than one PAUSE lost, unless the count saturated */
			PVS_VEC_EXPECT(r, S, 405, n == U64M ||
				       ns - back <= pause[k] / 1000u + 1);
		}
	}
}

void pvs_vec_spin(struct pvs_vec_result *r)
{
	spin_run_table(r, fixed_vecs, PVS_VEC_LEN(fixed_vecs), 0);
	spin_run_table(r, pv_vecs, PVS_VEC_LEN(pv_vecs), 100);
	spin_helpers(r);
	spin_pv_parts(r);
	spin_bad_input(r);
	spin_monotone(r);
}
