// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * spin.h: the shared vectors, then property tests on random and exhaustive
 * small inputs against an independent, straightforward reimplementation of
 * the rule documented at pvs_spin_decide(). The reference does its
 * arithmetic in 128 bits (no quotient/remainder splitting, no fast paths),
 * so it checks the library's overflow handling as well as its logic.
 */
#include "pvs_test.h"

typedef unsigned __int128 u128;

#define U64M UINT64_MAX
#define NSTEP 200000

/* ---- the reference ------------------------------------------------------ */

static uint64_t ref_sat(u128 v)
{
	return v > U64M ? U64M : (uint64_t)v;
}

static uint64_t ref_ns_to_pauses(uint64_t ns, uint32_t ps)
{
	return ref_sat((u128)ns * 1000 / (ps ? ps : 40000));
}

static uint64_t ref_pauses_to_ns(uint64_t n, uint32_t ps)
{
	return ref_sat((u128)n * (ps ? ps : 40000) / 1000);
}

static uint64_t ref_keep(uint64_t v, uint32_t ppm)
{
	uint64_t stolen = ppm > 1000000 ? 1000000 : ppm;

	return (uint64_t)((u128)v * (1000000 - stolen) / 1000000);
}

static uint64_t ref_cap(uint64_t ctxsw)
{
	if (ctxsw == 0)
		return 9000;
	return ctxsw < 1000000 ? ctxsw : 1000000;
}

/* Writes *o only for valid input, like the library must. */
static enum pvs_spin_action ref_decide(const struct pvs_spin_in *in,
				       struct pvs_spin_out *o)
{
	uint64_t cap, lim, used, cpus;

	if (!in || !o || (unsigned int)in->policy > 1 ||
	    (unsigned int)in->owner > 4)
		return PVS_SPIN_PARK;
	o->budget_ns = 0;
	o->pauses = 0;
	cap = ref_cap(in->ctxsw_ns);
	lim = cap;
	used = in->spun_ns;
	if (in->policy == PVS_SPIN_POLICY_PV) {
		cpus = in->nr_cpus ? in->nr_cpus : 1;
		o->limit_ns = 0;
		if (in->owner == PVS_SPIN_OWNER_SLEEPING) {
			o->reason = PVS_SPIN_REASON_OWNER_SLEEPING;
			return PVS_SPIN_PARK;
		}
		if (in->owner == PVS_SPIN_OWNER_PREEMPTED) {
			o->reason = PVS_SPIN_REASON_OWNER_PREEMPTED;
			if (in->yield_to_owner && in->spun_ns < cap)
				return PVS_SPIN_YIELD;
			return PVS_SPIN_PARK;
		}
		if (in->held_ns > used)
			used = in->held_ns;
		/* others + us + the owner must fit on the CPUs */
		if ((uint64_t)in->nr_spinning + 2 > cpus) {
			/* unless we are new: a short poll of our own */
			uint64_t a = in->arrival_ns < cap ? in->arrival_ns : cap;

			if (!in->dedicated && cpus > 1) {
				a /= cpus - 1;
				a = ref_keep(a, in->owner_steal_ppm);
				a = ref_keep(a, in->self_steal_ppm);
			}
			if (in->nr_cpus > 1 && in->spun_ns < in->arrival_ns &&
			    a > used && ref_ns_to_pauses(a - used,
							  in->pause_ps) > 0) {
				o->limit_ns = a;
				o->budget_ns = a - used;
				o->pauses = ref_ns_to_pauses(a - used,
							     in->pause_ps);
				o->reason = PVS_SPIN_REASON_ARRIVAL;
				return PVS_SPIN_SPIN;
			}
			o->reason = PVS_SPIN_REASON_HERD;
			return PVS_SPIN_PARK;
		}
		if (!in->dedicated) {
			lim = ref_keep(lim, in->owner_steal_ppm);
			lim = ref_keep(lim, in->self_steal_ppm);
			lim = lim / ((uint64_t)in->nr_spinning + 1);
		}
	}
	o->limit_ns = lim;
	if (lim == 0) {
		o->reason = PVS_SPIN_REASON_NO_BUDGET;
	} else if (in->spun_ns >= lim) {
		o->reason = PVS_SPIN_REASON_SPUN_OUT;
	} else if (used >= lim) {
		o->reason = PVS_SPIN_REASON_HELD_LONG;
	} else if (ref_ns_to_pauses(lim - used, in->pause_ps) == 0) {
		o->reason = PVS_SPIN_REASON_TOO_SHORT;
	} else {
		o->reason = PVS_SPIN_REASON_BUDGET_LEFT;
		o->budget_ns = lim - used;
		o->pauses = ref_ns_to_pauses(lim - used, in->pause_ps);
		return PVS_SPIN_SPIN;
	}
	return PVS_SPIN_PARK;
}

