/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file spin_rt.h
 * @brief Userspace runtime for spin-then-park locks: a measured context
 *        and a wait loop that drives pvs_spin_decide() step by step.
 *
 * **Userspace only** (Linux, libc, pthreads): not kernel-safe and not
 * included by pvsched.h. Link `pvsched::rt` (library `pvsched_rt`).
 *
 * A lock library takes a ::pvrt_spin context (its own, or the process-wide
 * pvrt_spin_default()) and calls pvrt_spin_wait() with two callbacks, "is
 * the wait over" and "park"; the runtime spins, yields or parks as
 * pvs_spin_decide() says. pvrt_spin_slice_begin() / pvrt_spin_slice_end()
 * around a critical section ask the kernel not to preempt the holder
 * (rseq time-slice extension). How each input of pvs_spin_decide() is
 * measured, and how the owner-on-CPU oracle (<pvsched/oracle.h>) lets
 * pvrt_spin_wait_for() spin only while the owner runs: docs/spin-rt.md.
 * The steal view reads /proc/stat unless pvrt_spin_set_steal_source()
 * names another source.
 */
#ifndef PVSCHED_SPIN_RT_H
#define PVSCHED_SPIN_RT_H

#include <pvsched/env.h>
#include <pvsched/errors.h>
#include <pvsched/limits.h>
#include <pvsched/spin.h>

/*
 * Deadlines are CLOCK_REALTIME struct timespec, used through pointers
 * only: declared, not defined, so this header pulls in no system header
 * (env.h stays the only one); callers that build a deadline include
 * <time.h> themselves.
 */
struct timespec;
struct pvrt_oracle;

/**
 * @brief Called by a steal source once per CPU: that CPU's stolen time
 *        and its total time so far, both counters in one unit of the
 *        source's choosing (/proc/stat: USER_HZ ticks; ns elsewhere).
 */
typedef void (*pvrt_steal_fn)(void *arg, unsigned int cpu, uint64_t steal,
			      uint64_t total);

/**
 * @brief Where the steal view's counters come from (pluggable): the
 *        default reads /proc/stat; a preemption harness, for example,
 *        reports the time it took from each CPU.
 */
struct pvrt_steal_source {
	/** Report every CPU's counters through @p fn; the number of CPUs
	 *  reported, or a negative code. */
	int (*read)(void *src_arg, pvrt_steal_fn fn, void *fn_arg);
	/** Passed to read(). */
	void *arg;
	/** A short name ("proc-stat", ...), for reports. */
	const char *name;
};

/**
 * @brief One reading of a cgroup's CPU bandwidth throttling: the counters
 *        of the cpu.stat of the level whose limit binds, and that limit's
 *        period.
 */
struct pvrt_throttle_sample {
	/** Enforcement periods that elapsed with the group runnable. */
	uint64_t nr_periods;
	/** Time the group's runqueues spent throttled, summed over CPUs,
	 *  ns. */
	uint64_t throttled_ns;
	/** The limit's enforcement period, us (> 0). */
	uint64_t period_us;
	/** CPUs whose runqueues the sum covers: the affinity mask's count
	 *  (> 0). */
	uint32_t nr_cpus;
	/** The limit itself, quota / period in milli-CPUs rounded up
	 *  (pvprobe_cpus::quota_mcpus); 0: the source does not say (the
	 *  context keeps the quota it has). */
	uint32_t quota_mcpus;
};

/**
 * @brief Where the throttle view's counters come from (pluggable): the
 *        default reads the process's cgroup (pvrt_throttle_source_cgroup());
 *        a test reads a fixture tree or a list of samples.
 */
struct pvrt_throttle_source {
	/** Take one sample into @p out: 1 read; 0 no CPU limit, or no
	 *  counters for it (nothing is throttled); or a negative code. */
	int (*read)(void *src_arg, struct pvrt_throttle_sample *out);
	/** Passed to read(). */
	void *arg;
	/** A short name ("cgroup", ...), for reports. */
	const char *name;
};

