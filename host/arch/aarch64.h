/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* arm64 part of arch.h (include arch.h, not this file). */
#ifndef PVSCHED_HOST_ARCH_AARCH64_H
#define PVSCHED_HOST_ARCH_AARCH64_H

/* YIELD: a hint to an SMT sibling or to the hypervisor. */
#define PVARCH_HAVE_RELAX 1
#define PVARCH_RELAX() __asm__ __volatile__("yield" ::: "memory")

#endif /* PVSCHED_HOST_ARCH_AARCH64_H */
