// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Scenario splpar-asym-pack (its model sim/models/lpar.c, sim/scenarios/splpar_asym_pack.c):
 * the balancer policy (the fork path's spread, then the asym-packing load
 * balancer's pulls at its cadence) and the run-to-run variance sources
 * (fork placement misses, slot boundary jitter): every invariant after
 * every event on many seeds, where the pulls settle, what the pull
 * condition decides, and that the sources are off by default and change
 * only what they model.
 * Then the pull decision's plug-in hooks (asym_group_pull, asym_skip_rq,
 * asym_active_balance): the library's rule through them changes nothing,
 * another rule changes the run; the spread and pack policies, the records
 * and the picture.
 */
#define _POSIX_C_SOURCE 200809L /* fmemopen */
#include <stdlib.h>
#include <string.h>

#include "pvs_test.h"
#include "report/report.h"
#include "engine/sim_int.h"
#include "test_sim_util.h"

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
	sim_test_no_violation(r->failures, &r->fail,
			      "%u VPs %u threads seed %llu", p->vps,
			      p->threads, (unsigned long long)seed);
	assert_true(r->records > 0);
}

/* Fail unless a's records/s are b's within pm per mille either way. */
static void assert_records_near(const struct pvsim_lpar_result *a,
				const struct pvsim_lpar_result *b, uint64_t pm)
{
	if (a->records * 1000 < b->records * (1000 - pm) ||
	    a->records * 1000 > b->records * (1000 + pm))
		fail_msg("%llu records, not within %llu per mille of %llu",
			 (unsigned long long)a->records,
			 (unsigned long long)pm,
			 (unsigned long long)b->records);
}

/* physc in thousandths of a core. */
static uint64_t physc_milli(const struct pvsim_lpar_result *r)
{
	return r->vp_busy_ns * 1000 / r->elapsed_ns;
}

/*
 * t threads on the 40-VP partition for runtime_ns under pol (with the
 * balancer or not), every thread at the same speed (no run noise) so that
 * two policies compare, packing aimed at pack_limit busy threads a core
 * (0: the default); seed 8, checked as run_ok().
 */
static void run_40vps(uint32_t t, enum pvs_pack_policy pol, bool balancer,
		      uint32_t pack_limit, uint64_t runtime_ns,
		      struct pvsim_lpar_result *r)
{
	struct pvsim_lpar_params p;

	pvsim_lpar_params(&p, 40, t, pol, runtime_ns);
	p.balancer = balancer;
	if (pack_limit)
		p.pack_limit = pack_limit;
	p.run_noise_pm = 0;
	run_ok(&p, 8, r);
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
	struct pvsim_lpar_result rs, rb;
	uint32_t t;

