// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Scenario kvm-yield-bailout (sim/models/dyield.c): perf kvm stat's arithmetic against hand
 * computed values, determinism of runs and of the printed output, the
 * invariants after every event, bad parameters, the published shape on
 * reduced runs, and that the library's functions really drive the exit
 * handler (changing their inputs changes what the model does).
 */
#include <stdlib.h>

#include "pvs_test.h"
#include "test_sim_util.h"
#include "scenarios/kvm_yield_bailout.h"
#include "engine/sim_int.h"

/* Reduced runs: 60 ms measured after 10 ms of warm-up. */
#define SHORT_NS 60000000ull

static void params(struct pvsim_dy_sim_params *p, uint32_t vcpus,
		   enum pvsim_dy_sim_policy pol, uint64_t runtime_ns)
{
	pvsim_dy_sim_defaults(p, vcpus, pol);
	p->warmup_ns = 10000000;
	p->runtime_ns = runtime_ns;
}

static void run_ok(const struct pvsim_dy_sim_params *p, uint64_t seed,
		   bool debug, struct pvsim_dy_sim_result *r)
{
	assert_int_equal(pvsim_dy_sim_run(p, seed, debug, r), 0);
	sim_test_no_violation(r->failures, &r->fail, "%u vCPUs, %s", p->vcpus,
			      pvsim_yield_bailout_policy_name(p->policy));
}

/* ---- perf kvm stat's arithmetic ------------------------------------------ */

static void test_exit_stat(void **state)
{
	struct pvsim_dy_exit_stat a, b;
	double rel;

	(void)state;
	memset(&a, 0, sizeof(a));
	assert_true(pvsim_dy_exit_rel_stddev(&a) == 0);
	pvsim_dy_exit_add(&a, 1000);
	assert_true(pvsim_dy_exit_rel_stddev(&a) == 0);	/* one sample */
	/*
	 * 1000 and 3000 ns: mean 2000, sample variance 2e6, standard error
	 * of the mean sqrt(2e6 / 2) = 1000, relative 50 %
	 */
	pvsim_dy_exit_add(&a, 3000);
	assert_int_equal(a.n, 2);
	assert_int_equal(a.sum_ns, 4000);
	assert_int_equal(a.sq_lo, 10000000);
	rel = pvsim_dy_exit_rel_stddev(&a);
	assert_true(rel > 49.999 && rel < 50.001);
	/* equal samples: no spread */
	memset(&b, 0, sizeof(b));
	pvsim_dy_exit_add(&b, 7);
	pvsim_dy_exit_add(&b, 7);
	assert_true(pvsim_dy_exit_rel_stddev(&b) == 0);
	/* squares carry into the high word: (2^32 - 1)^2 twice > 2^64 */
	memset(&b, 0, sizeof(b));
	pvsim_dy_exit_add(&b, 0xffffffffull);
	assert_int_equal(b.sq_hi, 0);
	pvsim_dy_exit_add(&b, 0xffffffffull);
	assert_int_equal(b.sq_hi, 1);
	assert_int_equal(b.sq_lo, 2 * (0xffffffffull * 0xffffffffull));
	/* merging carries too, and adds counts and sums */
	pvsim_dy_exit_merge(&b, &b);
	assert_int_equal(b.n, 4);
	assert_int_equal(b.sum_ns, 4 * 0xffffffffull);
	assert_int_equal(b.sq_hi, 3);
	pvsim_dy_exit_merge(&a, &b);
	assert_int_equal(a.n, 6);
	assert_int_equal(a.sq_hi, 3);
}