/* ---- random inputs ------------------------------------------------------- */

/* A u64 biased to the interesting places: 0, 1, around the budgets, max. */
static uint64_t rnd_u64(void)
{
	switch (pvs_test_rand() % 8) {
	case 0:
		return 0;
	case 1:
		return 1 + pvs_test_rand() % 2;
	case 2:
		return pvs_test_rand() % 20000;
	case 3:
		return pvs_test_rand() % 2000000;
	case 4:
		return U64M - pvs_test_rand() % 3;
	case 5:
		return 9000 + pvs_test_rand() % 3 - 1;
	default:
		return pvs_test_rand() >> (pvs_test_rand() % 64);
	}
}

static uint32_t rnd_u32(void)
{
	switch (pvs_test_rand() % 6) {
	case 0:
		return 0;
	case 1:
		return UINT32_MAX - (uint32_t)(pvs_test_rand() % 3);
	case 2:
		return (uint32_t)(pvs_test_rand() % 10);
	default:
		return (uint32_t)(pvs_test_rand() >>
				  (32 + pvs_test_rand() % 32));
	}
}

static uint32_t rnd_ppm(void)
{
	switch (pvs_test_rand() % 5) {
	case 0:
		return 0;
	case 1:
		return 1000000 + (uint32_t)(pvs_test_rand() % 2);
	case 2:
		return (uint32_t)(pvs_test_rand() % 200000);
	case 3:
		return rnd_u32();
	default:
		return (uint32_t)(pvs_test_rand() % 1000001);
	}
}

static void rnd_in(struct pvs_spin_in *in, bool valid)
{
	memset(in, 0, sizeof(*in));
	in->ctxsw_ns = rnd_u64();
	in->held_ns = pvs_test_rand() % 3 ? pvs_test_rand() % 12000 : rnd_u64();
	in->spun_ns = pvs_test_rand() % 3 ? pvs_test_rand() % 12000 : rnd_u64();
	in->pause_ps = pvs_test_rand() % 2 ?
		       (uint32_t)(pvs_test_rand() % 50000) : rnd_u32();
	in->owner_steal_ppm = rnd_ppm();
	in->self_steal_ppm = rnd_ppm();
	in->nr_spinning = pvs_test_rand() % 2 ?
			  (uint32_t)(pvs_test_rand() % 10) : rnd_u32();
	in->nr_waiters = rnd_u32();
	in->nr_cpus = pvs_test_rand() % 2 ?
		      (uint32_t)(pvs_test_rand() % 10) : rnd_u32();
	in->owner = (enum pvs_spin_owner)(pvs_test_rand() % (valid ? 5 : 7));
	in->policy = (enum pvs_spin_policy)(pvs_test_rand() % (valid ? 2 : 3));
	in->dedicated = pvs_test_rand() % 4 == 0;
	in->yield_to_owner = pvs_test_rand() % 2;
	in->arrival_ns = pvs_test_rand() % 2 ? 0 :
			 pvs_test_rand() % 2 ? PVS_SPIN_ARRIVAL_NS : rnd_u64();
}

static void fill_canary(struct pvs_spin_out *o)
{
	memset(o, 0xa5, sizeof(*o));
}

static void assert_out_equal(const struct pvs_spin_out *a,
			     const struct pvs_spin_out *b)
{
	assert_int_equal(a->budget_ns, b->budget_ns);
	assert_int_equal(a->pauses, b->pauses);
	assert_int_equal(a->limit_ns, b->limit_ns);
	assert_int_equal(a->reason, b->reason);
}

/* ---- tests --------------------------------------------------------------- */

static void test_spin_vectors(void **state)
{
	(void)state;
	pvs_test_run_vectors("spin");
}

/* The library equals the reference on random inputs, invalid ones included
 * (bad enums: PARK with out untouched). */
