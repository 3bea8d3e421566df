// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Scenario pseries-cede-latency, its run: per platform and boot the
 * firmware image, the selftests and the compensation; per workload and
 * policy the partition's run; the tables, JSON and records of each
 * (pvsim_cede_latency_tables()). The scenario's description, show and
 * parameter checks are in pseries_cede_latency.c.
 */
#include <stdlib.h>
#include <string.h>

#include "scenarios/pseries_cede_latency.h"
#include "engine/sim_int.h"
#include "report/json.h"

#define CEDE_NPOL 3	/* built-in policies */
#define CEDE_MAXPOL 4	/* and a plug-in's */
#define CEDE_NPCT PVSIM_NPCT

/* baseline (the rule before the fix) first */
static const enum pvs_idle_policy cede_pol[CEDE_NPOL] = {
	PVS_IDLE_TRUST_FW, PVS_IDLE_KERNEL, PVS_IDLE_COMPENSATED
};
static const char *const cede_pol_name[CEDE_NPOL] = {
	"trust-fw", "kernel", "compensated"
};
const char *const pvsim_cede_latency_wl_name[PVSIM_CEDE_LATENCY_NWL] = {
	"short idles", "latency QoS", "long idles"
};

static const char *cede_kind_name(enum pvsim_cede_latency_kind k)
{
	return k == PVSIM_CEDE_LATENCY_PINGPONG ? "IPI ping-pong" :
	       k == PVSIM_CEDE_LATENCY_TIMER_SLEEP ? "timer sleepers" : "IPI sleepers";
}

/* "IPI ping-pong, 2 pairs, busy 2-20 us / 2-60 us" and the QoS */
void pvsim_cede_latency_print_work(FILE *f,
				   const struct pvsim_cede_latency_work *w)
{
	bool pp = w->kind == PVSIM_CEDE_LATENCY_PINGPONG;

	fprintf(f, "%s, %u %s, %s %llu-%llu us, %s %llu-%llu us",
		cede_kind_name(w->kind), pp ? w->nr_cpus / 2 : w->nr_cpus,
		pp ? "pairs" : "CPUs", pp ? "server work" : "run",
		(unsigned long long)w->work_min_ns / 1000,
		(unsigned long long)w->work_max_ns / 1000,
		pp ? "client think" : "sleep",
		(unsigned long long)w->think_min_ns / 1000,
		(unsigned long long)w->think_max_ns / 1000);
	if (w->qos_ns)
		fprintf(f, ", PM QoS resume latency %llu us",
			(unsigned long long)w->qos_ns / 1000);
}


/* ---- printing helpers ---------------------------------------------------- */

static uint64_t cede_share_centi(uint64_t part, uint64_t all)
{
	return all ? part * 10000 / all : 0;
}

static void cede_pr_stats_row(FILE *f, const char *label,
			    const struct pvs_lat_stats *st)
{
	char avg[32], sd[32];

	snprintf(avg, sizeof(avg), "%llu.%02u",
		 (unsigned long long)st->mean_ns, st->mean_frac_milli / 10);
	snprintf(sd, sizeof(sd), "%llu.%02u",
		 (unsigned long long)st->stddev_ns, st->stddev_frac_milli / 10);
	fprintf(f, "%-13s %-7u %-7llu %-7llu %-10s %-7llu %-7llu %-7llu %s\n",
		label, st->n, (unsigned long long)st->min_ns,
		(unsigned long long)st->median_ns, avg,
		(unsigned long long)st->p90_ns, (unsigned long long)st->p99_ns,
		(unsigned long long)st->max_ns, sd);
}

static void cede_pr_stats_hdr(FILE *f, const char *first)
{
	fprintf(f, "%-13s %-7s %-7s %-7s %-10s %-7s %-7s %-7s %s\n", first,
		"N", "Min", "Median", "Avg", "90%ile", "99%ile", "Max",
		"Stddev");
}

