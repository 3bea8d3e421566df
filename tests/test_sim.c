// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The simulator: the engine's event order, schbench's histogram against
 * hand-computed buckets, determinism of whole runs, the invariants checked
 * at every event, and the qualitative shape of seed 000 on a reduced run.
 */
#include <stdlib.h>

#include "pvs_test.h"
#include "sim_int.h"

/* ---- engine ------------------------------------------------------------- */

static void test_engine_order(void **state)
{
	struct pvs_sim s;
	struct pvs_sim_event ev;
	uint64_t last_t = 0, last_seq = 0;
	unsigned int i, n = 0;

	(void)state;
	assert_int_equal(pvs_sim_init(&s, 1000, 7), 0);
	pvs_test_rand_seed(42);
	for (i = 0; i < 1000; i++)	/* many ties: times 0..49 */
		assert_int_equal(pvs_sim_at(&s, pvs_test_rand_below(50), 0, i,
					    0), 0);
	assert_int_equal(pvs_sim_at(&s, 1, 0, 0, 0), -1);	/* full */
	assert_int_equal(s.failures, 1);
	while (pvs_sim_next(&s, &ev)) {
		/* time order, ties in insertion order (obj = insertion) */
		assert_true(ev.t_ns > last_t ||
			    (ev.t_ns == last_t && (n == 0 || ev.seq > last_seq)));
		assert_int_equal(ev.seq, ev.obj);
		last_t = ev.t_ns;
		last_seq = ev.seq;
		n++;
	}
	assert_int_equal(n, 1000);
	assert_int_equal(s.now_ns, last_t);
	assert_int_equal(pvs_sim_at(&s, last_t - 1, 0, 0, 0), -1); /* past */
	assert_int_equal(s.failures, 2);
	pvs_sim_destroy(&s);
}

static void test_engine_rng_seeded(void **state)
{
	struct pvs_sim a, b, c;
	unsigned int i, same = 0;

	(void)state;
	assert_int_equal(pvs_sim_init(&a, 1, 5), 0);
	assert_int_equal(pvs_sim_init(&b, 1, 5), 0);
	assert_int_equal(pvs_sim_init(&c, 1, 6), 0);
	for (i = 0; i < 100; i++) {
		uint64_t x = pvs_sim_rand(&a);

		assert_true(x == pvs_sim_rand(&b));
		same += x == pvs_sim_rand(&c);
		x = pvs_sim_rand_range(&a, 10, 12);
		assert_true(x >= 10 && x <= 12);
		(void)pvs_sim_rand_range(&b, 10, 12);
	}
	assert_true(same < 2);
	assert_int_equal(pvs_sim_rand_range(&a, 9, 3), 9);
	pvs_sim_destroy(&a);
	pvs_sim_destroy(&b);
	pvs_sim_destroy(&c);
}

/* ---- histogram ---------------------------------------------------------- */

static void test_hist_buckets(void **state)
{
	(void)state;
	/* below 512 us: exact */
	assert_int_equal(pvs_sim_hist_idx(0), 0);
	assert_int_equal(pvs_sim_hist_idx(1), 1);
	assert_int_equal(pvs_sim_hist_idx(511), 511);
	assert_int_equal(pvs_sim_hist_val(511), 511);
	/* 512..1023: top bit 9, 1 bit dropped, buckets 2 us wide */
	assert_int_equal(pvs_sim_hist_idx(512), 512);
	assert_int_equal(pvs_sim_hist_idx(513), 512);
	assert_int_equal(pvs_sim_hist_idx(514), 513);
	assert_int_equal(pvs_sim_hist_idx(600), 556);
	assert_int_equal(pvs_sim_hist_idx(1023), 767);
	assert_int_equal(pvs_sim_hist_val(512), 513);	/* [512, 513] */
	assert_int_equal(pvs_sim_hist_val(556), 601);	/* [600, 601] */
	/* 1024: top bit 10, 4 us buckets from index 768 */
	assert_int_equal(pvs_sim_hist_idx(1024), 768);
	assert_int_equal(pvs_sim_hist_idx(1027), 768);
	assert_int_equal(pvs_sim_hist_idx(1028), 769);
	assert_int_equal(pvs_sim_hist_val(768), 1026);
	/* 3000 us: top bit 11, 8 us buckets: 3000 = 2048 + 119 * 8 */
	assert_int_equal(pvs_sim_hist_idx(3000), 1024 + 119);
	assert_int_equal(pvs_sim_hist_val(1024 + 119), 2048 + 119 * 8 + 4);
	/* 2^26 us and above: the last bucket */
	assert_int_equal(pvs_sim_hist_idx(1ull << 26), PVS_SIM_PLAT_NR - 1);
	assert_int_equal(pvs_sim_hist_idx(UINT64_MAX), PVS_SIM_PLAT_NR - 1);
	assert_int_equal(PVS_SIM_PLAT_NR, 4864);
}