	(void)state;
	for (t = 80; t <= 160; t += 80) {
		run_40vps(t, PVS_PACK_SPREAD, false, 0, 1000000000, &rs);
		run_40vps(t, PVS_PACK_CORES, true, 0, 1000000000, &rb);
		/* the fork path left each thread group even */
		assert_int_equal(rb.migrations, 0);
		/* the same 40 cores, up to dispatch-cost draws */
		assert_true(physc_milli(&rb) + 50 > physc_milli(&rs) &&
			    physc_milli(&rb) < physc_milli(&rs) + 50);
		assert_records_near(&rb, &rs, 30);
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
		assert_records_near(&rb, &rs, 10);
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

/* ---- the pull decision's hooks ---------------------------------------------- */

/* Calls of each pull hook (the user pointer), and the rule they answer. */
struct pull_calls {
	enum pvs_asym_rule rule;
	bool refuse_active;	/* never force a migration */
	uint64_t group, skip, active;
};

static bool lib_group_pull(void *user, const struct pvs_asym_snapshot *s)
{
	struct pull_calls *c = user;

	c->group++;
	return pvs_asym_group_pull(s, c->rule);
}

static bool lib_skip_rq(void *user, const struct pvs_asym_snapshot *s)
{
	struct pull_calls *c = user;

	c->skip++;
	return pvs_asym_skip_rq(s, c->rule);
}

static bool lib_active_balance(void *user, const struct pvs_asym_snapshot *s)
{
	struct pull_calls *c = user;

	c->active++;
	return !c->refuse_active && pvs_asym_active_balance(s, c->rule);
}

/*
 * The balancer asks the library's pull decision through the hooks: hooks
 * that answer as the library (PVS_ASYM_IDLE_CORE) give the run of no
 * hooks, record for record, on every case and seed, and each is asked.
 */
static void test_pull_hooks_library(void **state)
{
	struct pull_calls calls;
	struct pvsim_hooks h = {
		.name = "lib", .user = &calls, .asym_group_pull = lib_group_pull,
		.asym_skip_rq = lib_skip_rq,
		.asym_active_balance = lib_active_balance,
	};
	struct pvsim_lpar_params p;
	struct pvsim_lpar_result a, b;
	unsigned int v, t;
	uint64_t seed;

	(void)state;
	for (v = 0; v < 2; v++)
		for (t = 0; t < 3; t++)
			for (seed = 1; seed <= 3; seed++) {
				memset(&calls, 0, sizeof(calls));
				calls.rule = PVS_ASYM_IDLE_CORE;
				bal_params(&p, vps_case[v], thr_case[t],
					   1500000000);
				run_ok(&p, seed, &a);
				p.hooks = &h;
				p.debug = true;
				run_ok(&p, seed, &b);
				assert_int_equal(a.records, b.records);
				assert_int_equal(a.migrations, b.migrations);
				assert_int_equal(a.vcsw, b.vcsw);
				assert_int_equal(a.events, b.events);
				if (a.migrations)
					assert_true(calls.group &&
						    calls.skip);
			}
	/* 40 threads on 128 VPs: the asym pulls take threads running alone */
	memset(&calls, 0, sizeof(calls));
	bal_params(&p, 128, 40, 1500000000);
	p.hooks = &h;
	run_ok(&p, 1, &b);
	assert_true(b.migrations > 0);
	assert_true(calls.active > 0);
}

/*
 * Another rule through the hooks changes the packing: with no active
 * balance a thread running alone never moves, so 40 threads stay one per
 * core (physc about 40, not 20); the pre-v6.5 rules (PVS_ASYM_SMT_DELTA)
 * pull whatever the destination's siblings run, and on 40 VPs, where the
 * v6.5+ rule moves nothing at 80 threads, they stack threads onto fewer
 * cores.
 */
static void test_pull_hooks_other_rule(void **state)
{
	struct pull_calls calls;
	struct pvsim_hooks h = {
		.name = "other", .user = &calls,
		.asym_group_pull = lib_group_pull, .asym_skip_rq = lib_skip_rq,
		.asym_active_balance = lib_active_balance,
	};
	struct pvsim_lpar_params p;
	struct pvsim_lpar_result lib, r;
	uint64_t seed;

	(void)state;
	for (seed = 1; seed <= 4; seed++) {
		memset(&calls, 0, sizeof(calls));
		calls.refuse_active = true;
		bal_params(&p, 128, 40, 3000000000ull);
		run_ok(&p, seed, &lib);
		p.hooks = &h;
		run_ok(&p, seed, &r);
		assert_true(physc_milli(&lib) < 24000);
		assert_true(physc_milli(&r) > 38000);
		assert_true(calls.active > 0);

		memset(&calls, 0, sizeof(calls));
		calls.rule = PVS_ASYM_SMT_DELTA;
		bal_params(&p, 40, 80, 3000000000ull);
		run_ok(&p, seed, &lib);
		p.hooks = &h;
		p.debug = true;
		run_ok(&p, seed, &r);
		assert_int_equal(lib.migrations, 0);
		assert_true(r.migrations > 0);
		assert_true(physc_milli(&r) + 5000 < physc_milli(&lib));
	}
}

/*
 * The scenario runs a plug-in that sets a pull hook in the balancer: with
 * the library's rule its rows are the balancer's; one that sets only
 * pick_cpu is placed as before (no migration, the +patch row's way).
 */
static void test_pull_hooks_plugin_row(void **state)
{
	struct pull_calls calls;
	struct pvsim_hooks h = {
		.name = "lib-pull", .user = &calls,
		.asym_group_pull = lib_group_pull,
	};
	struct pvsim_opts o;
	struct pvsim_sink k;
	FILE *null = fopen("/dev/null", "w");
	size_t i, n = 0;

	(void)state;
	assert_non_null(null);
	memset(&calls, 0, sizeof(calls));
	memset(&k, 0, sizeof(k));
	o = sim_test_opts(7, 2, 1500000000);
	o.sink = &k;
	o.plugin = &h;
	assert_int_equal(pvsim_find("splpar-asym-pack")->run(&o, null, NULL),
			 0);
	assert_false(k.lost);
	for (i = 0; i < k.n; i++) {
		size_t j;

		if (strcmp(k.v[i].policy, "lib-pull"))
			continue;
		for (j = 0; j < k.n; j++)
			if (!strcmp(k.v[j].policy, "balancer") &&
			    !strcmp(k.v[j].case_name, k.v[i].case_name) &&
			    !strcmp(k.v[j].metric, k.v[i].metric) &&
			    k.v[j].iter == k.v[i].iter)
				break;
		assert_true(j < k.n);
		assert_true(k.v[j].value == k.v[i].value);
		n++;
	}
	assert_int_equal(n, 6 * 2 * 8);
	assert_true(calls.group > 0);
	pvsim_sink_free(&k);
	fclose(null);
}

/* ---- the spread and pack policies, records, picture ------------------------ */

/*
 * Capped: never more VPs dispatched than the entitlement at any event (the
 * model checks it at every dispatch and, in a debug run, recounts every
 * invariant after every event), so physc stays at or below it; the same
 * load uncapped does go above it.
 */
static void test_lpar_capped(void **state)
{
	struct pvsim_lpar_params p;
	struct pvsim_lpar_result r;
	unsigned int pol;

	(void)state;
	for (pol = 0; pol < 2; pol++) {
		pvsim_lpar_params(&p, 128, 160, pol ? PVS_PACK_CORES :
						   PVS_PACK_SPREAD, 200000000);
		p.pack_limit = 2;	/* 80 busy VPs when packed */
		p.capped = true;
		p.debug = true;
		pvsim_lpar_run(&p, 9, &r);
		assert_int_equal(r.failures, 0);
		assert_true(r.max_dispatched <= p.ent_cores);
		assert_true(r.vp_busy_ns <= (uint64_t)p.ent_cores *
					    r.elapsed_ns);
		assert_true(r.records > 0);
		p.capped = false;
		pvsim_lpar_run(&p, 9, &r);
		assert_int_equal(r.failures, 0);
		assert_true(r.max_dispatched > p.ent_cores);
		assert_true(r.vp_busy_ns > (uint64_t)p.ent_cores *
					   r.elapsed_ns);
	}
}

/*
 * Every case of the scenario, both policies, capped and uncapped, with
 * every invariant recounted after every event: yield_count odd exactly
 * when a VP is not dispatched, only VPs with work and their slot run, the
 * dispatched count, the entitlement when capped, run time within capacity.
 */
static void test_lpar_invariants(void **state)
{
	static const uint32_t vps[2] = { 128, 40 }, thr[3] = { 40, 80, 160 };
	struct pvsim_lpar_params p;
	struct pvsim_lpar_result r;
	unsigned int i, v, t, pol, capped;

	(void)state;
	for (i = 0; i < 2 * 3 * 2 * 2; i++) {
		v = i / 12;
		t = i / 4 % 3;
		pol = i / 2 % 2;
		capped = i % 2;
		pvsim_lpar_params(&p, vps[v], thr[t], pol ? PVS_PACK_CORES :
			       PVS_PACK_SPREAD, 100000000);
		p.capped = capped;
		p.debug = true;
		pvsim_lpar_run(&p, 4 + t, &r);
		sim_test_no_violation(r.failures, &r.fail, "%u VPs %u threads",
				      vps[v], thr[t]);
		assert_true(r.records > 0);
		assert_true(r.vp_busy_ns <= (uint64_t)(capped ? p.ent_cores :
						       p.pool_cores) *
					    r.elapsed_ns);
	}
}

/*
 * Issue 12: at a slot boundary the dispatcher must stop the VPs that lost
 * their turn before it starts those that gained it, or the pool is
 * over-committed for an instant ("more VPs dispatched than pool cores").
 * 160 spread threads over 128 VPs on a 96-core pool take turns every
 * slot; many seeds, every invariant at every event, and the most VPs ever
 * dispatched at once stays within the pool.
 */
static void test_lpar_turns_many_seeds(void **state)
{
	struct pvsim_lpar_params p;
	struct pvsim_lpar_result r;
	uint64_t seed;

	(void)state;
	pvsim_lpar_params(&p, 128, 160, PVS_PACK_SPREAD, 2000000000);
	p.debug = true;
	for (seed = 1; seed <= 40; seed++) {
		pvsim_lpar_run(&p, pvsim_iter_seed(seed, 0), &r);
		sim_test_no_violation(r.failures, &r.fail, "seed %llu",
				      (unsigned long long)seed);
		assert_true(r.max_dispatched <= p.pool_cores);
	}
}

/*
 * A violation names itself: the injected one is reported with its name,
 * time and event, and through the totals with its case, policy,
 * iteration and seed.
 */
static void test_lpar_injected_violation(void **state)
{
	struct pvsim_lpar_params p;
	struct pvsim_lpar_result r;
	struct pvsim_totals tot;
	char buf[512];
	FILE *f;

	(void)state;
	pvsim_lpar_params(&p, 128, 160, PVS_PACK_SPREAD, 100000000);
	p.debug = true;
	p.inject_event = 5;
	pvsim_lpar_run(&p, 3, &r);
	assert_int_equal(r.failures, 1);
	assert_string_equal(r.fail.what, "injected violation");
	assert_int_equal(r.fail.event_nr, 5);
	memset(&tot, 0, sizeof(tot));
	pvsim_totals_add(&tot, r.events, r.failures, &r.fail, "a case",
			 "spread", 2, 3);
	f = fmemopen(buf, sizeof(buf), "w");
	assert_non_null(f);
	pvsim_totals_print_failure(f, "pvsched sim", &tot);
	fclose(f);
	assert_non_null(strstr(buf, "pvsched sim: invariant violated: "
			       "'injected violation' at t="));
	assert_non_null(strstr(buf, "(event 5, "));
	assert_non_null(strstr(buf, "case 'a case', policy spread, "
			       "iteration 2 (run seed 3); 1 violation in all"));
}

/*
 * Event-driven: events are state changes. 40 threads spread over 128 VPs
 * fit the entitlement, so after the first slot nothing changes: one
 * dispatcher event, one start per VP with a thread, the end. 160 threads
 * spread over all 128 VPs take turns on the 96-core pool: the dispatcher
 * runs every slot and each start is a dispatch (yield_count +1, counted in
 * vcsw), so vcsw is at least the start events.
 */
static void test_lpar_events(void **state)
{
	struct pvsim_lpar_params p;
	struct pvsim_lpar_result r;
	uint64_t slots;

	(void)state;
	pvsim_lpar_params(&p, 128, 40, PVS_PACK_SPREAD, 1000000000);
	pvsim_lpar_run(&p, 2, &r);
	assert_int_equal(r.failures, 0);
	assert_true(r.events <= 40 + 2);
	assert_int_equal(r.vcsw, 40);	/* 40 dispatches, no undispatch */
	pvsim_lpar_params(&p, 128, 160, PVS_PACK_SPREAD, 1000000000);
	pvsim_lpar_run(&p, 2, &r);
	slots = p.runtime_ns / p.slot_ns;
	assert_int_equal(r.failures, 0);
	assert_true(r.events > slots);
	assert_true(r.vcsw >= r.events - slots - 1);
	assert_int_equal(r.max_dispatched, p.pool_cores);
}

/* Same seed, same result; another seed, another result; bad parameters. */
static void test_lpar_seeded(void **state)
{
	struct pvsim_lpar_params p;
	struct pvsim_lpar_result a, b;

	(void)state;
	pvsim_lpar_params(&p, 128, 40, PVS_PACK_CORES, 100000000);
	pvsim_lpar_run(&p, 5, &a);
	pvsim_lpar_run(&p, 5, &b);
	assert_int_equal(a.records, b.records);
	assert_int_equal(a.vcsw, b.vcsw);
	assert_int_equal(a.events, b.events);
	pvsim_lpar_run(&p, 6, &b);
	assert_true(a.records != b.records);
	p.vps = 129;	/* beyond the model */
	pvsim_lpar_run(&p, 5, &a);
	assert_int_equal(a.failures, 1);
	/* a VP's start delays must fit in its slot */
	pvsim_lpar_params(&p, 128, 40, PVS_PACK_CORES, 100000000);
	p.dispatch_cost_ns = p.slot_ns / 2;
	pvsim_lpar_run(&p, 5, &a);
	assert_int_equal(a.failures, 1);
}

/* Mean records/s and physc (thousandths of a core) over iters runs. */
static void lpar_mean(uint32_t threads, enum pvs_pack_policy pol,
		      uint32_t pack_limit, uint64_t *rec, uint64_t *physc_milli)
{
	struct pvsim_lpar_params p;
	struct pvsim_lpar_result r;
	uint32_t it;

	*rec = 0;
	*physc_milli = 0;
	pvsim_lpar_params(&p, 128, threads, pol, 1000000000);
	p.pack_limit = pack_limit;
	for (it = 0; it < 3; it++) {
		pvsim_lpar_run(&p, pvsim_iter_seed(1, it), &r);
		assert_int_equal(r.failures, 0);
		*rec += r.records * 1000000000ull / r.elapsed_ns / 3;
		*physc_milli += r.vp_busy_ns * 1000 / r.elapsed_ns / 3;
	}
}

/*
 * splpar-asym-pack's shape with the fitted staging (pack_limit 2, as
 * `--set pack_limit=2`), reduced: at 40 threads packing roughly halves physc
 * with records/s within 3 %; at 80 threads it gains more than 5 % (fewer
 * VPs beyond the entitlement); at 160 threads (cores contend for the
 * pool) more than 10 %.
 */
static void test_splpar_asym_pack_shape(void **state)
{
	uint64_t rs, ps, rc, pc;

	(void)state;
	lpar_mean(40, PVS_PACK_SPREAD, 2, &rs, &ps);
	lpar_mean(40, PVS_PACK_CORES, 2, &rc, &pc);
	assert_true(pc * 10 >= ps * 4 && pc * 10 <= ps * 6);
	assert_true(rc * 100 >= rs * 97 && rc * 100 <= rs * 103);
	/* 80 threads: half the VPs run on excess capacity unpacked */
	lpar_mean(80, PVS_PACK_SPREAD, 2, &rs, &ps);
	lpar_mean(80, PVS_PACK_CORES, 2, &rc, &pc);
	assert_true(rc * 100 > rs * 105);
	assert_true(pc < ps);
	lpar_mean(160, PVS_PACK_SPREAD, 2, &rs, &ps);
	lpar_mean(160, PVS_PACK_CORES, 2, &rc, &pc);
	assert_true(rc * 10 > rs * 11);
}

/*
 * The finding of issue 15: with the library's CORES rule alone (no
 * staging, the scenario's default) packing fills each core to 8 busy
 * threads, physc drops to threads / 8 instead of the published ~threads /
 * 2, and SMT8 sharing costs more than the saved cores give back: records/s
 * fall by more than 25 % at 40 and 80 threads on 128 VPs.
 */
static void test_splpar_asym_pack_library_alone(void **state)
{
	uint64_t rs, ps, rc, pc;
	uint32_t t;

	(void)state;
	for (t = 40; t <= 80; t += 40) {
		lpar_mean(t, PVS_PACK_SPREAD, 8, &rs, &ps);
		lpar_mean(t, PVS_PACK_CORES, 8, &rc, &pc);
		assert_true(rc * 100 < rs * 75);
		assert_true(pc <= (uint64_t)t * 1000 / 8 + 100);
	}
}

/*
 * The 40-VP partition holds 40 busy VPs at most, all within the
 * entitlement: packing cannot save cores there, and at 80 and 160 threads
 * both policies fill every VP the same way (published: +0.9 %, -0.05 %).
 */
static void test_splpar_asym_pack_40vps(void **state)
{
	struct pvsim_lpar_result rs, rc;
	uint32_t t;

	(void)state;
	for (t = 80; t <= 160; t += 80) {
		/* pack limit 2: the fitted staging */
		run_40vps(t, PVS_PACK_SPREAD, false, 2, 300000000, &rs);
		run_40vps(t, PVS_PACK_CORES, false, 2, 300000000, &rc);
		assert_records_near(&rc, &rs, 10);
		assert_true(rs.vp_busy_ns <= 40 * rs.elapsed_ns);
	}
}

/* Find record (case, policy, metric, iter) in a sink; fail if absent. */
static double rec_value(const struct pvsim_sink *k, const char *c,
			const char *pol, const char *metric, uint32_t iter)
{
	size_t i;

	for (i = 0; i < k->n; i++)
		if (!strcmp(k->v[i].case_name, c) &&
		    !strcmp(k->v[i].policy, pol) &&
		    !strcmp(k->v[i].metric, metric) && k->v[i].iter == iter)
			return k->v[i].value;
	fail_msg("no record %s/%s/%s/%u", c, pol, metric, iter);
	return 0;
}

/*
 * Every per-iteration number splpar-asym-pack prints is recorded: records/s and
 * the lparstat columns, per case and policy, spread first; lparstat's
 * identities hold on them (%entc = physc / 40 ent x 100, %idle = 100 -
 * %user, app = 96 pool cores - physc, lbusy = %user).
 */
static void test_splpar_asym_pack_records(void **state)
{
	static const char *const metric[8] = {
		"records_per_s", "user_pct", "idle_pct", "physc", "entc_pct",
		"lbusy_pct", "app", "vcsw"
	};
	struct pvsim_sink sink;
	double physc, user;
	size_t i;
	uint32_t it;

	(void)state;
	assert_int_equal(pvsim_find("splpar-asym-pack")->plot_kind,
			 PVSIM_PLOT_BARS);
	sim_test_run_recorded("splpar-asym-pack", 2, 50000000, &sink);
	/* 6 cases x 3 policies x 2 iterations x 8 metrics */
	assert_int_equal(sink.n, 6 * 3 * 2 * 8);
	assert_string_equal(sink.v[0].policy, "spread");
	assert_string_equal(sink.v[0].case_name, "40 threads, 128 VPs");
	for (i = 0; i < sink.n; i++) {
		assert_string_equal(sink.v[i].metric, metric[i % 8]);
		assert_true(!strcmp(sink.v[i].policy, "spread") ||
			    !strcmp(sink.v[i].policy, "pack") ||
			    !strcmp(sink.v[i].policy, "balancer"));
	}
	assert_string_equal(sink.v[sink.n - 1].case_name,
			    "160 threads, 40 VPs");
	for (it = 0; it < 2; it++) {
		physc = rec_value(&sink, "80 threads, 128 VPs", "pack",
				  "physc", it);
		user = rec_value(&sink, "80 threads, 128 VPs", "pack",
				 "user_pct", it);
		assert_true(physc > 5 && physc <= 40);
		assert_float_equal(rec_value(&sink, "80 threads, 128 VPs",
					     "pack", "entc_pct", it),
				   physc * 100 / 40, 0.01);
		assert_float_equal(rec_value(&sink, "80 threads, 128 VPs",
					     "pack", "app", it),
				   96 - physc, 0.002);
		assert_float_equal(rec_value(&sink, "80 threads, 128 VPs",
					     "pack", "idle_pct", it),
				   100 - user, 0.002);
		assert_float_equal(rec_value(&sink, "80 threads, 128 VPs",
					     "pack", "lbusy_pct", it),
				   user, 0.0);
	}
	pvsim_sink_free(&sink);
}

/* splpar-asym-pack's picture marks each published number, labelled. */
static void test_splpar_asym_pack_published_marks(void **state)
{
	const struct pvsim_scenario *sc = pvsim_find("splpar-asym-pack");
	struct pvsim_sink sink;
	FILE *f = tmpfile(), *err = tmpfile();
	unsigned int n = 0;
	long len;
	char *svg, *q;

	(void)state;
	assert_non_null(f);
	assert_non_null(err);
	assert_int_equal(sc->npublished, 30);
	sim_test_run_recorded("splpar-asym-pack", 2, 50000000, &sink);
	assert_int_equal(pvsim_plot_svg(sc, &sink, f, err), 0);
	svg = sim_test_slurp(f, &len);
	assert_true(len > 0);
	assert_non_null(strstr(svg, "Black diamonds: the published value"));
	for (q = svg; (q = strstr(q, "fill=\"#000\"")); q++)
		n++;
	assert_int_equal(n, 30);
	free(svg);
	fclose(f);
	fclose(err);
	pvsim_sink_free(&sink);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lpar_capped),
		cmocka_unit_test(test_lpar_invariants),
		cmocka_unit_test(test_lpar_events),
		cmocka_unit_test(test_lpar_seeded),
		cmocka_unit_test(test_lpar_turns_many_seeds),
		cmocka_unit_test(test_lpar_injected_violation),
		cmocka_unit_test(test_splpar_asym_pack_shape),
		cmocka_unit_test(test_splpar_asym_pack_library_alone),
		cmocka_unit_test(test_splpar_asym_pack_40vps),
		cmocka_unit_test(test_splpar_asym_pack_records),
		cmocka_unit_test(test_splpar_asym_pack_published_marks),
		cmocka_unit_test(test_balancer_invariants_many_seeds),
		cmocka_unit_test(test_balancer_settles),
		cmocka_unit_test(test_balancer_pull_condition),
		cmocka_unit_test(test_balancer_40vps_full),
		cmocka_unit_test(test_balancer_deterministic),
		cmocka_unit_test(test_variance_sources),
		cmocka_unit_test(test_balancer_holdout_lines),
		cmocka_unit_test(test_smt_split),
		cmocka_unit_test(test_pull_hooks_library),
		cmocka_unit_test(test_pull_hooks_other_rule),
		cmocka_unit_test(test_pull_hooks_plugin_row),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
