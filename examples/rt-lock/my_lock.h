// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * A whole lock on the spin runtime (<pvsched/spin_rt.h>), small enough to
 * copy: a futex word, a waiter that spins or parks as pvs_spin_decide()
 * says (pvrt_spin_wait()), and an unlock that wakes a sleeper. The word:
 *   0 free, 1 held with no sleeper, 2 held and someone may sleep on it.
 * A waiter woken from the futex takes the lock as 2, never as 1: the
 * lost wake-up that re-marking the word contended prevents is explained
 * in my_lock.c. docs/spin-rt.md walks through it.
 */
#ifndef MY_LOCK_H
#define MY_LOCK_H

#include <stdint.h>

/** @brief The lock: zero-initialised is free. */
struct my_lock {
	uint32_t word;		/**< 0 free, 1 held, 2 held and contended */
	uint32_t spinners;	/**< waiters spinning now (the runtime's count) */
	int32_t owner_cpu;	/**< CPU of the holder on acquisition, or -1 */
};

/** @brief A free lock. */
#define MY_LOCK_INITIALIZER { 0, 0, -1 }

/**
 * @brief Take the lock: one compare-and-swap when free, else spin or park.
 * @param l the lock
 * @param parks incremented by the times this call parked (may be NULL)
 */
void my_lock(struct my_lock *l, uint32_t *parks);

/**
 * @brief Release the lock, waking one sleeper when the word says one may
 *        sleep.
 * @param l a lock the caller holds
 */
void my_unlock(struct my_lock *l);

#endif