static void test_spin_matches_reference(void **state)
{
	struct pvs_spin_in in;
	struct pvs_spin_out got, want;
	unsigned int i;

	(void)state;
	for (i = 0; i < NSTEP; i++) {
		rnd_in(&in, i % 4 != 0);
		fill_canary(&got);
		fill_canary(&want);
		assert_int_equal(pvs_spin_decide(&in, &got),
				 ref_decide(&in, &want));
		assert_out_equal(&got, &want);
	}
}

/* Exhaustive over a small grid that covers every gate and boundary. */
static void test_spin_grid(void **state)
{
	static const uint64_t ns[] = { 0, 1, 2999, 3000, 4499, 4500, 8999,
				       9000, 9001, 1000000, U64M };
	static const uint32_t ppm[] = { 0, 1, 100000, 999999, 1000000,
					UINT32_MAX };
	static const uint32_t ps[] = { 0, 1, 1000, 1001, 40000, UINT32_MAX };
	struct pvs_spin_in in;
	struct pvs_spin_out got, want;
	unsigned int c, s, o, p, h, u, t, k, f;
	unsigned long n = 0;

	(void)state;
	memset(&in, 0, sizeof(in));
	for (c = 0; c < 6; c++)
	for (s = 0; s < 6; s++)
	for (o = 0; o < 5; o++)
	for (p = 0; p < 2; p++)
	for (h = 0; h < 11; h++)
	for (u = 0; u < 11; u++)
	for (t = 0; t < 6; t++)
	for (k = 0; k < 6; k++)
	for (f = 0; f < 4; f++) {
		in.nr_cpus = c;
		in.nr_spinning = s;
		in.owner = (enum pvs_spin_owner)o;
		in.policy = (enum pvs_spin_policy)p;
		in.held_ns = ns[h];
		in.spun_ns = ns[u];
		in.owner_steal_ppm = ppm[t];
		in.self_steal_ppm = ppm[(t + f) % 6];
		in.pause_ps = ps[k];
		in.dedicated = f & 1;
		in.yield_to_owner = f & 2;
		in.ctxsw_ns = ns[(h + u + k) % 11];
		fill_canary(&got);
		fill_canary(&want);
		assert_int_equal(pvs_spin_decide(&in, &got),
				 ref_decide(&in, &want));
		assert_out_equal(&got, &want);
		n++;
	}
	assert_true(n > 1000000);
}

/* Invariants that hold for every valid input, stated without the reference. */
static void test_spin_invariants(void **state)
{
	struct pvs_spin_in in;
	struct pvs_spin_out out;
	enum pvs_spin_action a;
	unsigned int i, seen[3] = { 0, 0, 0 };

	(void)state;
	for (i = 0; i < NSTEP; i++) {
		rnd_in(&in, true);
		a = pvs_spin_decide(&in, &out);
		assert_true((unsigned int)a <= 2);
		seen[a]++;
		/* never more than the context-switch cap */
		assert_true(out.budget_ns <= out.limit_ns);
		assert_true(out.limit_ns <= ref_cap(in.ctxsw_ns));
		assert_true(out.limit_ns <= 1000000);
		if (a == PVS_SPIN_SPIN) {
			assert_true(out.budget_ns > 0 && out.pauses > 0);
			/* the PAUSEs never outlast the time budget */
			assert_true((u128)out.pauses * (in.pause_ps ? in.pause_ps : 40000)
				    <= (u128)out.budget_ns * 1000);
			assert_true(in.spun_ns < out.limit_ns);
		} else {
			assert_int_equal(out.budget_ns, 0);
			assert_int_equal(out.pauses, 0);
		}
		if (in.policy == PVS_SPIN_POLICY_PV &&
		    (in.owner == PVS_SPIN_OWNER_PREEMPTED ||
		     in.owner == PVS_SPIN_OWNER_SLEEPING))
			assert_int_not_equal(a, PVS_SPIN_SPIN);
		if (a == PVS_SPIN_YIELD)
			assert_true(in.policy == PVS_SPIN_POLICY_PV &&
				    in.owner == PVS_SPIN_OWNER_PREEMPTED &&
				    in.yield_to_owner);
		if (in.policy == PVS_SPIN_POLICY_PV && in.nr_cpus <= 1)
			assert_int_not_equal(a, PVS_SPIN_SPIN);
	}
	/* the generator reaches every action */
	assert_true(seen[0] > 1000 && seen[1] > 100 && seen[2] > 1000);
}

/* PV: more steal (either CPU) or more spinners never gives a larger budget
 * or limit; fewer spinners or any number of waiters never turns SPIN into
 * PARK (no cascade). */
