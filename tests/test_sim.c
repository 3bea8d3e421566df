// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The simulator: the engine's event order, schbench's histogram against
 * hand-computed buckets, determinism of whole runs and of each scenario's
 * output, the invariants checked at every event, the per-iteration records,
 * and the qualitative shapes of ppc-idle-hint and splpar-asym-pack on reduced
 * runs.
 */
#define _POSIX_C_SOURCE 200809L /* fmemopen */
#include <stdlib.h>
#include <unistd.h>

#include "pvs_test.h"
#include "report.h"
#include "sim_int.h"

/* ---- engine ------------------------------------------------------------- */

static void test_engine_order(void **state)
{
	struct pvsim s;
	struct pvsim_event ev;
	uint64_t last_t = 0, last_seq = 0;
	unsigned int i, n = 0;

	(void)state;
	assert_int_equal(pvsim_init(&s, 1000, 7), 0);
	pvs_test_rand_seed(42);
	for (i = 0; i < 1000; i++)	/* many ties: times 0..49 */
		assert_int_equal(pvsim_at(&s, pvs_test_rand_below(50), 0, i,
					    0), 0);
	assert_int_equal(pvsim_at(&s, 1, 0, 0, 0), -1);	/* full */
	assert_int_equal(s.failures, 1);
	while (pvsim_next(&s, &ev)) {
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
	assert_int_equal(pvsim_at(&s, last_t - 1, 0, 0, 0), -1); /* past */
	assert_int_equal(s.failures, 2);
	pvsim_destroy(&s);
}

static void test_engine_rng_seeded(void **state)
{
	struct pvsim a, b, c;
	unsigned int i, same = 0;

	(void)state;
	assert_int_equal(pvsim_init(&a, 1, 5), 0);
	assert_int_equal(pvsim_init(&b, 1, 5), 0);
	assert_int_equal(pvsim_init(&c, 1, 6), 0);
	for (i = 0; i < 100; i++) {
		uint64_t x = pvsim_rand(&a);

		assert_true(x == pvsim_rand(&b));
		same += x == pvsim_rand(&c);
		x = pvsim_rand_range(&a, 10, 12);
		assert_true(x >= 10 && x <= 12);
		(void)pvsim_rand_range(&b, 10, 12);
	}
	assert_true(same < 2);
	assert_int_equal(pvsim_rand_range(&a, 9, 3), 9);
	pvsim_destroy(&a);
	pvsim_destroy(&b);
	pvsim_destroy(&c);
}

/* ---- histogram ---------------------------------------------------------- */

static void test_hist_buckets(void **state)
{
	(void)state;
	/* below 512 us: exact */
	assert_int_equal(pvsim_hist_idx(0), 0);
	assert_int_equal(pvsim_hist_idx(1), 1);
	assert_int_equal(pvsim_hist_idx(511), 511);
	assert_int_equal(pvsim_hist_val(511), 511);
	/* 512..1023: top bit 9, 1 bit dropped, buckets 2 us wide */
	assert_int_equal(pvsim_hist_idx(512), 512);
	assert_int_equal(pvsim_hist_idx(513), 512);
	assert_int_equal(pvsim_hist_idx(514), 513);
	assert_int_equal(pvsim_hist_idx(600), 556);
	assert_int_equal(pvsim_hist_idx(1023), 767);
	assert_int_equal(pvsim_hist_val(512), 513);	/* [512, 513] */
	assert_int_equal(pvsim_hist_val(556), 601);	/* [600, 601] */
	/* 1024: top bit 10, 4 us buckets from index 768 */
	assert_int_equal(pvsim_hist_idx(1024), 768);
	assert_int_equal(pvsim_hist_idx(1027), 768);
	assert_int_equal(pvsim_hist_idx(1028), 769);
	assert_int_equal(pvsim_hist_val(768), 1026);
	/* 3000 us: top bit 11, 8 us buckets: 3000 = 2048 + 119 * 8 */
	assert_int_equal(pvsim_hist_idx(3000), 1024 + 119);
	assert_int_equal(pvsim_hist_val(1024 + 119), 2048 + 119 * 8 + 4);
	/* 2^26 us and above: the last bucket */
	assert_int_equal(pvsim_hist_idx(1ull << 26), PVSIM_PLAT_NR - 1);
	assert_int_equal(pvsim_hist_idx(UINT64_MAX), PVSIM_PLAT_NR - 1);
	assert_int_equal(PVSIM_PLAT_NR, 4864);
}

static void test_hist_percentiles(void **state)
{
	struct pvsim_hist *h = malloc(sizeof(*h)), *g = malloc(sizeof(*g));
	unsigned int i;

	(void)state;
	assert_non_null(h);
	assert_non_null(g);
	pvsim_hist_clear(h);
	assert_int_equal(pvsim_hist_pct(h, 500), 0);
	for (i = 1; i <= 100; i++)
		pvsim_hist_add(h, i);
	/* first bucket whose cumulative count reaches p/100 * 100 */
	assert_int_equal(pvsim_hist_pct(h, 500), 50);
	assert_int_equal(pvsim_hist_pct(h, 750), 75);
	assert_int_equal(pvsim_hist_pct(h, 990), 99);
	assert_int_equal(pvsim_hist_pct(h, 995), 100);	/* 99.5 -> 100 */
	assert_int_equal(pvsim_hist_pct(h, 999), 100);
	assert_int_equal(h->min_us, 1);
	assert_int_equal(h->max_us, 100);
	/* merge 900 samples of 3000 us: 1000 in all */
	pvsim_hist_clear(g);
	for (i = 0; i < 900; i++)
		pvsim_hist_add(g, 3000);
	pvsim_hist_merge(h, g);
	assert_int_equal(h->n, 1000);
	assert_int_equal(pvsim_hist_pct(h, 50), 50);	/* 50 of 1000 */
	assert_int_equal(pvsim_hist_pct(h, 100), 100);
	assert_int_equal(pvsim_hist_pct(h, 101), 3004);	/* midpoint */
	assert_int_equal(pvsim_hist_pct(h, 999), 3004);
	assert_int_equal(h->max_us, 3000);	/* max stays exact */
	assert_int_equal(h->min_us, 1);
	free(h);
	free(g);
}

/* ---- whole runs --------------------------------------------------------- */

static void small_params(struct pvsim_kvm_params *p, unsigned int c,
			 enum pvs_preempt_policy pol)
{
	pvsim_idle_hint_params(p, c, pol);
	p->warmup_ns = 50000000;
	p->runtime_ns = 300000000;
}

static void test_kvm_deterministic(void **state)
{
	struct pvsim_kvm_params p;
	struct pvsim_kvm_result *a = malloc(sizeof(*a)), *b = malloc(sizeof(*b));

	(void)state;
	assert_non_null(a);
	assert_non_null(b);
	small_params(&p, 1, PVS_PREEMPT_PARITY);
	assert_int_equal(pvsim_kvm_run(&p, 11, false, a), 0);
	assert_int_equal(pvsim_kvm_run(&p, 11, false, b), 0);
	assert_true(a->wake.n > 300);
	assert_int_equal(a->events, b->events);
	assert_int_equal(a->steal_ns, b->steal_ns);
	assert_memory_equal(&a->wake, &b->wake, sizeof(a->wake));
	assert_int_equal(pvsim_kvm_run(&p, 12, false, b), 0);
	assert_true(a->events != b->events || a->steal_ns != b->steal_ns ||
		    memcmp(&a->wake, &b->wake, sizeof(a->wake)));
	free(a);
	free(b);
}

static void test_kvm_bad_params(void **state)
{
	struct pvsim_kvm_params p;
	struct pvsim_kvm_result *r = malloc(sizeof(*r));

	(void)state;
	assert_non_null(r);
	small_params(&p, 0, PVS_PREEMPT_PARITY);
	p.vcpus = 41;	/* more vCPUs than host threads, not a core multiple */
	assert_int_equal(pvsim_kvm_run(&p, 1, false, r), -1);
	small_params(&p, 0, PVS_PREEMPT_PARITY);
	p.policy = (enum pvs_preempt_policy)7;
	assert_int_equal(pvsim_kvm_run(&p, 1, false, r), -1);
	free(r);
}

/* Every case and policy, invariants checked after every event. */
static void test_kvm_invariants(void **state)
{
	struct pvsim_kvm_params p;
	struct pvsim_kvm_result *r = malloc(sizeof(*r));
	unsigned int c, pol;
	uint64_t steal0 = 0;

	(void)state;
	assert_non_null(r);
	for (c = 0; c < PVSIM_IDLE_HINT_NCASES; c++) {
		for (pol = 0; pol < 2; pol++) {
			small_params(&p, c, pol ? PVS_PREEMPT_PARITY :
						  PVS_PREEMPT_IDLE_HINT);
			assert_int_equal(pvsim_kvm_run(&p, 3 + c, true, r), 0);
			if (r->failures)
				print_error("case %u: %s\n", c,
					    r->first_failure);
			assert_int_equal(r->failures, 0);
			assert_true(r->wake.n > 300);
			assert_true(r->wake_n[PVSIM_KVM_WAKE_CEDED] > 0);
			/* a noise guest multiplies the steal of host noise */
			if (!c)
				steal0 = r->steal_ns;
			else
				assert_true(r->steal_ns > 4 * steal0);
		}
	}
	free(r);
}

/* Run scenario name for 2 iterations of runtime_ns into sink. */
static void run_recorded(const char *name, uint64_t seed, uint64_t runtime_ns,
			 struct pvsim_sink *sink)
{
	const struct pvsim_scenario *sc = pvsim_find(name);
	struct pvsim_opts o;
	FILE *out = tmpfile();

	assert_non_null(sc);
	assert_non_null(out);
	memset(sink, 0, sizeof(*sink));
	memset(&o, 0, sizeof(o));
	o.seed = seed;
	o.iterations = 2;
	o.runtime_ns = runtime_ns;
	o.sink = sink;
	assert_int_equal(sc->run(&o, out, NULL), 0);
	assert_false(sink->lost);
	fclose(out);
}

/* Every per-iteration percentile of ppc-idle-hint is recorded, baseline first. */
static void test_ppc_idle_hint_records(void **state)
{
	static const char *const metric[PVSIM_IDLE_HINT_NPCT] = {
		"p50_us", "p75_us", "p90_us", "p95_us", "p99_us", "p99.5_us",
		"p99.9_us"
	};
	struct pvsim_sink sink;
	size_t i, n[2] = { 0, 0 };
	unsigned int m;

	(void)state;
	assert_int_equal(pvsim_find("ppc-idle-hint")->plot_kind,
			 PVSIM_PLOT_PCT_CURVES);
	run_recorded("ppc-idle-hint", 3, 100000000, &sink);
	/* 3 cases x 2 policies x 7 percentiles x 2 iterations */
	assert_int_equal(sink.n, 3 * 2 * PVSIM_IDLE_HINT_NPCT * 2);
	assert_string_equal(sink.v[0].policy, "parity");
	assert_string_equal(sink.v[0].case_name, "no noise");
	assert_string_equal(sink.v[sink.n - 1].case_name, "overlap");
	for (i = 0; i < sink.n; i++) {
		const struct pvsim_rec *r = &sink.v[i];

		m = (unsigned int)(i % PVSIM_IDLE_HINT_NPCT);
		assert_string_equal(r->metric, metric[m]);
		assert_true(r->iter < 2);
		assert_true(r->value >= 0);
		assert_true(!strcmp(r->policy, "parity") ||
			    !strcmp(r->policy, "idle-hint"));
		n[strcmp(r->policy, "parity") ? 1 : 0]++;
		/* percentiles of one run do not decrease */
		if (m)
			assert_true(r->value >= sink.v[i - 1].value);
	}
	assert_int_equal(n[0], n[1]);
	pvsim_sink_free(&sink);
}

/* ---- splpar-asym-pack: the PowerVM LPAR model --------------------------- */

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
		if (r.failures)
			print_error("%u VPs %u threads: %s\n", vps[v], thr[t],
				    r.first_failure);
		assert_int_equal(r.failures, 0);
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
		if (r.failures)
			print_error("seed %llu: %s at %llu ns, VP %u\n",
				    (unsigned long long)seed, r.fail.what,
				    (unsigned long long)r.fail.t_ns,
				    r.fail.obj);
		assert_int_equal(r.failures, 0);
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
	struct pvsim_lpar_params p;
	struct pvsim_lpar_result rs, rc;
	uint32_t t;

	(void)state;
	for (t = 80; t <= 160; t += 80) {
		pvsim_lpar_params(&p, 40, t, PVS_PACK_SPREAD, 300000000);
		p.pack_limit = 2;	/* the fitted staging */
		p.run_noise_pm = 0;	/* the same speed for both */
		pvsim_lpar_run(&p, 8, &rs);
		pvsim_lpar_params(&p, 40, t, PVS_PACK_CORES, 300000000);
		p.pack_limit = 2;
		p.run_noise_pm = 0;
		pvsim_lpar_run(&p, 8, &rc);
		assert_int_equal(rs.failures + rc.failures, 0);
		assert_true(rc.records * 100 >= rs.records * 99 &&
			    rc.records * 100 <= rs.records * 101);
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
	run_recorded("splpar-asym-pack", 2, 50000000, &sink);
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

/* Read a stream back into a buffer (tests compare whole outputs). */
static char *slurp(FILE *f, long *len)
{
	char *buf;

	*len = ftell(f);
	assert_true(*len > 0);
	buf = malloc((size_t)*len + 1);
	assert_non_null(buf);
	rewind(f);
	assert_int_equal(fread(buf, 1, (size_t)*len, f), (size_t)*len);
	buf[*len] = 0;	/* a string too */
	return buf;
}

/*
 * Both scenarios: the same seed and options give byte-identical output,
 * text and JSON; another seed gives another output; a debug run counts no
 * invariant violation.
 */
static void test_scenario_output_deterministic(void **state)
{
	static const char *const name[2] = { "ppc-idle-hint", "splpar-asym-pack" };
	struct pvsim_totals tot;
	struct pvsim_opts o;
	unsigned int n, json, k;

	(void)state;
	for (n = 0; n < 2; n++) {
		const struct pvsim_scenario *sc = pvsim_find(name[n]);

		assert_non_null(sc);
		for (json = 0; json < 2; json++) {
			char *buf[3];
			long len[3];

			for (k = 0; k < 3; k++) {
				FILE *f = tmpfile();

				assert_non_null(f);
				memset(&o, 0, sizeof(o));
				memset(&tot, 0, sizeof(tot));
				o.seed = k == 2 ? 8 : 7;
				o.iterations = 1;
				o.runtime_ns = 100000000;
				o.json = json;
				o.debug = true;
				assert_int_equal(sc->run(&o, f, &tot), 0);
				assert_int_equal(tot.failures, 0);
				assert_true(tot.events > 0);
				buf[k] = slurp(f, &len[k]);
				fclose(f);
			}
			assert_int_equal(len[0], len[1]);
			assert_memory_equal(buf[0], buf[1], (size_t)len[0]);
			assert_true(len[0] != len[2] ||
				    memcmp(buf[0], buf[2], (size_t)len[0]));
			if (json)
				assert_true(buf[0][0] == '{' &&
					    buf[0][len[0] - 2] == '}');
			for (k = 0; k < 3; k++)
				free(buf[k]);
		}
	}
}

static void test_cli(void **state)
{
	FILE *out = tmpfile(), *err = tmpfile();
	char *list[] = { "pvsched-sim", "list" };
	char *show[] = { "pvsched-sim", "show", "ppc-idle-hint" };
	char *bad[] = { "pvsched-sim", "run", "nope" };
	char *badopt[] = { "pvsched-sim", "run", "ppc-idle-hint", "--seed" };

	(void)state;
	assert_non_null(out);
	assert_non_null(err);
	assert_int_equal(pvsim_main(2, list, out, err), 0);
	assert_int_equal(pvsim_main(3, show, out, err), 0);
	assert_int_equal(pvsim_main(3, bad, out, err), 2);
	assert_int_equal(pvsim_main(4, badopt, out, err), 2);
	assert_int_equal(pvsim_main(1, list, out, err), 2);
	assert_non_null(pvsim_find("ppc-idle-hint"));
	assert_non_null(pvsim_find("splpar-asym-pack"));
	assert_null(pvsim_find("no-such-scenario"));
	assert_non_null(pvsim_scenario_at(0));
	fclose(out);
	fclose(err);
}

/* Run the command line; its stderr (and stdout) into buf. */
static int cli_err(char *const *argv, int argc, char *buf, size_t n,
		   size_t *out_len)
{
	FILE *out = tmpfile(), *err = tmpfile();
	size_t got;
	int rc;

	assert_non_null(out);
	assert_non_null(err);
	rc = pvsim_main(argc, (char **)argv, out, err);
	fflush(out);
	*out_len = (size_t)ftell(out);
	rewind(err);
	got = fread(buf, 1, n - 1, err);
	buf[got] = 0;
	fclose(out);
	fclose(err);
	return rc;
}

/*
 * Issue 12: every bad option names its value and the valid range (a
 * --seed past 64 bits is refused, not wrapped by strtoull), a missing
 * value says so, every message has the prefix, and --plot into a missing
 * directory fails before the simulation prints anything.
 */
static void test_cli_errors(void **state)
{
	static const struct {
		const char *opt, *val, *msg;
	} bad[] = {
		{ "--seed", "18446744073709551616", "pvsched sim: bad --seed "
		  "'18446744073709551616' (0..18446744073709551615)\n" },
		{ "--seed", "99999999999999999999999", "pvsched sim: bad "
		  "--seed '99999999999999999999999' "
		  "(0..18446744073709551615)\n" },
		{ "--seed", "-1", "pvsched sim: bad --seed '-1' "
		  "(0..18446744073709551615)\n" },
		{ "--iterations", "0", "pvsched sim: bad --iterations '0' "
		  "(1..1000)\n" },
		{ "--runtime-ms", "1e3", "pvsched sim: bad --runtime-ms '1e3' "
		  "(1..3600000 ms)\n" },
		{ "--confidence", "97", "pvsched sim: bad --confidence '97' "
		  "(80|90|95|98|99|99.5)\n" },
		{ "--plugin", "/nonexistent-dir/x.so", "pvsched sim: cannot "
		  "load --plugin '/nonexistent-dir/x.so': " },
		{ "--plot", "/nonexistent-dir/x.svg", "pvsched sim: cannot "
		  "write --plot '/nonexistent-dir/x.svg': No such file or "
		  "directory\n" },
	};
	char buf[4096];
	size_t i, n_out;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char *argv[] = { "pvsched sim", "compare", "splpar-asym-pack",
				 (char *)bad[i].opt, (char *)bad[i].val };

		assert_int_equal(cli_err(argv, 5, buf, sizeof(buf), &n_out), 2);
		if (strncmp(buf, bad[i].msg, strlen(bad[i].msg)))
			print_error("got: %s", buf);
		assert_memory_equal(buf, bad[i].msg, strlen(bad[i].msg));
		assert_int_equal(n_out, 0);	/* nothing was simulated */
	}
	{
		char *argv[] = { "pvsched sim", "run", "splpar-asym-pack",
				 "--seed" };

		assert_int_equal(cli_err(argv, 4, buf, sizeof(buf), &n_out), 2);
		assert_non_null(strstr(buf, "pvsched sim: --seed needs a "
				       "value\n"));
	}
	{
		char *argv[] = { "pvsched sim", "compare", "splpar-asym-pack",
				 "--iterations", "3", "--runtime-ms", "20",
				 "--metric", "nosuch" };

		assert_int_equal(cli_err(argv, 9, buf, sizeof(buf), &n_out), 2);
		assert_non_null(strstr(buf, "pvsched sim: unknown metric "
				       "'nosuch' for splpar-asym-pack"));
	}
	{
		char *argv[] = { "pvsched sim", "run", "splpar-asym-pack",
				 "--iterations", "1", "--runtime-ms", "50",
				 "--debug", "--inject-violation", "20" };

		assert_int_equal(cli_err(argv, 10, buf, sizeof(buf), &n_out),
				 1);
		assert_non_null(strstr(buf, "pvsched sim: invariant violated: "
				       "'injected violation' at t="));
		assert_non_null(strstr(buf, "(event 20, "));
	}
}

/*
 * dlopen() looks a --plugin name without '/' up on the library path, not
 * in the current directory: the message says to give ./NAME, and an
 * argv[0] of "pvsched-sim" gets the same prefix as `pvsched sim`.
 */
static void test_plugin_name_without_slash(void **state)
{
	char dir[] = "/tmp/test_sim_pluginXXXXXX", cwd[4096], buf[4096];
	char *argv[] = { "pvsched-sim", "run", "splpar-asym-pack", "--plugin",
			 "x.so" };
	size_t n_out;
	FILE *f;

	(void)state;
	assert_non_null(getcwd(cwd, sizeof(cwd)));
	assert_non_null(mkdtemp(dir));
	assert_int_equal(chdir(dir), 0);
	assert_int_equal(cli_err(argv, 5, buf, sizeof(buf), &n_out), 2);
	assert_memory_equal(buf, "pvsched sim: cannot load --plugin 'x.so'",
			    strlen("pvsched sim: cannot load --plugin 'x.so'"));
	assert_non_null(strstr(buf, "give its path, e.g. --plugin ./x.so\n"));
	f = fopen("x.so", "w");	/* here, but not a shared object */
	assert_non_null(f);
	fclose(f);
	assert_int_equal(cli_err(argv, 5, buf, sizeof(buf), &n_out), 2);
	assert_non_null(strstr(buf, "it is here: give --plugin ./x.so\n"));
	assert_int_equal(unlink("x.so"), 0);
	assert_int_equal(chdir(cwd), 0);
	assert_int_equal(rmdir(dir), 0);
	/* the installed pvsched-sim's own messages: the same prefix */
	argv[3] = "--bogus";
	assert_int_equal(cli_err(argv, 4, buf, sizeof(buf), &n_out), 2);
	assert_string_equal(buf, "pvsched sim: unknown option '--bogus'\n"
			    "pvsched sim: see 'pvsched sim help' for the "
			    "options\n");
}

/* The command line's whole stdout (malloc'd) and its exit status. */
static char *cli_out(char *const *argv, int argc, int *rc)
{
	FILE *out = tmpfile(), *err = tmpfile();
	long len;
	char *buf;

	assert_non_null(out);
	assert_non_null(err);
	*rc = pvsim_main(argc, (char **)argv, out, err);
	len = ftell(out);
	buf = calloc(1, (size_t)len + 1);
	assert_non_null(buf);
	rewind(out);
	assert_int_equal(fread(buf, 1, (size_t)len, out), (size_t)len);
	fclose(out);
	fclose(err);
	return buf;
}

/*
 * Issue 15, parameters as data: --set changes the run, the same seed and
 * parameters give the same output, a --params file is the same as the
 * same --set options, and bad keys or values exit 2 with the valid keys
 * or the range.
 */
static void test_params_as_data(void **state)
{
	char *a1[] = { "pvsched sim", "run", "splpar-asym-pack",
		       "--iterations", "2", "--runtime-ms", "300", "--seed",
		       "5", "--set", "pack_limit=2", "--set",
		       "jitter_pm=80" };
	char *a0[] = { "pvsched sim", "run", "splpar-asym-pack",
		       "--iterations", "2", "--runtime-ms", "300", "--seed",
		       "5" };
	char path[] = "/tmp/pvsim-params-XXXXXX";
	char *af[] = { "pvsched sim", "run", "splpar-asym-pack",
		       "--iterations", "2", "--runtime-ms", "300", "--seed",
		       "5", "--params", path };
	char *bad_key[] = { "pvsched sim", "run", "splpar-asym-pack", "--set",
			    "nosuch=1" };
	char *bad_val[] = { "pvsched sim", "run", "splpar-asym-pack", "--set",
			    "pack_limit=9" };
	char *x, *y, *z, *d, buf[2048];
	size_t n_out;
	int rc, fd;
	FILE *f;

	(void)state;
	x = cli_out(a1, 13, &rc);
	assert_int_equal(rc, 0);
	y = cli_out(a1, 13, &rc);
	assert_string_equal(x, y);
	d = cli_out(a0, 9, &rc);
	assert_int_equal(rc, 0);
	assert_true(strcmp(x, d) != 0);
	fd = mkstemp(path);
	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	assert_non_null(f);
	fprintf(f, "# the same as two --set\npack_limit = 2\n"
		"jitter_pm=80   # per mille\n\n");
	fclose(f);
	z = cli_out(af, 11, &rc);
	remove(path);
	assert_int_equal(rc, 0);
	assert_string_equal(x, z);
	free(x);
	free(y);
	free(z);
	free(d);
	assert_int_equal(cli_err(bad_key, 5, buf, sizeof(buf), &n_out), 2);
	assert_non_null(strstr(buf, "pvsched sim: unknown parameter 'nosuch' "
			       "for splpar-asym-pack (key=value); parameters: "
			       "ent_cores, pool_cores, slot_us,"));
	assert_int_equal(cli_err(bad_val, 5, buf, sizeof(buf), &n_out), 2);
	assert_non_null(strstr(buf, "pvsched sim: bad pack_limit '9' "
			       "(1..8 threads)"));
}

/* pvsim_cmd()'s whole stdout (malloc'd) for one scenario, exit status 0. */
static char *cmd_out(const struct pvsim_scenario *sc, char **argv, int argc)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *out = open_memstream(&buf, &n), *err = tmpfile();

	assert_non_null(out);
	assert_non_null(err);
	assert_int_equal(pvsim_cmd(sc, argc, argv, out, err), 0);
	fclose(out);
	fclose(err);
	return buf;
}

