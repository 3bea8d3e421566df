/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file admit.h
 * @brief Concurrency restriction: how many threads may actively contend
 *        for a lock, given the CPUs the process really has, and when a
 *        parked waiter must be let in whatever the count.
 *
 * The active set spins or tries (pvs_spin_decide() of spin.h still says
 * which, from the owner-on-CPU and vCPU signals); the others wait parked in
 * arrival order (the passive set) and are admitted as active ones leave.
 * Rationale: docs/heuristics.md, "admit.h".
 */
#ifndef PVSCHED_ADMIT_H
#define PVSCHED_ADMIT_H

#include <pvsched/env.h>
#include <pvsched/errors.h>
#include <pvsched/limits.h>
#include <pvsched/spin.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief One CPU, in milli-CPUs (the unit of cgroup quotas here). */
#define PVS_ADMIT_MCPUS_PER_CPU 1000u

/**
 * @brief Rotation bound used when pvs_admit_in::rotate_ns is 0, in ns
 *        (4 ms): the longest a parked waiter is passed over before it is
 *        let in whatever the active count.
 *
 * One scheduler tick at HZ=250, the order of a CFS time slice: a passive
 * waiter loses no more than it would lose to one preemption, and each
 * rotation (one wake-up and one handoff, tens of us) costs about 1 % of
 * the lock's time.
 */
#define PVS_ADMIT_ROTATE_NS 4000000u

/** @brief Largest accepted pvs_admit_in::rotate_ns, in ns (1 s). */
#define PVS_ADMIT_ROTATE_MAX_NS 1000000000u

/** @brief What the thread the question is about should do. */
enum pvs_admit_action {
	/** Join the active set: contend (spin or try, as pvs_spin_decide()
	 *  says). Asked by a releaser about the oldest parked waiter: wake
	 *  it.
	 */
	PVS_ADMIT_ACTIVE = 0,
	/** Stay in (or join) the passive set: park in arrival order for at
	 *  most pvs_admit_out::park_ns. Asked by a releaser: wake no one.
	 */
	PVS_ADMIT_PASSIVE = 1,
	/** The oldest parked waiter has been passed over for the whole
	 *  rotation bound: let it in now (wake it and hand it the lock)
	 *  even though the active set is full.
	 */
	PVS_ADMIT_ROTATE = 2,
	/** Number of values (not a value): range checks use it. */
	PVS_ADMIT_ACTION_COUNT
};

/** @enum_name{pvs_admit_action} */
const char *pvs_admit_action_name(enum pvs_admit_action v);

/** @brief Why pvs_admit_decide() decided what it did. */
enum pvs_admit_reason {
	/** ACTIVE: the active set is below its bound. */
	PVS_ADMIT_REASON_ROOM = 0,
	/** PASSIVE: the active set already has pvs_admit_out::limit
	 *  threads.
	 */
	PVS_ADMIT_REASON_FULL = 1,
	/** PASSIVE: the owner is preempted or sleeping, so the bound is 1
	 *  and an active contender already waits for it.
	 */
	PVS_ADMIT_REASON_OWNER_OFF = 2,
	/** ROTATE: the oldest parked waiter waited the rotation bound. */
	PVS_ADMIT_REASON_BYPASS_BOUND = 3,
	/** PASSIVE: the capacity leaves no CPU beside the owner's and the
	 *  releaser asking comes back to the lock sooner than a woken
	 *  sleeper could run (pvs_admit_in::since_release_ns below
	 *  pvs_admit_in::ctxsw_ns), so the bound is 0.
	 */
	PVS_ADMIT_REASON_RELEASER_BACK = 4,
	/** Number of values (not a value): range checks use it. */
	PVS_ADMIT_REASON_COUNT
};

/** @enum_name{pvs_admit_reason} */
const char *pvs_admit_reason_name(enum pvs_admit_reason v);

/**
 * @brief Inputs of pvs_admit_decide(). Zero-fill, then set what you know:
 *        0 means "unknown", "none" or "the default" in every field.
 */
struct pvs_admit_in {
	/** CPUs in the process's affinity mask (or the guest's online
	 *  vCPUs), 0..::PVS_MAX_CPUS; 0 = unknown: counts as 1.
	 */
	uint32_t nr_affinity;
	/** The cgroup's CPU quota (quota / period of the tightest level),
	 *  milli-CPUs; 0 = unlimited. Any value.
	 */
	uint32_t quota_mcpus;
	/** Share of our CPUs' time the host steals, ppm, 0..1000000. */
	uint32_t steal_ppm;
	/** Share of time the cgroup spends throttled (cpu.stat
	 *  throttled_usec over the window), ppm, 0..1000000: treated like
	 *  steal, it is time the owner cannot run.
	 */
	uint32_t throttled_ppm;
	/** Threads actively contending now (spinning or trying), NOT
	 *  counting the thread the question is about. Any value.
	 */
	uint32_t nr_active;
	/** Threads parked now (the passive set), counting the thread the
	 *  question is about if it is parked. Any value.
	 */
	uint32_t nr_passive;
	/** How long the oldest parked waiter (or the caller, when it asks
	 *  for itself after parking) has waited parked, ns. Any value.
	 */
	uint64_t waited_ns;
	/** Rotation bound, ns, 0..::PVS_ADMIT_ROTATE_MAX_NS; 0 =
	 *  ::PVS_ADMIT_ROTATE_NS.
	 */
	uint64_t rotate_ns;
	/** What the owner is doing (spin.h): preempted or sleeping shrinks
	 *  the active set to one thread.
	 */
	enum pvs_spin_owner owner;
	/** Asked by a releaser about the oldest sleeper: how long ago this
	 *  same thread last released this same lock, ns (the length of its
	 *  cycle over the lock); 0 = not a releaser, or not known. Any
	 *  value. Read only when pvs_admit_one_cpu() is true.
	 */
	uint64_t since_release_ns;
	/** A wake-up's round trip (a futex wake until the woken thread
	 *  runs), ns; 0 = unknown: ::PVS_SPIN_DEFAULT_CTXSW_NS. Any value
	 *  (read as pvs_spin_default_budget_ns() reads it: above
	 *  ::PVS_SPIN_MAX_BUDGET_NS counts as that).
	 */
	uint64_t ctxsw_ns;
};

