/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* x86 part of arch.h (include arch.h, not this file). */
#ifndef PVSCHED_HOST_ARCH_X86_H
#define PVSCHED_HOST_ARCH_X86_H

/* PAUSE (rep; nop). */
#define PVARCH_HAVE_RELAX 1
#define PVARCH_RELAX() __builtin_ia32_pause()

#endif /* PVSCHED_HOST_ARCH_X86_H */
