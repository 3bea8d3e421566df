/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file haltpoll.h
 * @brief Halt polling: how long to poll before sleeping, and what to do on
 *        each poll iteration (kvm-haltpoll-relax).
 *
 * Rationale: docs/heuristics.md, "haltpoll.h".
 */
#ifndef PVSCHED_HALTPOLL_H
#define PVSCHED_HALTPOLL_H

#include <pvsched/env.h>
#include <pvsched/internal/arith.h>
#include <pvsched/errors.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief x86 KVM host default `halt_poll_ns` (KVM_HALT_POLL_NS_DEFAULT). */
#define PVS_HALT_POLL_NS_X86 200000u
/** @brief arm64 KVM host default `halt_poll_ns` (KVM_HALT_POLL_NS_DEFAULT). */
#define PVS_HALT_POLL_NS_ARM64 500000u
/** @brief s390 KVM host default `halt_poll_ns` (KVM_HALT_POLL_NS_DEFAULT). */
#define PVS_HALT_POLL_NS_S390 50000u
/** @brief powerpc KVM host default `halt_poll_ns`
 *         (KVM_HALT_POLL_NS_DEFAULT).
 */
#define PVS_HALT_POLL_NS_POWERPC 10000u
/** @brief KVM host default `halt_poll_ns_grow` (multiplier). */
#define PVS_HALT_POLL_GROW 2u
/** @brief KVM host default `halt_poll_ns_grow_start` (first non-zero
 *         window).
 */
#define PVS_HALT_POLL_GROW_START_NS 10000u
/** @brief KVM host default `halt_poll_ns_shrink` today (divisor: halve). */
#define PVS_HALT_POLL_SHRINK 2u
/** @brief KVM host `halt_poll_ns_shrink` of older kernels (0: reset to 0). */
#define PVS_HALT_POLL_SHRINK_OLD 0u
/** @brief Guest haltpoll governor default `guest_halt_poll_ns` (maximum). */
#define PVS_GUEST_HALT_POLL_NS 200000u
/** @brief Guest haltpoll governor default `guest_halt_poll_grow`. */
#define PVS_GUEST_HALT_POLL_GROW 2u
/** @brief Guest haltpoll governor default `guest_halt_poll_grow_start`. */
#define PVS_GUEST_HALT_POLL_GROW_START_NS 50000u
/** @brief Guest haltpoll governor default `guest_halt_poll_shrink`. */
#define PVS_GUEST_HALT_POLL_SHRINK 2u

/** @brief Which kernel rule adapts the window. */
enum pvs_halt_poll_flavour {
	/** KVM host, `kvm_vcpu_halt()`: window clamped to the maximum when a
	 *  halt starts; grow is not capped (the next halt clamps it).
	 */
	PVS_HALT_POLL_KVM_HOST = 0,
	/** Guest cpuidle haltpoll governor, `adjust_poll_limit()`: grow is
	 *  capped at the maximum at once; shrink only if allowed.
	 */
	PVS_HALT_POLL_GUEST = 1,
	/** Number of values (not a value): range checks use it. */
	PVS_HALT_POLL_FLAVOUR_COUNT
};

/** @enum_name{pvs_halt_poll_flavour} */
const char *pvs_halt_poll_flavour_name(enum pvs_halt_poll_flavour v);

/**
 * @brief Parameters of the window rule: the module parameters of the chosen
 *        flavour. pvs_halt_poll_preset() fills the kernels' defaults.
 */
struct pvs_halt_poll_params {
	/** Rule to apply. */
	enum pvs_halt_poll_flavour flavour;
	/** Maximum window in ns: `halt_poll_ns` (host; per-VM
	 *  `max_halt_poll_ns` when overridden) or `guest_halt_poll_ns`.
	 */
	uint64_t max_ns;
	/** First non-zero window in ns (`*_grow_start`); a shrink below it
	 *  resets the window to 0.
	 */
	uint64_t grow_start_ns;
	/** Multiplier on grow (`*_grow`). Host: 0 = never grow. Guest: 0
	 *  makes every grow land on grow_start_ns.
	 */
	uint32_t grow;
	/** Divisor on shrink (`*_shrink`); 0 = reset the window to 0. */
	uint32_t shrink;
	/** Guest only (`guest_halt_poll_allow_shrink`): shrink on a halt
	 *  longer than max_ns. The host always shrinks.
	 */
	bool allow_shrink;
};

