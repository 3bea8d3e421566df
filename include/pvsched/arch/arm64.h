/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file arm64.h
 * @brief Arm PV time (DEN0057A): the stolen-time structure, and why an
 *        arm64 guest never reports a vCPU as preempted.
 *
 * A guest finds the structure with the SMCCC call PV_TIME_ST; KVM and the
 * specification fill revision, attributes and stolen_time, little-endian,
 * in a 64-byte record. Rationale: docs/upstream-rules.md, "arm64: PV time
 * and a vcpu_is_preempted() that is always false".
 */
#ifndef PVSCHED_ARCH_ARM64_H
#define PVSCHED_ARCH_ARM64_H

#include <pvsched/env.h>
#include <pvsched/errors.h>
#include <pvsched/preempt.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief SMCCC function id of PV_TIME_FEATURES (HVC64/SMC64 only). */
#define PVS_ARM64_PV_TIME_FEATURES 0xc5000020u
/** @brief SMCCC function id of PV_TIME_ST: returns the record's IPA. */
#define PVS_ARM64_PV_TIME_ST 0xc5000021u
/** @brief Bytes of the stolen-time record (struct pvclock_vcpu_stolen_time). */
#define PVS_ARM64_STOLEN_TIME_SIZE 64
/** @brief Offset of revision (le32, 0 in DEN0057A). */
#define PVS_ARM64_ST_OFF_REVISION 0
/** @brief Offset of attributes (le32, 0 in DEN0057A). */
#define PVS_ARM64_ST_OFF_ATTRIBUTES 4
/** @brief Offset of stolen_time (le64, ns), 8-byte aligned. */
#define PVS_ARM64_ST_OFF_STOLEN_TIME 8

/** @brief The stolen-time record, decoded to host order. */
struct pvs_arm64_stolen_time {
	/** Layout revision; a decode only succeeds for 0. */
	uint32_t revision;
	/** Attributes; a decode only succeeds for 0. */
	uint32_t attributes;
	/** Time this vCPU was runnable but not running, ns. */
	uint64_t stolen_ns;
};

/**
 * @brief Decode a raw little-endian stolen-time record.
 *
 * Linux refuses a record whose revision or attributes is not 0 ("Unexpected
 * revision or attributes in stolen time data") and then reads no stolen
 * time from it; this decoder refuses the same records.
 * @record_args{PVS_ARM64_STOLEN_TIME_SIZE}
 * @return 0; -PVS_EINVAL if a pointer is NULL; -PVS_EBADMSG if @p len is
 *         short; -PVS_ENOTSUP if revision or attributes is not 0
 */
int pvs_arm64_stolen_time_decode(const void *buf, size_t len,
				 struct pvs_arm64_stolen_time *out);

/**
 * @brief Fill a pvs_core_state thread for an arm64 vCPU.
 *
 * PV time has no preempted flag, so every field is cleared; use it with
 * @ref PVS_HV_NONE, which is what arm64's vcpu_is_preempted() answers.
 * @to_thread_args{st}
 */
int pvs_arm64_stolen_time_to_thread(const struct pvs_arm64_stolen_time *st,
				    struct pvs_thread_state *out);

/**
 * @brief Kernel fast path: stolen time of a live record, ns.
 *
 * One 64-bit read of stolen_time, as Linux's para_steal_clock() does
 * (the hypervisor writes it with a single store; there is no sequence).
 * @param stolen_time live record, 64-byte aligned as DEN0057A requires
 * @return stolen time in ns
 */
static inline uint64_t pvs_arm64_stolen_ns(const void *stolen_time)
{
	const uint8_t *b = (const uint8_t *)stolen_time;
	uint64_t raw = PVS_READ_ONCE(*(const uint64_t *)
				     (b + PVS_ARM64_ST_OFF_STOLEN_TIME));

	return pvs_le64_ld(&raw);
}

/**
 * @brief Kernel rule: is the vCPU of a live record preempted? Never.
 *
 * Linux's arm64 vcpu_is_preempted() returns false on purpose: PV time
 * publishes no preempted flag, and the kernel keeps the answer constant
 * because osq_lock() calls it from inside smp_cond_load_relaxed(), where
 * a changing answer would break the wait. The record is not read.
 * @param stolen_time live record (unused)
 * @return false
 */
static inline bool pvs_arm64_vcpu_is_preempted(const void *stolen_time)
{
	(void)stolen_time;
	return false;
}

#ifdef __cplusplus
}
#endif

#endif /* PVSCHED_ARCH_ARM64_H */
