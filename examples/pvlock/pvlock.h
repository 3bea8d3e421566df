/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file pvlock.h
 * @brief pvlock: a futex mutex that spins while its owner is likely
 *        running and parks otherwise (example built on spin_rt.h).
 *
 * The lock word is Drepper's three-state futex ("Futexes are tricky"):
 * 0 free, 1 locked, 2 locked with possible sleepers, plus a fourth state,
 * 3: released and reserved for the heir (below). Waiting is
 * pvrt_spin_wait(): spin a time budget of PAUSEs while pvs_spin_decide()
 * allows (the owner records its CPU on acquisition, so a waiter on that
 * same CPU knows the owner is not running; steal on the owner's CPU and on
 * the waiter's shrinks the budget; at most CPUs - 1 waiters spin, the
 * others park), else sleep on the futex. Barging is allowed: a running
 * thread may take the lock ahead of a woken sleeper, which keeps the lock
 * busy while sleepers wake (throughput), at some cost in fairness.
 *
 * Bounded barging (anti-starvation, after Linux's MUTEX_FLAG_HANDOFF): a
 * waiter that is about to park for the ::PVLOCK_HANDOFF_PARKS-th time in
 * one acquisition becomes the lock's heir (one at a time). The next unlock
 * does not free the lock but hands it to the heir (state 3, a futex wake
 * aimed at the heir alone), so no one barges past a thread that has
 * already been woken and beaten more than once.
 *
 * Unlock skips the futex wake when no thread sleeps (a count of sleepers;
 * the ordering argument is in pvlock.c), so a woken thread that took the
 * lock with state 2 does not pay a wasted system call on release.
 *
 * Copy pvlock.h and pvlock.c into a project and link pvsched::rt.
 * Not recursive, no error checking of the owner (like
 * PTHREAD_MUTEX_NORMAL); unlock by a thread that does not own the lock is
 * undefined.
 */
#ifndef PVLOCK_H
#define PVLOCK_H

#include <errno.h>
#include <stdint.h>
#include <time.h>

#include <pvsched/spin_rt.h>

#ifdef PVLOCK_HELGRIND
/* Helgrind does not know a futex lock: tell it where the edges are. */
#include <valgrind/helgrind.h>
#define PVLOCK_ACQUIRED(l) ANNOTATE_HAPPENS_AFTER(l)
#define PVLOCK_RELEASING(l) ANNOTATE_HAPPENS_BEFORE(l)
#else
/** @brief Hook after every acquisition (Helgrind annotation or nothing). */
#define PVLOCK_ACQUIRED(l) ((void)(l))
/** @brief Hook before every release (Helgrind annotation or nothing). */
#define PVLOCK_RELEASING(l) ((void)(l))
#endif

#ifdef __cplusplus
extern "C" {
#endif

/** @brief A waiter becomes the heir when it is about to park for this
 *         many times in one acquisition: woken once and beaten by a
 *         barging thread (Linux's mutex sets MUTEX_FLAG_HANDOFF after one
 *         failed wake-up, __mutex_lock_common()). */
#define PVLOCK_HANDOFF_PARKS 2u

/** @brief A pvlock. Initialise with pvlock_init() or ::PVLOCK_INITIALIZER. */
struct pvlock {
	/** 0 free, 1 locked, 2 locked and sleepers possible, 3 released to
	 *  the heir (futex word). */
	uint32_t state;
	/** CPU of the owner when it took the lock (-1: not known). */
	int32_t owner_cpu;
	/** Waiters spinning now (pvrt_spin_waiter::nr_spinning). */
	uint32_t nr_spinning;
	/** Threads in, or about to enter, a futex wait on @c state. */
	uint32_t nr_sleepers;
	/** 0 no heir, 1 a heir waits for a handoff, 2 handoff granted. */
	uint32_t handoff;
	/** Spin context (NULL: pvrt_spin_default()). */
	struct pvrt_spin *ctx;
};

/** @brief Static initialiser: free, default spin context. */
#define PVLOCK_INITIALIZER { 0, -1, 0, 0, 0, NULL }

/**
 * @brief Event counts of every pvlock in the process, for profiling. Only
 *        counted in a build with PVLOCK_STATS defined (all 0 otherwise).
 */
struct pvlock_stats {
	/** Acquisitions that took the slow path. */
	uint64_t slow;
	/** Spin rounds (pvrt_spin_wait_stats::spins). */
	uint64_t spins;
	/** Futex waits entered. */
	uint64_t parks;
	/** Futex wakes issued by unlock. */
	uint64_t wakes;
	/** Unlocks of a state-2 lock that skipped the wake: no sleeper. */
	uint64_t wakes_skipped;
	/** Waiters that became the heir. */
	uint64_t heirs;
	/** Unlocks that handed the lock to the heir. */
	uint64_t handoffs;
};

/**
 * @brief Read (and with @p reset, zero) the process-wide counters.
 * @param out   where to copy them
 * @param reset zero them after reading
 */
void pvlock_stats_read(struct pvlock_stats *out, int reset);

/**
 * @brief Initialise a lock.
 * @param l   lock
 * @param ctx spin context shared by many locks, or NULL for
 *            pvrt_spin_default() (measured on first contention)
 */
void pvlock_init(struct pvlock *l, struct pvrt_spin *ctx);

/**
 * @brief Slow path of pvlock_lock() and pvlock_timedlock().
 * @param l        lock
 * @param deadline CLOCK_REALTIME absolute deadline, or NULL
 * @return 0 locked; ETIMEDOUT; EINVAL bad @p deadline
 */
int pvlock_lock_slow(struct pvlock *l, const struct timespec *deadline);

/**
 * @brief Take the lock, waiting as long as needed. Signals do not
 *        interrupt the wait (EINTR is retried).
 * @param l lock
 * @return 0
 */
static inline int pvlock_lock(struct pvlock *l)
{
	uint32_t zero = 0;

	if (__atomic_compare_exchange_n(&l->state, &zero, 1, false,
					__ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
		__atomic_store_n(&l->owner_cpu, pvrt_spin_this_cpu(),
				 __ATOMIC_RELAXED);
		PVLOCK_ACQUIRED(l);
		return 0;
	}
	return pvlock_lock_slow(l, NULL);
}

/**
 * @brief Take the lock if it is free, without waiting.
 * @param l lock
 * @return 0 locked; EBUSY held by another thread (or by the caller), or
 *         being handed to a waiting heir
 */
static inline int pvlock_trylock(struct pvlock *l)
{
	uint32_t zero = 0;

	if (!__atomic_compare_exchange_n(&l->state, &zero, 1, false,
					 __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
		return EBUSY;
	__atomic_store_n(&l->owner_cpu, pvrt_spin_this_cpu(), __ATOMIC_RELAXED);
	PVLOCK_ACQUIRED(l);
	return 0;
}

/**
 * @brief Take the lock, waiting at most until @p deadline
 *        (CLOCK_REALTIME, absolute, as pthread_mutex_timedlock()).
 * @param l        lock
 * @param deadline absolute time; tv_nsec must be in [0, 1e9)
 * @return 0 locked; ETIMEDOUT; EINVAL bad @p deadline (only checked when
 *         the lock is not free)
 */
static inline int pvlock_timedlock(struct pvlock *l,
				   const struct timespec *deadline)
{
	if (pvlock_trylock(l) == 0)
		return 0;
	return pvlock_lock_slow(l, deadline);
}

/**
 * @brief Slow path of pvlock_unlock() (state 2): hand the lock to the heir
 *        if there is one, else free it and wake one sleeper if any.
 * @param l lock
 */
void pvlock_unlock_slow(struct pvlock *l);

/**
 * @brief Release the lock (the caller must own it).
 * @param l lock
 */
static inline void pvlock_unlock(struct pvlock *l)
{
	uint32_t one = 1;

	PVLOCK_RELEASING(l);
	if (!__atomic_compare_exchange_n(&l->state, &one, 0, false,
					 __ATOMIC_RELEASE, __ATOMIC_RELAXED))
		pvlock_unlock_slow(l);
}

#ifdef __cplusplus
}
#endif

#endif /* PVLOCK_H */