static void cede_json_stats(struct pvsim_json *j, const struct pvs_lat_stats *st)
{
	pvsim_json_u64(j, "n", st->n);
	pvsim_json_u64(j, "min_ns", st->min_ns);
	pvsim_json_u64(j, "median_ns", st->median_ns);
	pvsim_json_fixed(j, "avg_ns", st->mean_ns * 1000 + st->mean_frac_milli,
			 3);
	pvsim_json_u64(j, "p90_ns", st->p90_ns);
	pvsim_json_u64(j, "p99_ns", st->p99_ns);
	pvsim_json_u64(j, "max_ns", st->max_ns);
	pvsim_json_fixed(j, "stddev_ns",
			 st->stddev_ns * 1000 + st->stddev_frac_milli, 3);
}

static double cede_us(uint64_t ns)
{
	return (double)ns / 1000.0;
}

/* whole ns + thousandths (pvs_lat_stats' fixed point) in us */
static double cede_fixed_us(uint64_t ns, uint32_t milli)
{
	return (double)ns / 1000.0 + (double)milli / 1000000.0;
}

/* ---- the run ------------------------------------------------------------- */

struct cede_run {
	const struct pvsim_opts *o;
	FILE *f;
	struct pvsim_totals *tot;
	uint32_t iters;
	size_t run_cap;
	uint64_t *pool, *runbuf;
	unsigned int npol;		/* CEDE_NPOL, or CEDE_MAXPOL with a plug-in */
	struct pvsim_cede_latency_measure *m[PVSIM_CEDE_LATENCY_NPLAT];
	struct pvsim_json j;		/* with o->json */
};

/* A policy's name in tables and records: the built-in's, or the
 * plug-in's. */
static const char *cede_pol_label(const struct cede_run *x, unsigned int k)
{
	return pvsim_policy(x->o, cede_pol_name, CEDE_NPOL, k);
}

/* Boot it of platform pl: its wake path under boot_noise_pm. */
static void cede_boot_pl(const struct cede_run *x,
		       const struct pvsim_cede_latency_platform *pl,
		       uint32_t it, struct pvsim_cede_latency_platform *out)
{
	*out = *pl;
	pvsim_cede_latency_boot(out, pvsim_iter_seed(x->o->seed, it));
}

/* The CEDE state policy k gives at boot it (the plug-in's hook, else the
 * library; a plug-in without it is the patched rule, kernel). */
static int cede_decide(const struct cede_run *x,
		     const struct pvsim_cede_latency_platform *pl,
		     unsigned int p, uint32_t it, unsigned int k,
		     struct pvs_idle_state states[2],
		     struct pvs_idle_latency *lat, int *parse_ret)
{
	const struct pvsim_cede_latency_measure *m = &x->m[p][it];

	return pvsim_cede_latency_decide(pl, k < CEDE_NPOL ? NULL :
					 x->o->plugin, k < CEDE_NPOL ?
					 cede_pol[k] : PVS_IDLE_KERNEL,
					 m->compensation_ns, &m->timer,
					 &m->ipi, states, lat, parse_ret);
}

static uint64_t cede_iter_seed(const struct cede_run *x, uint32_t it)
{
	return pvsim_iter_seed(x->o->seed, it);
}

static void cede_tot(struct cede_run *x, uint64_t events, uint64_t failures,
		   const struct pvsim_failure *fail, const char *cs,
		   const char *pol, uint32_t it)
{
	pvsim_totals_add(x->tot, events, failures, fail, cs, pol, it,
			 cede_iter_seed(x, it));
}

/*
 * The published POWER9 selftest (docs/upstream-rules.md,
 * pseries-cede-latency), timer then IPI: calibration inputs of the wake
 * path (pvsim_cede_latency_params[]), not predictions.
 */