static void test_kvm_stat_print(void **state)
{
	struct pvsim_dy_exit_stat ex[PVSIM_DY_EXIT_NR];
	FILE *f = tmpfile();
	char *s, *pause, *hlt;

	(void)state;
	assert_non_null(f);
	memset(ex, 0, sizeof(ex));
	/* 3 PAUSE exits of 2, 2, 8 us; 1 HLT of 988 us; no interrupts */
	pvsim_dy_exit_add(&ex[PVSIM_DY_EXIT_PAUSE], 2000);
	pvsim_dy_exit_add(&ex[PVSIM_DY_EXIT_PAUSE], 2000);
	pvsim_dy_exit_add(&ex[PVSIM_DY_EXIT_PAUSE], 8000);
	pvsim_dy_exit_add(&ex[PVSIM_DY_EXIT_HLT], 988000);
	pvsim_dy_print_kvm_stat(f, ex);
	s = sim_test_slurp(f, NULL);
	print_message("%s", s);
	pause = strstr(s, "PAUSE_INSTRUCTION");
	hlt = strstr(s, "HLT");
	assert_non_null(pause);
	assert_non_null(hlt);
	assert_true(pause < hlt);	/* most samples first */
	assert_null(strstr(s, "EXTERNAL_INTERRUPT"));	/* no samples */
	/*
	 * 3 of 4 samples = 75 %; 12 of 1000 us = 1.2 %; avg 4 us; spread:
	 * variance (4 + 4 + 64 - 3 x 16) / 2 = 12 us^2, standard error
	 * sqrt(12 / 3) = 2 us, 50 % of the mean
	 */
	assert_non_null(strstr(pause, "3    75.00%     1.20%      4.00us "
				      "( +-  50.00% )"));
	/* one sample: old perf's stddev divides by n - 1 = 0 */
	assert_non_null(strstr(hlt, "1    25.00%    98.80%    988.00us "
				    "( +-   -nan% )"));
	assert_non_null(strstr(s, "Total Samples:4, Total events handled "
				  "time:1000.00us."));
	free(s);
	fclose(f);
}

/* ---- whole runs ---------------------------------------------------------- */

static void test_deterministic(void **state)
{
	struct pvsim_dy_sim_params p;
	struct pvsim_dy_sim_result a, b;

	(void)state;
	params(&p, 80, PVSIM_DY_SIM_BAILOUT, 20000000);
	run_ok(&p, 5, false, &a);
	run_ok(&p, 5, false, &b);
	assert_true(a.steps > 0 && a.passes > 0);
	assert_int_equal(a.events, b.events);
	assert_int_equal(a.steps, b.steps);
	assert_memory_equal(a.exits, b.exits, sizeof(a.exits));
	assert_int_equal(a.boosts, b.boosts);
	run_ok(&p, 6, false, &b);
	assert_true(a.events != b.events || a.steps != b.steps ||
		    memcmp(a.exits, b.exits, sizeof(a.exits)));
}

static char *scenario_output_with(uint64_t seed, bool json,
				  const uint64_t *param)
{
	struct pvsim_opts o;

	o = sim_test_opts(seed, 1, 3000000);
	o.json = json;
	o.param = param;
	return sim_test_output("kvm-yield-bailout", &o, NULL, NULL);
}

static char *scenario_output(uint64_t seed, bool json)
{
	return scenario_output_with(seed, json, NULL);
}

/*
 * The parameter table: its defaults are the model's (the same output as
 * no values at all), every value is in its range, a changed value changes
 * the run, values that do not fit together are refused.
 */
