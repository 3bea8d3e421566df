/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file ppc64.h
 * @brief POWER hypervisor areas: lppaca (VPA) and dispatch-trace-log
 *        decoders, and the kernel fast path of vcpu_is_preempted().
 *
 * Rationale: docs/heuristics.md, "arch/ppc64.h".
 */
#ifndef PVSCHED_ARCH_PPC64_H
#define PVSCHED_ARCH_PPC64_H

#include <pvsched/env.h>
#include <pvsched/errors.h>
#include <pvsched/preempt.h>
#include <pvsched/internal/ppc64_rule.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief Bytes of an lppaca image (sizeof(struct lppaca) in Linux). */
#define PVS_LPPACA_SIZE 640
/** @brief lppaca eye-catcher: "LpPa" in EBCDIC. */
#define PVS_LPPACA_DESC 0xD397D781u
/** @brief old_status bit set on a shared-processor partition. */
#define PVS_LPPACA_OLD_SHARED_PROC 0x02u

/** @brief Offset of desc (be32, the eye-catcher). */
#define PVS_LPPACA_OFF_DESC 0x000
/** @brief Offset of size (be16; Linux writes 0x400, must be >= 640). */
#define PVS_LPPACA_OFF_SIZE 0x004
/** @brief Offset of old_status (u8, see @ref PVS_LPPACA_OLD_SHARED_PROC). */
#define PVS_LPPACA_OFF_OLD_STATUS 0x009
/** @brief Offset of cede_latency_hint (u8). */
#define PVS_LPPACA_OFF_CEDE_LATENCY_HINT 0x0B0
/** @brief Offset of dtl_enable_mask (u8, PVS_DTL_LOG_* bits). */
#define PVS_LPPACA_OFF_DTL_ENABLE_MASK 0x0B8
/** @brief Offset of donate_dedicated_cpu (u8). */
#define PVS_LPPACA_OFF_DONATE_DEDICATED_CPU 0x0B9
/** @brief Offset of idle (u8, non-zero: the OS asked to cede). */
#define PVS_LPPACA_OFF_IDLE 0x0FE
/** @brief Offset of yield_count (be32, odd: not dispatched). */
#define PVS_LPPACA_OFF_YIELD_COUNT 0x100
/**
 * @brief Offset of the yield_count byte holding its parity bit (the last,
 *        least significant byte of the big-endian word).
 */
#define PVS_LPPACA_OFF_YIELD_COUNT_LSB (PVS_LPPACA_OFF_YIELD_COUNT + 3)
/** @brief Offset of dispersion_count (be32). */
#define PVS_LPPACA_OFF_DISPERSION_COUNT 0x104
/** @brief Offset of enqueue_dispatch_tb (be64, timebase ticks). */
#define PVS_LPPACA_OFF_ENQUEUE_DISPATCH_TB 0x158
/** @brief Offset of ready_enqueue_tb (be64, timebase ticks). */
#define PVS_LPPACA_OFF_READY_ENQUEUE_TB 0x160
/** @brief Offset of dtl_idx (be64, dispatch-trace-log head index). */
#define PVS_LPPACA_OFF_DTL_IDX 0x218

/** @brief dtl_enable_mask bit: log cede dispatches. */
#define PVS_DTL_LOG_CEDE 0x1u
/** @brief dtl_enable_mask bit: log preempt dispatches. */
#define PVS_DTL_LOG_PREEMPT 0x2u
/** @brief dtl_enable_mask bit: log fault dispatches. */
#define PVS_DTL_LOG_FAULT 0x4u
/** @brief dtl_enable_mask: every dispatch. */
#define PVS_DTL_LOG_ALL 0x7u

/** @brief The lppaca fields libpvsched uses, decoded to host order. */
struct pvs_lppaca {
	/** Eye-catcher, always @ref PVS_LPPACA_DESC after a decode. */
	uint32_t desc;
	/** Size the guest registered (>= @ref PVS_LPPACA_SIZE). */
	uint16_t size;
	/** Raw old_status byte. */
	uint8_t old_status;
	/** Shared-processor partition (old_status & 2). */
	bool shared;
	/** Cede latency hint (u8). */
	uint8_t cede_latency_hint;
	/** Dispatch-trace-log enable mask (PVS_DTL_LOG_* bits). */
	uint8_t dtl_enable_mask;
	/** Non-zero: donate the cycles of a dedicated CPU when idle. */
	uint8_t donate_dedicated_cpu;
	/** Non-zero: the OS asked to cede (idle hint). */
	uint8_t idle;
	/** Odd: not dispatched (ceded, conferred or preempted). */
	uint32_t yield_count;
	/** Dispatches on a different physical CPU than the previous one. */
	uint32_t dispersion_count;
	/** Total enqueue-to-dispatch time, timebase ticks. */
	uint64_t enqueue_dispatch_tb;
	/** Total ready-to-enqueue time, timebase ticks. */
	uint64_t ready_enqueue_tb;
	/** Dispatch-trace-log head index. */
	uint64_t dtl_idx;
};

