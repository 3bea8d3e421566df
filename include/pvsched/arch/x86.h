/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file x86.h
 * @brief KVM on x86: the kvm_steal_time record and its preempted flag.
 *
 * Rationale: docs/heuristics.md, "arch/x86.h".
 */
#ifndef PVSCHED_ARCH_X86_H
#define PVSCHED_ARCH_X86_H

#include <pvsched/env.h>
#include <pvsched/errors.h>
#include <pvsched/preempt.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief MSR through which a KVM guest registers its steal-time record. */
#define PVS_MSR_KVM_STEAL_TIME 0x4b564d03u
/** @brief Bytes of struct kvm_steal_time. */
#define PVS_KVM_STEAL_TIME_SIZE 64
/** @brief Offset of steal (le64, ns) in struct kvm_steal_time. */
#define PVS_KVM_ST_OFF_STEAL 0
/** @brief Offset of version (le32, odd while the host writes). */
#define PVS_KVM_ST_OFF_VERSION 8
/** @brief Offset of flags (le32). */
#define PVS_KVM_ST_OFF_FLAGS 12
/** @brief Offset of preempted (u8, KVM_VCPU_* bits). */
#define PVS_KVM_ST_OFF_PREEMPTED 16
/** @brief preempted bit: the host descheduled the vCPU. */
#define PVS_KVM_VCPU_PREEMPTED 0x1u
/** @brief preempted bit: the guest asked for a TLB flush at next entry. */
#define PVS_KVM_VCPU_FLUSH_TLB 0x2u

/** @brief struct kvm_steal_time, decoded to host order. */
struct pvs_kvm_steal_time {
	/** Time the vCPU was runnable but not running, ns. */
	uint64_t steal_ns;
	/** Update counter, even when consistent (a decode never gives odd). */
	uint32_t version;
	/** Flags (none defined so far). */
	uint32_t flags;
	/** Preempted byte (PVS_KVM_VCPU_* bits); non-zero = preempted. */
	uint8_t preempted;
};

/**
 * @brief Decode a raw little-endian kvm_steal_time record.
 *
 * The caller copies the live record as the kernel reads it: version, then
 * the fields, then version again, retrying while they differ; this decoder
 * rejects a copy taken while the host was writing (odd version).
 * @record_args{PVS_KVM_STEAL_TIME_SIZE}
 * @return 0; -PVS_EINVAL if a pointer is NULL; -PVS_EBADMSG if @p len < 64;
 *         -PVS_EAGAIN if version is odd (host mid-update: copy again)
 */
int pvs_kvm_steal_time_decode(const void *buf, size_t len,
			      struct pvs_kvm_steal_time *out);

/**
 * @brief Fill a pvs_core_state thread from a decoded steal-time record.
 *
 * Copies the preempted byte and clears the powerpc fields; use it with
 * @ref PVS_HV_PREEMPT_FLAG.
 * @to_thread_args{st}
 */
int pvs_kvm_steal_time_to_thread(const struct pvs_kvm_steal_time *st,
				 struct pvs_thread_state *out);

/**
 * @brief Kernel fast path: is the vCPU of a live kvm_steal_time preempted?
 *
 * Reads the preempted byte once; any non-zero value means preempted, as in
 * Linux's x86-64 `__raw_callee_save___kvm_vcpu_is_preempted`.
 * @param steal_time live record (the vCPU's per-CPU steal_time)
 * @return true if preempted
 */
static inline bool pvs_x86_is_preempted(const void *steal_time)
{
	const uint8_t *b = (const uint8_t *)steal_time;

	return PVS_READ_ONCE(b[PVS_KVM_ST_OFF_PREEMPTED]) != 0;
}

#ifdef __cplusplus
}
#endif

#endif /* PVSCHED_ARCH_X86_H */
