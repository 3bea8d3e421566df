// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Scenario splpar-asym-pack (sim/splpar_asym_pack.c): the balancer policy
 * (the fork path's spread, then the asym-packing load balancer's pulls at
 * its cadence) and the run-to-run variance sources (fork placement
 * misses, slot boundary jitter): every invariant after every event on many
 * seeds, where the pulls settle, what the pull condition decides, and
 * that the sources are off by default and change only what they model.
 * The spread and pack policies' tests are in test_sim.c.
 */
#define _POSIX_C_SOURCE 200809L /* fmemopen */
#include <stdlib.h>
#include <string.h>

#include "pvs_test.h"
#include "sim_int.h"

static const uint32_t vps_case[2] = { 128, 40 }, thr_case[3] = { 40, 80, 160 };

static void bal_params(struct pvsim_lpar_params *p, uint32_t vps,
		       uint32_t threads, uint64_t runtime_ns)
{
	pvsim_lpar_params(p, vps, threads, PVS_PACK_CORES, runtime_ns);
	p->balancer = true;
}

static void run_ok(const struct pvsim_lpar_params *p, uint64_t seed,
		   struct pvsim_lpar_result *r)
{
	pvsim_lpar_run(p, seed, r);
	if (r->failures)
		print_error("%u VPs %u threads seed %llu: %s at %llu ns, "
			    "event %llu\n", p->vps, p->threads,
			    (unsigned long long)seed, r->fail.what,
			    (unsigned long long)r->fail.t_ns,
			    (unsigned long long)r->fail.event_nr);
	assert_int_equal(r->failures, 0);
	assert_true(r->records > 0);
}

/* physc in thousandths of a core. */
static uint64_t physc_milli(const struct pvsim_lpar_result *r)
{
	return r->vp_busy_ns * 1000 / r->elapsed_ns;
}

/*
 * Every case, capped and uncapped, with the variance sources on, 12 seeds
 * each, every invariant recounted after every event (threads conserved,
 * busy threads per VP, busy VPs, dispatch parity, capacity).
 */
static void test_balancer_invariants_many_seeds(void **state)
{
	struct pvsim_lpar_params p;
	struct pvsim_lpar_result r;
	unsigned int v, t, capped;
	uint64_t seed;

	(void)state;
	for (v = 0; v < 2; v++)
		for (t = 0; t < 3; t++)
			for (capped = 0; capped < 2; capped++)
				for (seed = 1; seed <= 12; seed++) {
					bal_params(&p, vps_case[v], thr_case[t],
						   1500000000);
					p.capped = capped;
					p.debug = true;
					p.place_miss_pm = seed % 3 ? 100 : 0;
					p.slot_jitter_ns = seed % 2 ? 50000 : 0;
					run_ok(&p, pvsim_iter_seed(seed, 0),
					       &r);
					assert_true(r.max_dispatched <=
						    (capped ? p.ent_cores :
						     p.pool_cores));
				}
}

/*
 * The pulls settle where the pull condition holds nowhere: one thread per
 * idle thread group (4 threads) on the lowest cores, 2 per SMT8 core, so
 * physc is about threads / 2 (published 21.15 at 40 threads, 41.06 at 80),
 * within 2.5 balance intervals of the 1024-CPU level (1.024 s each), on
 * every seed.
 */
static void test_balancer_settles(void **state)
{
	struct pvsim_lpar_params p;
	struct pvsim_lpar_result r;
	uint64_t seed;
	uint32_t t;

	(void)state;
	for (t = 40; t <= 80; t += 40)
		for (seed = 1; seed <= 10; seed++) {
			bal_params(&p, 128, t, 4000000000ull);
			run_ok(&p, pvsim_iter_seed(seed, 0), &r);
			assert_true(r.migrations >= t / 2);
			assert_true(r.settled_ns < 2560000000ull);
			assert_true(physc_milli(&r) > (uint64_t)t * 1000 / 2 *
						      75 / 100);
			assert_true(physc_milli(&r) < (uint64_t)t * 1000 / 2 +
						      3000);
		}
}

