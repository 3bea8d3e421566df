/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file spin.h
 * @brief Spin-then-park: should a lock waiter spin (for how long), yield
 *        or park?
 *
 * Rationale: docs/heuristics.md, "spin.h".
 */
#ifndef PVSCHED_SPIN_H
#define PVSCHED_SPIN_H

#include <pvsched/env.h>
#include <pvsched/internal/arith.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Context-switch round trip assumed when the caller does not know it
 *        (pvs_spin_in::ctxsw_ns == 0), in ns: LiTL's spin-then-park figure
 *        (about 9 us, docs/upstream-rules.md, "Spin or park decision inputs").
 */
#define PVS_SPIN_DEFAULT_CTXSW_NS 9000u

/**
 * @brief Largest spin budget, in ns (1 ms): a larger context-switch cost is
 *        clamped to this.
 *
 * No honest context-switch round trip is that slow (it is several us), and
 * spinning for a scheduler tick is never cheaper than sleeping; the clamp
 * also keeps every product in the budget arithmetic far below 2^64.
 */
#define PVS_SPIN_MAX_BUDGET_NS 1000000u

/**
 * @brief Cost of one PAUSE assumed when it was not measured
 *        (pause_ps == 0), in picoseconds (40 ns).
 *
 * The top of the measured range (about 140 cycles on Skylake and later, at
 * 3.5 GHz), so a PAUSE count derived from the default never spins longer
 * than its time budget on any x86; on a CPU with a cheaper PAUSE it only
 * spins shorter (at worst 14x), which costs an earlier park, not CPU time.
 */
#define PVS_SPIN_DEFAULT_PAUSE_PS 40000u

/**
 * @brief Arrival poll suggested for userspace waiters, in ns (4 us): see
 *        pvs_spin_in::arrival_ns.
 * About glibc's adaptive mutex (up to 100 tries with backoff, docs/upstream-rules.md
 * section 7) and well under a context-switch round trip: long enough to
 * see a short critical section end, too short to matter when it does not.
 */
#define PVS_SPIN_ARRIVAL_NS 4000u

/** @brief Steal rate meaning "all of the CPU's time was stolen", in ppm. */
#define PVS_SPIN_FULL_PPM 1000000u

/** @brief What a lock waiter should do now. */
enum pvs_spin_action {
	/** Busy-wait for pvs_spin_out::budget_ns (pvs_spin_out::pauses
	 *  PAUSEs), then ask again.
	 */
	PVS_SPIN_SPIN = 0,
	/** Give this CPU to the lock owner (a directed yield), then ask
	 *  again. Only returned when pvs_spin_in::yield_to_owner says the
	 *  caller's yield reaches the owner's vCPU.
	 */
	PVS_SPIN_YIELD = 1,
	/** Sleep until woken (futex wait, schedule()): always correct,
	 *  only slower when the lock would have come soon.
	 */
	PVS_SPIN_PARK = 2,
	/** Number of values (not a value): range checks use it. */
	PVS_SPIN_ACTION_COUNT
};

/** @enum_name{pvs_spin_action} */
const char *pvs_spin_action_name(enum pvs_spin_action v);

/** @brief Which rule pvs_spin_decide() applies. */
enum pvs_spin_policy {
	/** Baseline: LiTL spin-then-park. Spin one context-switch round
	 *  trip (pvs_spin_default_budget_ns()) counted from the first spin,
	 *  then park. Reads only ctxsw_ns, pause_ps and spun_ns.
	 */
	PVS_SPIN_POLICY_FIXED = 0,
	/** Paravirt-aware rule, documented at pvs_spin_decide(). */
	PVS_SPIN_POLICY_PV = 1,
	/** Number of values (not a value): range checks use it. */
	PVS_SPIN_POLICY_COUNT
};

/** @enum_name{pvs_spin_policy} */
const char *pvs_spin_policy_name(enum pvs_spin_policy v);

