/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* 64-bit RISC-V part of arch.h (include arch.h, not this file). */
#ifndef PVSCHED_HOST_ARCH_RISCV64_H
#define PVSCHED_HOST_ARCH_RISCV64_H

/*
 * Linux cpu_relax() on RISC-V: the Zihintpause PAUSE hint, which is
 * FENCE with pred=W, succ=0, fm=0 (0x0100000f). Emitted as a raw word so
 * assemblers that predate Zihintpause (binutils < 2.36) and -march
 * strings without _zihintpause accept it. It is a HINT: on a hart
 * without Zihintpause it executes as a FENCE that orders nothing, a
 * no-op, so the same binary runs everywhere and only pauses where the
 * CPU implements it (cpuinfo's "isa" line names zihintpause there).
 */
#define PVARCH_HAVE_RELAX 1
#define PVARCH_RELAX() __asm__ __volatile__(".4byte 0x0100000f" ::: "memory")

#endif /* PVSCHED_HOST_ARCH_RISCV64_H */
