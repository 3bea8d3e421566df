/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file probe/stat.h
 * @brief /proc/stat: per-CPU times and the steal rate between two samples.
 *
 * Userspace only (pvsched::probe). Conventions shared by every reader
 * (sysroot, error codes, parsers): probe/context.h and docs/probe.md.
 */
#ifndef PVSCHED_PROBE_STAT_H
#define PVSCHED_PROBE_STAT_H

#include <pvsched/env.h>
#include <pvsched/errors.h>
#include <pvsched/probe/context.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief One cpu line of /proc/stat, in USER_HZ ticks. */
struct pvprobe_cpu_times {
	/** CPU number, or -1 for the aggregate "cpu" line. */
	int32_t cpu;
	/** Columns present (4..10; absent columns read as 0). */
	unsigned int nr_fields;
	/** user (includes guest). */
	uint64_t user;
	/** nice (includes guest_nice). */
	uint64_t nice;
	/** system. */
	uint64_t system;
	/** idle. */
	uint64_t idle;
	/** iowait. */
	uint64_t iowait;
	/** irq. */
	uint64_t irq;
	/** softirq. */
	uint64_t softirq;
	/** steal: time the hypervisor ran something else while this vCPU
	 *  wanted to run. */
	uint64_t steal;
	/** guest (already counted in user). */
	uint64_t guest;
	/** guest_nice (already counted in nice). */
	uint64_t guest_nice;
};

/** @brief A parsed /proc/stat: the aggregate line and per-CPU lines. */
struct pvprobe_stat {
	/** The "cpu" line. */
	struct pvprobe_cpu_times total;
	/** Per-CPU lines parsed into @ref cpus. */
	unsigned int nr_cpus;
	/** Caller-provided array of @ref cap entries. */
	struct pvprobe_cpu_times *cpus;
	/** Capacity of @ref cpus. */
	unsigned int cap;
};

/**
 * @brief Parse the text of /proc/stat (the cpu lines; others are skipped).
 *
 * Each cpu line needs 4 to 10 decimal columns (more are ignored: newer
 * kernels may append); the "cpu" line is required and CPU numbers must be
 * unique and below ::PVPROBE_MAX_CPUS.
 * @param buf text, need not be NUL-terminated
 * @param len bytes in @p buf
 * @param st  in: cpus and cap set; out: total, nr_cpus and cpus[] (all
 *            untouched on error)
 * @return number of per-CPU lines; -PVS_EINVAL; -PVS_EBADMSG malformed or
 *         duplicate; -PVS_ERANGE a counter >= 2^64, a CPU number too large
 *         or more lines than @p st->cap; -PVS_ENOMEM
 */
int pvprobe_stat_parse(const char *buf, size_t len, struct pvprobe_stat *st);

/**
 * @brief Read and parse SYSROOT/proc/stat.
 * @param ctx context
 * @param st  as for pvprobe_stat_parse()
 * @return as pvprobe_stat_parse(), or -PVS_ENOENT / -PVS_EIO
 */
int pvprobe_read_stat(struct pvprobe_ctx *ctx, struct pvprobe_stat *st);

/** @brief Steal rate of one CPU (or of all) over a window. */
struct pvprobe_steal_rate {
	/** CPU number, -1 for the aggregate. */
	int32_t cpu;
	/** Steal ticks in the window. */
	uint64_t steal_ticks;
	/** All ticks in the window (user+nice+system+idle+iowait+irq+
	 *  softirq+steal). */
	uint64_t total_ticks;
	/** steal / total, parts per million of wall time (0 when total 0). */
	uint32_t steal_ppm;
	/** steal / (steal + busy), ppm, busy = user+nice+system+irq+
	 *  softirq: how much of the time this vCPU wanted to run it was
	 *  preempted instead (the preemption estimate of `pvsched watch`). */
	uint32_t preempt_ppm;
};

/**
 * @brief Steal rate between two samples of one CPU line.
 *
 * Each column's delta saturates at 0 (Linux's idle and iowait can step
 * back slightly under NO_HZ; a CPU that went offline restarts at 0).
 * @param before earlier sample, or NULL for "since boot" (all zero)
 * @param after  later sample
 * @param out    result (cpu copied from @p after)
 * @return 0; -PVS_EINVAL NULL @p after or @p out, or CPU numbers differ
 */
int pvprobe_steal_rate(const struct pvprobe_cpu_times *before,
		   const struct pvprobe_cpu_times *after,
		   struct pvprobe_steal_rate *out);

#ifdef __cplusplus
}
#endif

#endif /* PVSCHED_PROBE_STAT_H */