/** @brief What the lock owner is doing, as far as the caller knows. */
enum pvs_spin_owner {
	/** Not known (the usual case in userspace: nothing there exposes
	 *  whether another thread is on a CPU). Treated as running.
	 */
	PVS_SPIN_OWNER_UNKNOWN = 0,
	/** The owner is on a CPU whose vCPU is running. */
	PVS_SPIN_OWNER_RUNNING = 1,
	/** The host took the owner's vCPU (vcpu_is_preempted(): odd
	 *  lppaca yield_count and not idle, kvm_steal_time.preempted).
	 */
	PVS_SPIN_OWNER_PREEMPTED = 2,
	/** The owner is parked or blocked in the guest: it is not on a
	 *  CPU and will not release the lock before it is woken.
	 */
	PVS_SPIN_OWNER_SLEEPING = 3,
	/** No owner: the lock is free or being handed over. Treated as
	 *  running (the next owner is about to run).
	 */
	PVS_SPIN_OWNER_NONE = 4,
	/** Number of values (not a value): range checks use it. */
	PVS_SPIN_OWNER_COUNT
};

/** @enum_name{pvs_spin_owner} */
const char *pvs_spin_owner_name(enum pvs_spin_owner v);

/** @brief Why pvs_spin_decide() decided what it did (for tests, tracing,
 *         the simulator and the demo).
 */
enum pvs_spin_reason {
	/** SPIN: budget left (pvs_spin_out::budget_ns > 0). */
	PVS_SPIN_REASON_BUDGET_LEFT = 0,
	/** PARK: this waiter already spun the whole budget. */
	PVS_SPIN_REASON_SPUN_OUT = 1,
	/** PARK (PV): the critical section has lasted the whole budget. */
	PVS_SPIN_REASON_HELD_LONG = 2,
	/** PARK (PV): steal or the spinner share left a 0 ns budget. */
	PVS_SPIN_REASON_NO_BUDGET = 3,
	/** PARK: the budget left does not buy a single PAUSE. */
	PVS_SPIN_REASON_TOO_SHORT = 4,
	/** PARK or YIELD (PV): the owner's vCPU is preempted. */
	PVS_SPIN_REASON_OWNER_PREEMPTED = 5,
	/** PARK (PV): the owner sleeps. */
	PVS_SPIN_REASON_OWNER_SLEEPING = 6,
	/** PARK (PV): the spinners already fill every CPU but the owner's. */
	PVS_SPIN_REASON_HERD = 7,
	/** SPIN (PV): the spinners fill the CPUs, but this waiter is still
	 *  within its arrival poll (pvs_spin_in::arrival_ns).
	 */
	PVS_SPIN_REASON_ARRIVAL = 8,
	/** Number of values (not a value): range checks use it. */
	PVS_SPIN_REASON_COUNT
};

/** @enum_name{pvs_spin_reason} */
const char *pvs_spin_reason_name(enum pvs_spin_reason v);

/**
 * @brief Inputs of pvs_spin_decide().
 *
 * Zero-fill it (so fields added later default to 0) and set what you know:
 * every 0 means "unknown", "none" or "off", and the policy 0 is the
 * baseline. Any value of any field is accepted: nothing overflows.
 */