static const struct pvs_lat_stats cede_published[2] = {
	{ .n = 400, .min_ns = 2601, .median_ns = 5677, .mean_ns = 5668,
	  .mean_frac_milli = 740, .p90_ns = 5917, .p99_ns = 6413,
	  .max_ns = 9299, .stddev_ns = 455, .stddev_frac_milli = 10 },
	{ .n = 400, .min_ns = 711, .median_ns = 7564, .mean_ns = 7369,
	  .mean_frac_milli = 430, .p90_ns = 8559, .p99_ns = 9514,
	  .max_ns = 9698, .stddev_ns = 1200, .stddev_frac_milli = 10 },
};

/* The published compensation: IPI p99 9514 - firmware 2000 ns. */
#define CEDE_PUBLISHED_COMP_NS 7514

/* Field-wise extreme of a and b (max when hi): a boots min/max row. */
static void cede_stats_extreme(struct pvs_lat_stats *a,
			     const struct pvs_lat_stats *b, bool hi)
{
#define CEDE_EXT(f) a->f = (hi ? b->f > a->f : b->f < a->f) ? b->f : a->f
	uint64_t am = a->mean_ns * 1000 + a->mean_frac_milli;
	uint64_t bm = b->mean_ns * 1000 + b->mean_frac_milli;
	uint64_t as = a->stddev_ns * 1000 + a->stddev_frac_milli;
	uint64_t bs = b->stddev_ns * 1000 + b->stddev_frac_milli;

	CEDE_EXT(min_ns);
	CEDE_EXT(median_ns);
	CEDE_EXT(p90_ns);
	CEDE_EXT(p99_ns);
	CEDE_EXT(max_ns);
#undef CEDE_EXT
	if (hi ? bm > am : bm < am) {
		a->mean_ns = b->mean_ns;
		a->mean_frac_milli = b->mean_frac_milli;
	}
	if (hi ? bs > as : bs < as) {
		a->stddev_ns = b->stddev_ns;
		a->stddev_frac_milli = b->stddev_frac_milli;
	}
}

/*
 * Below a selftest table: the spread over boots (each statistic's
 * smallest and largest over the iterations) and, on POWER9, the published
 * row, labelled calibrated (the wake path was tuned to it).
 */
static void cede_holdout_selftest(struct cede_run *x, unsigned int p, bool ipi)
{
	struct pvs_lat_stats lo, hi;
	uint32_t it;

	lo = hi = ipi ? x->m[p][0].ipi : x->m[p][0].timer;
	for (it = 1; it < x->iters; it++) {
		const struct pvs_lat_stats *st = ipi ? &x->m[p][it].ipi :
						       &x->m[p][it].timer;

		cede_stats_extreme(&lo, st, false);
		cede_stats_extreme(&hi, st, true);
	}
	cede_pr_stats_row(x->f, "boots min", &lo);
	cede_pr_stats_row(x->f, "boots max", &hi);
	if (p != PVSIM_CEDE_LATENCY_POWER9) {
		fprintf(x->f, "(no published %s selftest: its wake path is "
			"POWER9's, assumed)\n", ipi ? "IPI" : "timer");
		return;
	}
	cede_pr_stats_row(x->f, "published", &cede_published[ipi]);
	fprintf(x->f, "(published row: calibrated, the wake path's input; "
		"not a prediction)\n");
}

/* Selftest table: iteration 0 and all iterations pooled. */
static int cede_selftest_table(struct cede_run *x, unsigned int p, bool ipi)
{
	struct pvs_lat_stats all;
	size_t n = 0;
	uint32_t it;

	for (it = 0; it < x->iters; it++) {
		memcpy(x->pool + n, ipi ? x->m[p][it].ipi_ns :
		       x->m[p][it].timer_ns, sizeof(x->m[p][it].ipi_ns));
		n += PVSIM_CEDE_LATENCY_SELFTEST_N;
	}
	if (pvs_lat_stats(x->pool, n, &all))
		return -1;
	if (x->o->json) {
		pvsim_json_obj(&x->j, ipi ? "ipi" : "timer");
		pvsim_json_obj(&x->j, "iteration0");
		cede_json_stats(&x->j, ipi ? &x->m[p][0].ipi : &x->m[p][0].timer);
		pvsim_json_close(&x->j);
		pvsim_json_obj(&x->j, "all");
		cede_json_stats(&x->j, &all);
		pvsim_json_close(&x->j);
		pvsim_json_close(&x->j);
		return 0;
	}
	fprintf(x->f, "CEDE latency measured using %s (numbers in ns)\n",
		ipi ? "an IPI" : "a timer");
	cede_pr_stats_hdr(x->f, "");
	cede_pr_stats_row(x->f, "iteration 0",
			ipi ? &x->m[p][0].ipi : &x->m[p][0].timer);
	cede_pr_stats_row(x->f, "all", &all);
	cede_holdout_selftest(x, p, ipi);
	return 0;
}

