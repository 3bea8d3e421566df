/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file yield.h
 * @brief Directed yield: the yield_to() decision and KVM's spin-loop
 *        candidate pass (kvm-yield-bailout).
 *
 * Rationale: docs/heuristics.md, "yield.h".
 */
#ifndef PVSCHED_YIELD_H
#define PVSCHED_YIELD_H

#include <pvsched/env.h>
#include <pvsched/errors.h>
#include <pvsched/limits.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Failed yield attempts (yield_to() < 0) after which the pass gives
 *        up under the bail-out policy (@ref PVS_YIELD_BAILOUT), the
 *        `try = 3` of kvm_vcpu_on_spin() since v3.8.
 */
#define PVS_DY_MAX_FAILURES 3u

/** @brief "No vCPU": @ref pvs_dy_result::boosted when nothing was boosted. */
#define PVS_DY_NONE 0xffffffffu

/** @brief pvs_should_yield() result: the target was boosted (yield_to() > 0). */
#define PVS_YIELD_BOOST 1
/** @brief pvs_should_yield() result: nothing done (yield_to() == 0). */
#define PVS_YIELD_SKIP 0

/**
 * @brief Which directed-yield rule to apply.
 *
 * "sched: Bail out of yield_to when source and target runqueue has one task" ("sched: Bail out of yield_to when source and target runqueue
 * has one task", Peter Zijlstra / Raghavendra K T, with "kvm: Handle
 * yield_to failure return code for potential undercommit case").
 */
enum pvs_yield_policy {
	/**
	 * The upstream change's baseline (v3.7): yield_to() only boosts or skips, so
	 * the spin pass never sees a failure and always walks every vCPU
	 * until one is boosted. A caller-supplied yield function returning
	 * < 0 is treated like 0 (counted, but the pass goes on).
	 */
	PVS_YIELD_BASELINE = 0,
	/**
	 * Today's rule (v3.8 and later): yield_to() returns -ESRCH when both
	 * runqueues run exactly one task, checked before anything else, and
	 * the spin pass stops after @ref PVS_DY_MAX_FAILURES such failures.
	 */
	PVS_YIELD_BAILOUT = 1,
	/** Number of values (not a value): range checks use it. */
	PVS_YIELD_POLICY_COUNT
};

/** @enum_name{pvs_yield_policy} */
const char *pvs_yield_policy_name(enum pvs_yield_policy v);

/** @brief The policy upstream Linux applies today. */
#define PVS_YIELD_DEFAULT PVS_YIELD_BAILOUT

/**
 * @brief Snapshot of what yield_to(p, preempt) looks at.
 *
 * "Source" is the runqueue of the yielding task (current, the spinning
 * vCPU thread); "target" is p's runqueue.
 */
struct pvs_rq_lens {
	/** Rule to apply (@ref PVS_YIELD_BASELINE or @ref PVS_YIELD_BAILOUT). */
	enum pvs_yield_policy policy;
	/** rq->nr_running of the source runqueue; >= 1 (current is on it). */
	uint32_t src_nr_running;
	/** p_rq->nr_running of the target's runqueue (0 if it is empty). */
	uint32_t dst_nr_running;
	/** task_on_cpu(p_rq, p): the target is already running on a CPU. */
	bool target_on_cpu;
	/** task_is_running(p): the target is runnable (TASK_RUNNING). */
	bool target_runnable;
	/** curr->sched_class == p->sched_class. */
	bool same_class;
	/** curr->sched_class->yield_to_task exists (not in the RT classes). */
	bool class_has_yield_to;
	/**
	 * The class hook itself refuses (false in the usual case). CFS
	 * yield_to_task_fair() refuses when the target's entity is not on
	 * its runqueue or sits in a throttled cgroup hierarchy.
	 */
	bool hook_refuses;
};

/**
 * @brief What yield_to() returns for the state in @p r.
 *
 * Order of the checks, as in Linux's yield_to():
 *  1. only under the bail-out policy (@ref PVS_YIELD_BAILOUT), source and
 *     target runqueues both have exactly one running task -> -PVS_ESRCH (checked before the
 *     runqueue locks, so it is the cheap exit);
 *  2. class has no yield_to hook -> @ref PVS_YIELD_SKIP;
 *  3. classes differ -> @ref PVS_YIELD_SKIP;
 *  4. target already on a CPU, or not runnable -> @ref PVS_YIELD_SKIP;
 *  5. the hook refuses -> @ref PVS_YIELD_SKIP, else @ref PVS_YIELD_BOOST
 *     (the kernel then marks the target as next buddy and reschedules).
 *
 * @param r snapshot of both runqueues and of the target
 * @return @ref PVS_YIELD_BOOST (> 0), @ref PVS_YIELD_SKIP (0), -PVS_ESRCH
 *         (no task to yield to, bail-out policy only), or -PVS_EINVAL
 *         when @p r is NULL, its policy unknown or src_nr_running is 0
 */
