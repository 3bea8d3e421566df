/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file probe/rseq.h
 * @brief rseq time-slice extension: whether a lock holder can ask not to be
 *        preempted for a few microseconds.
 *
 * Userspace only (pvsched::probe). Conventions shared by every reader
 * (sysroot, error codes, parsers): probe/context.h and docs/probe.md.
 */
#ifndef PVSCHED_PROBE_RSEQ_H
#define PVSCHED_PROBE_RSEQ_H

#include <pvsched/env.h>
#include <pvsched/errors.h>
#include <pvsched/probe/context.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief rseq time-slice extension (Linux 7.0+). */
struct pvprobe_rseq_slice {
	/** The kernel offers it. */
	bool available;
	/** Largest extension, ns (/proc/sys/kernel/rseq_slice_extension_nsec;
	 *  0 if that sysctl is absent). */
	uint64_t max_ns;
	/** Live system only: prctl(PR_RSEQ_SLICE_EXTENSION,
	 *  PR_RSEQ_SLICE_EXTENSION_GET) answered (so @ref available is
	 *  authoritative). */
	bool prctl_checked;
};

/**
 * @brief Whether a lock holder can ask not to be preempted for a few us:
 *        on the live system prctl(PR_RSEQ_SLICE_EXTENSION=79, GET=1)
 *        (EINVAL on older kernels), plus the sysctl
 *        kernel.rseq_slice_extension_nsec; under a sysroot the sysctl only.
 * @param ctx context
 * @param out result, untouched on error
 * @return 0; -PVS_ENOENT not available (the answer on kernels before
 *         7.0); -PVS_EBADMSG / -PVS_ERANGE malformed sysctl
 */
int pvprobe_read_rseq_slice(struct pvprobe_ctx *ctx,
			 struct pvprobe_rseq_slice *out);

#ifdef __cplusplus
}
#endif

#endif /* PVSCHED_PROBE_RSEQ_H */
