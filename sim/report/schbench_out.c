// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * schbench's final report (the 2023+ three tables), from the simulator's
 * histograms, so that a simulated run reads like a real one.
 *
 * As schbench's show_latencies(): percentiles 20, 50, 90, 99, 99.9 are
 * computed together; a table prints some of them (latencies: 50, 90, *99,
 * 99.9; RPS: 20, *50, 90), each as "\t%s%2.1fth: %-10u (%lu samples)"
 * where the count is the samples between the previous percentile's
 * bucket and this one's (the 20th's bucket counts for the 50th row even
 * where the 20th is not printed), then "\t  min=%u, max=%u". An empty
 * histogram prints zeros, as schbench does.
 */
#include "report/report.h"

#define NPLIST 5

/* schbench's plist, per mille */
static const unsigned int plist_pm[NPLIST] = { 200, 500, 900, 990, 999 };

/* rows printed: bit i = plist_pm[i] */
#define ROWS_LAT 0x1eu	/* 50 90 99 99.9 */
#define ROWS_RPS 0x07u	/* 20 50 90 */

static void show_table(FILE *f, const struct pvsim_hist *h,
		       const char *label, const char *units,
		       uint64_t runtime_s, unsigned int rows,
		       unsigned int star)
{
	uint64_t last = 0;
	unsigned int i, j, idx;

	fprintf(f, "%s percentiles (%s) runtime %llu (s) (%llu total "
		"samples)\n", label, units, (unsigned long long)runtime_s,
		(unsigned long long)h->n);
	for (i = 0; i < NPLIST; i++) {
		uint64_t v = pvsim_hist_pct(h, plist_pm[i]), cum = 0;

		/* samples up to and including the percentile's bucket */
		idx = h->n ? pvsim_hist_idx(v) : 0;
		for (j = 0; h->n && j <= idx; j++)
			cum += h->buckets[j];
		if (rows & (1u << i))
			fprintf(f, "\t%s%u.%uth: %-10llu (%llu samples)\n",
				i == star ? "* " : "  ", plist_pm[i] / 10,
				plist_pm[i] % 10, (unsigned long long)v,
				(unsigned long long)(cum - last));
		last = cum;
	}
	fprintf(f, "\t  min=%llu, max=%llu\n",
		(unsigned long long)(h->n ? h->min_us : 0),
		(unsigned long long)h->max_us);
}

void pvsim_schbench_print(FILE *f, const struct pvsim_schbench_out *s)
{
	if (s->wakeup)
		show_table(f, s->wakeup, "Wakeup Latencies", "usec",
			   s->runtime_s, ROWS_LAT, 3);
	if (s->request)
		show_table(f, s->request, "Request Latencies", "usec",
			   s->runtime_s, ROWS_LAT, 3);
	if (s->rps)
		show_table(f, s->rps, "RPS", "requests", s->runtime_s,
			   ROWS_RPS, 1);
	if (s->requests)
		fprintf(f, "average rps: %.2f\n", s->runtime_s ?
			(double)*s->requests / (double)s->runtime_s : 0.0);
}