int pvs_should_yield(const struct pvs_rq_lens *r);

/**
 * @brief What kvm_vcpu_on_spin() reads about one vCPU, plus its spin-loop
 *        flags (which the pass and the helpers below update).
 *
 * Index i of the array given to pvs_dy_on_spin() is the vCPU whose
 * vcpu_idx is i. A zeroed snapshot is a running (not ready) vCPU, never a
 * candidate.
 */
struct pvs_vcpu_snap {
	/**
	 * vcpu->ready: scheduled out while runnable (preempted) or woken and
	 * not yet run. Not ready -> skipped (it is running or halted).
	 */
	bool ready;
	/** vcpu->preempted: scheduled out involuntarily, still runnable. */
	bool preempted;
	/** kvm_vcpu_is_blocking(): halted in kvm_vcpu_block(). */
	bool blocking;
	/**
	 * vcpu_dy_runnable(): has work although blocking (pending event,
	 * completed async page fault). Blocking and not this -> skipped.
	 */
	bool dy_runnable;
	/**
	 * kvm_arch_vcpu_preempted_in_kernel(): it was preempted at CPL 0
	 * (x86) / in supervisor mode.
	 */
	bool preempted_in_kernel;
	/**
	 * kvm_arch_dy_has_pending_interrupt(): an interrupt is pending for
	 * it, so it counts as in-kernel (the spinner may wait for its IPI).
	 */
	bool pending_interrupt;
	/**
	 * spin_loop.in_spin_loop: it is itself inside a pause-loop handler
	 * (between pvs_dy_spin_enter() and pvs_dy_spin_exit()).
	 */
	bool in_spin_loop;
	/**
	 * spin_loop.dy_eligible: while in a spin loop, it may be yielded to
	 * only when this is set; every look by a pass toggles it.
	 */
	bool dy_eligible;
};

/**
 * @brief The caller's yield_to(): try to boost vCPU @p vcpu.
 *
 * In a hypervisor this is kvm_vcpu_yield_to() (yield_to() on the vCPU's
 * thread); in a simulator, typically pvs_should_yield() over its model's
 * runqueues plus the cost of the attempt. The spinner may be descheduled
 * inside it when it returns > 0, as in the kernel.
 * @param ctx  the caller's context (@ref pvs_dy_spinner::ctx)
 * @param vcpu index of the candidate in the snapshot array
 * @return > 0 boosted, 0 not boosted, < 0 failed (e.g. -PVS_ESRCH)
 */
typedef int (*pvs_dy_yield_fn)(void *ctx, unsigned int vcpu);

/** @brief The VM a pass runs over. */
struct pvs_dy_vm {
	/**
	 * @ref nr_vcpus snapshots, index = vcpu_idx. The pass toggles
	 * dy_eligible of the candidates it checks for eligibility.
	 */
	struct pvs_vcpu_snap *vcpus;
	/** Number of vCPUs (online_vcpus), 1..@ref PVS_MAX_VCPUS. */
	unsigned int nr_vcpus;
	/**
	 * kvm->last_boosted_vcpu, < @ref nr_vcpus (0 for a new VM): the pass
	 * starts after it and stores the vCPU it boosts here.
	 */
	unsigned int last_boosted;
};

/** @brief The spinning vCPU and how to yield on its behalf. */
struct pvs_dy_spinner {
	/** Rule for failures (@ref PVS_YIELD_BASELINE / @ref PVS_YIELD_BAILOUT). */
	enum pvs_yield_policy policy;
	/** vcpu_idx of the spinner (never a candidate), < nr_vcpus. */
	unsigned int me;
	/**
	 * yield_to_kernel_mode: the spinner spins in kernel mode, so a
	 * candidate preempted in user mode cannot hold the lock it waits
	 * for. VMX passes true (PLE exits only at CPL 0); SVM passes
	 * "CPL == 0" (false for SEV-ES guests).
	 */
	bool yield_to_kernel_mode;
	/** The caller's yield function; not NULL. */
	pvs_dy_yield_fn yield_to;
	/** Handed to @ref yield_to unchanged. */
	void *ctx;
};

/** @brief Why a pass stopped. */
enum pvs_dy_stop {
	/** A yield returned > 0: that vCPU is now last_boosted. */
	PVS_DY_STOP_BOOSTED = 0,
	/** @ref PVS_DY_MAX_FAILURES yields returned < 0 (bail-out policy). */
	PVS_DY_STOP_FAILURES = 1,
	/** Every other vCPU was looked at once without a boost. */
	PVS_DY_STOP_EXHAUSTED = 2,
	/** Number of values (not a value): range checks use it. */
	PVS_DY_STOP_COUNT
};