/** @brief Outputs of pvs_admit_decide(), all written on success. */
struct pvs_admit_out {
	/** CPU capacity the rule counted, milli-CPUs: min(affinity x 1000,
	 *  quota), then the share not stolen, then the share not
	 *  throttled (each rounded down).
	 */
	uint32_t effective_mcpus;
	/** Bound of the active set: whole effective CPUs less the owner's;
	 *  when that is 0, 0 for a releaser that comes back sooner than a
	 *  wake-up (RELEASER_BACK), else 1; 1 while the owner is off its
	 *  CPU.
	 */
	uint32_t limit;
	/** PASSIVE: how long a parked waiter may sleep before it must ask
	 *  again (the rotation bound less waited_ns, > 0); else 0.
	 */
	uint64_t park_ns;
	/** What to do. */
	enum pvs_admit_action action;
	/** Why. */
	enum pvs_admit_reason reason;
};

/**
 * @brief CPU capacity the process can really use, in milli-CPUs.
 *
 * min(max(nr_affinity, 1) x 1000, quota_mcpus if set), scaled by
 * (1000000 - steal_ppm) / 1000000 and then by (1000000 - throttled_ppm) /
 * 1000000, each step rounded down. No range checks (pvs_admit_decide()
 * makes them): ppm values above 1000000 count as 1000000.
 * @param in inputs (not NULL)
 * @return milli-CPUs, 0 when everything is stolen or throttled
 */
uint32_t pvs_admit_effective_mcpus(const struct pvs_admit_in *in);

/**
 * @brief True when the process has no CPU beside the owner's: fewer than
 *        2 CPUs granted (the affinity, or the quota if smaller, below
 *        2 x ::PVS_ADMIT_MCPUS_PER_CPU). Steal and throttling do not
 *        count here: they take a share of a CPU's time, often read
 *        coarsely (userspace sees steal in 10 ms ticks over a short
 *        window), and one stolen tick must not turn a 2-CPU guest into
 *        a 1-CPU process. Only when this is true does
 *        pvs_admit_in::since_release_ns change pvs_admit_decide()'s
 *        answer, so a lock need not read the clock otherwise.
 * @param in inputs (not NULL)
 * @return true with less than 2 CPUs granted, else false
 */
bool pvs_admit_one_cpu(const struct pvs_admit_in *in);

/**
 * @brief Decide whether one more thread may actively contend for a lock
 *        (an arriving waiter, or the oldest parked one a releaser would
 *        wake), or must wait parked.
 *
 * In order:
 * 1. *Capacity*: effective = pvs_admit_effective_mcpus(); limit =
 *    floor(effective / 1000) - 1 (the owner needs a CPU of its own).
 * 2. *Only the owner's CPU* (limit 0 and pvs_admit_one_cpu(): fewer
 *    than 2 CPUs granted, whatever the steal): a releaser whose cycle
 *    over the lock is shorter than a wake-up's round trip
 *    (0 < since_release_ns < ctxsw_ns, 0 = ::PVS_SPIN_DEFAULT_CTXSW_NS)
 *    is back before a woken sleeper could run: the sleeper would only
 *    spend the CPU time the owner needs and lose the race (under a
 *    1-CPU quota on 2 CPUs it runs beside the owner on the same quota).
 *    Limit stays 0 (PASSIVE, RELEASER_BACK). Otherwise limit 1: someone
 *    must be there to take a free lock.
 * 3. *Owner off its CPU* (PVS_SPIN_OWNER_PREEMPTED or _SLEEPING): limit =
 *    1. Nobody gets the lock before the owner runs again; one contender
 *    ready to take it is all that helps, more only burn CPU the owner may
 *    need.
 * 4. *Rotation*: nr_passive > 0 and waited_ns >= the rotation bound:
 *    ROTATE (BYPASS_BOUND), whatever the count. This bounds how long any
 *    parked waiter is passed over (the long-term fairness of Dice's
 *    Malthusian locks and of Dice and Kogan's GCR).
 * 5. nr_active < limit: ACTIVE (ROOM); else PASSIVE (FULL, OWNER_OFF
 *    when step 3 set the bound, RELEASER_BACK when step 2 did) with
 *    park_ns = bound - waited_ns.
 *
 * Integer only; nothing overflows for any accepted input.
 * @param in  inputs
 * @param out written on success only
 * @return 0; -PVS_EINVAL NULL @p in or @p out, or pvs_admit_in::owner
 *         outside enum pvs_spin_owner; -PVS_ERANGE nr_affinity above
 *         ::PVS_MAX_CPUS, steal_ppm or throttled_ppm above 1000000, or
 *         rotate_ns above ::PVS_ADMIT_ROTATE_MAX_NS. On error @p out is
 *         untouched.
 */
int pvs_admit_decide(const struct pvs_admit_in *in, struct pvs_admit_out *out);

#ifdef __cplusplus
}
#endif

#endif /* PVSCHED_ADMIT_H */