static void test_hist_percentiles(void **state)
{
	struct pvs_sim_hist *h = malloc(sizeof(*h)), *g = malloc(sizeof(*g));
	unsigned int i;

	(void)state;
	assert_non_null(h);
	assert_non_null(g);
	pvs_sim_hist_clear(h);
	assert_int_equal(pvs_sim_hist_pct(h, 500), 0);
	for (i = 1; i <= 100; i++)
		pvs_sim_hist_add(h, i);
	/* first bucket whose cumulative count reaches p/100 * 100 */
	assert_int_equal(pvs_sim_hist_pct(h, 500), 50);
	assert_int_equal(pvs_sim_hist_pct(h, 750), 75);
	assert_int_equal(pvs_sim_hist_pct(h, 990), 99);
	assert_int_equal(pvs_sim_hist_pct(h, 995), 100);	/* 99.5 -> 100 */
	assert_int_equal(pvs_sim_hist_pct(h, 999), 100);
	assert_int_equal(h->min_us, 1);
	assert_int_equal(h->max_us, 100);
	/* merge 900 samples of 3000 us: 1000 in all */
	pvs_sim_hist_clear(g);
	for (i = 0; i < 900; i++)
		pvs_sim_hist_add(g, 3000);
	pvs_sim_hist_merge(h, g);
	assert_int_equal(h->n, 1000);
	assert_int_equal(pvs_sim_hist_pct(h, 50), 50);	/* 50 of 1000 */
	assert_int_equal(pvs_sim_hist_pct(h, 100), 100);
	assert_int_equal(pvs_sim_hist_pct(h, 101), 3004);	/* midpoint */
	assert_int_equal(pvs_sim_hist_pct(h, 999), 3004);
	assert_int_equal(h->max_us, 3000);	/* max stays exact */
	assert_int_equal(h->min_us, 1);
	free(h);
	free(g);
}

/* ---- whole runs --------------------------------------------------------- */

static void small_params(struct pvs_kvm_params *p, unsigned int c,
			 enum pvs_preempt_policy pol)
{
	pvs_seed000_params(p, c, pol);
	p->warmup_ns = 50000000;
	p->runtime_ns = 300000000;
}

static void test_kvm_deterministic(void **state)
{
	struct pvs_kvm_params p;
	struct pvs_kvm_result *a = malloc(sizeof(*a)), *b = malloc(sizeof(*b));

	(void)state;
	assert_non_null(a);
	assert_non_null(b);
	small_params(&p, 1, PVS_PREEMPT_PARITY);
	assert_int_equal(pvs_kvm_run(&p, 11, false, a), 0);
	assert_int_equal(pvs_kvm_run(&p, 11, false, b), 0);
	assert_true(a->wake.n > 300);
	assert_int_equal(a->events, b->events);
	assert_int_equal(a->steal_ns, b->steal_ns);
	assert_memory_equal(&a->wake, &b->wake, sizeof(a->wake));
	assert_int_equal(pvs_kvm_run(&p, 12, false, b), 0);
	assert_true(a->events != b->events || a->steal_ns != b->steal_ns ||
		    memcmp(&a->wake, &b->wake, sizeof(a->wake)));
	free(a);
	free(b);
}

static void test_kvm_bad_params(void **state)
{
	struct pvs_kvm_params p;
	struct pvs_kvm_result *r = malloc(sizeof(*r));

	(void)state;
	assert_non_null(r);
	small_params(&p, 0, PVS_PREEMPT_PARITY);
	p.vcpus = 41;	/* more vCPUs than host threads, not a core multiple */
	assert_int_equal(pvs_kvm_run(&p, 1, false, r), -1);
	small_params(&p, 0, PVS_PREEMPT_PARITY);
	p.policy = (enum pvs_preempt_policy)7;
	assert_int_equal(pvs_kvm_run(&p, 1, false, r), -1);
	free(r);
}

