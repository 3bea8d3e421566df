/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * The userspace libraries' shared primitives (host/: probe, runtime, lock,
 * preload), internal and not installed: what differs by architecture, in
 * one place, the way liburcu's arch headers and Concurrency Kit's per-arch
 * primitives are laid out. This file picks the part of the architecture
 * being compiled (x86.h, ppc64.h, aarch64.h, riscv64.h) and then
 * generic.h, which fills in whatever the part left undefined; below are
 * the Linux uapi values every architecture shares. Only this file
 * includes the parts.
 *
 * What a part may define (PVARCH_ prefix: this layer, no exported symbol):
 *   PVARCH_RELAX()            one cpu_relax(): the instruction a spinning
 *                             waiter issues (pause.c times it, the spin
 *                             runtime spins with it)
 *   PVARCH_HAVE_RELAX         there is such an instruction (else generic.h
 *                             makes PVARCH_RELAX() a compiler barrier)
 * and, below, the rseq_slice_yield system call's number
 * (PVARCH_NR_RSEQ_SLICE_YIELD) where it is known.
 */
#ifndef PVSCHED_HOST_ARCH_H
#define PVSCHED_HOST_ARCH_H

#if defined(__x86_64__) || defined(__i386__)
#include "x86.h"
#elif defined(__powerpc64__)
#include "ppc64.h"
#elif defined(__aarch64__)
#include "aarch64.h"
#elif defined(__riscv) && __riscv_xlen == 64
#include "riscv64.h"
#endif
#include "generic.h"

/*
 * The Linux 7.0 uapi of the rseq time-slice extension, for the probe
 * (probe/rseq.c: is it there?) and the spin runtime (rt/spin_rt.c: use
 * it). Here rather than in a public header: C libraries older than the
 * kernel lack these names, and a public header defining PR_* would clash
 * with <linux/prctl.h>. docs/upstream-rules.md#rseq-time-slice-extension.
 */
/* prctl(PR_RSEQ_SLICE_EXTENSION, op, arg): the option and its ops. */
#define PVARCH_PR_RSEQ_SLICE_EXTENSION 79
#define PVARCH_PR_RSEQ_SLICE_EXTENSION_GET 1
#define PVARCH_PR_RSEQ_SLICE_EXTENSION_SET 2
#define PVARCH_PR_RSEQ_SLICE_EXT_ENABLE 1

/* struct rseq: slice_ctrl is the u32 at byte 28 (request, granted bytes). */
#define PVARCH_RSEQ_SLICE_CTRL_OFF 28

/*
 * rseq_slice_yield: 471 in asm-generic/unistd.h (arm64, riscv64) and in
 * the x86_64 and powerpc tables alike: since pidfd_send_signal (424,
 * Linux 5.1) every new system call has one number on every architecture
 * but alpha, mips and ia64, which add their own offsets. C libraries
 * older than the kernel lack __NR_rseq_slice_yield, hence the number
 * here. Elsewhere (32-bit, other architectures) it stays undefined and
 * the runtime does not use the extension (generic.h).
 */
#if defined(__x86_64__) || defined(__powerpc64__) || defined(__aarch64__) || \
	(defined(__riscv) && __riscv_xlen == 64)
#define PVARCH_NR_RSEQ_SLICE_YIELD 471
#endif

#endif /* PVSCHED_HOST_ARCH_H */