/*
 * The pull condition decides the packing: with the whole core required
 * idle (8) the balancer keeps one thread per core (as spread); with one
 * thread (1) it fills cores to 8 like the library's CORES rule. Nothing
 * else is fitted: the default 4 is the kernel's thread group.
 */
static void test_balancer_pull_condition(void **state)
{
	struct pvsim_lpar_params p;
	struct pvsim_lpar_result r;

	(void)state;
	bal_params(&p, 128, 40, 8000000000ull);
	p.asym_group_threads = 8;
	run_ok(&p, 3, &r);
	assert_true(physc_milli(&r) > 38000);
	bal_params(&p, 128, 40, 8000000000ull);
	p.asym_group_threads = 1;
	run_ok(&p, 3, &r);
	assert_true(physc_milli(&r) < 8000);
	/* 6 does not divide a core's 8 threads */
	p.asym_group_threads = 6;
	pvsim_lpar_run(&p, 3, &r);
	assert_int_equal(r.failures, 1);
}

/*
 * The 40-VP partition: 80 and 160 threads fill every VP under both
 * kernels; the balancer moves no thread, and the result
 * is the baseline's up to the speed of where threads landed.
 */
static void test_balancer_40vps_full(void **state)
{
	struct pvsim_lpar_params p;
	struct pvsim_lpar_result rs, rb;
	uint32_t t;

	(void)state;
	for (t = 80; t <= 160; t += 80) {
		pvsim_lpar_params(&p, 40, t, PVS_PACK_SPREAD, 1000000000);
		p.run_noise_pm = 0;
		run_ok(&p, 8, &rs);
		bal_params(&p, 40, t, 1000000000);
		p.run_noise_pm = 0;
		run_ok(&p, 8, &rb);
		/* the fork path left each thread group even */
		assert_int_equal(rb.migrations, 0);
		/* the same 40 cores, up to dispatch-cost draws */
		assert_true(physc_milli(&rb) + 50 > physc_milli(&rs) &&
			    physc_milli(&rb) < physc_milli(&rs) + 50);
		assert_true(rb.records * 100 >= rs.records * 97 &&
			    rb.records * 100 <= rs.records * 103);
	}
}

/* Same seed, same result; the variance sources draw their own streams. */
static void test_balancer_deterministic(void **state)
{
	struct pvsim_lpar_params p;
	struct pvsim_lpar_result a, b;

	(void)state;
	bal_params(&p, 128, 160, 1000000000);
	p.place_miss_pm = 200;
	p.slot_jitter_ns = 100000;
	run_ok(&p, 5, &a);
	run_ok(&p, 5, &b);
	assert_int_equal(a.records, b.records);
	assert_int_equal(a.events, b.events);
	assert_int_equal(a.migrations, b.migrations);
	assert_int_equal(a.vcsw, b.vcsw);
	run_ok(&p, 6, &b);
	assert_true(a.records != b.records);
}

/*
 * Off by default; each changes what it models: slot jitter only where VPs
 * take turns (160 spread threads on 128 VPs), not where the first
 * allotment stands (40 threads); a placement miss stacks a thread on a
 * busy core or an idle one, so spread's busy VPs change.
 */
static void test_variance_sources(void **state)
{
	struct pvsim_lpar_params p;
	struct pvsim_lpar_result a, b;
	uint64_t seed, changed = 0;

	(void)state;
	pvsim_lpar_params(&p, 128, 40, PVS_PACK_SPREAD, 0);
	assert_int_equal(p.place_miss_pm, 0);
	assert_int_equal(p.slot_jitter_ns, 0);
	pvsim_lpar_params(&p, 128, 40, PVS_PACK_SPREAD, 500000000);
	run_ok(&p, 2, &a);
	p.slot_jitter_ns = 100000;
	run_ok(&p, 2, &b);
	assert_int_equal(a.records, b.records);
	pvsim_lpar_params(&p, 128, 160, PVS_PACK_SPREAD, 500000000);
	run_ok(&p, 2, &a);
	p.slot_jitter_ns = 100000;
	run_ok(&p, 2, &b);
	assert_true(a.records != b.records);
	for (seed = 1; seed <= 8; seed++) {
		pvsim_lpar_params(&p, 128, 40, PVS_PACK_SPREAD, 200000000);
		run_ok(&p, seed, &a);
		p.place_miss_pm = 500;
		run_ok(&p, seed, &b);
		changed += a.vcsw != b.vcsw;
	}
	assert_true(changed > 0);
}