/** @enum_name{pvs_dy_stop} */
const char *pvs_dy_stop_name(enum pvs_dy_stop v);

/**
 * @brief Outcome and cost counters of one pass (a simulator charges a cost
 *        per candidate examined and per yield attempt).
 *
 * examined == skip_not_ready + skip_blocked + skip_user_mode +
 * skip_ineligible + attempts.
 */
struct pvs_dy_result {
	/** vCPU boosted, or @ref PVS_DY_NONE. */
	unsigned int boosted;
	/** vCPUs looked at, the spinner not counted. */
	unsigned int examined;
	/** Calls of the yield function. */
	unsigned int attempts;
	/** Calls that returned < 0 (counted under both policies). */
	unsigned int failures;
	/** Skipped: not ready (running or halted). */
	unsigned int skip_not_ready;
	/** Skipped: blocking and not dy-runnable. */
	unsigned int skip_blocked;
	/** Skipped: preempted in user mode while the spinner is in kernel. */
	unsigned int skip_user_mode;
	/** Skipped: in a spin loop and not dy_eligible this time. */
	unsigned int skip_ineligible;
	/** Why the pass stopped. */
	enum pvs_dy_stop stop;
};

/**
 * @brief One directed-yield candidate pass (kvm_vcpu_on_spin()).
 *
 * Looks at the vCPUs once, in round-robin order starting after
 * vm->last_boosted and wrapping at the end of the array, skipping the
 * spinner. A candidate is skipped, in this order, when it is
 *  1. not ready;
 *  2. blocking and not dy-runnable;
 *  3. preempted, in user mode, without a pending interrupt, while the
 *     spinner is in kernel mode (@ref pvs_dy_spinner::yield_to_kernel_mode);
 *  4. not eligible: in a spin loop with dy_eligible clear. Every candidate
 *     reaching this check while in a spin loop has dy_eligible toggled,
 *     so a spinning vCPU is eligible every other look
 *     (kvm_vcpu_eligible_for_directed_yield()).
 *
 * Otherwise the yield function is called: > 0 stores the candidate in
 * vm->last_boosted and stops; < 0 counts a failure and, under
 * @ref PVS_YIELD_BAILOUT, stops at the @ref PVS_DY_MAX_FAILURES th;
 * 0 (or < 0 under @ref PVS_YIELD_BASELINE) goes on.
 *
 * The spinner's own flags are the caller's job, because in the kernel they
 * frame the whole handler, including the time the spinner spends
 * descheduled inside a successful yield: call pvs_dy_spin_enter() on the
 * spinner's snapshot before the pass, and pvs_dy_spin_exit() when the
 * spinner runs again after it (at once if nothing was boosted). Between
 * the two, other spinners' passes see it as a spinning vCPU.
 *
 * Upstream walks the vCPUs in one wrapping loop since a 2024 rework (two
 * passes in the same order before); that rework stored the loop counter
 * instead of the vCPU index in last_boosted_vcpu until a late-2025 fix
 * (Wanpeng Li, cc stable). This function stores the vCPU index, as fixed.
 *
 * @param vm  the VM: snapshots (dy_eligible toggled in place) and
 *            last_boosted (updated on a boost)
 * @param sp  the spinner, its policy and the yield function
 * @param res receives the outcome and counters
 * @return 1 when a vCPU was boosted, 0 when not; -PVS_EINVAL when a
 *         pointer or the yield function is NULL, the policy is unknown,
 *         nr_vcpus is 0, me or last_boosted >= nr_vcpus; -PVS_ERANGE when
 *         nr_vcpus > @ref PVS_MAX_VCPUS. On error nothing is written and
 *         the yield function is not called.
 */
int pvs_dy_on_spin(struct pvs_dy_vm *vm, const struct pvs_dy_spinner *sp,
		   struct pvs_dy_result *res);

/**
 * @brief The spinner enters its pause-loop handler
 *        (kvm_vcpu_set_in_spin_loop(me, true)).
 *
 * From now until pvs_dy_spin_exit(), other vCPUs' passes treat it as
 * spinning: eligible only every other look.
 * @param me the spinner's own snapshot
 */
static inline void pvs_dy_spin_enter(struct pvs_vcpu_snap *me)
{
	me->in_spin_loop = true;
}

/**
 * @brief The spinner leaves its pause-loop handler: in_spin_loop cleared
 *        and dy_eligible cleared, so that in its next spin loop it is not
 *        eligible at the first look ("Ensure vcpu is not eligible during
 *        next spinloop", kvm_vcpu_on_spin()).
 * @param me the spinner's own snapshot
 */
static inline void pvs_dy_spin_exit(struct pvs_vcpu_snap *me)
{
	me->in_spin_loop = false;
	me->dy_eligible = false;
}

#ifdef __cplusplus
}
#endif

#endif /* PVSCHED_YIELD_H */