struct pvs_spin_in {
	/** Context-switch round trip (park + wake + back on CPU), ns; the
	 *  cost of parking. 0 = unknown: ::PVS_SPIN_DEFAULT_CTXSW_NS. Values
	 *  above ::PVS_SPIN_MAX_BUDGET_NS count as that.
	 */
	uint64_t ctxsw_ns;
	/** How long the lock has been held so far, ns (0 = unknown or just
	 *  taken). Read by PV only.
	 */
	uint64_t held_ns;
	/** How long this waiter has already spun (or yielded) for this
	 *  acquisition, ns. 0 on the first call.
	 */
	uint64_t spun_ns;
	/** Measured cost of one PAUSE (cpu_relax()), picoseconds, so 0.7 to
	 *  40 ns and beyond are representable. 0 = not measured:
	 *  ::PVS_SPIN_DEFAULT_PAUSE_PS. Only converts the budget to a count.
	 */
	uint32_t pause_ps;
	/** Recent steal rate of the owner's CPU, ppm of its time (0 =
	 *  none or unknown; above ::PVS_SPIN_FULL_PPM counts as all). PV.
	 */
	uint32_t owner_steal_ppm;
	/** Recent steal rate of the caller's own CPU, ppm (as above). PV. */
	uint32_t self_steal_ppm;
	/** Other waiters spinning right now, NOT counting the caller. PV. */
	uint32_t nr_spinning;
	/** All waiters (spinning, yielding or parked), for statistics:
	 *  deliberately not used by either policy (see pvs_spin_decide(),
	 *  rule "no cascade").
	 */
	uint32_t nr_waiters;
	/** CPUs the caller may run on (its affinity mask, or the guest's
	 *  online vCPUs). 0 = unknown: counts as 1. PV.
	 */
	uint32_t nr_cpus;
	/** What the owner is doing. PV. */
	enum pvs_spin_owner owner;
	/** The rule to apply. */
	enum pvs_spin_policy policy;
	/** The hypervisor promises dedicated vCPUs (x86 KVM_HINTS_REALTIME,
	 *  CPUID 0x40000001 EDX bit 0; a dedicated PowerVM partition): steal
	 *  and the number of spinners do not shrink the budget. PV.
	 */
	bool dedicated;
	/** The caller's YIELD gives its CPU to the owner's vCPU (H_CONFER on
	 *  PowerVM, yield_to() / KVM_HC_SCHED_YIELD in a kernel). A plain
	 *  sched_yield() does not: leave this false in userspace. PV.
	 */
	bool yield_to_owner;
	/** Arrival poll, ns (0 = none, the rule as before): while spun_ns is
	 *  below it, a waiter the herd rule would park polls instead, for at
	 *  most this long in all (scaled by steal like the budget; never on
	 *  a single CPU, never past a preempted or sleeping owner). Counted
	 *  spinners include threads the guest OS descheduled in mid-spin,
	 *  which on an oversubscribed guest parks every newcomer even though
	 *  the lock changes hands every few hundred ns.
	 *  ::PVS_SPIN_ARRIVAL_NS is the suggested value. PV.
	 */
	uint64_t arrival_ns;
};

/** @brief Outputs of pvs_spin_decide(), all written on every valid call. */
struct pvs_spin_out {
	/** SPIN: how long to spin now, ns (> 0); YIELD, PARK: 0. */
	uint64_t budget_ns;
	/** SPIN: how many PAUSEs budget_ns buys at pause_ps (> 0, rounded
	 *  down so the count never outlasts the time); YIELD, PARK: 0.
	 */
	uint64_t pauses;
	/** The whole budget under the current conditions, ns, before the
	 *  time already spun or held is taken off (FIXED: the context-switch
	 *  cap; PV: after steal and spinner scaling; 0 when a PV rule parked
	 *  or yielded before any budget was computed).
	 */
	uint64_t limit_ns;
	/** Why. */
	enum pvs_spin_reason reason;
};

/**
 * @brief The spin budget of the baseline, which is also the PV rule's cap:
 *        one context-switch round trip.
 *
 * Spinning longer than it costs to park and be woken is a loss whatever the
 * wait turns out to be (the spin-or-block competitive argument behind
 * LiTL's spin-then-park).
 * @param ctxsw_ns measured context-switch round trip in ns, 0 = unknown
 * @return ::PVS_SPIN_DEFAULT_CTXSW_NS if @p ctxsw_ns is 0, else @p ctxsw_ns
 *         clamped to at most ::PVS_SPIN_MAX_BUDGET_NS (never 0)
 */
static inline uint64_t pvs_spin_default_budget_ns(uint64_t ctxsw_ns)
{
	if (ctxsw_ns == 0)
		return PVS_SPIN_DEFAULT_CTXSW_NS;
	if (ctxsw_ns > PVS_SPIN_MAX_BUDGET_NS)
		return PVS_SPIN_MAX_BUDGET_NS;
	return ctxsw_ns;
}

