// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The lock of my_lock.h: Drepper's futex mutex ("Futexes Are Tricky",
 * mutex 3) with pvrt_spin_wait() deciding between spinning and parking.
 *
 * Why a woken waiter takes the lock as 2 (contended), not 1: unlock wakes
 * one sleeper only when it finds 2. Say A and B sleep, the word is 2.
 * The holder unlocks (word 0) and wakes A. Before A runs, C barges in
 * (0 -> 1) and unlocks (1 -> 0: no wake, nobody marked a sleeper).
 * A now runs and takes the free word. If A took it as 1, its unlock would
 * not wake B, who sleeps forever although the lock is free: a lost
 * wake-up. Taken as 2, A's unlock wakes B (at worst one needless wake).
 * So ready() below uses 2 once this waiter has parked, and park() marks
 * the word 2 before it sleeps.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/futex.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <pvsched/spin_rt.h>

#include "my_lock.h"

/* One waiter's view, passed to the runtime's callbacks. */
struct waiter {
	struct my_lock *l;
	bool parked;		/* has slept: take the lock as contended */
	uint32_t parks;
};

static bool cas(uint32_t *w, uint32_t from, uint32_t to)
{
	return __atomic_compare_exchange_n(w, &from, to, false,
					   __ATOMIC_ACQUIRE, __ATOMIC_RELAXED);
}

static void held(struct my_lock *l)
{
	__atomic_store_n(&l->owner_cpu, pvrt_spin_this_cpu(), __ATOMIC_RELAXED);
}

/* The wait is over when this waiter took the lock. */
static bool ready(void *arg)
{
	struct waiter *w = arg;

	if (__atomic_load_n(&w->l->word, __ATOMIC_RELAXED) != 0 ||
	    !cas(&w->l->word, 0, w->parked ? 2 : 1))
		return false;
	held(w->l);
	return true;
}

/* Mark the word contended, then sleep while it stays so. */
static int park(void *arg, const struct timespec *deadline)
{
	struct waiter *w = arg;

	w->parked = true;
	w->parks++;
	if (__atomic_exchange_n(&w->l->word, 2, __ATOMIC_ACQUIRE) == 0) {
		held(w->l);	/* it was free: ours, marked contended */
		return 1;
	}
	/* Absolute CLOCK_REALTIME deadline, as the runtime gives it. */
	if (syscall(SYS_futex, &w->l->word,
		    FUTEX_WAIT_BITSET | FUTEX_PRIVATE_FLAG | FUTEX_CLOCK_REALTIME,
		    2, deadline, NULL, FUTEX_BITSET_MATCH_ANY) != 0 &&
	    errno == ETIMEDOUT)
		return -PVS_ETIMEDOUT;
	return 0;	/* woken, or the word changed: decide again */
}

static int owner_cpu(void *arg)
{
	return __atomic_load_n(&((struct waiter *)arg)->l->owner_cpu,
			       __ATOMIC_RELAXED);
}

void my_lock(struct my_lock *l, uint32_t *parks)
{
	struct waiter w = { l, false, 0 };
	struct pvrt_spin_waiter sw = { ready, park, owner_cpu, &w, &l->spinners };

	if (cas(&l->word, 0, 1)) {
		held(l);
		return;
	}
	/* No deadline: only ready() or park() ends the wait (returns 0). */
	(void)pvrt_spin_wait(NULL, &sw, NULL, NULL);
	if (parks != NULL)
		*parks += w.parks;
}

void my_unlock(struct my_lock *l)
{
	__atomic_store_n(&l->owner_cpu, -1, __ATOMIC_RELAXED);
	if (__atomic_exchange_n(&l->word, 0, __ATOMIC_RELEASE) == 2)
		syscall(SYS_futex, &l->word, FUTEX_WAKE | FUTEX_PRIVATE_FLAG, 1,
			NULL, NULL, 0);
}