/* Every case and policy, invariants checked after every event. */
static void test_kvm_invariants(void **state)
{
	struct pvs_kvm_params p;
	struct pvs_kvm_result *r = malloc(sizeof(*r));
	unsigned int c, pol;
	uint64_t steal0 = 0;

	(void)state;
	assert_non_null(r);
	for (c = 0; c < PVS_SEED000_NCASES; c++) {
		for (pol = 0; pol < 2; pol++) {
			small_params(&p, c, pol ? PVS_PREEMPT_PARITY :
						  PVS_PREEMPT_IDLE_HINT);
			assert_int_equal(pvs_kvm_run(&p, 3 + c, true, r), 0);
			if (r->failures)
				print_error("case %u: %s\n", c,
					    r->first_failure);
			assert_int_equal(r->failures, 0);
			assert_true(r->wake.n > 300);
			assert_true(r->wake_n[PVS_KVM_WAKE_CEDED] > 0);
			/* a noise guest multiplies the steal of host noise */
			if (!c)
				steal0 = r->steal_ns;
			else
				assert_true(r->steal_ns > 4 * steal0);
		}
	}
	free(r);
}

/*
 * Seed 000's shape on a reduced run (8 iterations of 2 s): medians move
 * little, p99 improves with the idle hint in every case, and most under
 * overcommit, where the parity rule's stacked wake-ups also wait for
 * host-preempted vCPUs.
 */
static void test_seed000_shape(void **state)
{
	struct pvs_sim_opts o;
	struct pvs_seed000_case *cs = malloc(sizeof(*cs));
	int64_t p99[PVS_SEED000_NCASES];
	unsigned int c;

	(void)state;
	assert_non_null(cs);
	memset(&o, 0, sizeof(o));
	o.seed = 1;
	o.iterations = 8;
	o.runtime_ns = 2000000000;
	for (c = 0; c < PVS_SEED000_NCASES; c++) {
		assert_int_equal(pvs_seed000_case(&o, c, cs, NULL), 0);
		/* hundredths of a percent: p50 within +-5 %, p99 > 0 */
		assert_true(cs->compare_centi[0] >= -500 &&
			    cs->compare_centi[0] <= 500);
		p99[c] = cs->compare_centi[4];
		print_message("case %u: p50 %lld p99 %lld (centi-%%)\n", c,
			      (long long)cs->compare_centi[0],
			      (long long)p99[c]);
		assert_true(p99[c] > 0);
		assert_true(p99[c] > cs->compare_centi[0]);
	}
	assert_true(p99[1] > p99[0]);
	free(cs);
}

/* ---- seed004: the PowerVM LPAR model ------------------------------------ */

/*
 * Capped: never more VPs dispatched than the entitlement in any slot (the
 * model also checks it every slot and counts a failure), so physc stays at
 * or below it; the same load uncapped does go above it.
 */
static void test_lpar_capped(void **state)
{
	struct pvs_lpar_params p;
	struct pvs_lpar_result r;
	unsigned int pol;

	(void)state;
	for (pol = 0; pol < 2; pol++) {
		pvs_lpar_params(&p, 128, 160, pol ? PVS_PACK_CORES :
						   PVS_PACK_SPREAD, 200000000);
		p.capped = true;
		pvs_lpar_run(&p, 9, &r);
		assert_int_equal(r.failures, 0);
		assert_true(r.max_dispatched <= p.ent_cores);
		assert_true(r.vp_busy_ns <= (uint64_t)p.ent_cores *
					    r.elapsed_ns);
		assert_true(r.records > 0);
		p.capped = false;
		pvs_lpar_run(&p, 9, &r);
		assert_int_equal(r.failures, 0);
		assert_true(r.max_dispatched > p.ent_cores);
		assert_true(r.vp_busy_ns > (uint64_t)p.ent_cores *
					   r.elapsed_ns);
	}
}