static void test_spin_monotone(void **state)
{
	struct pvs_spin_in in, in2;
	struct pvs_spin_out o1, o2;
	enum pvs_spin_action a1, a2;
	unsigned int i, which;
	uint32_t lo, hi;

	(void)state;
	for (i = 0; i < NSTEP; i++) {
		rnd_in(&in, true);
		in.policy = PVS_SPIN_POLICY_PV;
		in2 = in;
		which = i % 3;
		lo = which == 2 ? (uint32_t)(pvs_test_rand() % 12) : rnd_ppm();
		hi = which == 2 ? (uint32_t)(pvs_test_rand() % 12) : rnd_ppm();
		if (lo > hi) {
			uint32_t t = lo;

			lo = hi;
			hi = t;
		}
		if (which == 0) {
			in.owner_steal_ppm = lo;
			in2.owner_steal_ppm = hi;
		} else if (which == 1) {
			in.self_steal_ppm = lo;
			in2.self_steal_ppm = hi;
		} else {
			in.nr_spinning = lo;
			in2.nr_spinning = hi;
		}
		a1 = pvs_spin_decide(&in, &o1);
		a2 = pvs_spin_decide(&in2, &o2);
		assert_true(o2.budget_ns <= o1.budget_ns);
		assert_true(o2.limit_ns <= o1.limit_ns);
		if (a2 == PVS_SPIN_SPIN)
			assert_int_equal(a1, PVS_SPIN_SPIN);
		/* the waiter total is never read */
		in2 = in;
		in2.nr_waiters = rnd_u32();
		a2 = pvs_spin_decide(&in2, &o2);
		assert_int_equal(a1, a2);
		assert_out_equal(&o1, &o2);
	}
}

/* FIXED reads only ctxsw_ns, pause_ps and spun_ns. */
static void test_spin_fixed_ignores_vm(void **state)
{
	struct pvs_spin_in in, bare;
	struct pvs_spin_out o1, o2;
	enum pvs_spin_action a1, a2;
	unsigned int i;

	(void)state;
	for (i = 0; i < NSTEP; i++) {
		rnd_in(&in, true);
		in.policy = PVS_SPIN_POLICY_FIXED;
		memset(&bare, 0, sizeof(bare));
		bare.ctxsw_ns = in.ctxsw_ns;
		bare.pause_ps = in.pause_ps;
		bare.spun_ns = in.spun_ns;
		a1 = pvs_spin_decide(&in, &o1);
		a2 = pvs_spin_decide(&bare, &o2);
		assert_int_equal(a1, a2);
		assert_out_equal(&o1, &o2);
		assert_int_not_equal(a1, PVS_SPIN_YIELD);
		/* and it is LiTL's rule: spin what is left of the cap */
		if (in.spun_ns < ref_cap(in.ctxsw_ns) &&
		    ref_ns_to_pauses(ref_cap(in.ctxsw_ns) - in.spun_ns,
				     in.pause_ps) > 0)
			assert_int_equal(a1, PVS_SPIN_SPIN);
		else
			assert_int_equal(a1, PVS_SPIN_PARK);
	}
}

/* Helpers equal the 128-bit reference; the round trip loses < 1 PAUSE. */
static void test_spin_units(void **state)
{
	unsigned int i;
	uint64_t ns, n, back;
	uint32_t ps, st;

	(void)state;
	for (i = 0; i < NSTEP; i++) {
		ns = rnd_u64();
		ps = pvs_test_rand() % 2 ?
		     (uint32_t)(pvs_test_rand() % 100000) : rnd_u32();
		st = rnd_ppm();
		assert_int_equal(pvs_spin_ns_to_pauses(ns, ps),
				 ref_ns_to_pauses(ns, ps));
		assert_int_equal(pvs_spin_pauses_to_ns(ns, ps),
				 ref_pauses_to_ns(ns, ps));
		assert_int_equal(pvs_spin_scale_ppm(ns, st), ref_keep(ns, st));
		assert_int_equal(pvs_spin_default_budget_ns(ns), ref_cap(ns));
		n = pvs_spin_ns_to_pauses(ns, ps);
		back = pvs_spin_pauses_to_ns(n, ps);
		assert_true(back <= ns);
		if (n != U64M)
			assert_true((u128)(ns - back) * 1000 <
				    (u128)(ps ? ps : 40000) + 1000);
		/* PAUSEs -> ns -> PAUSEs never gains a PAUSE either */
		assert_true(pvs_spin_ns_to_pauses(pvs_spin_pauses_to_ns(ns, ps),
						  ps) <= ns);
	}
}

