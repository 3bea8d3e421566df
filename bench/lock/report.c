// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The lock benchmark's numbers: per cell and lock the medians over the
 * repetitions, and the per-repetition ratios to pthread, adaptive and the
 * fixed policy with their median and 95 % interval (host/stats); a ratio
 * whose interval spans 1 is printed with '~' ("no difference proven").
 * Then the goals, cell by cell.
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
	double v[LB_MAX_REPS];
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
	ratio_to(c, k, L_PTHREAD, OFF(mops), &s->vs_pthread);
	ratio_to(c, k, L_PTHREAD, OFF(cpu_s_per_mop), &s->cpu_vs_pthread);
	s->have_adaptive = c->have[L_ADAPTIVE];
	s->have_fixed = c->have[L_FIXED];
	if (s->have_adaptive)
		ratio_to(c, k, L_ADAPTIVE, OFF(mops), &s->vs_adaptive);
	if (s->have_fixed)
		ratio_to(c, k, L_FIXED, OFF(mops), &s->vs_fixed);
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
		   " ~ = no difference proven (interval spans 1)\n");
	fprintf(f, "%5s %3s %3s %-10s %8s %8s %8s %-19s %-19s %-19s\n",
		"cs_ns", "inj", "thr", "lock", "Mops/s", "cpu/Mop", "p99_ns",
		"x pthread", "x adaptive", "x fixed");
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
	char a[40], b[40], d[40];
	struct summary s;
	unsigned int k;

	for (k = 0; next_measured(c, &k, &s); k++) {
		fmt_ratio(a, sizeof(a), &s.vs_pthread, c->have[L_PTHREAD]);
		fmt_ratio(b, sizeof(b), &s.vs_adaptive, s.have_adaptive);
		fmt_ratio(d, sizeof(d), &s.vs_fixed, s.have_fixed);
		fprintf(f, "%5u %3u %3u %-10s %8.3f %8.3f %8.0f %-19s %-19s %-19s\n",
			c->cs_ns, c->inject_pct, c->threads, lock_names[k],
			s.mops, s.cpu, s.p99, a, b, d);
	}
}

void lb_csv_head(FILE *f)
{
	fprintf(f, "cs_ns,inject_pct,threads,lock,reps,mops,mops_lo,mops_hi,"
		   "cpu_s_per_mop,fairness,p99_ns,"
		   "x_pthread,x_pthread_lo,x_pthread_hi,"
		   "x_adaptive,x_adaptive_lo,x_adaptive_hi,"
		   "x_fixed,x_fixed_lo,x_fixed_hi,cpu_x_pthread,fair_min_mean\n");
}

void lb_csv_cell(FILE *f, const struct cell *c)
{
	struct summary s;
	unsigned int k;

	for (k = 0; next_measured(c, &k, &s); k++) {
		fprintf(f, "%u,%u,%u,%s,%u,%.4f,%.4f,%.4f,%.4f,%.4f,%.0f,"
			   "%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,"
			   "%.4f\n",
			c->cs_ns, c->inject_pct, c->threads, lock_names[k],
			c->reps, s.mops, s.mops_lo, s.mops_hi, s.cpu, s.fair,
			s.p99, s.vs_pthread.median, s.vs_pthread.lo,
			s.vs_pthread.hi, s.vs_adaptive.median,
			s.vs_adaptive.lo, s.vs_adaptive.hi, s.vs_fixed.median,
			s.vs_fixed.lo, s.vs_fixed.hi,
			s.cpu_vs_pthread.median, s.fair_mean);
	}
}

/* ---- goals ------------------------------------------------------------------ */

static int check(FILE *f, bool ok, const struct cell *c, const char *what,
		 const struct pvstat_ratio *r)
{
	fprintf(f, "%-4s cs=%u inj=%u thr=%u %s", ok ? "ok" : "MISS",
		c->cs_ns, c->inject_pct, c->threads, what);
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

int lb_goals(FILE *f, const struct cell *cells, unsigned int n,
	     unsigned int ncpu)
{
	int missed = 0;
	unsigned int i;

	fprintf(f, "\n# goals (issue: evidence under preemption); the lock "
		   "with the signal: pvlock_oc, else pvlock\n");
	for (i = 0; i < n; i++) {
		const struct cell *c = &cells[i];
		enum lock_kind pv = c->have[L_PVLOCK_OC] ? L_PVLOCK_OC :
							   L_PVLOCK;
		struct summary s, p, t;
		bool over = c->threads >= 2 * ncpu && c->threads <= 8 * ncpu;

		if (!c->have[pv] || !c->have[L_PTHREAD])
			continue;
		lb_summarise(c, pv, &s);
		lb_summarise(c, L_PTHREAD, &p);
		if (over && c->inject_pct == 0) {
			missed += check(f, at_least(&s.vs_pthread, 1.5, 1.0), c,
					">= 1.5x pthread", &s.vs_pthread);
			if (s.have_adaptive)
				missed += check(f,
						at_least(&s.vs_adaptive, 1.2, 1.0),
						c, ">= 1.2x adaptive",
						&s.vs_adaptive);
		}
		if (c->inject_pct > 0 && c->threads > 1) {
			missed += check(f, at_least(&s.vs_pthread, 1.5, 1.0), c,
					">= 1.5x pthread (injected)",
					&s.vs_pthread);
			if (s.have_fixed)
				missed += check(f,
						at_least(&s.vs_fixed, 1.3, 1.0),
						c, ">= 1.3x fixed (injected)",
						&s.vs_fixed);
			missed += check(f, s.p99 <= p.p99, c,
					"p99 acquire <= pthread's (injected)",
					NULL);
		}
		if (c->threads == 1 && c->have[L_TAS]) {
			struct pvstat_ratio r;
			double x[LB_MAX_REPS], b[LB_MAX_REPS];
			unsigned int k;

			lb_summarise(c, L_TAS, &t);
			for (k = 0; k < c->reps; k++) {
				x[k] = c->res[pv][k].mops;
				b[k] = c->res[L_TAS][k].mops;
			}
			pvstat_ratio_of(x, b, c->reps, CONF95, &r);
			missed += check(f, r.median >= 0.9 && r.hi >= 0.9, c,
					"uncontended >= 0.9x tas", &r);
		}
		missed += check(f, s.vs_pthread.hi >= 0.95, c,
				"not below 0.95x pthread", &s.vs_pthread);
		missed += check(f, s.cpu_vs_pthread.median <= 1.0, c,
				"CPU per op <= pthread", &s.cpu_vs_pthread);
	}
	fprintf(f, "# %d goal checks missed\n", missed);
	return missed;
}
