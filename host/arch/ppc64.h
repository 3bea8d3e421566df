/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* 64-bit powerpc part of arch.h (include arch.h, not this file). */
#ifndef PVSCHED_HOST_ARCH_PPC64_H
#define PVSCHED_HOST_ARCH_PPC64_H

/* Linux cpu_relax(): HMT_low(); HMT_medium(). */
#define PVARCH_HAVE_RELAX 1
#define PVARCH_RELAX() __asm__ __volatile__("or 1,1,1\n\tor 2,2,2" ::: "memory")

#endif /* PVSCHED_HOST_ARCH_PPC64_H */
