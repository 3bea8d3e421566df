/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file loongarch.h
 * @brief KVM on LoongArch: struct kvm_steal_time and its preempted flag.
 *
 * LoongArch's struct kvm_steal_time has x86's layout (steal, version,
 * flags, then since Linux 7.0 a preempted byte at offset 16; 64 bytes,
 * little-endian), so it decodes with pvs_kvm_steal_time_decode(). The rule
 * differs: the guest reads only bit 0 (KVM_VCPU_PREEMPTED), and only when
 * the host offers KVM_FEATURE_PREEMPT. Rationale: docs/upstream-rules.md,
 * "LoongArch: vcpu_is_preempted() behind KVM_FEATURE_PREEMPT".
 */
#ifndef PVSCHED_ARCH_LOONGARCH_H
#define PVSCHED_ARCH_LOONGARCH_H

#include <pvsched/env.h>
#include <pvsched/errors.h>
#include <pvsched/preempt.h>
#include <pvsched/arch/x86.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief CPUCFG word holding KVM's paravirt feature bits. */
#define PVS_LOONGARCH_CPUCFG_KVM_FEATURE 0x40000004u
/** @brief Feature bit number: steal time (the record is registered). */
#define PVS_LOONGARCH_KVM_FEATURE_STEAL_TIME 2
/** @brief Feature bit number: the host writes the preempted byte. */
#define PVS_LOONGARCH_KVM_FEATURE_PREEMPT 3
/** @brief preempted bit the guest tests (KVM_VCPU_PREEMPTED). */
#define PVS_LOONGARCH_VCPU_PREEMPTED 0x1u

/**
 * @brief Fill a pvs_core_state thread from a decoded LoongArch record.
 *
 * The thread's preempted byte becomes bit 0 of the record's, or 0 when
 * the host does not offer KVM_FEATURE_PREEMPT, so that
 * @ref PVS_HV_PREEMPT_FLAG gives the LoongArch guest's answer.
 * @param st      record decoded with pvs_kvm_steal_time_decode()
 * @param preempt whether CPUCFG @ref PVS_LOONGARCH_CPUCFG_KVM_FEATURE has
 *                bit @ref PVS_LOONGARCH_KVM_FEATURE_PREEMPT
 * @param out     thread to fill, written only on success
 * @return 0, or -PVS_EINVAL if a pointer is NULL
 */
int pvs_loongarch_steal_time_to_thread(const struct pvs_kvm_steal_time *st,
				       bool preempt,
				       struct pvs_thread_state *out);

/**
 * @brief Kernel fast path: is the vCPU of a live record preempted?
 *
 * Linux 7.0's LoongArch vcpu_is_preempted(): false unless the
 * KVM_FEATURE_PREEMPT static key is on, else bit 0 of one read of the
 * preempted byte (x86 tests the whole byte).
 * @param steal_time live record (the vCPU's per-CPU steal_time)
 * @param preempt    whether the host offers KVM_FEATURE_PREEMPT
 * @return true if preempted
 */
static inline bool pvs_loongarch_vcpu_is_preempted(const void *steal_time,
						   bool preempt)
{
	const uint8_t *b = (const uint8_t *)steal_time;

	if (!preempt)
		return false;
	return (PVS_READ_ONCE(b[PVS_KVM_ST_OFF_PREEMPTED]) &
		PVS_LOONGARCH_VCPU_PREEMPTED) != 0;
}

#ifdef __cplusplus
}
#endif

#endif /* PVSCHED_ARCH_LOONGARCH_H */