/**
 * @brief How many PAUSEs fit in a time budget.
 *
 * floor(@p ns * 1000 / @p pause_ps), computed exactly for any input
 * (split into quotient and remainder when ns * 1000 would overflow).
 * @param ns       time budget in ns
 * @param pause_ps cost of one PAUSE in ps, 0 = ::PVS_SPIN_DEFAULT_PAUSE_PS
 * @return the number of PAUSEs, rounded down; UINT64_MAX if it does not fit
 */
static inline uint64_t pvs_spin_ns_to_pauses(uint64_t ns, uint32_t pause_ps)
{
	uint64_t q, r, lo;

	if (pause_ps == 0)
		pause_ps = PVS_SPIN_DEFAULT_PAUSE_PS;
	if (ns <= ~(uint64_t)0 / 1000u)
		return pvs_div_u64(ns * 1000u, pause_ps);
	/* ns = q * ps + r, so ns * 1000 / ps = q * 1000 + r * 1000 / ps. */
	q = pvs_div_u64(ns, pause_ps);
	r = ns - q * pause_ps;
	lo = pvs_div_u64(r * 1000u, pause_ps);
	return pvs_muladd_sat_u64_(q, 1000u, lo);
}

/**
 * @brief How long a number of PAUSEs takes.
 *
 * floor(@p pauses * @p pause_ps / 1000), exact for any input. The inverse
 * of pvs_spin_ns_to_pauses() up to rounding: converting ns to PAUSEs and
 * back never gives more than the ns, and loses less than one PAUSE.
 * @param pauses   number of PAUSEs
 * @param pause_ps cost of one PAUSE in ps, 0 = ::PVS_SPIN_DEFAULT_PAUSE_PS
 * @return the time in ns, rounded down; UINT64_MAX if it does not fit
 */
static inline uint64_t pvs_spin_pauses_to_ns(uint64_t pauses,
					     uint32_t pause_ps)
{
	uint64_t q, r, lo;

	if (pause_ps == 0)
		pause_ps = PVS_SPIN_DEFAULT_PAUSE_PS;
	/* pauses = q * 1000 + r, so pauses * ps / 1000 = q * ps + r * ps / 1000. */
	q = pvs_div_u64(pauses, 1000u);
	r = pauses - q * 1000u;
	lo = pvs_div_u64(r * pause_ps, 1000u);
	return pvs_muladd_sat_u64_(q, pause_ps, lo);
}

/**
 * @brief Scale a value by the share of time NOT stolen.
 *
 * floor(@p v * (1000000 - @p steal_ppm) / 1000000), exact and
 * overflow-free for any @p v.
 * @param v         value (a budget in ns)
 * @param steal_ppm steal rate in ppm; ::PVS_SPIN_FULL_PPM or more gives 0
 * @return the scaled value (@p v itself when @p steal_ppm is 0)
 */
static inline uint64_t pvs_spin_scale_ppm(uint64_t v, uint32_t steal_ppm)
{
	uint64_t keep, q;

	if (steal_ppm == 0)
		return v;
	if (steal_ppm >= PVS_SPIN_FULL_PPM)
		return 0;
	keep = PVS_SPIN_FULL_PPM - steal_ppm;
	if (v < PVS_SPIN_FULL_PPM)
		return pvs_div_u64(v * keep, PVS_SPIN_FULL_PPM);
	/* v = q * M + r (M = 1000000): v * keep / M = q * keep + r * keep / M */
	q = pvs_div_u64(v, PVS_SPIN_FULL_PPM);
	return q * keep +
	       pvs_div_u64((v - q * PVS_SPIN_FULL_PPM) * keep,
			   PVS_SPIN_FULL_PPM);
}

/** @cond INTERNAL */
/* Internal steps of pvs_spin_decide(), not API (tests call them). */
/**
 * @brief The PV rule's gates that park (or yield) before any budget:
 *        owner state, then the spinner count. Part of pvs_spin_decide().
 * @param in   inputs, valid and with the PV policy
 * @param cpus pvs_spin_in::nr_cpus with 0 replaced by 1
 * @return ::PVS_SPIN_REASON_BUDGET_LEFT if spinning may go on, else
 *         ::PVS_SPIN_REASON_OWNER_SLEEPING, ::PVS_SPIN_REASON_OWNER_PREEMPTED
 *         or ::PVS_SPIN_REASON_HERD
 */
