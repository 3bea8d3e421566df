/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * The lock benchmark's pieces: the runs (lockbench.c), the statistics,
 * ceiling, table, CSV and goals (report.c), the picture (svg.c), the
 * CPU-quota cgroup the quota phases run in (cgroup.c).
 */
#ifndef PVSCHED_BENCH_LOCKBENCH_H
#define PVSCHED_BENCH_LOCKBENCH_H

#include <stdio.h>
#include <sys/types.h>

#include "ministat.h"

#define LB_MAX_LIST 16
#define LB_MAX_REPS 32

enum lock_kind { L_PTHREAD, L_ADAPTIVE, L_TICKET, L_MCS, L_TAS, L_FIXED,
		 L_PVLOCK, L_PVLOCK_OC, L_PVLOCK_GAP, L_COUNT };
extern const char *const lock_names[L_COUNT];

/* One run of one lock. */
struct result {
	double mops;		/* million ops per second */
	double cpu_s_per_mop;	/* the workers' CPU seconds per million ops */
	double fairness;	/* min/max per-thread ops */
	double fair_mean;	/* min / mean per-thread ops */
	double p99_ns;		/* 99th percentile acquire wait (sampled) */
	double p999_ns;		/* 99.9th percentile acquire wait (sampled) */
	double max_ns;		/* longest sampled acquire wait */
};

/*
 * One cell (CPU quota, section length, injected duty, work outside the
 * lock, threads): every lock's runs, and each run's ceiling.
 */
struct cell {
	unsigned int quota_mcpus;	/* the cgroup's quota, mCPUs (0: none) */
	unsigned int cs_ns;
	unsigned int inject_pct;	/* share of each CPU taken, % (0: none) */
	unsigned int out_x;		/* work outside the lock, x cs_ns */
	unsigned int threads;
	unsigned int reps;
	double cpus;			/* effective CPUs (pvprobe_read_cpus) */
	bool have[L_COUNT];
	struct result res[L_COUNT][LB_MAX_REPS];
	/* Mops/s a free handover would give, per repetition (lb_ceiling());
	 * 0: no reference measured. */
	double ceil[L_COUNT][LB_MAX_REPS];
};

/* The peers a lock is compared with for "best peer". */
#define LB_PEER(k) ((k) == L_PTHREAD || (k) == L_ADAPTIVE || \
		    (k) == L_TICKET || (k) == L_MCS || (k) == L_TAS)

/* Summary of one lock in one cell: medians, and ratios to the peers. */
struct summary {
	double mops, mops_lo, mops_hi, cpu, fair, fair_mean, p99, p999, max;
	double ceil;			/* median ceiling, Mops/s (0: none) */
	struct pvstat_ratio frac;	/* mops / ceiling */
	struct pvstat_ratio vs_pthread, vs_adaptive, vs_fixed, cpu_vs_pthread;
	struct pvstat_ratio vs_best;	/* against the best peer's median */
	enum lock_kind best;		/* that peer (L_COUNT: none) */
	bool have_adaptive, have_fixed;
};

/* Summarise lock @k of cell @c (95 % intervals). */
void lb_summarise(const struct cell *c, enum lock_kind k, struct summary *s);

/*
 * Fill c->ceil from the single-thread cells among cells[0..n) of the same
 * quota, section and injection: per lock and repetition
 * min(cpus / t(section + outside), 1 / t(section)), t the lock's CPU
 * seconds per Mop with one thread (with and without the outside work).
 */
void lb_ceiling(const struct cell *cells, unsigned int n, struct cell *c);

/* Table header and one cell's rows, to @f. */
void lb_table_head(FILE *f);
void lb_table_cell(FILE *f, const struct cell *c);

/* CSV header and one cell's rows. */
void lb_csv_head(FILE *f);
void lb_csv_cell(FILE *f, const struct cell *c);

/* The issues' goals checked on every cell; number missed. */
int lb_goals(FILE *f, const struct cell *cells, unsigned int n);

/* Throughput vs threads per lock with 95 % interval bars, one panel per
 * (section, injection); 0 or -1. */
int lb_svg(const char *path, const struct cell *cells, unsigned int n);

/* ---- cgroup.c ---------------------------------------------------------- */

/*
 * Create a cgroup limited to @mcpus milli-CPUs per @period_us (v1
 * cfs_quota_us / cfs_period_us or v2 cpu.max, whichever holds the CPU
 * controller), removed again by lb_cgroup_remove() and on SIGINT,
 * SIGTERM, SIGHUP, SIGQUIT, a fatal signal or exit(). Removes leftovers of
 * runs that died by SIGKILL first. Its description in @what.
 * 0, or -1 with a message on stderr.
 */
int lb_cgroup_create(unsigned int mcpus, unsigned int period_us, char *what,
		     size_t cap);

/* Its cpu.stat on one line (';' between keys) into @buf; 0 or -1. */
int lb_cgroup_stat(char *buf, size_t cap);

/* Move process @pid into the cgroup lb_cgroup_create() made; 0 or -1. */
int lb_cgroup_enter(pid_t pid);

/* Note @pid (the child running in the cgroup): killed and reaped before
 * the cgroup is removed on a signal. 0: none. */
void lb_cgroup_child(pid_t pid);

/* Remove the cgroup (its processes must have exited); 0 or -1. */
int lb_cgroup_remove(void);

/* "1,0.5" (CPUs) as milli-CPUs into @out (at most @room): their count,
 * or -1 on a malformed or out-of-range (0..1024) value. */
int lb_parse_quotas(const char *s, unsigned int *out, int room);

/* The effective CPUs (affinity and quota) the probe reads, described in
 * @what; the online count if the probe fails. */
double lb_effective_cpus(char *what, size_t cap);

/* One phase of the grid under quota @quota (mCPUs): its cells appended at
 * @cells, their count returned. */
typedef unsigned int (*lb_phase_fn)(const void *arg, unsigned int quota,
				    struct cell *cells, unsigned int *rnd);

/*
 * @phase(@arg, ...) in a child process inside a cgroup of @quota mCPUs
 * per @period_us (created here, removed either way), its cells (at most
 * @room) copied back to @cells and @rnd carried on: their count, or -1.
 */
int lb_cgroup_phase(unsigned int quota, unsigned int period_us,
		    unsigned int duration_ms, struct cell *cells,
		    unsigned int room, unsigned int *rnd,
		    lb_phase_fn phase, const void *arg);

#endif /* PVSCHED_BENCH_LOCKBENCH_H */
