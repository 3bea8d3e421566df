// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The lock benchmark's numbers: per cell and lock the medians over the
 * repetitions, the per-repetition ratios to pthread, adaptive, the best
 * peer and the fixed policy with their median and 95 % interval
 * (host/stats), and the fraction of the ceiling; a ratio whose interval
 * spans 1 is printed with '~' ("no difference proven"). Then the issues'
 * goals, cell by cell.
 *
 * The ceiling of a lock in a cell, per repetition: with t(w) the lock's
 * CPU seconds per op in the single-thread cell of the same quota, section
 * and injection whose outside work is w, min(CPUs / t(section + outside),
 * 1 / t(section)): the outside work runs on every CPU at once, the section
 * one at a time, and the handover costs nothing. In CPU time, so the load
 * other processes put on the machine does not lower it; the 1-thread
 * cell's fraction is then the share of a CPU the thread got. Repetition r
 * of a cell is paired with repetition r of its reference cells.
 */
#include <string.h>

#include "lockbench.h"

#define CONF95 2u

static double med_of(const struct cell *c, enum lock_kind k, size_t off)
{
	double v[LB_MAX_REPS];
	struct pvstat_stats st;
	unsigned int r;

	for (r = 0; r < c->reps; r++)
		v[r] = *(const double *)((const char *)&c->res[k][r] + off);
	pvstat_stats_of(v, c->reps, &st);
	return st.median;
}

static void ratio_to(const struct cell *c, enum lock_kind k,
		     enum lock_kind base, size_t off, struct pvstat_ratio *r)
{
	double x[LB_MAX_REPS], b[LB_MAX_REPS];
	unsigned int i;

	for (i = 0; i < c->reps; i++) {
		x[i] = *(const double *)((const char *)&c->res[k][i] + off);
		b[i] = *(const double *)((const char *)&c->res[base][i] + off);
	}
	if (pvstat_ratio_of(x, b, c->reps, CONF95, r) < 0)
		memset(r, 0, sizeof(*r));
}

#define OFF(field) offsetof(struct result, field)

void lb_summarise(const struct cell *c, enum lock_kind k, struct summary *s)
{
	double v[LB_MAX_REPS], cl[LB_MAX_REPS];
	struct pvstat_stats st;
	unsigned int r;

	memset(s, 0, sizeof(*s));
	for (r = 0; r < c->reps; r++)
		v[r] = c->res[k][r].mops;
	pvstat_stats_of(v, c->reps, &st);
	s->mops = st.median;
	if (pvstat_mean_ci(&st, CONF95, &s->mops_lo, &s->mops_hi) < 0)
		s->mops_lo = s->mops_hi = st.median;
	if (s->mops_lo < 0)
		s->mops_lo = 0;	/* a throughput is not negative */
	s->cpu = med_of(c, k, OFF(cpu_s_per_mop));
	s->fair = med_of(c, k, OFF(fairness));
	s->fair_mean = med_of(c, k, OFF(fair_mean));
	s->p99 = med_of(c, k, OFF(p99_ns));
	s->p999 = med_of(c, k, OFF(p999_ns));
	s->max = med_of(c, k, OFF(max_ns));
	memcpy(cl, c->ceil[k], sizeof(cl));
	pvstat_stats_of(cl, c->reps, &st);
	s->ceil = st.median;
	if (s->ceil <= 0 ||
	    pvstat_ratio_of(v, c->ceil[k], c->reps, CONF95, &s->frac) < 0)
		memset(&s->frac, 0, sizeof(s->frac));
	s->best = L_COUNT;
	for (r = 0; r < L_COUNT; r++)
		if (LB_PEER(r) && c->have[r] &&
		    (s->best == L_COUNT ||
		     med_of(c, (enum lock_kind)r, OFF(mops)) >
			     med_of(c, s->best, OFF(mops))))
			s->best = (enum lock_kind)r;
	if (s->best != L_COUNT)
		ratio_to(c, k, s->best, OFF(mops), &s->vs_best);
	ratio_to(c, k, L_PTHREAD, OFF(mops), &s->vs_pthread);
	ratio_to(c, k, L_PTHREAD, OFF(cpu_s_per_mop), &s->cpu_vs_pthread);
	s->have_adaptive = c->have[L_ADAPTIVE];
	s->have_fixed = c->have[L_FIXED];
	if (s->have_adaptive)
		ratio_to(c, k, L_ADAPTIVE, OFF(mops), &s->vs_adaptive);
	if (s->have_fixed)
		ratio_to(c, k, L_FIXED, OFF(mops), &s->vs_fixed);
}