static inline enum pvs_spin_reason pvs_spin_pv_gate_(const struct pvs_spin_in *in,
						    uint32_t cpus)
{
	if (in->owner == PVS_SPIN_OWNER_SLEEPING)
		return PVS_SPIN_REASON_OWNER_SLEEPING;
	if (in->owner == PVS_SPIN_OWNER_PREEMPTED)
		return PVS_SPIN_REASON_OWNER_PREEMPTED;
	if (in->nr_spinning >= cpus - 1)
		return PVS_SPIN_REASON_HERD;
	return PVS_SPIN_REASON_BUDGET_LEFT;
}

/**
 * @brief The PV rule's whole budget: the cap scaled by the time not stolen
 *        on the owner's CPU and on ours, shared among the spinners, unless
 *        the vCPUs are dedicated. Part of pvs_spin_decide().
 *
 * limit = floor(floor(floor(cap * (1000000 - owner_steal_ppm) / 1000000)
 *         * (1000000 - self_steal_ppm) / 1000000) / (nr_spinning + 1)),
 * or cap itself when pvs_spin_in::dedicated is set.
 * @param in  inputs, valid, with the PV policy, past pvs_spin_pv_gate_()
 * @param cap pvs_spin_default_budget_ns() of pvs_spin_in::ctxsw_ns
 * @return the budget in ns, at most @p cap (may be 0)
 */
static inline uint64_t pvs_spin_pv_limit_ns_(const struct pvs_spin_in *in,
					    uint64_t cap)
{
	uint64_t lim;

	if (in->dedicated)
		return cap;
	lim = pvs_spin_scale_ppm(cap, in->owner_steal_ppm);
	lim = pvs_spin_scale_ppm(lim, in->self_steal_ppm);
	if (in->nr_spinning == (uint32_t)~0u)
		lim >>= 32; /* / 2^32, as nr_spinning + 1 overflows 32 bits */
	else if (in->nr_spinning != 0)
		lim = pvs_div_u64(lim, in->nr_spinning + 1);
	return lim;
}

/**
 * @brief The PV rule's herd step with its arrival poll. Part of
 *        pvs_spin_decide(): writes @p out.
 * @param in   inputs, valid, with the PV policy, the herd rule tripped
 * @param cap  pvs_spin_default_budget_ns() of pvs_spin_in::ctxsw_ns
 * @param used max(spun_ns, held_ns)
 * @param out  the decision's outputs
 * @return ::PVS_SPIN_SPIN (reason ARRIVAL) or ::PVS_SPIN_PARK (HERD)
 */
static inline enum pvs_spin_action pvs_spin_arrival_(const struct pvs_spin_in *in,
						    uint64_t cap, uint64_t used,
						    struct pvs_spin_out *out)
{
	uint64_t lim = in->arrival_ns < cap ? in->arrival_ns : cap;
	uint64_t pauses = 0;

	if (in->nr_cpus < 2)
		lim = 0;	/* a single CPU never spins */
	else if (!in->dedicated)
		lim = pvs_spin_scale_ppm(pvs_div_u64(lim, in->nr_cpus - 1),
					 in->owner_steal_ppm);
	if (lim != 0 && !in->dedicated)
		lim = pvs_spin_scale_ppm(lim, in->self_steal_ppm);
	if (in->spun_ns < in->arrival_ns && lim > used)
		pauses = pvs_spin_ns_to_pauses(lim - used, in->pause_ps);
	out->budget_ns = pauses ? lim - used : 0;
	out->pauses = pauses;
	out->limit_ns = pauses ? lim : 0;
	out->reason = pauses ? PVS_SPIN_REASON_ARRIVAL : PVS_SPIN_REASON_HERD;
	return pauses ? PVS_SPIN_SPIN : PVS_SPIN_PARK;
}
/** @endcond */