static int cede_platform_head(struct cede_run *x, unsigned int p,
			    const struct pvsim_cede_latency_platform *pl)
{
	struct pvs_idle_state states[2];
	struct pvs_idle_latency lat[CEDE_MAXPOL];
	uint64_t cmin = UINT64_MAX, cmax = 0, emin = UINT64_MAX, emax = 0;
	unsigned int k;
	uint32_t it;
	size_t b;
	int nr;

	for (it = 0; it < x->iters; it++) {
		uint64_t c = x->m[p][it].compensation_ns;
		struct pvs_idle_latency l;

		if (pvsim_cede_latency_cede_state(pl, PVS_IDLE_COMPENSATED, c, states, &l,
				      NULL))
			return -1;
		cmin = c < cmin ? c : cmin;
		cmax = c > cmax ? c : cmax;
		emin = l.exit_latency_us < emin ? l.exit_latency_us : emin;
		emax = l.exit_latency_us > emax ? l.exit_latency_us : emax;
	}
	for (k = 0; k < x->npol; k++)
		if (cede_decide(x, pl, p, 0, k, states, &lat[k], &nr))
			return -1;
	if (x->o->json) {
		pvsim_json_obj(&x->j, NULL);
		pvsim_json_str(&x->j, "platform", pl->name);
		pvsim_json_hex(&x->j, "fw_image", pl->fw, pl->fw_len);
		pvsim_json_i64(&x->j, "fw_records", nr);
		pvsim_json_u64(&x->j, "fw_latency_ns", x->m[p][0].fw_latency_ns);
		pvsim_json_obj(&x->j, "selftest");
		if (cede_selftest_table(x, p, false) ||
		    cede_selftest_table(x, p, true))
			return -1;
		pvsim_json_arr(&x->j, "compensation_ns");
		for (it = 0; it < x->iters; it++)
			pvsim_json_u64(&x->j, NULL, x->m[p][it].compensation_ns);
		pvsim_json_close(&x->j);
		pvsim_json_close(&x->j);
		pvsim_json_obj(&x->j, "cede_iteration0");
		for (k = 0; k < x->npol; k++) {
			pvsim_json_obj(&x->j, cede_pol_label(x, k));
			pvsim_json_u64(&x->j, "exit_us", lat[k].exit_latency_us);
			pvsim_json_u64(&x->j, "residency_us",
				       lat[k].target_residency_us);
			pvsim_json_str(&x->j, "source",
				       pvs_idle_source_name(lat[k].source));
			pvsim_json_close(&x->j);
		}
		pvsim_json_close(&x->j);
		pvsim_json_arr(&x->j, "cases");
		return 0;
	}
	fprintf(x->f, "==== %s dedicated partition ====\n", pl->name);
	fprintf(x->f, "firmware token 45 image (%zu bytes):", pl->fw_len);
	for (b = 0; b < pl->fw_len; b++)
		fprintf(x->f, " %02x", pl->fw[b]);
	fprintf(x->f, "\npvs_xcede_parse: %d record(s), minimum non-zero "
		"latency %llu ns\n\n", nr,
		(unsigned long long)x->m[p][0].fw_latency_ns);
	if (cede_selftest_table(x, p, false) || cede_selftest_table(x, p, true))
		return -1;
	fprintf(x->f, "compensation = IPI p99 - firmware = %llu - %llu = %llu "
		"ns (iteration 0; %llu..%llu over %u iterations)\n",
		(unsigned long long)x->m[p][0].ipi.p99_ns,
		(unsigned long long)x->m[p][0].fw_latency_ns,
		(unsigned long long)x->m[p][0].compensation_ns,
		(unsigned long long)cmin, (unsigned long long)cmax, x->iters);
	if (p == PVSIM_CEDE_LATENCY_POWER9)
		fprintf(x->f, "published compensation %u ns (9514 - 2000): "
			"calibrated (it follows from the IPI p99 the wake path "
			"was tuned to)\n", CEDE_PUBLISHED_COMP_NS);
	fprintf(x->f, "\n");
	fprintf(x->f, "CEDE state (pvs_idle_state_latency), iteration 0\n");
	fprintf(x->f, "%-13s %-8s %-13s %s\n", "policy", "exit us",
		"residency us", "source");
	for (k = 0; k < x->npol; k++) {
		fprintf(x->f, "%-13s %-8u %-13u %s", cede_pol_label(x, k),
			lat[k].exit_latency_us, lat[k].target_residency_us,
			pvs_idle_source_name(lat[k].source));
		if (k < CEDE_NPOL && cede_pol[k] == PVS_IDLE_COMPENSATED)
			fprintf(x->f, " (exit %llu..%llu us over iterations)",
				(unsigned long long)emin,
				(unsigned long long)emax);
		fprintf(x->f, "\n");
	}
	fprintf(x->f, "\n");
	return 0;
}

