/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* arm64 part of arch.h (include arch.h, not this file). */
#ifndef PVSCHED_HOST_ARCH_AARCH64_H
#define PVSCHED_HOST_ARCH_AARCH64_H

/*
 * ISB, not YIELD (Linux's cpu_relax()): YIELD is a hint-space NOP on
 * every arm64 core without SMT, so a spin loop on it re-reads the lock
 * word as fast as a bare loop; ISB stalls the front end until the
 * pipeline drains, a delay of the order of x86 PAUSE. Rust's spin_loop()
 * and HotSpot's default OnSpinWaitInst use ISB for the same reason.
 * docs/spin-rt.md#the-relax-instruction-per-architecture says more.
 */
#define PVARCH_HAVE_RELAX 1
#define PVARCH_RELAX() __asm__ __volatile__("isb" ::: "memory")

#endif /* PVSCHED_HOST_ARCH_AARCH64_H */
