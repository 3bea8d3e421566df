/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file probe/schedstat.h
 * @brief schedstat: run delay of a task (/proc/PID/task/TID/schedstat) and
 *        of each runqueue (/proc/schedstat).
 *
 * Userspace only (pvsched::probe). Conventions shared by every reader
 * (sysroot, error codes, parsers): probe/context.h and docs/probe.md.
 */
#ifndef PVSCHED_PROBE_SCHEDSTAT_H
#define PVSCHED_PROBE_SCHEDSTAT_H

#include <pvsched/env.h>
#include <pvsched/errors.h>
#include <pvsched/probe/context.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief /proc/PID/task/TID/schedstat. */
struct pvprobe_schedstat {
	/** Time spent on a CPU, ns. */
	uint64_t run_ns;
	/** Time spent runnable on a runqueue, waiting for a CPU, ns. */
	uint64_t wait_ns;
	/** Timeslices run on a CPU. */
	uint64_t timeslices;
};

/**
 * @brief Parse a per-task schedstat: exactly three decimal numbers
 *        separated by blanks, then an optional newline.
 * @param buf text, need not be NUL-terminated
 * @param len bytes
 * @param out result, untouched on error
 * @return 0; -PVS_EINVAL; -PVS_EBADMSG; -PVS_ERANGE
 */
int pvprobe_schedstat_parse(const char *buf, size_t len,
			struct pvprobe_schedstat *out);

/**
 * @brief Read /proc/PID/task/TID/schedstat under the sysroot.
 * @param ctx context
 * @param pid process id, or 0 for "self"
 * @param tid thread id, or 0 for the process's main thread
 * @param out result, untouched on error
 * @return 0 or a negative error code (probe/context.h); -PVS_ENOENT no
 *         such task, or CONFIG_SCHED_INFO off
 */
int pvprobe_read_schedstat(struct pvprobe_ctx *ctx, int pid, int tid,
			struct pvprobe_schedstat *out);

/** @brief One cpu line of /proc/schedstat (version 15 and later). */
struct pvprobe_rq_schedstat {
	/** CPU number. */
	int32_t cpu;
	/** Time tasks ran on this CPU, ns (field 7). */
	uint64_t run_ns;
	/** Time tasks waited on this CPU's runqueue, ns (field 8). */
	uint64_t wait_ns;
	/** Timeslices run on this CPU (field 9). */
	uint64_t timeslices;
};

/**
 * @brief Parse /proc/schedstat: "version N" (15..17 accepted), an optional
 *        "timestamp" line, "cpuN" lines with 9 numbers, "domainN" lines
 *        (skipped).
 * @param buf  text, need not be NUL-terminated
 * @param len  bytes
 * @param cpus caller array, untouched on error
 * @param cap  entries in @p cpus
 * @return number of cpu lines; -PVS_EINVAL; -PVS_EBADMSG; -PVS_ERANGE
 *         (also: more lines than @p cap, unsupported version)
 */
int pvprobe_rq_schedstat_parse(const char *buf, size_t len,
			   struct pvprobe_rq_schedstat *cpus, unsigned int cap);

/**
 * @brief Read and parse SYSROOT/proc/schedstat (CONFIG_SCHEDSTATS).
 * @param ctx  context
 * @param cpus caller array, untouched on error
 * @param cap  entries in @p cpus
 * @return as pvprobe_rq_schedstat_parse(), or -PVS_ENOENT
 */
int pvprobe_read_rq_schedstat(struct pvprobe_ctx *ctx,
			   struct pvprobe_rq_schedstat *cpus, unsigned int cap);

#ifdef __cplusplus
}
#endif

#endif /* PVSCHED_PROBE_SCHEDSTAT_H */