/* `show`'s whole text (malloc'd) for one scenario, as pvsim_main does. */
static char *show_out(const struct pvsim_scenario *sc)
{
	struct pvsim_opts o;
	uint64_t v[PVSIM_MAX_PARAMS];
	char *buf = NULL;
	size_t n = 0;
	FILE *out = open_memstream(&buf, &n);

	assert_non_null(out);
	memset(&o, 0, sizeof(o));
	pvsim_params_defaults(sc, v);
	o.param = v;
	sc->show(&o, out);
	pvsim_params_show(sc, out);
	fclose(out);
	return buf;
}

/*
 * One table per scenario is the only source of each parameter: a default
 * changed in the table alone (a copy of the scenario with a copy of its
 * table) is what `show` prints, and `run` and its JSON are those of
 * --set with the unchanged table, for every scenario. ppc-idle-hint's
 * cputime_us also shows in the model text and changes the results.
 */
static void test_params_one_table(void **state)
{
	static struct pvsim_param tab[PVSIM_MAX_PARAMS];
	const struct pvsim_scenario *sc;
	struct pvsim_scenario copy;
	char kv[96], *a, *b, *c;
	unsigned int i, k, j;

	(void)state;
	for (i = 0; (sc = pvsim_scenario_at(i)); i++) {
		bool idle_hint = !strcmp(sc->name, "ppc-idle-hint");
		const char *rt = !strcmp(sc->name, "kvm-yield-bailout") ? "4" :
				 "60";

		assert_true(sc->nparams > 0);
		memcpy(tab, sc->params, sc->nparams * sizeof(tab[0]));
		copy = *sc;
		copy.params = tab;
		/* the first parameter whose default can move by one, or
		 * ppc-idle-hint's CPU work per request */
		for (k = 0; k < sc->nparams && tab[k].def == tab[k].hi &&
		     tab[k].def == tab[k].lo; k++)
			;
		for (j = 0; idle_hint && j < sc->nparams; j++)
			if (!strcmp(tab[j].key, "cputime_us"))
				k = j;
		assert_true(k < sc->nparams);
		tab[k].def = idle_hint ? 5000 : tab[k].def < tab[k].hi ?
			     tab[k].def + 1 : tab[k].def - 1;
		snprintf(kv, sizeof(kv), "%s=%llu", tab[k].key,
			 (unsigned long long)tab[k].def);
		/* show: the table's default column, and the model text */
		a = show_out(sc);
		b = show_out(&copy);
		assert_true(strcmp(a, b) != 0);
		if (idle_hint) {
			assert_non_null(strstr(a, "does 10000 us of CPU work"));
			assert_non_null(strstr(b, "does 5000 us of CPU work"));
		}
		free(a);
		free(b);
		for (j = 0; j < 2; j++) {	/* text, then JSON */
			char *base[] = { "pvsched sim", "run",
					 (char *)sc->name, "--iterations", "1",
					 "--runtime-ms", (char *)rt,
					 j ? "--json" : "--debug", NULL, NULL };
			char *set[] = { "pvsched sim", "run",
					(char *)sc->name, "--iterations", "1",
					"--runtime-ms", (char *)rt,
					j ? "--json" : "--debug", "--set", kv };

			a = cmd_out(&copy, base, 8);
			b = cmd_out(sc, set, 10);
			if (strcmp(a, b))
				print_error("%s: %s in the table is not "
					    "--set %s\n", sc->name, kv, kv);
			assert_string_equal(a, b);
			if (idle_hint) {
				c = cmd_out(sc, base, 8);
				assert_true(strcmp(a, c) != 0);
				free(c);
			}
			free(a);
			free(b);
		}
	}
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
	run_recorded("splpar-asym-pack", 2, 50000000, &sink);
	assert_int_equal(pvsim_plot_svg(sc, &sink, f, err), 0);
	svg = slurp(f, &len);
	assert_non_null(strstr(svg, "Black diamonds: the published value"));
	for (q = svg; (q = strstr(q, "fill=\"#000\"")); q++)
		n++;
	assert_int_equal(n, 30);
	free(svg);
	fclose(f);
	fclose(err);
	pvsim_sink_free(&sink);
}