static void test_params(void **state)
{
	const struct pvsim_scenario *sc = pvsim_find("kvm-yield-bailout");
	uint64_t v[PVSIM_MAX_PARAMS];
	struct pvsim_opts o;
	char *a, *b;
	unsigned int i;

	(void)state;
	assert_int_equal(sc->nparams, BAIL_NPARAMS);
	assert_true(sc->nparams <= PVSIM_MAX_PARAMS);
	for (i = 0; i < sc->nparams; i++) {
		assert_true(sc->params[i].lo <= sc->params[i].def &&
			    sc->params[i].def <= sc->params[i].hi);
		v[i] = sc->params[i].def;
	}
	memset(&o, 0, sizeof(o));
	o.param = v;
	assert_null(sc->params_invalid(&o));
	a = scenario_output_with(3, false, NULL);
	b = scenario_output_with(3, false, v);
	assert_string_equal(a, b);
	free(b);
	v[BAIL_HANDOFF] = 600;
	b = scenario_output_with(3, false, v);
	assert_string_not_equal(a, b);
	free(a);
	free(b);
	/* a range may be one value; out of order, the message names it */
	v[BAIL_CS_MIN] = v[BAIL_CS_MAX];
	assert_null(sc->params_invalid(&o));
	v[BAIL_CS_MIN] = v[BAIL_CS_MAX] + 1;
	assert_string_equal(sc->params_invalid(&o), "cs_min_us <= cs_max_us");
	v[BAIL_HALT_MIN] = v[BAIL_HALT_MAX] + 1;
	assert_string_equal(sc->params_invalid(&o), "cs_min_us <= cs_max_us");
	v[BAIL_CS_MIN] = v[BAIL_CS_MAX];
	assert_string_equal(sc->params_invalid(&o),
			    "halt_min_us <= halt_max_us");
}

/* What the text output says: the tables, perf kvm stat, and the hold-out
 * lines (the bail-out row at 40 and 60 vCPUs is predicted). */
static const char *const text_says[] = {
	"80VCPU", "c) PLE + bail-out (-ESRCH)", "Total Samples:",
	"bail-out  40 vCPUs: published ~100K",
	"bail-out  80 vCPUs: published ~48-69K",
	"(predicted)\n  bail-out  80",
	NULL
};

/* Same seed and options: byte-identical output; another seed: not. */
static void test_output_deterministic(void **state)
{
	char *a = scenario_output(3, false), *b = scenario_output(3, false);
	char *c = scenario_output(4, false), *j = scenario_output(3, true);

	(void)state;
	assert_string_equal(a, b);
	assert_string_not_equal(a, c);
	sim_test_has_all(a, text_says);
	assert_null(strstr(a, "ple-off   40 vCPUs: published ~102K, "
			      "simulated 0"));
	assert_true(!strncmp(j, "{\"scenario\":\"kvm-yield-bailout\"", 21));
	assert_non_null(strstr(j, "\"policy\":\"bail-out\""));
	assert_true(j[strlen(j) - 2] == '}');
	free(a);
	free(b);
	free(c);
	free(j);
}

/* Every policy at 40 and 80 vCPUs, invariants checked after every event. */
static void test_invariants(void **state)
{
	struct pvsim_dy_sim_params p;
	struct pvsim_dy_sim_result r;
	uint32_t vcpus;
	unsigned int pol;

	(void)state;
	for (vcpus = 40; vcpus <= 80; vcpus += 40)
		for (pol = 0; pol < PVSIM_DY_SIM_NPOL; pol++) {
			params(&p, vcpus, pol, 15000000);
			run_ok(&p, 7, true, &r);
			assert_true(r.steps > 0);
			assert_true(r.exits[PVSIM_DY_EXIT_HLT].n > 0);
			if (pol == PVSIM_DY_SIM_PLE_OFF) {
				assert_int_equal(r.passes, 0);
				assert_int_equal(
					r.exits[PVSIM_DY_EXIT_PAUSE].n, 0);
			} else {
				assert_true(r.passes > 0);
				/* jobs/min from the steps, by hand */
				assert_int_equal(r.jobs_per_min,
						 r.steps * 60000000000ull /
						 (38 * 15000000ull));
			}
		}
}