/** @brief Per-vCPU (host) or per-CPU (guest) adaptive state. */
struct pvs_halt_poll_state {
	/** Current window in ns: `vcpu->halt_poll_ns` (host) or
	 *  `dev->poll_limit_ns` (guest). Start at 0.
	 */
	uint64_t window_ns;
};

/**
 * @brief Which branch of the rule fired on a halt, for counting.
 *
 * The values are small and dense: a simulator can index an array of
 * PVS_HALT_POLL_NR_EVENTS counters with them.
 */
enum pvs_halt_poll_event {
	/** No branch changed the window: the halt ended within it, or no
	 *  condition matched (guest: shrink not allowed). A host window above
	 *  the maximum is still clamped.
	 */
	PVS_HALT_POLL_EV_KEEP = 0,
	/** The grow branch ran (host with grow == 0 leaves the window as it
	 *  was, as the kernel's grow_halt_poll_ns() does).
	 */
	PVS_HALT_POLL_EV_GROW = 1,
	/** The shrink branch ran and left a non-zero window. */
	PVS_HALT_POLL_EV_SHRINK = 2,
	/** The window was set to 0: shrink with divisor 0, a shrink below
	 *  grow_start_ns, or (host) a maximum of 0.
	 */
	PVS_HALT_POLL_EV_RESET = 3,
	/** Number of values (not a value): range checks use it. */
	PVS_HALT_POLL_EVENT_COUNT
};

/** @enum_name{pvs_halt_poll_event} */
const char *pvs_halt_poll_event_name(enum pvs_halt_poll_event v);

/** @brief Number of enum pvs_halt_poll_event values (array size). */
#define PVS_HALT_POLL_NR_EVENTS 4

/** @brief Kernels whose defaults pvs_halt_poll_preset() returns. */
enum pvs_halt_poll_preset {
	/** x86 KVM host: halt_poll_ns 200000. */
	PVS_HALT_POLL_PRESET_X86 = 0,
	/** arm64 KVM host: halt_poll_ns 500000. */
	PVS_HALT_POLL_PRESET_ARM64 = 1,
	/** s390 KVM host: halt_poll_ns 50000. */
	PVS_HALT_POLL_PRESET_S390 = 2,
	/** powerpc KVM host: halt_poll_ns 10000. */
	PVS_HALT_POLL_PRESET_POWERPC = 3,
	/** Guest haltpoll governor: guest_halt_poll_ns 200000, grow 2,
	 *  grow_start 50000, shrink 2, allow_shrink Y.
	 */
	PVS_HALT_POLL_PRESET_GUEST = 4,
	/** Number of values (not a value): range checks use it. */
	PVS_HALT_POLL_PRESET_COUNT
};

/** @enum_name{pvs_halt_poll_preset} */
const char *pvs_halt_poll_preset_name(enum pvs_halt_poll_preset v);

/** @brief Generation of the KVM host shrink default. */
enum pvs_halt_poll_gen {
	/** Today's kernels: halt_poll_ns_shrink 2 (halve on a long halt). */
	PVS_HALT_POLL_GEN_TODAY = 0,
	/** Older kernels: halt_poll_ns_shrink 0 (reset to 0 on a long
	 *  halt). Host presets only.
	 */
	PVS_HALT_POLL_GEN_OLD_RESET = 1,
	/** Number of values (not a value): range checks use it. */
	PVS_HALT_POLL_GEN_COUNT
};

/** @enum_name{pvs_halt_poll_gen} */
const char *pvs_halt_poll_gen_name(enum pvs_halt_poll_gen v);

/**
 * @brief Fill @p out with a kernel's default halt-polling parameters.
 *
 * Host presets: max_ns the arch's KVM_HALT_POLL_NS_DEFAULT, grow 2,
 * grow_start_ns 10000, shrink 2 (PVS_HALT_POLL_GEN_TODAY) or 0
 * (PVS_HALT_POLL_GEN_OLD_RESET). Guest preset: the haltpoll governor's
 * module parameter defaults (only PVS_HALT_POLL_GEN_TODAY exists).
 * @param preset which kernel and arch
 * @param gen    shrink generation (host presets)
 * @param out    filled on success, untouched on error
 * @return 0, or -PVS_EINVAL for NULL @p out, an unknown enum value, or the
 *         guest preset with PVS_HALT_POLL_GEN_OLD_RESET
 */
