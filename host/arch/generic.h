/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * The generic fallback of arch.h (include arch.h, not this file): defines
 * what the architecture's part left undefined.
 */
#ifndef PVSCHED_HOST_ARCH_GENERIC_H
#define PVSCHED_HOST_ARCH_GENERIC_H

/* No relax instruction known: a compiler barrier, so a spin loop still
 * re-reads what it waits on. PVARCH_HAVE_RELAX stays undefined (the probe
 * then reports the PAUSE cost as not supported). */
#ifndef PVARCH_RELAX
#define PVARCH_RELAX() __asm__ __volatile__("" ::: "memory")
#endif

/* PVARCH_NR_RSEQ_SLICE_YIELD stays undefined where the number is not
 * known: the runtime then does not use the slice extension. */

#endif /* PVSCHED_HOST_ARCH_GENERIC_H */