static void test_bad_params(void **state)
{
	struct pvsim_dy_sim_params p;
	struct pvsim_dy_sim_result r;

	(void)state;
	params(&p, 80, PVSIM_DY_SIM_STOCK, 1000000);
	p.vcpus = 81;	/* more vCPUs than hardware threads */
	assert_int_equal(pvsim_dy_sim_run(&p, 1, false, &r), -1);
	params(&p, 80, PVSIM_DY_SIM_STOCK, 1000000);
	p.locks = 0;
	assert_int_equal(pvsim_dy_sim_run(&p, 1, false, &r), -1);
	params(&p, 80, (enum pvsim_dy_sim_policy)3, 1000000);
	assert_int_equal(pvsim_dy_sim_run(&p, 1, false, &r), -1);
	params(&p, 80, PVSIM_DY_SIM_STOCK, 1000000);
	p.ple.gap = 0;	/* PLE off contradicts a PLE policy */
	assert_int_equal(pvsim_dy_sim_run(&p, 1, false, &r), -1);
	params(&p, 80, PVSIM_DY_SIM_STOCK, 1000000);
	p.ple.vendor = PVS_PLE_SVM;	/* pvs_ple_enabled(): -PVS_ERANGE */
	p.ple.window_max = 0x10000;
	assert_int_equal(pvsim_dy_sim_run(&p, 1, false, &r), -1);
	params(&p, 80, PVSIM_DY_SIM_STOCK, 1000000);
	p.cs_min_ns = p.cs_max_ns + 1;
	assert_int_equal(pvsim_dy_sim_run(&p, 1, false, &r), -1);
	assert_string_equal(pvsim_yield_bailout_policy_name((enum pvsim_dy_sim_policy)9),
			    "unknown");
}

/* ---- the published shape ---------------------------------------------------- */

/* Mean jobs/min over iters runs (seeds 1..iters), optionally tweaked. */
static uint64_t mean_jpm(uint32_t vcpus, enum pvsim_dy_sim_policy pol,
			 uint32_t iters,
			 void (*tweak)(struct pvsim_dy_sim_params *),
			 struct pvsim_dy_sim_result *last)
{
	struct pvsim_dy_sim_params p;
	struct pvsim_dy_sim_result r;
	uint64_t sum = 0;
	uint32_t it;

	params(&p, vcpus, pol, SHORT_NS);
	if (tweak)
		tweak(&p);
	for (it = 0; it < iters; it++) {
		run_ok(&p, pvsim_iter_seed(1, it), false, &r);
		sum += r.jobs_per_min;
	}
	if (last)
		*last = r;
	return sum / iters;
}

/*
 * kvm-yield-bailout: stock PLE loses about half of PLE off's jobs/min at 40 vCPUs
 * and most of it at 60-80; the bail-out stays close to PLE off at 40 and
 * keeps most of it at 80; PLE off itself slows down with more vCPUs.
 */
static void test_kvm_yield_bailout_shape(void **state)
{
	uint64_t off[3], stock[3], bail[3];
	unsigned int c;

	(void)state;
	for (c = 0; c < 3; c++) {
		off[c] = mean_jpm(40 + 20 * c, PVSIM_DY_SIM_PLE_OFF, 2, NULL,
				  NULL);
		stock[c] = mean_jpm(40 + 20 * c, PVSIM_DY_SIM_STOCK, 2, NULL,
				    NULL);
		bail[c] = mean_jpm(40 + 20 * c, PVSIM_DY_SIM_BAILOUT, 2, NULL,
				   NULL);
		print_message("%u vCPUs: off %llu stock %llu bail-out %llu\n",
			      40 + 20 * c, (unsigned long long)off[c],
			      (unsigned long long)stock[c],
			      (unsigned long long)bail[c]);
		assert_true(stock[c] < bail[c]);
		assert_true(bail[c] <= off[c]);
	}
	/* 40 vCPUs: stock about half, bail-out within 10 % */
	assert_true(stock[0] * 100 < off[0] * 65);
	assert_true(stock[0] * 100 > off[0] * 35);
	assert_true(bail[0] * 100 >= off[0] * 90);
	/* 60 and 80 vCPUs: stock keeps well under half */
	assert_true(stock[1] * 100 < off[1] * 40);
	assert_true(stock[2] * 100 < off[2] * 35);
	/* 80 vCPUs: the bail-out keeps most, and far more than stock */
	assert_true(bail[2] * 100 >= off[2] * 60);
	assert_true(bail[2] > 2 * stock[2]);
	/* the bail-out's loss grows with the guest */
	assert_true(bail[2] * off[0] < bail[0] * off[2]);
	/* PLE off: ticket handoffs slow down with more waiters */
	assert_true(off[0] > off[1] && off[1] > off[2]);
}