int pvs_halt_poll_preset(enum pvs_halt_poll_preset preset,
			 enum pvs_halt_poll_gen gen,
			 struct pvs_halt_poll_params *out);


/** @cond INTERNAL */
/* Internal steps of pvs_halt_poll_step(), not API (tests call them). */
/**
 * @brief The window after a grow: window * grow (saturated), raised to at
 *        least grow_start_ns. Shared by both flavours; the host's
 *        "grow == 0 keeps" and the guest's cap are the callers' business.
 * @param p  parameters
 * @param w  window before, in ns
 * @return window after, in ns
 */
static inline uint64_t pvs_halt_poll_grown_(const struct pvs_halt_poll_params *p,
					   uint64_t w)
{
	w = pvs_mul_sat_u64_u32_(w, p->grow);
	return w < p->grow_start_ns ? p->grow_start_ns : w;
}

/**
 * @brief The window after a shrink: 0 if shrink is 0, else window / shrink,
 *        and 0 when that is below grow_start_ns (both flavours today).
 * @param p  parameters
 * @param w  window before, in ns
 * @return window after, in ns
 */
static inline uint64_t
pvs_halt_poll_shrunk_(const struct pvs_halt_poll_params *p, uint64_t w)
{
	if (p->shrink == 0)
		return 0;
	w = pvs_div_u64(w, p->shrink);
	return w < p->grow_start_ns ? 0 : w;
}
/** @endcond */

/**
 * @brief The window to poll for at the start of the next halt.
 *
 * Host: the state's window clamped to max_ns (as kvm_vcpu_halt() clamps
 * before polling). Guest: the state's window as is (the governor polls
 * for poll_limit_ns; 0 means halt at once).
 * @param p  parameters
 * @param st state
 * @return the poll window in ns; 0 (do not poll) for NULL or an unknown
 *         flavour
 */
static inline uint64_t
pvs_halt_poll_window_ns(const struct pvs_halt_poll_params *p,
			const struct pvs_halt_poll_state *st)
{
	if (!p || !st)
		return 0;
	if (p->flavour == PVS_HALT_POLL_GUEST)
		return st->window_ns;
	if (p->flavour != PVS_HALT_POLL_KVM_HOST)
		return 0;
	return st->window_ns > p->max_ns ? p->max_ns : st->window_ns;
}

/**
 * @brief Adapt the poll window after one halt.
 *
 * KVM host (`kvm_vcpu_halt()`), in order:
 *  - the window is first clamped to max_ns (the kernel does it as the halt
 *    starts: pvs_halt_poll_window_ns() is the window that was polled);
 *  - an invalid wakeup (@p valid_wakeup false) shrinks;
 *  - max_ns == 0 resets the window to 0;
 *  - @p block_ns <= window keeps it;
 *  - window != 0 and @p block_ns > max_ns shrinks;
 *  - window < max_ns and @p block_ns < max_ns grows: grow == 0 keeps the
 *    window, else window * grow raised to at least grow_start_ns, not
 *    capped (the next halt clamps it);
 *  - otherwise keep.
 *
 * Guest haltpoll governor (`adjust_poll_limit()`, @p valid_wakeup
 * ignored): if window < @p block_ns <= max_ns, grow to max(window * grow,
 * grow_start_ns) capped at max_ns; else if @p block_ns > max_ns and
 * allow_shrink, shrink; otherwise keep.
 *
 * Shrink (both): shrink == 0 gives 0, else window / shrink, and 0 when
 * that is below grow_start_ns. window * grow saturates instead of wrapping
 * (the kernel's 32-bit product wraps); otherwise the result equals the
 * kernel's.
 *
 * Call it only when the kernel would adapt (the host skips it when
 * kvm_arch_no_poll(); the guest governor only after a real halt, not after
 * a poll-only idle period).
 * @param p            parameters (flavour and module parameters)
 * @param st           window state, updated on success
 * @param block_ns     total time of the halt in ns, polling included
 *                     (`halt_ns` on the host, `last_residency_ns` in the
 *                     guest)
 * @param valid_wakeup host: `vcpu_valid_wakeup()`, whether the wakeup
 *                     counts as a successful poll (only kernels with
 *                     CONFIG_HAVE_KVM_INVALID_WAKEUPS, i.e. s390, can
 *                     report false; elsewhere pass true); false shrinks
 * @return the enum pvs_halt_poll_event that fired (>= 0), or -PVS_EINVAL
 *         for NULL or an unknown flavour, with @p st untouched
 */
