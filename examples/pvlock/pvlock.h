/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file pvlock.h
 * @brief pvlock: a futex mutex that spins while its owner is likely
 *        running and parks otherwise (example built on spin_rt.h).
 *
 * The lock word is Drepper's three-state futex ("Futexes are tricky"):
 * 0 free, 1 locked, 2 locked with possible sleepers. Waiting is
 * pvs_spin_wait(): spin a time budget of PAUSEs while pvs_spin_decide()
 * allows (the owner records its CPU on acquisition, so a waiter on that
 * same CPU knows the owner is not running; steal on the owner's CPU and on
 * the waiter's shrinks the budget; at most CPUs - 1 waiters spin, the
 * others park), else sleep on the futex. Barging is allowed: a running
 * thread may take the lock ahead of a woken sleeper, which keeps the lock
 * busy while sleepers wake (throughput), at some cost in fairness.
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

/** @brief A pvlock. Initialise with pvlock_init() or ::PVLOCK_INITIALIZER. */
struct pvlock {
	/** 0 free, 1 locked, 2 locked and sleepers possible (futex word). */
	uint32_t state;
	/** CPU of the owner when it took the lock (-1: not known). */
	int32_t owner_cpu;
	/** Waiters spinning now (pvs_spin_waiter::nr_spinning). */
	uint32_t nr_spinning;
	/** Spin context (NULL: pvs_spin_default()). */
	struct pvs_spin *ctx;
};

/** @brief Static initialiser: free, default spin context. */
#define PVLOCK_INITIALIZER { 0, -1, 0, NULL }

/**
 * @brief Initialise a lock.
 * @param l   lock
 * @param ctx spin context shared by many locks, or NULL for
 *            pvs_spin_default() (measured on first contention)
 */
void pvlock_init(struct pvlock *l, struct pvs_spin *ctx);

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
		__atomic_store_n(&l->owner_cpu, pvs_spin_this_cpu(),
				 __ATOMIC_RELAXED);
		PVLOCK_ACQUIRED(l);
		return 0;
	}
	return pvlock_lock_slow(l, NULL);
}

/**
 * @brief Take the lock if it is free, without waiting.
 * @param l lock
 * @return 0 locked; EBUSY held by another thread (or by the caller)
 */
static inline int pvlock_trylock(struct pvlock *l)
{
	uint32_t zero = 0;

	if (!__atomic_compare_exchange_n(&l->state, &zero, 1, false,
					 __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
		return EBUSY;
	__atomic_store_n(&l->owner_cpu, pvs_spin_this_cpu(), __ATOMIC_RELAXED);
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
 * @brief Wake one sleeper: slow path of pvlock_unlock().
 * @param l lock
 */
void pvlock_wake(struct pvlock *l);

/**
 * @brief Release the lock (the caller must own it).
 * @param l lock
 */
static inline void pvlock_unlock(struct pvlock *l)
{
	PVLOCK_RELEASING(l);
	if (__atomic_exchange_n(&l->state, 0, __ATOMIC_RELEASE) == 2)
		pvlock_wake(l);
}

#ifdef __cplusplus
}
#endif

#endif /* PVLOCK_H */
