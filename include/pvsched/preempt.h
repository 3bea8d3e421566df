/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file preempt.h
 * @brief Is a vCPU preempted by the hypervisor? (vcpu_is_preempted())
 *
 * Rationale: docs/heuristics.md, "preempt.h".
 */
#ifndef PVSCHED_PREEMPT_H
#define PVSCHED_PREEMPT_H

#include <pvsched/env.h>
#include <pvsched/errors.h>
#include <pvsched/limits.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Value of pvs_core_state::caller_thread (and of the fast path's
 *        caller_thread) when the deciding CPU is on another core.
 */
#define PVS_CALLER_OTHER_CORE (-1)

/** @brief Which hypervisor publishes the per-vCPU state. */
enum pvs_hv_kind {
	/** Bare metal (or no paravirt interface): never preempted. */
	PVS_HV_NONE = 0,
	/**
	 * PowerVM (pHyp) shared or dedicated LPAR: lppaca rule, including
	 * the whole-core dispatch steps 4a and 4b.
	 */
	PVS_HV_POWERVM = 1,
	/**
	 * KVM guest on ppc64 (lppaca-based, `is_kvm_guest()`): lppaca rule
	 * without step 4 (KVM dispatches threads, not whole cores).
	 */
	PVS_HV_KVM_PPC = 2,
	/**
	 * A hypervisor publishing a per-vCPU "preempted" byte, as KVM on x86
	 * does in struct kvm_steal_time: any non-zero byte means preempted
	 * (Linux's x86-64 assembly test; its C version tests bit 0 only,
	 * which is the same in practice: FLUSH_TLB is set only beside it).
	 */
	PVS_HV_PREEMPT_FLAG = 3,
	/** Number of kinds (not a kind): range checks use it. */
	PVS_HV_COUNT,
	/**
	 * The name users guess for KVM on x86 (a compiler would otherwise
	 * suggest @ref PVS_HV_KVM_PPC, the powerpc rule): an alias of
	 * @ref PVS_HV_PREEMPT_FLAG, after the count so it adds no kind.
	 */
	PVS_HV_KVM_X86 = PVS_HV_PREEMPT_FLAG
};

/** @enum_name{pvs_hv_kind} */
const char *pvs_hv_kind_name(enum pvs_hv_kind v);

/**
 * @brief Which powerpc rule pvs_is_preempted() applies.
 *
 * Ignored for @ref PVS_HV_NONE and @ref PVS_HV_PREEMPT_FLAG (but still
 * validated). Zero is today's upstream rule.
 */
enum pvs_preempt_policy {
	/**
	 * Linux after v6.6 (ppc-idle-hint): 1. dedicated -> not preempted;
	 * 2. target yield_count even -> not; 3. target not idle -> preempted;
	 * 4. PowerVM only: a. caller on the target's core -> not; b. first
	 * other thread of the core that is dispatched -> not, or not
	 * dispatched and not idle -> preempted; 5. otherwise not preempted.
	 */
	PVS_PREEMPT_IDLE_HINT = 0,
	/**
	 * Linux up to v6.6 (the upstream change's baseline): 1. dedicated -> not;
	 * 4a. PowerVM and caller on the target's core -> not; then odd
	 * yield_count -> preempted. A vCPU that only ceded counts as
	 * preempted.
	 */
	PVS_PREEMPT_PARITY = 1,
	/** Number of policies (not a policy): range checks use it. */
	PVS_PREEMPT_POLICY_COUNT
};

/** @enum_name{pvs_preempt_policy} */
const char *pvs_preempt_policy_name(enum pvs_preempt_policy v);

/**
 * @brief The rule step that decided (what pvs_preempt_explain() returns).
 *
 * Step numbers refer to @ref PVS_PREEMPT_IDLE_HINT.
 */
enum pvs_preempt_why {
	/** Bare metal: not preempted. */
	PVS_PREEMPT_WHY_NO_HV = 0,
	/** Preempted byte is zero: not preempted. */
	PVS_PREEMPT_WHY_FLAG_CLEAR = 1,
	/** Preempted byte is non-zero: preempted. */
	PVS_PREEMPT_WHY_FLAG_SET = 2,
	/** Step 1, dedicated partition: not preempted. */
	PVS_PREEMPT_WHY_DEDICATED = 3,
	/** Step 2 (or parity rule), yield_count even: not preempted. */
	PVS_PREEMPT_WHY_DISPATCHED = 4,
	/** Step 3, not dispatched and idle == 0: preempted. */
	PVS_PREEMPT_WHY_NOT_IDLE = 5,
	/** Step 4a, caller runs on the target's core: not preempted. */
	PVS_PREEMPT_WHY_SAME_CORE = 6,
	/** Step 4b, a sibling of the target is dispatched: not preempted. */
	PVS_PREEMPT_WHY_SIBLING_DISPATCHED = 7,
	/** Step 4b, a sibling is not dispatched and not idle: preempted. */
	PVS_PREEMPT_WHY_SIBLING_PREEMPTED = 8,
	/** Step 5, the target (and its siblings) ceded: not preempted. */
	PVS_PREEMPT_WHY_CEDED = 9,
	/** Parity rule, yield_count odd: preempted. */
	PVS_PREEMPT_WHY_YIELD_ODD = 10,
	/** Number of steps (not a step): range checks use it. */
	PVS_PREEMPT_WHY_COUNT
};