/* The single-thread cell of @c's quota, section, injection and outside
 * work @out_x among cells[0..n), or @c itself; NULL if none. */
static const struct cell *reference(const struct cell *cells, unsigned int n,
				    const struct cell *c, unsigned int out_x)
{
	unsigned int i;

	if (c->threads == 1 && c->out_x == out_x)
		return c;
	for (i = 0; i < n; i++)
		if (cells[i].threads == 1 && cells[i].out_x == out_x &&
		    cells[i].quota_mcpus == c->quota_mcpus &&
		    cells[i].cs_ns == c->cs_ns &&
		    cells[i].inject_pct == c->inject_pct &&
		    cells[i].reps == c->reps)
			return &cells[i];
	return NULL;
}

void lb_ceiling(const struct cell *cells, unsigned int n, struct cell *c)
{
	const struct cell *so = reference(cells, n, c, c->out_x);
	const struct cell *s0 = reference(cells, n, c, 0);
	unsigned int k, r;
	double t, t0, ceil;

	memset(c->ceil, 0, sizeof(c->ceil));
	if (so == NULL)
		return;
	for (k = 0; k < L_COUNT; k++) {
		if (!c->have[k] || !so->have[k])
			continue;
		for (r = 0; r < c->reps; r++) {
			t = so->res[k][r].cpu_s_per_mop;
			if (t <= 0)
				continue;
			ceil = c->cpus / t;
			t0 = s0 != NULL && s0->have[k] ?
				     s0->res[k][r].cpu_s_per_mop : 0;
			if (t0 > 0 && 1 / t0 < ceil)
				ceil = 1 / t0;
			c->ceil[k][r] = ceil;
		}
	}
}

/* "1.23 [1.10,1.40]" with '~' when the interval spans 1. */
static void fmt_ratio(char *buf, size_t n, const struct pvstat_ratio *r,
		      bool have)
{
	if (!have || r->n == 0) {
		snprintf(buf, n, "-");
		return;
	}
	snprintf(buf, n, "%s%.2f [%.2f,%.2f]",
		 pvstat_ratio_vs(r, 1.0) == 0 ? "~" : "", r->median, r->lo,
		 r->hi);
}

void lb_table_head(FILE *f)
{
	fprintf(f, "# ratios: median of per-repetition ratios [95%% interval];"
		   " ~ = no difference proven (interval spans 1)\n"
		   "# quota: the cgroup's CPUs (- none); out: work outside the"
		   " lock, x the section; ceil: Mops/s with a free handover;"
		   " frac: Mops/s / ceil;\n# min/mean, min/max: per-thread"
		   " acquisitions; wait p99, p99.9, max: sampled 1 in 8, ns;"
		   " cpu/Mop: the workers' CPU s per Mop\n");
	fprintf(f, "%-5s %5s %3s %3s %3s %-10s %8s %8s %-19s %-19s %-19s "
		   "%-29s %8s %7s %8s %8s %9s %7s\n",
		"quota", "cs_ns", "inj", "out", "thr", "lock", "Mops/s", "ceil",
		"frac", "x pthread", "x adaptive", "x best peer", "min/mean",
		"min/max", "p99", "p99.9", "max", "cpu/Mop");
}

static void fmt_quota(char *buf, size_t n, unsigned int mcpus)
{
	if (mcpus == 0)
		snprintf(buf, n, "-");
	else
		snprintf(buf, n, "%.3g", mcpus / 1000.0);
}

/*
 * From lock *k on, the first one cell @c measured: its summary in *s and
 * its kind in *k; false when none is left. Walks a cell's rows in order.
 */
static bool next_measured(const struct cell *c, unsigned int *k,
			  struct summary *s)
{
	for (; *k < L_COUNT; (*k)++) {
		if (c->have[*k]) {
			lb_summarise(c, (enum lock_kind)*k, s);
			return true;
		}
	}
	return false;
}

