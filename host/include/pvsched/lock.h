/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file lock.h
 * @brief A mutex and a condition variable that spin while the lock's owner
 *        is likely running and park otherwise (userspace; `pvsched::lock`,
 *        pkg-config `pvsched-lock`).
 *
 * **Userspace only** (Linux futexes, pthreads). Shaped like POSIX: the
 * functions return 0 or an errno value (EBUSY, ETIMEDOUT, EINVAL, EDEADLK,
 * EPERM), never set errno, and are never interrupted by signals (a signal
 * during a wait is absorbed; a condition wait may then return 0, a
 * spurious wake-up, as POSIX allows).
 *
 * The mutex word is Drepper's three-state futex ("Futexes are tricky": 0
 * free, 1 locked, 2 locked with possible sleepers) plus a fourth state, 3:
 * released and reserved for the heir. Waiting is pvrt_spin_wait_for() of
 * `<pvsched/spin_rt.h>`: spin a time budget of PAUSEs while
 * pvs_spin_decide() allows, else sleep on the futex. The owner records its
 * thread id and CPU: with the owner-on-CPU oracle (`<pvsched/oracle.h>`,
 * when the process may read it) a waiter spins only while the owner's
 * thread is the one running on a CPU; without it, a waiter on the owner's
 * recorded CPU knows the owner is not running. Steal on the owner's CPU
 * and on the waiter's shrinks the budget; at most CPUs - 1 waiters spin.
 * Those spinners are the active set of concurrency restriction
 * (pvs_admit_decide() of `<pvsched/admit.h>`): an unlock wakes the oldest
 * sleeper only while the active set is below its bound, and a sleeper
 * passed over for ::PVS_ADMIT_ROTATE_NS becomes the heir (below; one
 * that finds another heir looks again after 1, 2, 4, 8, then every 16 times
 * that bound). One sleeper at a time keeps that bound, the timekeeper; the
 * others sleep 16 times the bound, so sleepers behind one long hold do not
 * all wake every 4 ms.
 * With less than 2 CPUs, an unlock by a thread that released the same
 * mutex less than a wake-up's round trip ago wakes no one (the rule's
 * RELEASER_BACK: that thread takes the lock again before a sleeper could
 * run) while the timekeeper sleeps, so a mutex left free just after such
 * a release is found by it within ::PVS_ADMIT_ROTATE_NS; a condition
 * wait's release always wakes. Running threads may barge ahead of woken sleepers,
 * but only so far: a waiter about to park for the ::PVS_MUTEX_HANDOFF_PARKS
 * -th time (with less than 2 CPUs: after a rotation bound) becomes the heir, and the next unlock hands the lock to it (after Linux's
 * MUTEX_FLAG_HANDOFF, with the patience of its rwsem handoff). A handoff
 * the heir does not take (it is not running) lapses after
 * ::PVS_MUTEX_HANDOFF_LAPSE_MS, so a free mutex is never unavailable for
 * longer.
 *
 * All-zero memory is a free default mutex and an idle condition variable
 * using CLOCK_REALTIME (the two initialisers are all zeros), and the state
 * fits in glibc's pthread_mutex_t and pthread_cond_t without touching the
 * words glibc keeps the type (pthread_mutex_t's __kind) and the clock and
 * process-shared bits (pthread_cond_t's __wrefs) in: this is how
 * libpvsched-preload.so runs unmodified programs on these locks.
 *
 * Clocks are passed as int (a clockid_t value: CLOCK_REALTIME or
 * CLOCK_MONOTONIC), so this header needs nothing beyond C11's <time.h>.
 *
 * Not process-shared (private futexes), not recursive, no priority
 * inheritance. The spin context is the process-wide one
 * (pvs_lock_set_policy()) unless a mutex's pvs_mutex::spin names another.
 */
#ifndef PVSCHED_LOCK_H
#define PVSCHED_LOCK_H

#include <errno.h>	/* the values the functions return */
#include <stdint.h>
#include <time.h>	/* struct timespec, CLOCK_* */

#ifdef __cplusplus
extern "C" {
#endif

struct pvrt_spin;	/* <pvsched/spin_rt.h> */

/** @brief Mutex type: no owner checks (PTHREAD_MUTEX_NORMAL). */
#define PVS_MUTEX_NORMAL 0
/** @brief Mutex type: relocking returns EDEADLK, unlocking a mutex the
 *         caller does not own returns EPERM (PTHREAD_MUTEX_ERRORCHECK). */
#define PVS_MUTEX_ERRORCHECK 2

/** @brief A waiter becomes the heir when it is about to park for this
 *         many times in one acquisition: woken once and beaten by a
 *         barging thread. */
#define PVS_MUTEX_HANDOFF_PARKS 2u

/** @brief A lock handed to a heir that has not taken it this long after
 *         another thread first saw it reserved (the heir is not running:
 *         in a signal handler, or its vCPU preempted) lapses: that thread
 *         takes it, and the heir waits again as any waiter. So lock,
 *         timedlock and trylock of a mutex nobody holds wait or fail for
 *         at most this long (plus the time to notice: one poll of a
 *         spinner, one timed sleep of a sleeper, the next trylock). */
#define PVS_MUTEX_HANDOFF_LAPSE_MS 20u

/**
 * @brief A mutex (40 bytes, the size of glibc's x86_64 pthread_mutex_t).
 *        Initialise with pvs_mutex_init() or ::PVS_MUTEX_INITIALIZER. The
 *        fields are internal except pvs_mutex::spin and pvs_mutex::spare.
 */
struct pvs_mutex {
	/** 0 free, 1 locked, 2 locked and sleepers possible, 3 released to
	 *  the heir (the futex word). */
	uint32_t state;
	/** CPU of the owner when it took the lock, plus 1 (0: not known). */
	uint32_t owner_cpu1;
	/** Waiters spinning now (pvrt_spin_waiter::nr_spinning). */
	uint32_t nr_spinning;
	/** Threads in, or about to enter, a futex wait on @c state (bits
	 *  0-30), and in bit 31 the claim of the one among them that keeps
	 *  the rotation bound (the timekeeper; the others sleep longer). */
	uint32_t nr_sleepers;
	/** ::PVS_MUTEX_NORMAL or ::PVS_MUTEX_ERRORCHECK; written by
	 *  pvs_mutex_init() only (any other value behaves as NORMAL). */
	int32_t type;
	/** Heir slot: bits 0-1 are 0 no heir, 1 a heir waits, 2 handoff
	 *  granted; bits 2-31 the fork generation that claimed it (a claim
	 *  from before a fork() is void in the child). */
	uint32_t handoff;
	/** Kernel thread id of the owner (pvrt_spin_this_tid(); 0: none),
	 *  for the oracle and, in ERRORCHECK mutexes, the owner checks. */
	uint32_t owner_tid;
	/** Never touched by the library: free for the embedding code (the
	 *  preload marks mutexes it has counted). */
	uint32_t spare;
	/** Spin context, or NULL for the process-wide one. */
	struct pvrt_spin *spin;
};

/** @brief Static initialiser: a free NORMAL mutex (all zeros). */
#define PVS_MUTEX_INITIALIZER { 0, 0, 0, 0, 0, 0, 0, 0, NULL }
/** @brief Static initialiser: a free ERRORCHECK mutex. */
#define PVS_MUTEX_ERRORCHECK_INITIALIZER \
	{ 0, 0, 0, 0, PVS_MUTEX_ERRORCHECK, 0, 0, 0, NULL }

/**
 * @brief A condition variable (16 bytes). Initialise with pvs_cond_init()
 *        or ::PVS_COND_INITIALIZER (CLOCK_REALTIME).
 */
struct pvs_cond {
	/** Wake-up sequence number (the futex word). */
	uint32_t seq;
	/** Threads between registering for a wait and leaving it. */
	uint32_t nr_waiters;
	/** Clock of pvs_cond_timedwait() deadlines. */
	int32_t clock;
	/** Never touched by the library (as pvs_mutex::spare). */
	uint32_t spare;
	/** High half of the wake-up sequence: @c seq wrapped this many
	 *  times. A waiter compares both halves before it sleeps, so 2^32
	 *  wake-ups while it is descheduled do not look like none. */
	uint32_t seq_hi;
};

/** @brief Static initialiser: CLOCK_REALTIME deadlines (0 on Linux; all
 *         zeros). */
#define PVS_COND_INITIALIZER { 0, 0, 0, 0, 0 }

/**
 * @brief A lock that is not a pvs_mutex, for pvs_cond_clockwait_with().
 */
struct pvs_cond_lock {
	/** Release the lock; 0 or an errno value (the wait then fails). */
	int (*unlock)(void *arg);
	/** Take it again; 0 or an errno value returned by the wait (after
	 *  which the caller owns the lock, as for EOWNERDEAD). */
	int (*lock)(void *arg);
	/** Passed to both. */
	void *arg;
};

/**
 * @brief Event counts of every pvs_mutex and pvs_cond of the process,
 *        counted only after pvs_lock_stats_enable() (relaxed atomics).
 */
struct pvs_lock_stats {
	/** Mutex acquisitions (lock, trylock and timedlock successes). */
	uint64_t acquisitions;
	/** Acquisitions that found the lock taken (took the slow path). */
	uint64_t contended;
	/** Spin rounds (pvrt_spin_wait_stats::spins). */
	uint64_t spins;
	/** Futex waits entered on mutexes. */
	uint64_t parks;
	/** Unlocks that handed the lock to the heir. */
	uint64_t handoffs;
	/** Condition waits entered. */
	uint64_t cond_waits;
	/** Signals and broadcasts that found a waiter to wake. */
	uint64_t cond_wakes;
};

/**
 * @brief Choose the rule of the process-wide spin context (lock.h's
 *        default context is measured lazily, on first contention).
 * @param policy a `enum pvs_spin_policy` value of `<pvsched/spin.h>`
 *               (PVS_SPIN_POLICY_PV by default)
 * @return 0; EINVAL unknown policy; EBUSY the context is already measured
 */
int pvs_lock_set_policy(int policy);

/**
 * @brief From now on, let glibc's own pthread_mutex_lock()/unlock() share
 *        every pvs_mutex living inside a default pthread_mutex_t (for code
 *        the LD_PRELOAD drop-in cannot interpose, such as a module loaded
 *        with RTLD_DEEPBIND).
 *
 * glibc's protocol has the same words for free (0), locked (1) and
 * locked with sleepers (2), but its sleepers are not counted and it knows
 * no handoff. So after this call an unlock that finds 2 always wakes a
 * sleeper, no new handoff is granted, and waiters stop counting
 * themselves in nr_spinning (glibc's __owner, which glibc checks is 0 when
 * it takes the lock). Slow paths only; it cannot be undone. A handoff
 * already granted when it is called is still taken by its heir.
 */
void pvs_lock_glibc_compatible(void);

/**
 * @brief Start (or stop) counting pvs_lock_stats events.
 * @param on non-zero to count
 */
void pvs_lock_stats_enable(int on);

/**
 * @brief Read the process-wide counts.
 * @param out where to copy them
 */
void pvs_lock_stats_read(struct pvs_lock_stats *out);

/**
 * @brief Initialise a mutex.
 * @param m    mutex
 * @param type ::PVS_MUTEX_NORMAL or ::PVS_MUTEX_ERRORCHECK
 * @return 0; EINVAL NULL @p m or unknown @p type
 */
int pvs_mutex_init(struct pvs_mutex *m, int type);

/**
 * @brief Check a mutex may be forgotten.
 * @param m mutex
 * @return 0; EBUSY it is locked (or threads wait for it)
 */
int pvs_mutex_destroy(struct pvs_mutex *m);

/**
 * @brief Take the mutex, waiting as long as needed.
 * @param m mutex
 * @return 0; EDEADLK an ERRORCHECK mutex the caller already owns
 */
int pvs_mutex_lock(struct pvs_mutex *m);

/**
 * @brief Take the mutex if it is free, without waiting.
 * @param m mutex
 * @return 0; EBUSY held (by anyone, the caller included), or being handed
 *         to a waiting heir
 */
int pvs_mutex_trylock(struct pvs_mutex *m);

/**
 * @brief Take the mutex, waiting at most until a CLOCK_REALTIME deadline
 *        (as pthread_mutex_timedlock()).
 * @param m       mutex
 * @param abstime absolute deadline; tv_nsec in [0, 1e9)
 * @return 0; ETIMEDOUT (at once for a deadline with tv_sec < 0, whatever
 *         its tv_nsec, as glibc); EINVAL bad tv_nsec (checked only when the
 *         mutex is taken); EDEADLK as pvs_mutex_lock()
 */
int pvs_mutex_timedlock(struct pvs_mutex *m, const struct timespec *abstime);

/**
 * @brief Take the mutex, waiting at most until a deadline on @p clock
 *        (as pthread_mutex_clocklock()).
 * @param m       mutex
 * @param clock   CLOCK_REALTIME or CLOCK_MONOTONIC
 * @param abstime absolute deadline on @p clock
 * @return as pvs_mutex_timedlock(); EINVAL another clock (even when the
 *         mutex is free, as glibc)
 */
int pvs_mutex_clocklock(struct pvs_mutex *m, int clock,
			const struct timespec *abstime);

/**
 * @brief Release the mutex.
 * @param m mutex (owned by the caller)
 * @return 0; EPERM an ERRORCHECK mutex the caller does not own
 */
int pvs_mutex_unlock(struct pvs_mutex *m);

/**
 * @brief Release the mutex before blocking on something else (a wait of
 *        another library's condition variable, a semaphore, a poll).
 *
 * pvs_mutex_unlock() with one difference, which matters only when the
 * process has less than 2 CPUs (a 1-CPU quota, a 1-CPU affinity):
 * there an unlock by a thread that released the same mutex moments
 * before (less than a wake-up's round trip) skips waking a sleeper,
 * betting that the thread is back sooner than a woken one would run
 * (docs/lock.md). A thread about to block is not
 * back, and without this call its sleepers wait for the rotation bound
 * (PVS_ADMIT_ROTATE_NS, 4 ms). pvs_cond_wait() and its variants do this
 * themselves; so does the preload's wait of a process-shared condition
 * variable with a private mutex.
 * @param m mutex (owned by the caller)
 * @return as pvs_mutex_unlock()
 */
int pvs_mutex_unlock_to_wait(struct pvs_mutex *m);

/**
 * @brief Initialise a condition variable.
 * @param c     condition variable
 * @param clock clock of pvs_cond_timedwait(): CLOCK_REALTIME or
 *              CLOCK_MONOTONIC
 * @return 0; EINVAL NULL @p c or another clock
 */
int pvs_cond_init(struct pvs_cond *c, int clock);

/**
 * @brief Let a condition variable be forgotten. Waits, without a bound,
 *        for threads already woken to leave it (a broadcast, then destroy,
 *        is safe, as POSIX requires, even while a woken waiter runs a
 *        signal handler); threads still asleep (undefined in POSIX) get a
 *        spurious wake-up and leave too. After it returns no waiter writes
 *        into @p c (the last one's futex wake on its address may follow).
 * @param c condition variable
 * @return 0
 */
int pvs_cond_destroy(struct pvs_cond *c);

/**
 * @brief Release @p m, wait for a signal, take @p m again.
 *
 * Every wait (this, timedwait, clockwait, clockwait_with) is a
 * cancellation point: a cancelled waiter takes @p m again before its
 * cleanup handlers run, and leaves no count behind.
 * @param c condition variable
 * @param m mutex owned by the caller
 * @return 0 (woken, possibly spuriously); EPERM as pvs_mutex_unlock()
 */
int pvs_cond_wait(struct pvs_cond *c, struct pvs_mutex *m);

/**
 * @brief pvs_cond_wait() with a deadline on the condition variable's
 *        clock (pvs_cond::clock).
 * @param c       condition variable
 * @param m       mutex owned by the caller
 * @param abstime absolute deadline
 * @return 0; ETIMEDOUT (with @p m owned again); EINVAL bad @p abstime
 */
int pvs_cond_timedwait(struct pvs_cond *c, struct pvs_mutex *m,
		       const struct timespec *abstime);

/**
 * @brief pvs_cond_wait() with a deadline on @p clock (as
 *        pthread_cond_clockwait()).
 * @param c       condition variable
 * @param m       mutex owned by the caller
 * @param clock   CLOCK_REALTIME or CLOCK_MONOTONIC
 * @param abstime absolute deadline, or NULL for none
 * @return as pvs_cond_timedwait(); EINVAL another clock
 */
int pvs_cond_clockwait(struct pvs_cond *c, struct pvs_mutex *m,
		       int clock, const struct timespec *abstime);

/**
 * @brief pvs_cond_clockwait() with any lock (a recursive or robust pthread
 *        mutex, say): released and taken again through @p lk.
 * @param c       condition variable
 * @param lk      the lock's callbacks
 * @param clock   CLOCK_REALTIME or CLOCK_MONOTONIC
 * @param abstime absolute deadline, or NULL for none
 * @return as pvs_cond_clockwait(), or the error of pvs_cond_lock::unlock
 *         (no wait) or pvs_cond_lock::lock
 */
int pvs_cond_clockwait_with(struct pvs_cond *c, const struct pvs_cond_lock *lk,
			    int clock, const struct timespec *abstime);

/**
 * @brief Wake at least one waiter, if any.
 * @param c condition variable
 * @return 0
 */
int pvs_cond_signal(struct pvs_cond *c);

/**
 * @brief Wake every waiter.
 * @param c condition variable
 * @return 0
 */
int pvs_cond_broadcast(struct pvs_cond *c);

#ifdef __cplusplus
}
#endif

#endif /* PVSCHED_LOCK_H */