/* Same seed, same result; another seed, another result. */
static void test_lpar_seeded(void **state)
{
	struct pvs_lpar_params p;
	struct pvs_lpar_result a, b;

	(void)state;
	pvs_lpar_params(&p, 128, 40, PVS_PACK_CORES, 100000000);
	pvs_lpar_run(&p, 5, &a);
	pvs_lpar_run(&p, 5, &b);
	assert_int_equal(a.records, b.records);
	assert_int_equal(a.vcsw, b.vcsw);
	pvs_lpar_run(&p, 6, &b);
	assert_true(a.records != b.records);
	p.vps = 129;	/* beyond the model */
	pvs_lpar_run(&p, 5, &a);
	assert_int_equal(a.failures, 1);
}

/* Mean records/s and physc (thousandths of a core) over iters runs. */
static void lpar_mean(uint32_t threads, enum pvs_pack_policy pol,
		      uint64_t *rec, uint64_t *physc_milli)
{
	struct pvs_lpar_params p;
	struct pvs_lpar_result r;
	uint32_t it;

	*rec = 0;
	*physc_milli = 0;
	pvs_lpar_params(&p, 128, threads, pol, 1000000000);
	for (it = 0; it < 3; it++) {
		pvs_lpar_run(&p, pvs_sim_iter_seed(1, it), &r);
		assert_int_equal(r.failures, 0);
		*rec += r.records * 1000000000ull / r.elapsed_ns / 3;
		*physc_milli += r.vp_busy_ns * 1000 / r.elapsed_ns / 3;
	}
}

/*
 * Seed 004's shape, reduced: at 40 threads packing roughly halves physc
 * with records/s within 3 %; at 80 threads it gains more than 5 % (fewer
 * VPs beyond the entitlement); at 160 threads (cores contend for the
 * pool) more than 10 %.
 */
static void test_seed004_shape(void **state)
{
	uint64_t rs, ps, rc, pc;

	(void)state;
	lpar_mean(40, PVS_PACK_SPREAD, &rs, &ps);
	lpar_mean(40, PVS_PACK_CORES, &rc, &pc);
	assert_true(pc * 10 >= ps * 4 && pc * 10 <= ps * 6);
	assert_true(rc * 100 >= rs * 97 && rc * 100 <= rs * 103);
	/* 80 threads: half the VPs run on excess capacity unpacked */
	lpar_mean(80, PVS_PACK_SPREAD, &rs, &ps);
	lpar_mean(80, PVS_PACK_CORES, &rc, &pc);
	assert_true(rc * 100 > rs * 105);
	assert_true(pc < ps);
	lpar_mean(160, PVS_PACK_SPREAD, &rs, &ps);
	lpar_mean(160, PVS_PACK_CORES, &rc, &pc);
	assert_true(rc * 10 > rs * 11);
}

static void test_cli(void **state)
{
	FILE *out = tmpfile(), *err = tmpfile();
	char *list[] = { "pvsched-sim", "list" };
	char *show[] = { "pvsched-sim", "show", "seed000" };
	char *bad[] = { "pvsched-sim", "run", "nope" };
	char *badopt[] = { "pvsched-sim", "run", "seed000", "--seed" };

	(void)state;
	assert_non_null(out);
	assert_non_null(err);
	assert_int_equal(pvs_sim_main(2, list, out, err), 0);
	assert_int_equal(pvs_sim_main(3, show, out, err), 0);
	assert_int_equal(pvs_sim_main(3, bad, out, err), 2);
	assert_int_equal(pvs_sim_main(4, badopt, out, err), 2);
	assert_int_equal(pvs_sim_main(1, list, out, err), 2);
	assert_non_null(pvs_sim_find("seed000"));
	assert_non_null(pvs_sim_find("seed004"));
	assert_null(pvs_sim_find("seed999"));
	assert_non_null(pvs_sim_scenario_at(0));
	fclose(out);
	fclose(err);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_engine_order),
		cmocka_unit_test(test_engine_rng_seeded),
		cmocka_unit_test(test_hist_buckets),
		cmocka_unit_test(test_hist_percentiles),
		cmocka_unit_test(test_kvm_deterministic),
		cmocka_unit_test(test_kvm_bad_params),
		cmocka_unit_test(test_kvm_invariants),
		cmocka_unit_test(test_seed000_shape),
		cmocka_unit_test(test_lpar_capped),
		cmocka_unit_test(test_lpar_seeded),
		cmocka_unit_test(test_seed004_shape),
		cmocka_unit_test(test_cli),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