/*
 * sweep --vary: every metric across the range and where the winner
 * changes (the excess-capacity loss makes spread lose to the balancer at
 * 80 threads on 128 VPs), twice the same; a bad range names the key's
 * bounds.
 */
static void test_sweep_vary(void **state)
{
	char *a[] = { "pvsched sim", "sweep", "splpar-asym-pack", "--vary",
		      "excess_loss_pm=0:300:4", "--iterations", "3",
		      "--runtime-ms", "1000" };
	char *bad[] = { "pvsched sim", "sweep", "splpar-asym-pack", "--vary",
			"excess_loss_pm=0:900:4" };
	char *x, *y, buf[1024];
	size_t n_out;
	int rc;

	(void)state;
	x = cli_out(a, 9, &rc);
	assert_int_equal(rc, 0);
	assert_non_null(strstr(x, "80 threads, 128 VPs / records_per_s "
			       "(higher is better)"));
	assert_non_null(strstr(x, "winner changes: all but pack -> balancer "
			       "between "
			       "0 and 100"));
	y = cli_out(a, 9, &rc);
	assert_string_equal(x, y);
	free(x);
	free(y);
	assert_int_equal(cli_err(bad, 5, buf, sizeof(buf), &n_out), 2);
	assert_non_null(strstr(buf, "pvsched sim: bad --vary "
			       "'excess_loss_pm=0:900:4' (excess_loss_pm="
			       "FROM:TO:STEPS, 0 <= FROM <= TO <= 450 per "
			       "mille, 2..64 steps)"));
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
		cmocka_unit_test(test_ppc_idle_hint_records),
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
		cmocka_unit_test(test_scenario_output_deterministic),
		cmocka_unit_test(test_cli),
		cmocka_unit_test(test_cli_errors),
		cmocka_unit_test(test_plugin_name_without_slash),
		cmocka_unit_test(test_params_as_data),
		cmocka_unit_test(test_params_one_table),
		cmocka_unit_test(test_sweep_vary),
		cmocka_unit_test(test_splpar_asym_pack_published_marks),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