/* Pooled results of one platform x workload x policy. */
struct cede_cell {
	struct pvs_lat_stats st;
	uint64_t idle_ns[2], entries[2], timeouts, wakes, over_qos;
	size_t n;
};

/* After a workload's tables: the predicted outcome under trust-fw and
 * kernel against what the published thread says (a direction, no
 * number). */
static void cede_holdout_workload(struct cede_run *x, unsigned int p,
				const struct cede_cell *c)
{
	char a[32], b[32];
	uint64_t ea = c[0].entries[0] + c[0].entries[1];
	uint64_t eb = c[1].entries[0] + c[1].entries[1];

	fprintf(x->f, "predicted (published: %s; no number): CEDE %%entries "
		"trust-fw %s%% vs kernel %s%%, p99 %llu vs %llu ns\n",
		p == PVSIM_CEDE_LATENCY_POWER9 ? "trust-fw picks CEDE for idles "
		"too short to pay for it" : "no change from POWER10 on",
		pvsim_fixed(a, sizeof(a),
			    cede_share_centi(c[0].entries[1], ea), 2),
		pvsim_fixed(b, sizeof(b),
			    cede_share_centi(c[1].entries[1], eb), 2),
		(unsigned long long)c[0].st.p99_ns,
		(unsigned long long)c[1].st.p99_ns);
}

static void cede_record_iter(struct cede_run *x, const char *cs, unsigned int k,
			   uint32_t it, const struct pvsim_cede_latency_result *r,
			   const struct pvs_lat_stats *st, bool qos)
{
	const char *pol = cede_pol_label(x, k);
	uint64_t v;
	unsigned int i;

	for (i = 0; i < CEDE_NPCT; i++) {
		pvs_lat_percentile(r->lat_ns, r->n, pvsim_pct_pm[i], &v);
		pvsim_record(x->o, cs, pol, pvsim_pct_metric[i], it, cede_us(v));
	}
	pvsim_record(x->o, cs, pol, "mean_us", it,
		       cede_fixed_us(st->mean_ns, st->mean_frac_milli));
	pvsim_record(x->o, cs, pol, "max_us", it, cede_us(st->max_ns));
	pvsim_record(x->o, cs, pol, "snooze_pct", it,
		       (double)cede_share_centi(r->idle_ns[0], r->idle_ns[0] +
					      r->idle_ns[1]) / 100.0);
	pvsim_record(x->o, cs, pol, "snooze_entries_pct", it,
		       (double)cede_share_centi(r->entries[0], r->entries[0] +
					      r->entries[1]) / 100.0);
	if (qos)
		pvsim_record(x->o, cs, pol, "over_qos_pct", it,
			       (double)cede_share_centi(r->over_qos, r->wakes) /
			       100.0);
}