/* The PV limit alone, for every spinner count (the gate stops U32 max). */
static void test_spin_pv_limit(void **state)
{
	struct pvs_spin_in in;
	uint64_t cap, want;
	unsigned int i;

	(void)state;
	for (i = 0; i < NSTEP; i++) {
		rnd_in(&in, true);
		cap = rnd_u64();
		want = cap;
		if (!in.dedicated)
			want = (uint64_t)(ref_keep(ref_keep(cap, in.owner_steal_ppm),
						   in.self_steal_ppm) /
					  ((u128)in.nr_spinning + 1));
		assert_int_equal(pvs_spin_pv_limit_ns_(&in, cap), want);
	}
}

static void test_spin_strings(void **state)
{
	unsigned int i, j;

	(void)state;
	assert_string_equal(pvs_spin_action_name(PVS_SPIN_SPIN), "spin");
	assert_string_equal(pvs_spin_action_name(PVS_SPIN_YIELD), "yield");
	assert_string_equal(pvs_spin_action_name(PVS_SPIN_PARK), "park");
	assert_string_equal(pvs_spin_action_name((enum pvs_spin_action)3),
			    "unknown");
	assert_string_equal(pvs_spin_reason_name((enum pvs_spin_reason)9),
			    "unknown");
	assert_string_equal(pvs_spin_reason_name((enum pvs_spin_reason)-1),
			    "unknown");
	for (i = 0; i < PVS_SPIN_REASON_COUNT; i++) {
		const char *s = pvs_spin_reason_name((enum pvs_spin_reason)i);

		assert_string_not_equal(s, "unknown");
		for (j = 0; j < i; j++)
			assert_string_not_equal(
				s, pvs_spin_reason_name((enum pvs_spin_reason)j));
	}
}

/* A lock waiter's life: spin, re-ask with spun_ns growing, then park, under
 * both policies; the PV waiter parks at once when its owner sleeps. */
static void test_spin_sequence(void **state)
{
	struct pvs_spin_in in;
	struct pvs_spin_out out;
	enum pvs_spin_action a;
	unsigned int steps;

	(void)state;
	memset(&in, 0, sizeof(in));
	in.policy = PVS_SPIN_POLICY_PV;
	in.nr_cpus = 2;
	in.pause_ps = 25000;
	in.owner_steal_ppm = 20000; /* 9000 * 0.98 = 8820 */
	for (steps = 0; steps < 100; steps++) {
		a = pvs_spin_decide(&in, &out);
		if (a != PVS_SPIN_SPIN)
			break;
		assert_int_equal(out.limit_ns, 8820);
		/* spin at most 1 us at a time; the owner took it 500 ns
		 * before we came: used = 1000k + 500, left = 8320 - 1000k,
		 * so 9 spins (the last of 320 ns), then held == limit */
		in.spun_ns += out.budget_ns < 1000 ? out.budget_ns : 1000;
		in.held_ns = in.spun_ns + 500;
	}
	assert_int_equal(a, PVS_SPIN_PARK);
	assert_int_equal(steps, 9);
	assert_int_equal(in.spun_ns, 8320);
	assert_int_equal(out.reason, PVS_SPIN_REASON_HELD_LONG);
	in.spun_ns = 0;
	in.held_ns = 0;
	in.owner = PVS_SPIN_OWNER_SLEEPING;
	assert_int_equal(pvs_spin_decide(&in, &out), PVS_SPIN_PARK);
	in.policy = PVS_SPIN_POLICY_FIXED;
	assert_int_equal(pvs_spin_decide(&in, &out), PVS_SPIN_SPIN);
	assert_int_equal(out.budget_ns, 9000);
	assert_int_equal(out.pauses, 360);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_spin_vectors),
		cmocka_unit_test(test_spin_matches_reference),
		cmocka_unit_test(test_spin_grid),
		cmocka_unit_test(test_spin_invariants),
		cmocka_unit_test(test_spin_monotone),
		cmocka_unit_test(test_spin_fixed_ignores_vm),
		cmocka_unit_test(test_spin_units),
		cmocka_unit_test(test_spin_pv_limit),
		cmocka_unit_test(test_spin_strings),
		cmocka_unit_test(test_spin_sequence),
	};

	return cmocka_run_group_tests_name("spin", tests, NULL, NULL);
}