/**
 * @brief Decide whether a lock waiter spins (and for how long), yields to
 *        the owner, or parks.
 *
 * Call it when the lock is found taken and again after each spin (with
 * pvs_spin_in::spun_ns updated). Budgets are time; pvs_spin_out::pauses is
 * the same budget as a PAUSE count at the measured PAUSE cost.
 *
 * **FIXED** (baseline, LiTL spin-then-park): cap = one context-switch round
 * trip (pvs_spin_default_budget_ns(): 9 us when unknown, at most 1 ms).
 * spun_ns >= cap: PARK (SPUN_OUT). Otherwise SPIN for cap - spun_ns, unless
 * that buys no PAUSE: PARK (TOO_SHORT). No VM input is read: owner state,
 * steal, CPUs, waiters, held time and hints are ignored.
 *
 * **PV** (paravirt-aware), in order:
 * 1. *Owner sleeping*: PARK. It will not release the lock before someone
 *    wakes it, so every spin is lost (Linux's mutex_spin_on_owner() stops
 *    as soon as the owner is not on a CPU).
 * 2. *Owner preempted* (the host took its vCPU): PARK, or YIELD if
 *    pvs_spin_in::yield_to_owner and spun_ns < cap. The owner comes back
 *    only when the host runs its vCPU again, a host time slice away (ms,
 *    hundreds of context switches). Spinning burns a pCPU the host could
 *    give to that vCPU, and a guest userspace spinner gets no directed
 *    yield from the host (Intel PLE only exits at CPL 0). Linux's own
 *    owner_on_cpu() treats vcpu_is_preempted() as "stop spinning, sleep".
 *    A plain sched_yield() is no better than spinning (it returns at once
 *    when nothing else is runnable, and keeps this vCPU busy), so we do
 *    not "yield once when oversubscribed": parking, which lets this vCPU
 *    idle and the host run the owner, is the default. Only a *directed*
 *    yield (H_CONFER, yield_to()) hands our time to the owner's vCPU,
 *    which is what powerpc spinlocks do for a preempted holder
 *    (__spin_yield(): H_CONFER when its yield_count is odd); bounded by
 *    the cap so a hypervisor that does not run the owner cannot keep us
 *    yielding. This holds with pvs_spin_in::dedicated too: a preemption
 *    that was seen is a fact, the hint only a promise.
 * 3. *Herd*: nr_spinning >= nr_cpus - 1 (0 CPUs counts as 1): PARK. The
 *    other spinners, the owner and we would need more CPUs than we have,
 *    so our spin would take the CPU the owner needs; and all spinners
 *    stampede the cache line at release. As in Go (spin only if another P
 *    is running), a single CPU never spins.
 *    *Arrival poll* (only when pvs_spin_in::arrival_ns is set and there
 *    are 2 or more CPUs): instead of parking, limit = min(arrival_ns,
 *    cap), unless dedicated divided by nr_cpus - 1 (the share the last
 *    spinner the herd rule admits would get, so more spinners never
 *    means a larger budget) and scaled by steal on the owner's CPU then
 *    on ours as in step 4; used = max(spun_ns, held_ns); if spun_ns <
 *    arrival_ns and limit - used buys a PAUSE, SPIN for it (ARRIVAL),
 *    else PARK (HERD, limit 0). nr_spinning counts waiters that registered
 *    as spinning, including ones the guest OS descheduled in mid-spin;
 *    on an oversubscribed guest they hold the count up and every newcomer
 *    would park (a futex round trip, tens of us) for a lock that changes
 *    hands every few hundred ns. A poll of a few us is the cheaper bet;
 *    it ends by itself and never cascades.
 * 4. *Budget*: limit = cap if pvs_spin_in::dedicated; otherwise cap
 *    scaled by the share of time NOT stolen on the owner's CPU, then by
 *    that share on ours, then divided by (nr_spinning + 1) (integer, each
 *    step rounded down; see pvs_spin_pv_limit_ns_()).
 *    Steal on the owner's CPU stretches its critical section (a stolen
 *    owner is a lock-holder preemption in progress); steal on ours means
 *    the host is oversubscribed and every ns we spin is a ns of pCPU the
 *    owner's vCPU may be waiting for. Dividing by the spinners keeps the
 *    pCPU time the spinners burn together about one budget. With
 *    dedicated vCPUs (KVM_HINTS_REALTIME) nothing is stolen and a spinning
 *    vCPU takes no one's pCPU: the full cap, as on bare metal.
 * 5. *Time already spent*: used = max(spun_ns, held_ns). limit == 0: PARK
 *    (NO_BUDGET); spun_ns >= limit: PARK (SPUN_OUT); held_ns >= limit:
 *    PARK (HELD_LONG): a critical section that already lasted a whole
 *    budget is a long one (or its owner was preempted unseen), and
 *    spinning past the cap costs more than parking (the boundary
 *    held == limit parks: 0 ns would be left). Else SPIN for
 *    limit - used, unless that buys no PAUSE: PARK (TOO_SHORT).
 *
 * *No cascade.* The kernel's pvqspinlock once parked a waiter early
 * because the waiter ahead of it was preempted; waiters giving up because
 * others gave up cost 8x on ebizzy and was reverted. So this rule reads
 * only the owner's state, never another waiter's, and it reads the
 * waiters that *spin*: when one waiter parks, nr_spinning falls and the
 * next waiter becomes more willing to spin, never less. The total number
 * of waiters (parked ones included) is deliberately not used.
 *
 * Bad input: a NULL @p in or @p out, or a policy or owner state outside
 * its enum, returns ::PVS_SPIN_PARK (always safe) and leaves @p out
 * untouched. Every other input is valid; nothing can overflow.
 *
 * @param in  the inputs
 * @param out written on every valid call: budget, PAUSEs, limit, reason
 * @return ::PVS_SPIN_SPIN, ::PVS_SPIN_YIELD or ::PVS_SPIN_PARK
 */
