/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * INTERNAL, not API: the powerpc vcpu_is_preempted() rule, written once.
 *
 * pvs_ppc_rule_() is the rule of enum pvs_preempt_policy over an accessor
 * (two functions reading one thread's yield_count parity and idle byte), so
 * the snapshot API (lib/preempt.c, over struct pvs_core_state) and the fast
 * path (arch/ppc64.h, over live big-endian lppaca bytes) compile from the
 * same text. Always inlined with constant accessors, it folds into the
 * caller as if written there: bench/micro.sh checks the fast path costs no
 * more instructions than the kernel's own code.
 *
 * The rule: docs/upstream-rules.md, "powerpc/paravirt: Improve
 * vcpu_is_preempted"; step numbers as in enum pvs_preempt_policy.
 */
#ifndef PVSCHED_INTERNAL_PPC64_RULE_H
#define PVSCHED_INTERNAL_PPC64_RULE_H

#include <pvsched/env.h>
#include <pvsched/limits.h>
#include <pvsched/preempt.h>

#if defined(__GNUC__) || defined(__clang__)
#define PVS_ALWAYS_INLINE_ inline __attribute__((__always_inline__))
#else
#define PVS_ALWAYS_INLINE_ inline
#endif

/* Reads one fact about thread (or CPU) i from ctx. */
typedef bool (*pvs_ppc_thread_fact_)(const void *ctx, unsigned int i);

/*
 * The powerpc lppaca rule, both policies. target is the thread asked
 * about; the core spans first..first+n-1 (at most PVS_MAX_SMT are walked);
 * yielded(ctx, i) is "yield_count of i is odd", idle(ctx, i) is "idle byte
 * of i is non-zero". Validates nothing. first and caller_on_core may be
 * expressions the inlined caller computes cheaply: the compiler sinks them
 * into the branch that needs them, so the common answers never pay.
 */
static PVS_ALWAYS_INLINE_ enum pvs_preempt_why
pvs_ppc_rule_(const void *ctx, unsigned int target, unsigned int first,
	      unsigned int n, bool caller_on_core, bool shared, bool powervm,
	      enum pvs_preempt_policy policy, pvs_ppc_thread_fact_ yielded,
	      pvs_ppc_thread_fact_ idle)
{
	unsigned int i, end;

	if (!shared)
		return PVS_PREEMPT_WHY_DEDICATED;		/* step 1 */
	if (policy == PVS_PREEMPT_PARITY) {
		if (powervm && caller_on_core)
			return PVS_PREEMPT_WHY_SAME_CORE;	/* step 4a */
		return yielded(ctx, target) ? PVS_PREEMPT_WHY_YIELD_ODD :
					      PVS_PREEMPT_WHY_DISPATCHED;
	}
	if (!yielded(ctx, target))
		return PVS_PREEMPT_WHY_DISPATCHED;		/* step 2 */
	if (!idle(ctx, target))
		return PVS_PREEMPT_WHY_NOT_IDLE;		/* step 3 */
	if (!powervm)
		return PVS_PREEMPT_WHY_CEDED;		/* KVM: step 5 */
	if (caller_on_core)
		return PVS_PREEMPT_WHY_SAME_CORE;		/* step 4a */
	/* Step 4b. At most PVS_MAX_SMT iterations: the clamp is the bound. */
	end = first + (n < PVS_MAX_SMT ? n : PVS_MAX_SMT);
	for (i = first; i < end; i++) {
		if (i == target)
			continue;
		if (!yielded(ctx, i))
			return PVS_PREEMPT_WHY_SIBLING_DISPATCHED;
		if (!idle(ctx, i))
			return PVS_PREEMPT_WHY_SIBLING_PREEMPTED;
	}
	return PVS_PREEMPT_WHY_CEDED;				/* step 5 */
}

/* Whether the step why means "preempted" (pvs_preempt_why_preempted()). */
static PVS_ALWAYS_INLINE_ bool pvs_why_preempted_(enum pvs_preempt_why why)
{
	return why == PVS_PREEMPT_WHY_FLAG_SET ||
	       why == PVS_PREEMPT_WHY_NOT_IDLE ||
	       why == PVS_PREEMPT_WHY_SIBLING_PREEMPTED ||
	       why == PVS_PREEMPT_WHY_YIELD_ODD;
}

#endif /* PVSCHED_INTERNAL_PPC64_RULE_H */
