/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * The baseline the fast path is measured against: a plain transcription of
 * the logic of Linux's powerpc vcpu_is_preempted() (arch/powerpc/include/
 * asm/paravirt.h, v6.6+, the upstream change-000 rule), written the way the kernel
 * writes it: a static inline over global per-CPU lppaca pointers, a
 * shared-processor / KVM flag, threads_per_core, be32_to_cpu(READ_ONCE(
 * yield_count)) and READ_ONCE(idle) straight from the lppaca. Nothing from
 * libpvsched.
 */
#ifndef PVSCHED_BENCH_REF_KERNEL_H
#define PVSCHED_BENCH_REF_KERNEL_H

#include <stdbool.h>
#include <stdint.h>

#define REF_MAX_CPUS 64

extern const uint8_t *ref_lppaca_ptrs[REF_MAX_CPUS];
extern int ref_threads_per_core;
extern bool ref_shared_processor;
extern bool ref_kvm_guest;
extern int ref_this_cpu;

#define REF_READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))

static inline uint32_t ref_yield_count_of(int cpu)
{
	const uint32_t *p = (const uint32_t *)(ref_lppaca_ptrs[cpu] + 0x100);
	uint32_t raw = REF_READ_ONCE(*p);

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	return __builtin_bswap32(raw); /* be32_to_cpu */
#else
	return raw;
#endif
}

static inline uint8_t ref_idle_of(int cpu)
{
	return REF_READ_ONCE(ref_lppaca_ptrs[cpu][0xFE]);
}

static inline int ref_first_thread_sibling(int cpu)
{
	return cpu & ~(ref_threads_per_core - 1);
}

static inline bool ref_vcpu_is_preempted(int cpu)
{
	int first_cpu, i;

	if (!ref_shared_processor)
		return false;
	if (!(ref_yield_count_of(cpu) & 1))
		return false;
	if (!ref_idle_of(cpu))
		return true;
	if (!ref_kvm_guest) {
		first_cpu = ref_first_thread_sibling(ref_this_cpu);
		if (ref_first_thread_sibling(cpu) == first_cpu)
			return false;
		first_cpu = ref_first_thread_sibling(cpu);
		for (i = first_cpu; i < first_cpu + ref_threads_per_core; i++) {
			if (i == cpu)
				continue;
			if (!(ref_yield_count_of(i) & 1))
				return false;
			if (!ref_idle_of(i))
				return true;
		}
	}
	return false;
}

#endif