/** @enum_name{pvs_preempt_why} */
const char *pvs_preempt_why_name(enum pvs_preempt_why v);

/** @brief What the hypervisor publishes about one hardware thread (vCPU). */
struct pvs_thread_state {
	/**
	 * lppaca yield_count (host order): odd = not dispatched (ceded,
	 * conferred or preempted), even = running. powerpc only.
	 */
	uint32_t yield_count;
	/** lppaca idle byte: non-zero = the OS asked to cede. powerpc only. */
	uint8_t idle;
	/**
	 * kvm_steal_time preempted byte: non-zero = preempted
	 * (@ref PVS_HV_PREEMPT_FLAG only).
	 */
	uint8_t preempted;
};

/** @brief A decoded snapshot of one core: the inputs of pvs_is_preempted(). */
struct pvs_core_state {
	/** Hypervisor kind. */
	enum pvs_hv_kind hv;
	/** Rule to apply (powerpc kinds only). */
	enum pvs_preempt_policy policy;
	/**
	 * Shared-processor partition (lppaca old_status bit 2, Linux
	 * `is_shared_processor()`); false = dedicated. powerpc only.
	 */
	bool shared;
	/** Threads in this core, 1..@ref PVS_MAX_SMT. */
	unsigned int smt;
	/**
	 * Thread index (0..smt-1) of the deciding CPU if it runs on this
	 * core, else @ref PVS_CALLER_OTHER_CORE.
	 */
	int caller_thread;
	/** Per thread, indices 0..smt-1 (the rest is ignored). */
	struct pvs_thread_state threads[PVS_MAX_SMT];
};

/**
 * @brief Which rule step decides whether @p thread of @p cs is preempted.
 *
 * Applies the rule of enum pvs_preempt_policy (powerpc), the preempted byte
 * (@ref PVS_HV_PREEMPT_FLAG) or "never" (@ref PVS_HV_NONE).
 * @param cs     core snapshot
 * @param thread index of the target thread in @p cs (0..smt-1)
 * @return an enum pvs_preempt_why value (>= 0), or -PVS_EINVAL if @p cs is
 *         NULL, its hv or policy is unknown, smt is not 1..PVS_MAX_SMT,
 *         caller_thread is neither -1 nor 0..smt-1, or @p thread >= smt
 */
int pvs_preempt_explain(const struct pvs_core_state *cs, unsigned int thread);

/**
 * @brief Whether the step @p why means "preempted".
 * @param why a value returned by pvs_preempt_explain()
 * @return true for @ref PVS_PREEMPT_WHY_FLAG_SET, NOT_IDLE,
 *         SIBLING_PREEMPTED and YIELD_ODD; false otherwise (also for
 *         unknown values)
 */
bool pvs_preempt_why_preempted(enum pvs_preempt_why why);

/**
 * @brief Is @p thread of @p cs preempted, with bad input reported?
 * @param cs     core snapshot (policy inside it)
 * @param thread index of the target thread (0..smt-1)
 * @return 1 preempted, 0 not preempted, -PVS_EINVAL on bad input (as for
 *         pvs_preempt_explain())
 */
int pvs_is_preempted_checked(const struct pvs_core_state *cs,
			     unsigned int thread);

/**
 * @brief Is @p thread of @p cs preempted by the hypervisor?
 *
 * Linux's vcpu_is_preempted() over a snapshot; the policy is
 * pvs_core_state::policy. On bad input (see pvs_preempt_explain()) it
 * returns false, the answer Linux gives when it knows nothing (callers then
 * treat the vCPU as running); use pvs_is_preempted_checked() to tell bad
 * input apart.
 * @param cs     core snapshot
 * @param thread index of the target thread (0..smt-1)
 * @return true if preempted; false if not, or on bad input
 */
bool pvs_is_preempted(const struct pvs_core_state *cs, unsigned int thread);

#ifdef __cplusplus
}
#endif

#endif /* PVSCHED_PREEMPT_H */
