/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * The Linux 7.0 uapi of the rseq time-slice extension, written once for the
 * probe (host/rseq.c: is it there?) and the spin runtime (host/spin_rt.c:
 * use it). Internal, not installed: C libraries older than the kernel lack
 * these names, and a public header defining PR_* would clash with
 * <linux/prctl.h>. docs/upstream-rules.md#rseq-time-slice-extension.
 */
#ifndef PVSCHED_HOST_RSEQ_ABI_H
#define PVSCHED_HOST_RSEQ_ABI_H

/* prctl(PR_RSEQ_SLICE_EXTENSION, op, arg): the option and its ops. */
#define PVPROBE_PR_RSEQ_SLICE_EXTENSION 79
#define PVPROBE_PR_RSEQ_SLICE_EXTENSION_GET 1
#define PVPROBE_PR_RSEQ_SLICE_EXTENSION_SET 2
#define PVPROBE_PR_RSEQ_SLICE_EXT_ENABLE 1

/* struct rseq: slice_ctrl is the u32 at byte 28 (request, granted bytes). */
#define PVPROBE_RSEQ_SLICE_CTRL_OFF 28

/* The rseq_slice_yield system call, where its number is known. */
#if defined(__x86_64__)
#define PVPROBE_NR_RSEQ_SLICE_YIELD 471
#endif

#endif /* PVSCHED_HOST_RSEQ_ABI_H */