/* ---- the library decides ------------------------------------------------- */

/*
 * The policy handed to pvs_dy_on_spin() and pvs_should_yield() decides
 * what the handler does: stock walks every vCPU and takes runqueue locks,
 * never sees -ESRCH and never stops on failures; the bail-out sees
 * -ESRCH and stops after three.
 */
static void test_policy_flips_yield(void **state)
{
	struct pvsim_dy_sim_result s, b;

	(void)state;
	mean_jpm(80, PVSIM_DY_SIM_STOCK, 1, NULL, &s);
	mean_jpm(80, PVSIM_DY_SIM_BAILOUT, 1, NULL, &b);
	assert_true(s.passes > 0 && b.passes > 0);
	assert_int_equal(s.esrch, 0);
	assert_int_equal(s.stop_failures, 0);
	assert_true(s.examined > 70 * s.passes);
	assert_true(s.rqlocks > 20 * s.passes);
	assert_true(b.esrch > 2 * b.passes);
	assert_true(b.stop_failures * 10 > b.passes * 9);
	assert_true(b.examined < 20 * b.passes);
	assert_true(b.rqlocks < 2 * b.passes);
	/* a boost hands the spinner's CPU to a waiting host task */
	assert_true(s.boosts > 0 && s.yield_sched > 0);
}

/* Today's candidates: only preempted vCPUs are ready (v3.11+). */
static void today_candidates(struct pvsim_dy_sim_params *p)
{
	p->v37_candidates = false;
}

/* Today's window: grow x2 on exits, reset on sched-in (v3.18+). */
static void today_window(struct pvsim_dy_sim_params *p)
{
	p->ple.grow = PVS_PLE_VMX_GROW;
	p->ple.shrink = PVS_PLE_VMX_SHRINK;
}

/*
 * What the snapshot says and what the window functions return change the
 * outcome: with the ready filter almost no candidate reaches the yield
 * function and stock does as well as the bail-out; with the growing
 * window pause-loop exits become rare and stock PLE costs little.
 */
static void test_library_inputs(void **state)
{
	struct pvsim_dy_sim_result r, w;
	uint64_t off, stock, bail;

	(void)state;
	off = mean_jpm(80, PVSIM_DY_SIM_PLE_OFF, 1, NULL, NULL);
	stock = mean_jpm(80, PVSIM_DY_SIM_STOCK, 1, today_candidates, &r);
	bail = mean_jpm(80, PVSIM_DY_SIM_BAILOUT, 1, today_candidates, NULL);
	print_message("today's candidates: off %llu stock %llu bail-out %llu\n",
		      (unsigned long long)off, (unsigned long long)stock,
		      (unsigned long long)bail);
	assert_true(r.yield_calls * 10 < r.passes);
	assert_true(stock * 100 >= off * 90 && bail * 100 >= off * 90);
	/* the constant v3.7 window: every exit at 4096 cycles */
	mean_jpm(80, PVSIM_DY_SIM_STOCK, 1, NULL, &r);
	assert_int_equal(r.window_sum, 4096 * r.passes);
	stock = mean_jpm(80, PVSIM_DY_SIM_STOCK, 1, today_window, &w);
	print_message("today's window: stock %llu, exits %llu -> %llu\n",
		      (unsigned long long)stock,
		      (unsigned long long)r.exits[PVSIM_DY_EXIT_PAUSE].n,
		      (unsigned long long)w.exits[PVSIM_DY_EXIT_PAUSE].n);
	assert_true(w.window_sum > 4 * 4096 * w.passes);
	/* exits per step: w.exits / w.steps < r.exits / r.steps / 10 */
	assert_true(w.exits[PVSIM_DY_EXIT_PAUSE].n * r.steps * 10 <
		    r.exits[PVSIM_DY_EXIT_PAUSE].n * w.steps);
	assert_true(stock * 100 >= off * 90);
}