void lb_table_cell(FILE *f, const struct cell *c)
{
	char a[40], b[40], d[40], fr[40], best[48], q[16];
	struct summary s;
	unsigned int k;

	fmt_quota(q, sizeof(q), c->quota_mcpus);
	for (k = 0; next_measured(c, &k, &s); k++) {
		fmt_ratio(fr, sizeof(fr), &s.frac, s.ceil > 0);
		fmt_ratio(a, sizeof(a), &s.vs_pthread, c->have[L_PTHREAD]);
		fmt_ratio(b, sizeof(b), &s.vs_adaptive, s.have_adaptive);
		fmt_ratio(d, sizeof(d), &s.vs_best, s.best != L_COUNT);
		snprintf(best, sizeof(best), "%s %s",
			 s.best != L_COUNT ? lock_names[s.best] : "-", d);
		fprintf(f, "%-5s %5u %3u %3u %3u %-10s %8.3f %8.3f %-19s %-19s "
			   "%-19s %-29s %8.2f %7.2f %8.0f %8.0f %9.0f %7.3f\n",
			q, c->cs_ns, c->inject_pct, c->out_x, c->threads,
			lock_names[k], s.mops, s.ceil, fr, a, b, best,
			s.fair_mean, s.fair, s.p99, s.p999, s.max, s.cpu);
	}
}

void lb_csv_head(FILE *f)
{
	fprintf(f, "cs_ns,inject_pct,threads,lock,reps,mops,mops_lo,mops_hi,"
		   "cpu_s_per_mop,fairness,p99_ns,"
		   "x_pthread,x_pthread_lo,x_pthread_hi,"
		   "x_adaptive,x_adaptive_lo,x_adaptive_hi,"
		   "x_fixed,x_fixed_lo,x_fixed_hi,cpu_x_pthread,"
		   "quota_cpus,out_x,cpus,ceil_mops,frac,frac_lo,frac_hi,"
		   "fair_min_mean,p999_ns,max_ns,best_peer,"
		   "x_best,x_best_lo,x_best_hi\n");
}

void lb_csv_cell(FILE *f, const struct cell *c)
{
	struct summary s;
	unsigned int k;

	for (k = 0; next_measured(c, &k, &s); k++) {
		fprintf(f, "%u,%u,%u,%s,%u,%.4f,%.4f,%.4f,%.4f,%.4f,%.0f,"
			   "%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f",
			c->cs_ns, c->inject_pct, c->threads, lock_names[k],
			c->reps, s.mops, s.mops_lo, s.mops_hi, s.cpu, s.fair,
			s.p99, s.vs_pthread.median, s.vs_pthread.lo,
			s.vs_pthread.hi, s.vs_adaptive.median,
			s.vs_adaptive.lo, s.vs_adaptive.hi, s.vs_fixed.median,
			s.vs_fixed.lo, s.vs_fixed.hi,
			s.cpu_vs_pthread.median);
		fprintf(f, ",%.3f,%u,%.3f,%.4f,%.4f,%.4f,%.4f,%.4f,%.0f,%.0f,"
			   "%s,%.4f,%.4f,%.4f\n",
			c->quota_mcpus / 1000.0, c->out_x, c->cpus, s.ceil,
			s.frac.median, s.frac.lo, s.frac.hi, s.fair_mean,
			s.p999, s.max,
			s.best != L_COUNT ? lock_names[s.best] : "",
			s.vs_best.median, s.vs_best.lo, s.vs_best.hi);
	}
}

/* ---- goals ------------------------------------------------------------------ */

static int check(FILE *f, bool ok, const struct cell *c, const char *what,
		 const struct pvstat_ratio *r)
{
	fprintf(f, "%-4s quota=%.3g cs=%u inj=%u out=%u thr=%u %s",
		ok ? "ok" : "MISS", c->quota_mcpus / 1000.0, c->cs_ns,
		c->inject_pct, c->out_x, c->threads, what);
	if (r != NULL)
		fprintf(f, ": %.2f [%.2f,%.2f]", r->median, r->lo, r->hi);
	fprintf(f, "\n");
	return ok ? 0 : 1;
}

/* At least @goal by the median and the interval above @floor. */
static bool at_least(const struct pvstat_ratio *r, double goal, double floor)
{
	return r->median >= goal && r->lo > floor;
}

/* The lock the goals are about: pvlock_oc (with the signal), else pvlock. */
static enum lock_kind goal_lock(const struct cell *c)
{
	return c->have[L_PVLOCK_OC] ? L_PVLOCK_OC : L_PVLOCK;
}

