/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file probe/pause.h
 * @brief The measured cost of one PAUSE (cpu_relax()) on this CPU.
 *
 * Userspace only (pvsched::probe). Conventions shared by every reader
 * (sysroot, error codes, parsers): probe/context.h and docs/probe.md.
 */
#ifndef PVSCHED_PROBE_PAUSE_H
#define PVSCHED_PROBE_PAUSE_H

#include <pvsched/env.h>
#include <pvsched/errors.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief PAUSEs per calibration window (short enough not to trigger a
 *         pause-loop exit; docs/probe.md, "PAUSE"). */
#define PVPROBE_PAUSE_WINDOW_ITERS 16u
/** @brief Default number of windows (the minimum over them is kept). */
#define PVPROBE_PAUSE_WINDOWS 200u
/** @brief Smallest credible cost of one PAUSE, ps (0.1 ns: one cycle at
 *         10 GHz); a window cheaper than that is a clock artefact. */
#define PVPROBE_PAUSE_MIN_PS 100u
/** @brief Largest credible cost of one PAUSE, ps (2 us); a dearer
 *         window was interrupted or preempted. */
#define PVPROBE_PAUSE_MAX_PS 2000000u

/** @brief Result of a PAUSE calibration. */
struct pvprobe_pause_cal {
	/** Cost of one PAUSE (cpu_relax()), picoseconds. */
	uint32_t pause_ps;
	/** Clock-read overhead subtracted from every window, ns. */
	uint32_t overhead_ns;
	/** Windows kept after dropping absurd ones. */
	uint32_t windows_used;
	/** Windows measured. */
	uint32_t windows_total;
};

/**
 * @brief Robust estimate from timed windows (the pure part of the
 *        calibration, tested with synthetic samples).
 *
 * overhead = the minimum of @p empty_ns (windows timing nothing). For each
 * PAUSE window, per-PAUSE cost = (pause_ns[i] - overhead) * 1000 / iters
 * ps; windows at or below the overhead, or giving less than
 * ::PVPROBE_PAUSE_MIN_PS or more than ::PVPROBE_PAUSE_MAX_PS, are dropped as
 * absurd (clock step, interrupt, preemption); the minimum of the others is
 * the result (noise only ever adds time).
 * @param pause_ns elapsed ns of @p n windows of @p iters PAUSEs
 * @param empty_ns elapsed ns of @p n empty windows
 * @param n        windows of each kind, >= 1
 * @param iters    PAUSEs per window, >= 1
 * @param out      result, untouched on error
 * @return 0; -PVS_EINVAL bad argument; -PVS_ERANGE no credible window
 */
int pvprobe_pause_estimate(const uint64_t *pause_ns, const uint64_t *empty_ns,
		       unsigned int n, unsigned int iters,
		       struct pvprobe_pause_cal *out);

/**
 * @brief Measure the cost of one PAUSE on this CPU (x86 PAUSE, arm64
 *        YIELD, ppc64 the HMT_low/HMT_medium pair of cpu_relax()).
 *
 * Times @p windows windows of ::PVPROBE_PAUSE_WINDOW_ITERS PAUSEs and as
 * many empty ones with CLOCK_MONOTONIC, a PAUSE-free gap between windows,
 * then calls pvprobe_pause_estimate(). About 0.2 ms with the default.
 * @param windows number of windows, 1..10000 (0 = ::PVPROBE_PAUSE_WINDOWS)
 * @param out     result, untouched on error
 * @return 0; -PVS_ENOTSUP no relax instruction known for this build;
 *         -PVS_EINVAL; -PVS_ENOMEM; -PVS_ERANGE no credible window
 */
int pvprobe_read_pause(unsigned int windows, struct pvprobe_pause_cal *out);

#ifdef __cplusplus
}
#endif

#endif /* PVSCHED_PROBE_PAUSE_H */