/* ---- decision hooks -------------------------------------------------------- */

/* Calls of each hook (the user pointer). */
struct hook_calls {
	uint64_t yield, pass, loop, ple;
	bool refuse;	/* should_yield: never bail out, never boost */
};

static int h_should_yield(void *user, const struct pvs_rq_lens *rq)
{
	struct hook_calls *c = user;

	c->yield++;
	return c->refuse ? PVS_YIELD_SKIP : pvs_should_yield(rq);
}

static int h_dy_on_spin(void *user, struct pvs_dy_vm *vm,
			const struct pvs_dy_spinner *sp,
			struct pvs_dy_result *res)
{
	((struct hook_calls *)user)->pass++;
	return pvs_dy_on_spin(vm, sp, res);
}

static void h_spin_loop(void *user, struct pvs_vcpu_snap *me, bool enter)
{
	((struct hook_calls *)user)->loop++;
	if (enter)
		pvs_dy_spin_enter(me);
	else
		pvs_dy_spin_exit(me);
}

static int h_ple_step(void *user, const struct pvs_ple_params *p,
		      enum pvs_ple_event ev, uint32_t *window)
{
	((struct hook_calls *)user)->ple++;
	return pvs_ple_step(p, ev, window);
}

/*
 * Hooks that hand every decision to the library give the library's run,
 * to the event, for every policy, size and seed; each hook is consulted;
 * a hook that answers differently changes the run.
 */
static void test_hooks(void **state)
{
	static const uint32_t vcpus[] = { 40, 80 };
	struct hook_calls calls;
	struct pvsim_hooks h = {
		.name = "library-again", .user = &calls,
		.should_yield = h_should_yield, .dy_on_spin = h_dy_on_spin,
		.dy_spin_loop = h_spin_loop, .ple_step = h_ple_step
	};
	struct pvsim_dy_sim_params p;
	struct pvsim_dy_sim_result a, b;
	unsigned int v, pol;
	uint64_t seed;

	(void)state;
	for (v = 0; v < 2; v++)
		for (pol = 0; pol < PVSIM_DY_SIM_NPOL; pol++)
			for (seed = 1; seed <= 4; seed++) {
				memset(&calls, 0, sizeof(calls));
				params(&p, vcpus[v], pol, 5000000);
				run_ok(&p, seed, false, &a);
				p.hooks = &h;
				run_ok(&p, seed, seed == 1, &b);
				assert_int_equal(a.events, b.events);
				assert_int_equal(a.steps, b.steps);
				assert_int_equal(a.esrch, b.esrch);
				assert_int_equal(a.boosts, b.boosts);
				assert_memory_equal(a.exits, b.exits,
						    sizeof(a.exits));
				if (pol == PVSIM_DY_SIM_PLE_OFF)
					continue;
				assert_true(calls.pass > 0 && calls.yield > 0);
				assert_true(calls.loop >= calls.pass);
				assert_true(calls.ple >= calls.pass);
			}
	/* never -ESRCH: the bail-out kernel pays the locks like stock */
	memset(&calls, 0, sizeof(calls));
	calls.refuse = true;
	params(&p, 80, PVSIM_DY_SIM_BAILOUT, 5000000);
	run_ok(&p, 1, false, &a);
	p.hooks = &h;
	run_ok(&p, 1, true, &b);
	assert_true(a.esrch > 0);
	assert_int_equal(b.esrch, 0);
	assert_int_equal(b.boosts, 0);
	assert_true(b.steps < a.steps);
}