static int cede_cell_run(struct cede_run *x, const struct pvsim_cede_latency_platform *pl,
		       unsigned int p, unsigned int wl, unsigned int k,
		       struct cede_cell *cell)
{
	struct pvs_idle_state states[2];
	struct pvs_idle_latency lat;
	struct pvs_lat_stats st;
	struct pvsim_cede_latency_work w;
	struct pvsim_cede_latency_result r;
	char cs[64];
	uint32_t it;

	snprintf(cs, sizeof(cs), "%s %s", pl->name, pvsim_cede_latency_wl_name[wl]);
	memset(cell, 0, sizeof(*cell));
	pvsim_cede_latency_workload_with(&w, wl, x->o->runtime_ns, pl->param);
	for (it = 0; it < x->iters; it++) {
		struct pvsim_cede_latency_platform bpl;

		cede_boot_pl(x, pl, it, &bpl);
		if (cede_decide(x, &bpl, p, it, k, states, &lat, NULL))
			return -1;
		memset(&r, 0, sizeof(r));
		r.lat_ns = x->runbuf;
		r.cap = x->run_cap;
		if (pvsim_cede_latency_run(&bpl, states, &w,
			       pvsim_iter_seed(cede_iter_seed(x, it), wl),
			       x->o->debug, &r) || !r.n)
			return -1;
		cede_tot(x, r.events, r.failures, &r.fail, cs,
		       cede_pol_label(x, k), it);
		memcpy(x->pool + cell->n, r.lat_ns, r.n * sizeof(*r.lat_ns));
		cell->n += r.n;
		if (pvs_lat_stats(r.lat_ns, r.n, &st))
			return -1;
		cede_record_iter(x, cs, k, it, &r, &st, w.qos_ns != 0);
		pvsim_record(x->o, cs, cede_pol_label(x, k), "cede_exit_us", it,
			       lat.exit_latency_us);
		pvsim_record(x->o, cs, cede_pol_label(x, k),
			       "cede_residency_us", it,
			       lat.target_residency_us);
		cell->idle_ns[0] += r.idle_ns[0];
		cell->idle_ns[1] += r.idle_ns[1];
		cell->entries[0] += r.entries[0];
		cell->entries[1] += r.entries[1];
		cell->timeouts += r.snooze_timeouts;
		cell->wakes += r.wakes;
		cell->over_qos += r.over_qos;
	}
	return pvs_lat_stats(x->pool, cell->n, &cell->st) ? -1 : 0;
}

/* a share in hundredths of a percent, right-aligned, with "%" */
static void cede_pr_pct(FILE *f, uint64_t centi)
{
	char b[32];

	fprintf(f, " %7s%%", pvsim_fixed(b, sizeof(b), centi, 2));
}

static void cede_pr_split(FILE *f, const char *pol, const struct cede_cell *c,
			bool qos)
{
	uint64_t it = c->idle_ns[0] + c->idle_ns[1];
	uint64_t ie = c->entries[0] + c->entries[1];

	fprintf(f, "%-13s", pol);
	cede_pr_pct(f, cede_share_centi(c->idle_ns[0], it));
	cede_pr_pct(f, cede_share_centi(c->entries[0], ie));
	cede_pr_pct(f, cede_share_centi(c->idle_ns[1], it));
	cede_pr_pct(f, cede_share_centi(c->entries[1], ie));
	fprintf(f, " %9llu", (unsigned long long)c->timeouts);
	if (qos)
		cede_pr_pct(f, cede_share_centi(c->over_qos, c->wakes));
	fprintf(f, "\n");
}