/**
 * @brief Decode a raw big-endian lppaca image.
 *
 * Checks the eye-catcher and that the registered size covers the 640-byte
 * structure (KVM's H_REGISTER_VPA refuses a smaller one).
 * @record_args{PVS_LPPACA_SIZE}
 * @return 0; -PVS_EINVAL if @p buf or @p out is NULL; -PVS_EBADMSG if
 *         @p len < 640, desc is not @ref PVS_LPPACA_DESC or size < 640
 */
int pvs_lppaca_decode(const void *buf, size_t len, struct pvs_lppaca *out);

/**
 * @brief Stolen time of a vCPU, Linux `pseries_paravirt_steal_clock()`.
 * @param l decoded lppaca
 * @return enqueue_dispatch_tb + ready_enqueue_tb, timebase ticks (wraps
 *         modulo 2^64 like the kernel's sum)
 */
static inline uint64_t pvs_lppaca_steal_tb(const struct pvs_lppaca *l)
{
	return l->enqueue_dispatch_tb + l->ready_enqueue_tb;
}

/**
 * @brief Fill a pvs_core_state thread from a decoded lppaca.
 *
 * Copies yield_count and idle and clears the x86 preempted byte; the
 * partition's shared flag (pvs_lppaca::shared) belongs to the core state.
 * @to_thread_args{l}
 */
int pvs_lppaca_to_thread(const struct pvs_lppaca *l,
			 struct pvs_thread_state *out);

/** @brief Bytes of a dispatch-trace-log entry. */
#define PVS_DTL_ENTRY_SIZE 48
/** @brief Offset of dispatch_reason (u8) in a DTL entry. */
#define PVS_DTL_OFF_DISPATCH_REASON 0
/** @brief Offset of preempt_reason (u8) in a DTL entry. */
#define PVS_DTL_OFF_PREEMPT_REASON 1
/** @brief Offset of processor_id (be16) in a DTL entry. */
#define PVS_DTL_OFF_PROCESSOR_ID 2
/** @brief Offset of enqueue_to_dispatch_time (be32) in a DTL entry. */
#define PVS_DTL_OFF_ENQUEUE_TO_DISPATCH 4
/** @brief Offset of ready_to_enqueue_time (be32) in a DTL entry. */
#define PVS_DTL_OFF_READY_TO_ENQUEUE 8
/** @brief Offset of waiting_to_ready_time (be32) in a DTL entry. */
#define PVS_DTL_OFF_WAITING_TO_READY 12
/** @brief Offset of timebase (be64) in a DTL entry. */
#define PVS_DTL_OFF_TIMEBASE 16
/** @brief Offset of fault_addr (be64) in a DTL entry. */
#define PVS_DTL_OFF_FAULT_ADDR 24
/** @brief Offset of srr0 (be64) in a DTL entry. */
#define PVS_DTL_OFF_SRR0 32
/** @brief Offset of srr1 (be64) in a DTL entry. */
#define PVS_DTL_OFF_SRR1 40

/** @brief One dispatch-trace-log entry (Linux struct dtl_entry), host order. */
struct pvs_dtl_entry {
	/** Why the vCPU was dispatched. */
	uint8_t dispatch_reason;
	/** Why it was preempted before. */
	uint8_t preempt_reason;
	/** Physical processor it was dispatched on. */
	uint16_t processor_id;
	/** Enqueue-to-dispatch time, timebase ticks. */
	uint32_t enqueue_to_dispatch_tb;
	/** Ready-to-enqueue time, timebase ticks. */
	uint32_t ready_to_enqueue_tb;
	/** Waiting-to-ready time, timebase ticks. */
	uint32_t waiting_to_ready_tb;
	/** Timebase at dispatch. */
	uint64_t timebase;
	/** Faulting address (fault dispatches). */
	uint64_t fault_addr;
	/** SRR0 (instruction address) at preemption. */
	uint64_t srr0;
	/** SRR1 (machine state) at preemption. */
	uint64_t srr1;
};

/**
 * @brief Decode one raw big-endian dispatch-trace-log entry.
 * @record_args{PVS_DTL_ENTRY_SIZE}
 * @return 0; -PVS_EINVAL if a pointer is NULL; -PVS_EBADMSG if @p len < 48
 */
int pvs_dtl_entry_decode(const void *buf, size_t len,
			 struct pvs_dtl_entry *out);

/**
 * @brief Is the live lppaca's thread not dispatched (yield_count odd)?
 *
 * Reads once the one byte that holds the parity bit (the big-endian
 * word's last byte), which a single byte access cannot tear.
 * @param lppaca live lppaca area
 * @return true if yield_count is odd
 */
static inline bool pvs_ppc64_yielded(const void *lppaca)
{
	const uint8_t *b = (const uint8_t *)lppaca;

	return PVS_READ_ONCE(b[PVS_LPPACA_OFF_YIELD_COUNT_LSB]) & 1;
}

/**
 * @brief Has the live lppaca's OS asked to cede (idle byte non-zero)?
 * @param lppaca live lppaca area
 * @return true if the idle byte is non-zero
 */
static inline bool pvs_ppc64_idle(const void *lppaca)
{
	const uint8_t *b = (const uint8_t *)lppaca;

	return PVS_READ_ONCE(b[PVS_LPPACA_OFF_IDLE]) != 0;
}