static inline int pvs_halt_poll_step(const struct pvs_halt_poll_params *p,
				     struct pvs_halt_poll_state *st,
				     uint64_t block_ns, bool valid_wakeup)
{
	uint64_t w, max;
	int ev = PVS_HALT_POLL_EV_KEEP;

	if (!p || !st)
		return -PVS_EINVAL;
	/* The window this halt polled for (host: clamped to max). */
	w = pvs_halt_poll_window_ns(p, st);
	max = p->max_ns;
	if (p->flavour == PVS_HALT_POLL_KVM_HOST) {
		/*
		 * kvm_vcpu_halt()'s chain, folded: as w <= max, "w != 0 and
		 * block_ns > max" implies block_ns > w, so the keep test
		 * (block_ns <= w) only has to guard the grow.
		 */
		if (!valid_wakeup || (w != 0 && block_ns > max)) {
			w = pvs_halt_poll_shrunk_(p, w);
			ev = PVS_HALT_POLL_EV_SHRINK;
		} else if (max == 0) {
			w = 0;
			ev = PVS_HALT_POLL_EV_RESET;
		} else if (block_ns > w && w < max && block_ns < max) {
			if (p->grow)
				w = pvs_halt_poll_grown_(p, w);
			ev = PVS_HALT_POLL_EV_GROW;
		}
	} else if (p->flavour == PVS_HALT_POLL_GUEST) {
		if (block_ns > w && block_ns <= max) {
			w = pvs_halt_poll_grown_(p, w);
			if (w > max)
				w = max;
			ev = PVS_HALT_POLL_EV_GROW;
		} else if (block_ns > max && p->allow_shrink) {
			w = pvs_halt_poll_shrunk_(p, w);
			ev = PVS_HALT_POLL_EV_SHRINK;
		}
	} else {
		return -PVS_EINVAL;
	}
	if (ev == PVS_HALT_POLL_EV_SHRINK && w == 0)
		ev = PVS_HALT_POLL_EV_RESET;
	st->window_ns = w;
	return ev;
}

/** @brief How the host poll loop treats the SMT sibling (kvm-haltpoll-relax). */
enum pvs_poll_policy {
	/** Before Linux 5.14: spin without pausing; the sibling loses
	 *  issue slots to the poll (dhry2reg 3172 -> ~1583 beside a plain
	 *  spin in the upstream change).
	 */
	PVS_POLL_PLAIN = 0,
	/** Today (the upstream change's v2 patch): cpu_relax() (x86 PAUSE) on every
	 *  iteration, yielding the core to the sibling while polling.
	 */
	PVS_POLL_RELAX = 1,
	/** The upstream change's v1 patch: stop polling as soon as an SMT sibling is
	 *  busy (`is_core_idle()` false), spin plainly otherwise. Best for
	 *  the sibling (2295 vs 2005 with a 33%-busy redis sibling), costs
	 *  the polled vCPU its wakeup latency. Not merged.
	 */
	PVS_POLL_STOP_SIBLING_BUSY = 2,
	/** Number of values (not a value): range checks use it. */
	PVS_POLL_POLICY_COUNT
};

/** @enum_name{pvs_poll_policy} */
const char *pvs_poll_policy_name(enum pvs_poll_policy v);

/** @brief Inputs of one poll-loop iteration. */
struct pvs_poll_in {
	/** Current time in ns (monotonic clock, `ktime_get()`). */
	uint64_t now_ns;
	/** End of the poll window in ns: halt start + the window from
	 *  pvs_halt_poll_window_ns(). Polling continues while now < it.
	 */
	uint64_t deadline_ns;
	/** The vCPU has a reason to run (`kvm_vcpu_check_block() < 0`). */
	bool wakeup_pending;
	/** Another task wants this CPU: `!single_task_running()` or
	 *  `need_resched()`.
	 */
	bool other_runnable;
	/** An SMT sibling of this CPU is not idle (`!is_core_idle()`). */
	bool sibling_busy;
	/** SMT policy. */
	enum pvs_poll_policy policy;
};

