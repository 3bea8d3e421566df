/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file probe/lparcfg.h
 * @brief /proc/powerpc/lparcfg: a pseries partition's mode, entitlement,
 *        dispatches and pool.
 *
 * Userspace only (pvsched::probe). Conventions shared by every reader
 * (sysroot, error codes, parsers): probe/context.h and docs/probe.md.
 */
#ifndef PVSCHED_PROBE_LPARCFG_H
#define PVSCHED_PROBE_LPARCFG_H

#include <pvsched/env.h>
#include <pvsched/errors.h>
#include <pvsched/probe/context.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief pvprobe_lparcfg::have bit: partition_entitled_capacity was present. */
#define PVPROBE_LPARCFG_HAVE_ENTITLEMENT 0x1u
/** @brief pvprobe_lparcfg::have bit: capped was present. */
#define PVPROBE_LPARCFG_HAVE_CAPPED 0x2u
/** @brief pvprobe_lparcfg::have bit: dispatches and dispatch_dispersions. */
#define PVPROBE_LPARCFG_HAVE_DISPATCH 0x4u
/** @brief pvprobe_lparcfg::have bit: purr and tbr. */
#define PVPROBE_LPARCFG_HAVE_PURR 0x8u
/** @brief pvprobe_lparcfg::have bit: pool, pool_capacity, pool_idle_time,
 *         pool_num_procs (shared partitions only). */
#define PVPROBE_LPARCFG_HAVE_POOL 0x10u

/** @brief The fields of /proc/powerpc/lparcfg the heuristics use. */
struct pvprobe_lparcfg {
	/** Format version, major ("lparcfg 1.9" gives 1). */
	unsigned int version_major;
	/** Format version, minor ("lparcfg 1.9" gives 9). */
	unsigned int version_minor;
	/** Which optional groups were present (PVPROBE_LPARCFG_HAVE_*). */
	unsigned int have;
	/** shared_processor_mode=1: a shared-processor partition. */
	bool shared;
	/** capped=1 (valid with ::PVPROBE_LPARCFG_HAVE_CAPPED). */
	bool capped;
	/** partition_id. */
	uint64_t partition_id;
	/** partition_entitled_capacity, hundredths of a processor. */
	uint64_t entitled_capacity;
	/** partition_active_processors: virtual processors (cores). */
	uint64_t active_processors;
	/** partition_potential_processors. */
	uint64_t potential_processors;
	/** system_active_processors: physical processors in the system. */
	uint64_t system_active_processors;
	/** capacity_weight (uncapped weight, 0..255). */
	uint64_t capacity_weight;
	/** dispatches: sum of all vCPUs' lppaca yield_count (vcsw). */
	uint64_t dispatches;
	/** dispatch_dispersions: dispatches on another physical CPU. */
	uint64_t dispatch_dispersions;
	/** purr: sum of all CPUs' PURR, timebase ticks. */
	uint64_t purr;
	/** tbr: the timebase when read. */
	uint64_t tbr;
	/** pool: shared pool number. */
	uint64_t pool;
	/** pool_capacity: processors in the pool x 100. */
	uint64_t pool_capacity;
	/** pool_idle_time: pool idle timebase ticks. */
	uint64_t pool_idle_time;
	/** pool_num_procs: physical processors in the pool. */
	uint64_t pool_num_procs;
	/** system_type (e.g. "IBM,9009-42A"). */
	char system_type[PVPROBE_TEXT_LEN];
};

/**
 * @brief Parse the text of /proc/powerpc/lparcfg (format of Linux's
 *        arch/powerpc/platforms/pseries/lparcfg.c, 1.x).
 *
 * The first line must be "lparcfg <major>.<minor>"; then key=value lines.
 * Keys the struct names must have a valid decimal value (else
 * -PVS_EBADMSG, or -PVS_ERANGE for >= 2^64); other keys are ignored
 * (firmware adds its own, some with text values); a non-empty line without
 * '=' is malformed. partition_active_processors and shared_processor_mode
 * are required (Linux prints them last, so a truncated file lacks them).
 * @param buf text, need not be NUL-terminated
 * @param len bytes in @p buf
 * @param out result, untouched on error
 * @return 0 or a negative error code (probe/context.h)
 */
int pvprobe_lparcfg_parse(const char *buf, size_t len, struct pvprobe_lparcfg *out);

/**
 * @brief Read and parse SYSROOT/proc/powerpc/lparcfg.
 * @param ctx context
 * @param out result, untouched on error
 * @return 0; -PVS_ENOENT not a pseries partition; parse errors
 */
int pvprobe_read_lparcfg(struct pvprobe_ctx *ctx, struct pvprobe_lparcfg *out);

#ifdef __cplusplus
}
#endif

#endif /* PVSCHED_PROBE_LPARCFG_H */