/** @cond INTERNAL */
/* The accessors of pvs_ppc_rule_() over lppaca[] indexed by CPU. */
static PVS_ALWAYS_INLINE_ bool pvs_ppc64_live_yielded_(const void *ctx,
						       unsigned int cpu)
{
	return pvs_ppc64_yielded(((const void *const *)ctx)[cpu]);
}

static PVS_ALWAYS_INLINE_ bool pvs_ppc64_live_idle_(const void *ctx,
						    unsigned int cpu)
{
	return pvs_ppc64_idle(((const void *const *)ctx)[cpu]);
}

/* The rule over live lppaca areas, shared by the two entry points below. */
static PVS_ALWAYS_INLINE_ bool
pvs_ppc64_rule_(const void *const lppaca[], unsigned int cpu,
		unsigned int first, unsigned int n, bool caller_on_core,
		bool shared, bool powervm, enum pvs_preempt_policy policy)
{
	return pvs_why_preempted_(pvs_ppc_rule_(
		lppaca, cpu, first, n, caller_on_core, shared, powervm, policy,
		pvs_ppc64_live_yielded_, pvs_ppc64_live_idle_));
}
/** @endcond */

/**
 * @brief Kernel fast path of vcpu_is_preempted(cpu), shaped like the
 *        kernel's own: per-CPU lppaca pointers, the target CPU and the
 *        deciding CPU.
 *
 * The same rule and answer as pvs_is_preempted() (both policies; see enum
 * pvs_preempt_policy), but reading lazily, in the rule's order, only the
 * bytes the rule needs: target parity, target idle, then per sibling parity
 * and idle, each once with PVS_READ_ONCE(). The sibling arithmetic is done
 * only when the rule reaches step 4, as in the kernel.
 *
 * It validates nothing (this is the hot path; bench/micro.sh shows it costs
 * no more instructions than the kernel's code): the caller guarantees the
 * preconditions below, exactly the ones the kernel's own code relies on.
 * Pass @p policy as a constant so the unused rule folds away. Use
 * pvs_ppc64_is_preempted() when the inputs are not trusted.
 * @param lppaca           lppaca areas indexed by CPU number (a kernel's
 *                         `lppaca_ptrs`); valid for every thread of the
 *                         target's core
 * @param cpu              CPU asked about
 * @param this_cpu         CPU deciding (smp_processor_id())
 * @param threads_per_core SMT width, a power of two, 1..PVS_MAX_SMT
 * @param shared           is_shared_processor()
 * @param powervm          !is_kvm_guest()
 * @param policy           rule to apply
 * @return true if @p cpu is preempted
 */
static inline bool pvs_ppc64_vcpu_is_preempted(const void *const lppaca[],
					       unsigned int cpu,
					       unsigned int this_cpu,
					       unsigned int threads_per_core,
					       bool shared, bool powervm,
					       enum pvs_preempt_policy policy)
{
	unsigned int mask = ~(threads_per_core - 1);

	return pvs_ppc64_rule_(lppaca, cpu, cpu & mask, threads_per_core,
			       (this_cpu & mask) == (cpu & mask), shared,
			       powervm, policy);
}

/**
 * @brief Checked fast path of vcpu_is_preempted() over one core's live
 *        lppaca areas.
 *
 * The rule of pvs_ppc64_vcpu_is_preempted(), with the core given as its
 * own array and every argument validated first. Bad input (NULL @p lppaca,
 * @p nthreads 0 or > PVS_MAX_SMT, @p target >= @p nthreads,
 * @p caller_thread outside -1..nthreads-1, unknown @p policy) returns
 * false, like pvs_is_preempted().
 * @param lppaca        the core's lppaca areas, thread 0 first; entries
 *                      0..nthreads-1 must be valid
 * @param nthreads      threads in the core (1..PVS_MAX_SMT)
 * @param target        thread asked about
 * @param caller_thread thread of the deciding CPU if it is on this core,
 *                      else @ref PVS_CALLER_OTHER_CORE
 * @param shared        shared-processor partition
 * @param powervm       PowerVM (true) or KVM (false) guest
 * @param policy        rule to apply
 * @return true if the target is preempted
 */
static inline bool pvs_ppc64_is_preempted(const void *const lppaca[],
					  unsigned int nthreads,
					  unsigned int target,
					  int caller_thread, bool shared,
					  bool powervm,
					  enum pvs_preempt_policy policy)
{
	if (!lppaca || nthreads > PVS_MAX_SMT || target >= nthreads ||
	    caller_thread < PVS_CALLER_OTHER_CORE ||
	    caller_thread >= (int)nthreads)
		return false;
	if ((unsigned int)policy >= (unsigned int)PVS_PREEMPT_POLICY_COUNT)
		return false;
	return pvs_ppc64_rule_(lppaca, target, 0, nthreads,
			       caller_thread != PVS_CALLER_OTHER_CORE, shared,
			       powervm, policy);
}

#ifdef __cplusplus
}
#endif

#endif /* PVSCHED_ARCH_PPC64_H */