#ifdef __cplusplus
extern "C" {
#endif

/** @brief Default refresh period of the steal view, ns (4 ms). /proc/stat
 *         counts in USER_HZ ticks (10 ms at 100 Hz), so a shorter period
 *         would mostly see no new tick. */
#define PVRT_SPIN_STEAL_PERIOD_NS 4000000u

/** @brief A spin-round interval counts as observed steal when it took
 *         this many times what its PAUSEs cost (or a context-switch round
 *         trip, if longer). Interrupts and SMT contention stretch an
 *         interval by a few times at most; a deschedule takes a scheduler
 *         time slice (ms). */
#define PVRT_SPIN_GAP_FACTOR 20u

/** @brief Whether pvrt_spin_init() turns pvrt_spin::observe_gaps on. */
#define PVRT_SPIN_OBSERVE_DEFAULT 0

/** @brief Context-switch round trips timed by pvrt_spin_init() (the median
 *         is kept). */
#define PVRT_SPIN_CTXSW_ROUNDS 64u

/**
 * @brief A process's spin context: measured once, shared by every lock and
 *        thread. Read-only after pvrt_spin_init() except the steal view,
 *        which pvrt_spin_steal_ppm() updates lock-free.
 */
struct pvrt_spin {
	/** Rule pvrt_spin_wait() applies (pvs_spin_in::policy). */
	enum pvs_spin_policy policy;
	/** Measured cost of one PAUSE, ps (0 = not measured). */
	uint32_t pause_ps;
	/** Measured context-switch round trip (park, be woken, run again), ns
	 *  (0 = not measured: pvs_spin_decide() assumes
	 *  ::PVS_SPIN_DEFAULT_CTXSW_NS). */
	uint64_t ctxsw_ns;
	/** Online CPUs (sysconf(_SC_NPROCESSORS_ONLN)). */
	uint32_t nr_online;
	/** CPUs the process can keep busy at init, pvs_spin_in::nr_cpus:
	 *  the calling thread's affinity mask, less what the cgroup's CPU
	 *  quota allows (the tightest of its cgroup and ancestors, rounded
	 *  up: 0.5 CPU counts 1, 1.5 count 2; pvprobe_read_cpus()). */
	uint32_t nr_allowed;
	/** The cgroup's CPU quota, milli-CPUs rounded up (the tightest of
	 *  its cgroup and ancestors; 0: unlimited or unknown), as
	 *  pvs_admit_in::quota_mcpus wants it: read at init, then from each
	 *  throttle sample that reports it (atomic loads). */
	uint32_t quota_mcpus;
	/** The hypervisor promises dedicated vCPUs (pvs_spin_in::dedicated);
	 *  false unless the caller sets it after init. */
	bool dedicated;
	/** The kernel offers the rseq time-slice extension (Linux 7.0+). */
	bool rseq_slice;
	/** Minimum time between two refreshes of the steal view, ns. */
	uint64_t steal_period_ns;
	/** CPUs covered by the steal view (0: /proc/stat unreadable). */
	uint32_t nr_steal_cpus;
	/** Internal: CLOCK_MONOTONIC ns of the last refresh (atomic). */
	uint64_t steal_stamp_ns;
	/** Internal: a refresh is in progress (atomic flag). */
	uint32_t steal_busy;
	/** Recent steal rate per CPU, ppm of its time (atomic loads). */
	uint32_t steal_ppm[PVS_MAX_CPUS];
	/** Internal: steal ticks per CPU at the last refresh. */
	uint64_t steal_prev[PVS_MAX_CPUS];
	/** Internal: all ticks per CPU at the last refresh. */
	uint64_t total_prev[PVS_MAX_CPUS];
	/** The steal source (NULL: /proc/stat); pvrt_spin_set_steal_source(). */
	const struct pvrt_steal_source *steal_src;
	/** Observe steal from the waiter's own spin (PV policy): time a
	 *  spin round every ::PVRT_SPIN_ORACLE_EVERY PAUSEs and count a gap
	 *  longer than pvrt_spin::gap_min_ns as time this waiter's CPU was
	 *  taken from it; the steal view then reads the larger of /proc/stat
	 *  (or the source set) and this. pvrt_spin_init() sets
	 *  ::PVRT_SPIN_OBSERVE_DEFAULT; the caller may change it before the
	 *  context is shared. docs/spin-rt.md, "Observed steal". */
	bool observe_gaps;
	/** Shortest gap counted as observed steal, ns: the larger of
	 *  ::PVRT_SPIN_GAP_FACTOR times the measured cost of
	 *  ::PVRT_SPIN_ORACLE_EVERY PAUSEs and the measured context-switch
	 *  round trip (pvrt_spin_init()). */
	uint64_t gap_min_ns;
	/** Internal: CLOCK_MONOTONIC ns of the last observed-steal refresh. */
	uint64_t obs_stamp_ns;
	/** Internal: gap time seen on each CPU so far, ns (atomic adds). */
	uint64_t obs_gap_ns[PVS_MAX_CPUS];
	/** Internal: spin time timed on each CPU so far, ns (atomic adds). */
	uint64_t obs_spin_ns[PVS_MAX_CPUS];
	/** Internal: obs_gap_ns at the last refresh. */
	uint64_t obs_prev_ns[PVS_MAX_CPUS];
	/** Internal: obs_spin_ns at the last refresh. */
	uint64_t obs_prev_spin_ns[PVS_MAX_CPUS];
	/** Observed steal rate per CPU, ppm: the share of the time spinning
	 *  waiters timed there, over the last refresh period, that was gaps
	 *  (a spinner is always runnable, so this samples what /proc/stat's
	 *  steal counts, plus the guest's own deschedules); 0 after a
	 *  period in which nobody spun there. */
	uint32_t obs_ppm[PVS_MAX_CPUS];
	/** The owner-on-CPU oracle pvrt_spin_wait_for() asks (PV policy
	 *  only); pvrt_spin_init() sets pvrt_oracle_default(), NULL: none
	 *  (today's heuristics). The caller may replace it. */
	const struct pvrt_oracle *oracle;
	/** Where throttling is read (pvrt_spin_set_throttle_source());
	 *  pvrt_spin_init() sets pvrt_throttle_source_cgroup() when the
	 *  process's cgroup (or an ancestor) has a CPU limit with counters,
	 *  else NULL: nothing is throttled. */
	const struct pvrt_throttle_source *throttle_src;
	/** Minimum time between two throttle refreshes, ns: the limit's
	 *  enforcement period (counters move once per period), at least
	 *  pvrt_spin::steal_period_ns. */
	uint64_t throttle_period_ns;
	/** Internal: CLOCK_MONOTONIC ns of the last throttle refresh. */
	uint64_t throttle_stamp_ns;
	/** Internal: the last sample. */
	struct pvrt_throttle_sample throttle_prev;
	/** Share of its CPUs' time the group spent throttled over the last
	 *  refresh period, ppm (atomic loads): the change of throttled_ns
	 *  over the change of nr_periods x period x nr_cpus, at most
	 *  1000000; 0 when no period elapsed with the group runnable.
	 *  pvrt_spin_steal_ppm() adds it to every CPU's steal. */
	uint32_t throttled_ppm;
};

/**
 * @brief What a lock supplies to pvrt_spin_wait().
 */
struct pvrt_spin_waiter {
	/**
	 * The lock's "is the wait over" test, polled between PAUSEs: return
	 * true to end the wait. Usually a trylock (test, then
	 * compare-and-swap), so a true answer means the caller now owns the
	 * lock.
	 */
	bool (*ready)(void *arg);
	/**
	 * Park until woken or until @p deadline (CLOCK_REALTIME, absolute;
	 * NULL: no deadline). Return 1 if the wait is over (the lock was
	 * taken on the way to sleep), 0 when woken or interrupted (the wait
	 * goes on: decide again), or a negative ::PVS_ETIMEDOUT or other
	 * error, which pvrt_spin_wait() returns.
	 */
	int (*park)(void *arg, const struct timespec *deadline);
	/** The owner's CPU as it recorded it on acquisition, or -1 when not
	 *  known. NULL: never known. */
	int (*owner_cpu)(void *arg);
	/** Passed to the callbacks. */
	void *arg;
	/** This lock's count of waiters spinning now (maintained by
	 *  pvrt_spin_wait() with atomic increments; starts at 0). NULL: the
	 *  spinner bound of the PV policy cannot be applied. */
	uint32_t *nr_spinning;
};

/** @brief What one pvrt_spin_wait() call did (for tests and benchmarks). */
struct pvrt_spin_wait_stats {
	/** Spin rounds (one per ::PVS_SPIN_SPIN decision). */
	uint32_t spins;
	/** sched_yield() calls. */
	uint32_t yields;
	/** Calls of the park callback. */
	uint32_t parks;
	/** Reason of the last decision. */
	enum pvs_spin_reason last_reason;
	/** Time spent spinning, ns. */
	uint64_t spun_ns;
};

/**
 * @brief Measure and fill a spin context.
 *
 * Calibrates the PAUSE cost, times ::PVRT_SPIN_CTXSW_ROUNDS futex
 * ping-pong round trips between two threads (about 1 ms), counts online
 * and allowed CPUs, takes a first /proc/stat sample, and detects the rseq
 * time-slice extension. A measurement that fails leaves its field 0, which
 * pvs_spin_decide() reads as "unknown" and replaces by its defaults.
 * @param s      context to fill
 * @param policy rule pvrt_spin_wait() applies
 * @return 0; -PVS_EINVAL NULL @p s or a policy outside its enum
 */
int pvrt_spin_init(struct pvrt_spin *s, enum pvs_spin_policy policy);

/**
 * @brief The process-wide context, initialised with ::PVS_SPIN_POLICY_PV
 *        on first use (thread-safe, once).
 * @return the context, never NULL
 */
struct pvrt_spin *pvrt_spin_default(void);

/**
 * @brief Take the steal view's counters from @p src from now on (NULL:
 *        /proc/stat again), starting with a fresh first sample.
 *
 * Not thread-safe against waiters using @p s: call before the lock is
 * shared, as pvrt_spin_init().
 * @param s   context
 * @param src the source (must outlive @p s), or NULL
 * @return 0; -PVS_EINVAL NULL @p s, or a source without read()
 */
int pvrt_spin_set_steal_source(struct pvrt_spin *s,
			       const struct pvrt_steal_source *src);

/**
 * @brief The default steal source: /proc/stat's per-CPU steal column.
 * @return the source, never NULL
 */
const struct pvrt_steal_source *pvrt_steal_source_proc_stat(void);

/**
 * @brief Take the throttle view's counters from @p src from now on (NULL:
 *        none: nothing is throttled), starting with a fresh first sample.
 *
 * Not thread-safe against waiters using @p s: call before the lock is
 * shared, as pvrt_spin_init().
 * @param s   context
 * @param src the source (must outlive @p s), or NULL
 * @return 0; -PVS_EINVAL NULL @p s, or a source without read(); the
 *         source's negative code from its first read (@p s is then left
 *         without a source)
 */
int pvrt_spin_set_throttle_source(struct pvrt_spin *s,
				  const struct pvrt_throttle_source *src);

/**
 * @brief The default throttle source: the process's cgroup, found and read
 *        as pvprobe_read_cpus() does (v1 or v2, the tightest of the cgroup
 *        and its ancestors; the cpu.stat of that level). Its arg is the
 *        sysroot to read under (NULL: the live system); copy the source
 *        and set arg to read a fixture tree.
 * @return the source, never NULL
 */
const struct pvrt_throttle_source *pvrt_throttle_source_cgroup(void);

/**
 * @brief Recent throttled share of the process's CPUs, refreshing the
 *        throttle view first when it is older than
 *        pvrt_spin::throttle_period_ns (lock-free, as the steal view).
 * @param s context
 * @return pvrt_spin::throttled_ppm; 0 without a source or a NULL @p s
 */
uint32_t pvrt_spin_throttled_ppm(struct pvrt_spin *s);

/**
 * @brief Recent steal rate of a CPU, refreshing the view first when it is
 *        older than pvrt_spin::steal_period_ns.
 *
 * Lock-free: one caller at a time refreshes (the others read the previous
 * values); a CPU without a new /proc/stat tick keeps its previous rate.
 * @param s   context
 * @param cpu CPU number
 * With pvrt_spin::observe_gaps, the larger of the source's rate and
 * pvrt_spin_observed_ppm(). Throttling counts as steal: with a throttle
 * source, the result is that rate r combined with the throttled share t
 * (pvrt_spin_throttled_ppm()) as time taken by either, r + t - r x t /
 * 1000000 (ppm), on every CPU the process may run on.
 * @return steal rate in ppm of that CPU's time; 0 for an unknown CPU or a
 *         NULL @p s
 */
uint32_t pvrt_spin_steal_ppm(struct pvrt_spin *s, int cpu);

/**
 * @brief Observed steal rate of a CPU: the share of their spin time that
 *        waiters on it found missing (pvrt_spin::observe_gaps), over the
 *        last refresh period; 0 when off, unknown, or nobody spun.
 * @param s   context
 * @param cpu CPU number
 * @return ppm of wall time
 */
uint32_t pvrt_spin_observed_ppm(const struct pvrt_spin *s, int cpu);

/**
 * @brief Wait for a lock the spin-then-park way.
 *
 * Loop: if pvrt_spin_waiter::ready() says so, return; else fill a
 * pvs_spin_in (docs/spin-rt.md) and call pvs_spin_decide(). SPIN:
 * count this waiter in pvrt_spin_waiter::nr_spinning, poll ready() between
 * up to pvs_spin_out::pauses PAUSEs, and add the time it really took to
 * spun_ns. YIELD: sched_yield(). PARK: call pvrt_spin_waiter::park(); when
 * it returns 0 (woken) the spin budget starts again from zero, as for a
 * new arrival. The deadline is checked before each decision.
 * @param s        context (pvrt_spin_default() if NULL)
 * @param w        the lock's callbacks (ready and park are required)
 * @param deadline CLOCK_REALTIME absolute time, or NULL for none
 * @param st       statistics of this call, or NULL
 * @return 0 when ready() or park() ended the wait; -PVS_ETIMEDOUT past
 *         @p deadline; -PVS_EINVAL NULL @p w or missing callback; another
 *         negative code returned by park()
 */
int pvrt_spin_wait(struct pvrt_spin *s, const struct pvrt_spin_waiter *w,
		  const struct timespec *deadline,
		  struct pvrt_spin_wait_stats *st);

/**
 * @brief pvrt_spin_wait() for a lock that records its owner's thread id.
 *
 * As pvrt_spin_wait(); in addition, with the PV policy and an oracle
 * (pvrt_spin::oracle), the owner's state comes from the oracle: the owner
 * is the thread @p owner_tid names (0: not known, then only the CPU
 * pvrt_spin_waiter::owner_cpu recorded is checked: a CPU running another
 * process, or idle, cannot be running the owner). The owner's state is
 * asked again every ::PVRT_SPIN_ORACLE_EVERY PAUSEs while spinning, so a
 * waiter stops spinning soon after its owner is switched out.
 * @param s         context (pvrt_spin_default() if NULL)
 * @param w         the lock's callbacks
 * @param owner_tid the lock's owner-tid word (atomic loads), or NULL
 * @param deadline  CLOCK_REALTIME absolute time, or NULL for none
 * @param st        statistics of this call, or NULL
 * @return as pvrt_spin_wait()
 */
int pvrt_spin_wait_for(struct pvrt_spin *s, const struct pvrt_spin_waiter *w,
		       const uint32_t *owner_tid,
		       const struct timespec *deadline,
		       struct pvrt_spin_wait_stats *st);

/** @brief PAUSEs between two questions to the oracle while spinning. */
#define PVRT_SPIN_ORACLE_EVERY 64u

/**
 * @brief Longest gap between two ready() polls of a spin round, ns.
 *
 * A round polls at once, then after 1, 2, 4, ... PAUSEs, the gap doubling
 * up to this long (in PAUSEs of pvrt_spin::pause_ps, at least 1). A waiter
 * that read the lock's cache line every PAUSE would take the line from the
 * owner's cache before each of the owner's writes (lock, record, unlock),
 * and each write would wait for a transfer between cores: on a 2-vCPU
 * guest that held a lock with 50 ns sections to 0.6-0.7 of its
 * single-thread rate. The price is a later look: a lock freed while the
 * waiter pauses is seen up to this long after.
 */
#define PVRT_SPIN_POLL_GAP_MAX_NS 512u

/**
 * @brief The calling thread's id (gettid(), cached per thread and asked
 *        again in a fork() child): what a lock records as its owner for
 *        pvrt_spin_wait_for().
 * @return the thread id
 */
uint32_t pvrt_spin_this_tid(void);

/**
 * @brief The CPU the calling thread runs on: the cpu_id of the rseq area
 *        glibc (2.35 and later) registered for the thread, else
 *        sched_getcpu(); the same value either way.
 * @return a CPU number, or -1 if not known
 */
int pvrt_spin_this_cpu(void);

/**
 * @brief Ask the kernel not to preempt this thread for a few us (rseq
 *        time-slice extension, Linux 7.0+): call on lock acquisition.
 *
 * Sets rseq->slice_ctrl.request, after deciding on the thread's first
 * use whether it can (the kernel offers the extension, glibc's
 * __rseq_size covers slice_ctrl, the kernel marked the thread's rseq area
 * RSEQ_CS_FLAG_SLICE_EXT_AVAILABLE, and prctl(PR_RSEQ_SLICE_EXTENSION,
 * PR_RSEQ_SLICE_EXTENSION_SET, PR_RSEQ_SLICE_EXT_ENABLE) succeeds;
 * docs/spin-rt.md, "Time-slice extension"). Sections nest: the request
 * stays up until the outermost pvrt_spin_slice_end(). pvs_mutex makes the
 * same request on every acquisition.
 * @param s context
 * @return true if the thread uses the extension (the request is up);
 *         false when @p s says the kernel lacks it (one flag test) or the
 *         thread cannot use it
 */
bool pvrt_spin_slice_begin(const struct pvrt_spin *s);

/**
 * @brief End a time-slice extension request: call on lock release.
 *
 * Ends the innermost section; at the outermost, clears the request and,
 * if the kernel granted an extension, gives the CPU back at once with the
 * rseq_slice_yield system call, as the ABI requires.
 * @param s context
 * @return true if an extension had been granted (and was given back)
 */
bool pvrt_spin_slice_end(const struct pvrt_spin *s);

#ifdef __cplusplus
}
#endif

#endif /* PVSCHED_SPIN_RT_H */
