/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * The lock benchmark's pieces: the runs (lockbench.c), the statistics,
 * table, CSV and goals (report.c), the picture (svg.c).
 */
#ifndef PVSCHED_BENCH_LOCKBENCH_H
#define PVSCHED_BENCH_LOCKBENCH_H

#include <stdio.h>

#include "ministat.h"

#define LB_MAX_LIST 16
#define LB_MAX_REPS 32

enum lock_kind { L_PTHREAD, L_ADAPTIVE, L_TICKET, L_MCS, L_TAS, L_FIXED,
		 L_PVLOCK, L_PVLOCK_OC, L_PVLOCK_GAP, L_COUNT };
extern const char *const lock_names[L_COUNT];

/* One run of one lock. */
struct result {
	double mops;		/* million ops per second */
	double cpu_s_per_mop;	/* CPU seconds per million ops */
	double fairness;	/* min/max per-thread ops */
	double fair_mean;	/* min/mean per-thread ops (issue goal: >= 0.5) */
	double p99_ns;		/* 99th percentile acquire latency */
};

/* One cell (section length, injected duty, threads): every lock's runs. */
struct cell {
	unsigned int cs_ns;
	unsigned int inject_pct;	/* share of each CPU taken, % (0: none) */
	unsigned int threads;
	unsigned int reps;
	bool have[L_COUNT];
	struct result res[L_COUNT][LB_MAX_REPS];
};

/* Summary of one lock in one cell: medians, and ratios to the peers. */
struct summary {
	double mops, mops_lo, mops_hi, cpu, fair, fair_mean, p99;
	struct pvstat_ratio vs_pthread, vs_adaptive, vs_fixed, cpu_vs_pthread;
	bool have_adaptive, have_fixed;
};

/* Summarise lock @k of cell @c (95 % intervals). */
void lb_summarise(const struct cell *c, enum lock_kind k, struct summary *s);

/* Table header and one cell's rows, to @f. */
void lb_table_head(FILE *f);
void lb_table_cell(FILE *f, const struct cell *c);

/* CSV header and one cell's rows. */
void lb_csv_head(FILE *f);
void lb_csv_cell(FILE *f, const struct cell *c);

/* The goals checked on every cell; number missed. */
int lb_goals(FILE *f, const struct cell *cells, unsigned int n,
	     unsigned int ncpu);

/* Throughput vs threads per lock with 95 % interval bars, one panel per
 * (section, injection); 0 or -1. */
int lb_svg(const char *path, const struct cell *cells, unsigned int n);

#endif /* PVSCHED_BENCH_LOCKBENCH_H */