/* ---- command line and records -------------------------------------------- */

static void test_cli_records(void **state)
{
	const struct pvsim_scenario *sc = pvsim_find("kvm-yield-bailout");
	char *run[] = { "pvsched-sim", "run", "kvm-yield-bailout", "--iterations", "1",
			"--runtime-ms", "2" };
	char *show[] = { "pvsched-sim", "show", "kvm-yield-bailout" };
	char *bad[] = { "pvsched-sim", "run", "kvm-yield-bailout", "--iterations", "0" };
	struct pvsim_sink sink;
	struct pvsim_totals tot;
	struct pvsim_opts o;
	FILE *out = tmpfile(), *err = tmpfile();
	char *s;
	size_t i;

	(void)state;
	assert_non_null(sc);
	assert_non_null(out);
	assert_non_null(err);
	assert_int_equal(pvsim_main(7, run, out, err), 0);
	assert_int_equal(pvsim_main(3, show, out, err), 0);
	assert_int_equal(pvsim_main(5, bad, out, err), 2);
	s = sim_test_slurp(out, NULL);
	assert_non_null(strstr(s, "pvs_dy_on_spin()"));
	free(s);
	assert_int_equal(sc->plot_kind, PVSIM_PLOT_BARS);
	assert_string_equal(sc->plot_metrics, "jobs_per_min");
	memset(&sink, 0, sizeof(sink));
	memset(&tot, 0, sizeof(tot));
	o = sim_test_opts(1, 2, 2000000);
	o.sink = &sink;
	assert_int_equal(sc->run(&o, err, &tot), 0);
	assert_int_equal(tot.runs, 18);
	assert_int_equal(tot.failures, 0);
	assert_true(tot.events > 0);
	/* 3 cases x 3 policies x 2 iterations, baseline policy first */
	assert_int_equal(sink.n, 18);
	assert_false(sink.lost);
	assert_string_equal(sink.v[0].case_name, "40 vCPUs");
	assert_string_equal(sink.v[0].policy, "ple-off");
	assert_string_equal(sink.v[2].policy, "stock");
	assert_string_equal(sink.v[4].policy, "bail-out");
	assert_string_equal(sink.v[17].case_name, "80 vCPUs");
	/* every published mark names a recorded case and policy */
	assert_int_equal(sc->npublished, 9);
	for (i = 0; i < sc->npublished; i++) {
		size_t j;
		bool found = false;

		for (j = 0; j < sink.n; j++)
			found |= !strcmp(sink.v[j].case_name,
					 sc->published[i].case_name) &&
				 !strcmp(sink.v[j].policy,
					 sc->published[i].policy) &&
				 !strcmp(sink.v[j].metric,
					 sc->published[i].metric);
		assert_true(found);
	}
	for (i = 0; i < sink.n; i++) {
		assert_string_equal(sink.v[i].metric, "jobs_per_min");
		assert_int_equal(sink.v[i].iter, i % 2);
		assert_true(sink.v[i].value > 0);
	}
	pvsim_sink_free(&sink);
	fclose(out);
	fclose(err);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_exit_stat),
		cmocka_unit_test(test_kvm_stat_print),
		cmocka_unit_test(test_deterministic),
		cmocka_unit_test(test_output_deterministic),
		cmocka_unit_test(test_params),
		cmocka_unit_test(test_invariants),
		cmocka_unit_test(test_bad_params),
		cmocka_unit_test(test_kvm_yield_bailout_shape),
		cmocka_unit_test(test_policy_flips_yield),
		cmocka_unit_test(test_library_inputs),
		cmocka_unit_test(test_hooks),
		cmocka_unit_test(test_cli_records),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