static void cede_json_cell(struct pvsim_json *j, const char *pol,
			   const struct cede_cell *c, bool qos)
{
	pvsim_json_obj(j, NULL);
	pvsim_json_str(j, "policy", pol);
	cede_json_stats(j, &c->st);
	pvsim_json_fixed(j, "snooze_time_pct",
			 cede_share_centi(c->idle_ns[0], c->idle_ns[0] +
					  c->idle_ns[1]), 2);
	pvsim_json_fixed(j, "snooze_entries_pct",
			 cede_share_centi(c->entries[0], c->entries[0] +
					  c->entries[1]), 2);
	pvsim_json_u64(j, "snooze_timeouts", c->timeouts);
	if (qos)
		pvsim_json_fixed(j, "over_qos_pct",
				 cede_share_centi(c->over_qos, c->wakes), 2);
	pvsim_json_close(j);
}

static int cede_workload(struct cede_run *x, const struct pvsim_cede_latency_platform *pl,
		       unsigned int p, unsigned int wl)
{
	struct cede_cell cell[CEDE_MAXPOL];
	struct pvsim_cede_latency_work w;
	unsigned int k;

	pvsim_cede_latency_workload_with(&w, wl, x->o->runtime_ns, pl->param);
	if (x->o->json) {
		pvsim_json_obj(&x->j, NULL);
		pvsim_json_str(&x->j, "case", pvsim_cede_latency_wl_name[wl]);
		pvsim_json_arr(&x->j, "policies");
	} else {
		fprintf(x->f, "-- %s %s: ", pl->name, pvsim_cede_latency_wl_name[wl]);
		pvsim_cede_latency_print_work(x->f, &w);
		fprintf(x->f, "\nWake-up latency (numbers in ns), %u "
			"iterations pooled\n", x->iters);
		cede_pr_stats_hdr(x->f, "policy");
	}
	for (k = 0; k < x->npol; k++) {
		if (cede_cell_run(x, pl, p, wl, k, &cell[k]))
			return -1;
		if (x->o->json)
			cede_json_cell(&x->j, cede_pol_label(x, k), &cell[k],
				       w.qos_ns != 0);
		else
			cede_pr_stats_row(x->f, cede_pol_label(x, k),
					&cell[k].st);
	}
	if (x->o->json) {
		pvsim_json_close(&x->j);
		pvsim_json_close(&x->j);
		return 0;
	}
	fprintf(x->f, "%-13s %8s %8s %8s %8s %9s%s\n", "idle state",
		"snooze", "snooze", "CEDE", "CEDE", "snooze", w.qos_ns ?
		"  wake-up" : "");
	fprintf(x->f, "%-13s %8s %8s %8s %8s %9s%s\n", "", "%time",
		"%entries", "%time", "%entries", "timeouts", w.qos_ns ?
		"    > QoS" : "");
	for (k = 0; k < x->npol; k++)
		cede_pr_split(x->f, cede_pol_label(x, k), &cell[k],
			    w.qos_ns != 0);
	cede_holdout_workload(x, p, cell);
	fprintf(x->f, "\n");
	return 0;
}

/* One selftest table row of one iteration. */
static void cede_record_stats(struct cede_run *x, const char *cs, uint32_t it,
			    const struct pvs_lat_stats *st)
{
	const struct pvsim_opts *o = x->o;

	pvsim_record(o, cs, "measured", "min_us", it, cede_us(st->min_ns));
	pvsim_record(o, cs, "measured", "p50_us", it, cede_us(st->median_ns));
	pvsim_record(o, cs, "measured", "mean_us", it,
		       cede_fixed_us(st->mean_ns, st->mean_frac_milli));
	pvsim_record(o, cs, "measured", "p90_us", it, cede_us(st->p90_ns));
	pvsim_record(o, cs, "measured", "p99_us", it, cede_us(st->p99_ns));
	pvsim_record(o, cs, "measured", "max_us", it, cede_us(st->max_ns));
	pvsim_record(o, cs, "measured", "stddev_us", it,
		       cede_fixed_us(st->stddev_ns, st->stddev_frac_milli));
}