/* A fraction of the ceiling at least @goal by its median. */
static int check_frac(FILE *f, const struct cell *c, const struct summary *s,
		      double goal)
{
	char what[64];

	snprintf(what, sizeof(what), ">= %.2f of the ceiling", goal);
	return check(f, s->ceil > 0 && s->frac.median >= goal, c, what,
		     &s->frac);
}

/*
 * The drop-in issue's goals: 2x-8x oversubscription (no quota, no
 * injection) >= 0.85 of the ceiling, >= 1.2x pthread, >= 1.1x adaptive;
 * under a quota >= 0.8 of it and >= 1.5x pthread and adaptive; every cell
 * not proven below 0.95x the best peer, the least-served thread at least
 * half the mean's acquisitions, CPU per op <= pthread's; uncontended
 * >= 0.95x pthread.
 */
static int goals_dropin(FILE *f, const struct cell *c)
{
	struct summary s;
	int missed = 0;
	bool over = c->threads >= 2 * c->cpus && c->threads <= 8 * c->cpus;

	lb_summarise(c, goal_lock(c), &s);
	if (c->quota_mcpus == 0 && c->inject_pct == 0 && over) {
		missed += check_frac(f, c, &s, 0.85);
		missed += check(f, at_least(&s.vs_pthread, 1.2, 1.0), c,
				">= 1.2x pthread", &s.vs_pthread);
		if (s.have_adaptive)
			missed += check(f, at_least(&s.vs_adaptive, 1.1, 1.0),
					c, ">= 1.1x adaptive", &s.vs_adaptive);
	}
	if (c->quota_mcpus > 0 && c->threads > 1) {
		missed += check_frac(f, c, &s, 0.8);
		missed += check(f, at_least(&s.vs_pthread, 1.5, 1.0), c,
				">= 1.5x pthread (quota)", &s.vs_pthread);
		if (s.have_adaptive)
			missed += check(f, at_least(&s.vs_adaptive, 1.5, 1.0),
					c, ">= 1.5x adaptive (quota)",
					&s.vs_adaptive);
	}
	if (c->threads == 1 && c->out_x == 0 && c->quota_mcpus == 0)
		missed += check(f, s.vs_pthread.median >= 0.95 &&
				   s.vs_pthread.hi >= 0.95, c,
				"uncontended >= 0.95x pthread", &s.vs_pthread);
	if (c->threads > 1) {
		char what[64];

		snprintf(what, sizeof(what),
			 "least-served >= 0.5 x mean thread (%.2f)",
			 s.fair_mean);
		missed += check(f, s.fair_mean >= 0.5, c, what, NULL);
	}
	if (s.best != L_COUNT && s.best != goal_lock(c)) {
		char what[64];

		snprintf(what, sizeof(what), "not below 0.95x best peer (%s)",
			 lock_names[s.best]);
		missed += check(f, s.vs_best.hi >= 0.95, c, what, &s.vs_best);
	}
	missed += check(f, s.cpu_vs_pthread.median <= 1.0, c,
			"CPU per op <= pthread", &s.cpu_vs_pthread);
	return missed;
}

/* The earlier issue's goals under injected preemption. */
static int goals_injected(FILE *f, const struct cell *c)
{
	struct summary s, p;
	int missed = 0;

	lb_summarise(c, goal_lock(c), &s);
	lb_summarise(c, L_PTHREAD, &p);
	missed += check(f, at_least(&s.vs_pthread, 1.5, 1.0), c,
			">= 1.5x pthread (injected)", &s.vs_pthread);
	if (s.have_fixed)
		missed += check(f, at_least(&s.vs_fixed, 1.3, 1.0), c,
				">= 1.3x fixed (injected)", &s.vs_fixed);
	missed += check(f, s.p99 <= p.p99, c,
			"p99 acquire <= pthread's (injected)", NULL);
	return missed;
}

int lb_goals(FILE *f, const struct cell *cells, unsigned int n)
{
	int missed = 0;
	unsigned int i;

	fprintf(f, "\n# goals (the drop-in issue, section 2; under injection "
		   "also evidence under preemption); the lock with the "
		   "signal: pvlock_oc, else pvlock\n");
	for (i = 0; i < n; i++) {
		const struct cell *c = &cells[i];

		if (!c->have[goal_lock(c)] || !c->have[L_PTHREAD])
			continue;
		missed += goals_dropin(f, c);
		if (c->inject_pct > 0 && c->threads > 1)
			missed += goals_injected(f, c);
	}
	fprintf(f, "# %d goal checks missed\n", missed);
	return missed;
}
