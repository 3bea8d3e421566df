/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file riscv.h
 * @brief RISC-V SBI steal-time accounting (STA): the shared-memory record,
 *        its sequence-checked read, and Linux's preemption rule.
 *
 * A guest registers a 64-byte, 64-byte aligned record per hart with the SBI
 * call STEAL_TIME_SET_SHMEM (extension "STA"). Fields are little-endian:
 * sequence, flags, steal, preempted. The SBI implementation makes sequence
 * odd while it updates the record and even again after; KVM writes
 * sequence and steal only (preempted stays 0). Rationale:
 * docs/upstream-rules.md, "RISC-V: SBI STA".
 */
#ifndef PVSCHED_ARCH_RISCV_H
#define PVSCHED_ARCH_RISCV_H

#include <pvsched/env.h>
#include <pvsched/errors.h>
#include <pvsched/preempt.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief SBI extension id of STA ("STA" in ASCII). */
#define PVS_SBI_EXT_STA 0x535441u
/** @brief Bytes of the STA record (struct sbi_sta_struct). */
#define PVS_SBI_STA_SIZE 64
/** @brief Offset of sequence (le32, odd while the SBI implementation writes). */
#define PVS_SBI_STA_OFF_SEQUENCE 0
/** @brief Offset of flags (le32, none defined: 0). */
#define PVS_SBI_STA_OFF_FLAGS 4
/** @brief Offset of steal (le64, ns). */
#define PVS_SBI_STA_OFF_STEAL 8
/** @brief Offset of preempted (u8, non-zero: the hart is preempted). */
#define PVS_SBI_STA_OFF_PREEMPTED 16
/** @brief Most tries pvs_sbi_sta_read() makes, whatever it is asked. */
#define PVS_SBI_STA_MAX_TRIES 64u

/** @brief The STA record, decoded to host order. */
struct pvs_sbi_sta {
	/** Update counter, even when consistent (a decode never gives odd). */
	uint32_t sequence;
	/** Flags (none defined so far). */
	uint32_t flags;
	/** Time the hart was runnable but not running, ns. */
	uint64_t steal_ns;
	/** The specification's preempted byte (KVM never sets it). */
	uint8_t preempted;
};

/**
 * @brief Decode a raw little-endian STA record (a copy).
 * @record_args{PVS_SBI_STA_SIZE}
 * @return 0; -PVS_EINVAL if a pointer is NULL; -PVS_EBADMSG if @p len is
 *         short; -PVS_EAGAIN if sequence is odd (copied mid-update)
 */
int pvs_sbi_sta_decode(const void *buf, size_t len, struct pvs_sbi_sta *out);

/**
 * @brief Whether two reads of sequence around the fields make them valid.
 *
 * Linux's pv_time_steal_clock() repeats its read while the first sequence
 * is odd or the two differ.
 * @param before sequence read before the fields (host order)
 * @param after  sequence read after them (host order)
 * @return true if @p before is even and equal to @p after
 */
static inline bool pvs_sbi_sta_consistent(uint32_t before, uint32_t after)
{
	return (before & 1u) == 0 && before == after;
}

/**
 * @brief Read a live STA record the way Linux reads steal, with a bound.
 *
 * Reads sequence, then (after a read barrier) the fields, then sequence
 * again, and retries until pvs_sbi_sta_consistent(); Linux retries without
 * bound, this stops after @p max_tries (at most
 * @ref PVS_SBI_STA_MAX_TRIES) so a stuck odd sequence cannot hang the
 * caller.
 * @param sta       live record, 64-byte aligned as the SBI requires
 * @param max_tries tries allowed, >= 1
 * @param out       consistent copy, written only on success
 * @return tries used (>= 1); -PVS_EINVAL if a pointer is NULL or
 *         @p max_tries is 0; -PVS_EAGAIN if no try was consistent
 */
int pvs_sbi_sta_read(const void *sta, unsigned int max_tries,
		     struct pvs_sbi_sta *out);

/**
 * @brief Fill a pvs_core_state thread from a decoded STA record.
 *
 * Copies the preempted byte. With @ref PVS_HV_PREEMPT_FLAG that gives the
 * specification's reading of it; Linux does not read it (see
 * pvs_riscv_vcpu_is_preempted()), which is @ref PVS_HV_NONE.
 * @to_thread_args{sta}
 */
int pvs_sbi_sta_to_thread(const struct pvs_sbi_sta *sta,
			  struct pvs_thread_state *out);

/**
 * @brief Kernel rule: is the hart of a live STA record preempted? Never.
 *
 * Linux has no RISC-V vcpu_is_preempted(): the generic one returns false,
 * and the STA code reads steal only. KVM, which never writes preempted,
 * agrees with it; another SBI implementation may set the byte, read it
 * with pvs_sbi_sta_read() and pvs_sbi_sta_to_thread().
 * @param sta live record (unused)
 * @return false
 */
static inline bool pvs_riscv_vcpu_is_preempted(const void *sta)
{
	(void)sta;
	return false;
}

#ifdef __cplusplus
}
#endif

#endif /* PVSCHED_ARCH_RISCV_H */