/* The measuring phase's numbers, recorded after the policies' records so
 * that the first recorded policy is the baseline. */
static void cede_record_selftests(struct cede_run *x)
{
	static const char *const name[2] = { "timer", "IPI" };
	char cs[64];
	unsigned int p, k;
	uint32_t it;

	for (p = 0; p < PVSIM_CEDE_LATENCY_NPLAT; p++) {
		struct pvsim_cede_latency_platform pl;

		pvsim_cede_latency_platform_with(&pl, p, x->o->param);
		for (k = 0; k < 2; k++) {
			snprintf(cs, sizeof(cs), "%s selftest %s", pl.name,
				 name[k]);
			for (it = 0; it < x->iters; it++) {
				const struct pvsim_cede_latency_measure *m = &x->m[p][it];
				const struct pvs_lat_stats *st =
					k ? &m->ipi : &m->timer;

				cede_record_stats(x, cs, it, st);
				pvsim_record(x->o, cs, "measured",
					       "compensation_us", it,
					       cede_us(m->compensation_ns));
			}
		}
	}
}

static int cede_platform(struct cede_run *x, unsigned int p)
{
	struct pvsim_cede_latency_platform pl, bpl;
	unsigned int wl;
	uint32_t it;

	pvsim_cede_latency_platform_with(&pl, p, x->o->param);
	for (it = 0; it < x->iters; it++) {
		cede_boot_pl(x, &pl, it, &bpl);
		if (pvsim_cede_latency_measure(&bpl, cede_iter_seed(x, it),
					       x->o->debug, &x->m[p][it]))
			return -1;
		cede_tot(x, x->m[p][it].events, x->m[p][it].failures,
		       &x->m[p][it].fail, pl.name, "selftest", it);
	}
	if (cede_platform_head(x, p, &pl))
		return -1;
	for (wl = 0; wl < PVSIM_CEDE_LATENCY_NWL; wl++)
		if (cede_workload(x, &pl, p, wl))
			return -1;
	if (x->o->json) {
		pvsim_json_close(&x->j);
		pvsim_json_close(&x->j);
	}
	return 0;
}

int pvsim_cede_latency_tables(const struct pvsim_opts *o, FILE *f,
			      struct pvsim_totals *tot)
{
	struct cede_run x;
	unsigned int p;
	int ret = 0;

	memset(&x, 0, sizeof(x));
	x.o = o;
	x.f = f;
	x.tot = tot;
	x.iters = o->iterations ? o->iterations : PVSIM_CEDE_LATENCY_ITERS;
	x.npol = o->plugin ? CEDE_MAXPOL : CEDE_NPOL;
	if (x.iters > PVS_LAT_MAX_SAMPLES / PVSIM_CEDE_LATENCY_SELFTEST_N)
		return -1;
	x.run_cap = PVS_LAT_MAX_SAMPLES / x.iters;
	x.pool = malloc(PVS_LAT_MAX_SAMPLES * sizeof(*x.pool));
	x.runbuf = malloc(x.run_cap * sizeof(*x.runbuf));
	for (p = 0; p < PVSIM_CEDE_LATENCY_NPLAT; p++)
		x.m[p] = calloc(x.iters, sizeof(*x.m[p]));
	if (!x.pool || !x.runbuf || !x.m[0] || !x.m[1])
		ret = -1;
	if (!ret && o->json) {
		pvsim_json_begin(&x.j, f, "pseries-cede-latency", o->seed);
		pvsim_json_u64(&x.j, "iterations", x.iters);
		pvsim_json_arr(&x.j, "platforms");
	}
	for (p = 0; p < PVSIM_CEDE_LATENCY_NPLAT && !ret; p++)
		ret = cede_platform(&x, p);
	if (!ret && o->json)
		pvsim_json_end(&x.j);
	if (!ret)
		cede_record_selftests(&x);
	for (p = 0; p < PVSIM_CEDE_LATENCY_NPLAT; p++)
		free(x.m[p]);
	free(x.runbuf);
	free(x.pool);
	return ret;
}