/**
 * @brief What the poll loop does now. Every stop is below PVS_POLL_ACT_SPIN
 *        (see pvs_poll_action_stops()).
 */
enum pvs_poll_action {
	/** Stop: the vCPU was woken; run it (a successful poll). */
	PVS_POLL_ACT_STOP_WAKEUP = 0,
	/** Stop: another task is runnable here; block and let it run. */
	PVS_POLL_ACT_STOP_RUNNABLE = 1,
	/** Stop: the window is over; block. */
	PVS_POLL_ACT_STOP_TIMEOUT = 2,
	/** Stop: an SMT sibling is busy (policy PVS_POLL_STOP_SIBLING_BUSY). */
	PVS_POLL_ACT_STOP_SIBLING = 3,
	/** Stop: NULL input or unknown policy (never burn CPU on bad input). */
	PVS_POLL_ACT_STOP_INVALID = 4,
	/** Go on polling with a plain spin. */
	PVS_POLL_ACT_SPIN = 5,
	/** Go on polling, with cpu_relax() (PAUSE) in this iteration. */
	PVS_POLL_ACT_SPIN_RELAX = 6,
	/** Number of values (not a value): range checks use it. */
	PVS_POLL_ACTION_COUNT
};

/** @enum_name{pvs_poll_action} */
const char *pvs_poll_action_name(enum pvs_poll_action v);

/**
 * @brief Decide one iteration of the host halt-poll loop.
 *
 * Mirrors kvm_vcpu_halt()'s loop: a pending wakeup ends it first
 * (`kvm_vcpu_check_block()`), then `kvm_vcpu_can_poll()`'s conjuncts in
 * its order: another runnable task, the deadline (`ktime_before(now,
 * stop)`), and with PVS_POLL_STOP_SIBLING_BUSY the v1 patch's
 * `is_core_idle()`. Otherwise spin: plainly (PVS_POLL_PLAIN, and the v1
 * patch, which kept the plain loop) or with cpu_relax() (PVS_POLL_RELAX).
 *
 * The kernel's loop is do-while: it always relaxes once before its first
 * can-poll test. A loop built on this function tests first, so with a
 * zero window it does not spin at all (the kernel does not enter the loop
 * either: `do_halt_poll` is false).
 * @param in inputs
 * @return the action; PVS_POLL_ACT_STOP_INVALID for NULL or an unknown
 *         policy
 */
static inline enum pvs_poll_action pvs_poll_action(const struct pvs_poll_in *in)
{
	if (!in ||
	    (unsigned int)in->policy >= (unsigned int)PVS_POLL_POLICY_COUNT)
		return PVS_POLL_ACT_STOP_INVALID;
	if (in->wakeup_pending)
		return PVS_POLL_ACT_STOP_WAKEUP;
	if (in->other_runnable)
		return PVS_POLL_ACT_STOP_RUNNABLE;
	if (in->now_ns >= in->deadline_ns)
		return PVS_POLL_ACT_STOP_TIMEOUT;
	if (in->policy == PVS_POLL_STOP_SIBLING_BUSY && in->sibling_busy)
		return PVS_POLL_ACT_STOP_SIBLING;
	return in->policy == PVS_POLL_RELAX ? PVS_POLL_ACT_SPIN_RELAX
					    : PVS_POLL_ACT_SPIN;
}

/**
 * @brief Whether an action ends the poll loop.
 * @param a action from pvs_poll_action()
 * @return true for every PVS_POLL_ACT_STOP_* (and any value out of range),
 *         false for PVS_POLL_ACT_SPIN and PVS_POLL_ACT_SPIN_RELAX
 */
static inline bool pvs_poll_action_stops(enum pvs_poll_action a)
{
	return a != PVS_POLL_ACT_SPIN && a != PVS_POLL_ACT_SPIN_RELAX;
}


#ifdef __cplusplus
}
#endif

#endif /* PVSCHED_HALTPOLL_H */
