/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* 64-bit RISC-V part of arch.h (include arch.h, not this file). */
#ifndef PVSCHED_HOST_ARCH_RISCV64_H
#define PVSCHED_HOST_ARCH_RISCV64_H

/*
 * Linux's cpu_relax() as its userspace copy has it
 * (tools/arch/riscv/include/asm/vdso/processor.h): a division by zero,
 * a long-latency stall that traps nowhere (M extension), then the
 * Zihintpause PAUSE hint, FENCE with pred=W, succ=0 (0x0100000f). PAUSE
 * is emitted as a raw word so assemblers that predate Zihintpause
 * (binutils < 2.36) and -march strings without _zihintpause accept it.
 * It is a HINT: on a hart without Zihintpause it runs as a FENCE that
 * orders nothing, a no-op, so the same binary runs everywhere and pauses
 * where the CPU implements it (cpuinfo's "isa" names zihintpause there).
 */
#if defined(__riscv_div) || defined(__riscv_muldiv)
#define PVARCH_RISCV_STALL(d) __asm__ __volatile__("div %0, %0, zero" : "+r"(d))
#else
#define PVARCH_RISCV_STALL(d) ((void)(d))
#endif
#define PVARCH_HAVE_RELAX 1
#define PVARCH_RELAX()                                                       \
	do {                                                                 \
		long pvarch_dummy_ = 0;                                      \
		PVARCH_RISCV_STALL(pvarch_dummy_);                           \
		__asm__ __volatile__(".4byte 0x0100000f" ::: "memory");      \
	} while (0)

#endif /* PVSCHED_HOST_ARCH_RISCV64_H */