/*
 * smt_split 4 (each SMT4 half of a big core on its own speed): the
 * balancer's 2 threads per core sit in different halves and run as fast
 * as spread's 1 per core (the published 40-thread rows: -0.05 %, +1.55 %);
 * the default 8 is the whole core, as before.
 */
static void test_smt_split(void **state)
{
	struct pvsim_lpar_params p;
	struct pvsim_lpar_result rs, rb, r8;
	uint32_t v;

	(void)state;
	for (v = 0; v < 2; v++) {
		pvsim_lpar_params(&p, vps_case[v], 40, PVS_PACK_SPREAD,
				  4000000000ull);
		p.run_noise_pm = 0;
		p.smt_split = 4;
		run_ok(&p, 4, &rs);
		bal_params(&p, vps_case[v], 40, 4000000000ull);
		p.run_noise_pm = 0;
		run_ok(&p, 4, &r8);
		p.smt_split = 4;
		p.debug = true;
		run_ok(&p, 4, &rb);
		assert_true(rb.records * 1000 >= rs.records * 990 &&
			    rb.records * 1000 <= rs.records * 1010);
		/* the whole-core table charges the second thread */
		assert_true(r8.records < rb.records);
	}
	p.smt_split = 3;
	pvsim_lpar_run(&p, 4, &rb);
	assert_int_equal(rb.failures, 1);
}

/* The scenario's text output from the command line (static buffer). */
static const char *run_text(char **argv, int argc)
{
	static char buf[65536];
	FILE *out = fmemopen(buf, sizeof(buf), "w"), *err = tmpfile();

	assert_non_null(out);
	assert_non_null(err);
	assert_int_equal(pvsim_main(argc, argv, out, err), 0);
	fclose(out);
	fclose(err);
	return buf;
}

static unsigned int count(const char *s, const char *what)
{
	unsigned int n = 0;

	while ((s = strstr(s, what))) {
		n++;
		s++;
	}
	return n;
}

/*
 * Every case prints the balancer's hold-out line with its labels: the
 * change and the packed physc predicted, also when pack_limit stages the
 * pack row (which is then fitted); the tables have a balancer row.
 */
static void test_balancer_holdout_lines(void **state)
{
	char *a[] = { "pvsched sim", "run", "splpar-asym-pack", "--iterations",
		      "2", "--runtime-ms", "300", "--set", "pack_limit=2" };
	const char *t;

	(void)state;
	t = run_text(a, 7);
	assert_int_equal(count(t, "\nbalancer 2 "), 6);
	assert_int_equal(count(t, "published vs simulated (balancer): "
			       "%Change "), 6);
	assert_int_equal(count(t, "published vs simulated: %Change "), 6);
	assert_int_equal(count(t, "(fitted)"), 2);	/* 80 threads' base */
	t = run_text(a, 9);
	/* pack: change and packed physc fitted; balancer: predicted */
	assert_int_equal(count(t, "(fitted)"), 6 * 2 + 2);
	assert_non_null(strstr(t, "published vs simulated (balancer): "
			       "%Change -0.05 vs "));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_balancer_invariants_many_seeds),
		cmocka_unit_test(test_balancer_settles),
		cmocka_unit_test(test_balancer_pull_condition),
		cmocka_unit_test(test_balancer_40vps_full),
		cmocka_unit_test(test_balancer_deterministic),
		cmocka_unit_test(test_variance_sources),
		cmocka_unit_test(test_balancer_holdout_lines),
		cmocka_unit_test(test_smt_split),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