static inline enum pvs_spin_action pvs_spin_decide(const struct pvs_spin_in *in,
						   struct pvs_spin_out *out)
{
	enum pvs_spin_action act = PVS_SPIN_PARK;
	enum pvs_spin_reason why = PVS_SPIN_REASON_BUDGET_LEFT;
	uint64_t cap, lim, used, left = 0, pauses = 0;

	if (in == NULL || out == NULL ||
	    (unsigned int)in->policy >= (unsigned int)PVS_SPIN_POLICY_COUNT ||
	    (unsigned int)in->owner >= (unsigned int)PVS_SPIN_OWNER_COUNT)
		return PVS_SPIN_PARK;
	cap = pvs_spin_default_budget_ns(in->ctxsw_ns);
	lim = cap;
	used = in->spun_ns;
	if (in->policy == PVS_SPIN_POLICY_PV) {
		why = pvs_spin_pv_gate_(in, in->nr_cpus ? in->nr_cpus : 1);
		if (why == PVS_SPIN_REASON_BUDGET_LEFT)
			lim = pvs_spin_pv_limit_ns_(in, cap);
		else
			lim = 0;
		if (why == PVS_SPIN_REASON_OWNER_PREEMPTED &&
		    in->yield_to_owner && in->spun_ns < cap)
			act = PVS_SPIN_YIELD;
		if (in->held_ns > used)
			used = in->held_ns;
		if (why == PVS_SPIN_REASON_HERD)
			return pvs_spin_arrival_(in, cap, used, out);
	}
	if (why == PVS_SPIN_REASON_BUDGET_LEFT) {
		if (lim == 0)
			why = PVS_SPIN_REASON_NO_BUDGET;
		else if (in->spun_ns >= lim)
			why = PVS_SPIN_REASON_SPUN_OUT;
		else if (used >= lim)
			why = PVS_SPIN_REASON_HELD_LONG;
		else
			left = lim - used;
		if (left != 0)
			pauses = pvs_spin_ns_to_pauses(left, in->pause_ps);
		if (left != 0 && pauses == 0) {
			why = PVS_SPIN_REASON_TOO_SHORT;
			left = 0;
		}
		if (left != 0)
			act = PVS_SPIN_SPIN;
	}
	out->budget_ns = left;
	out->pauses = pauses;
	out->limit_ns = lim;
	out->reason = why;
	return act;
}



#ifdef __cplusplus
}
#endif

#endif /* PVSCHED_SPIN_H */
