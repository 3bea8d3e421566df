// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * pvlock slow paths: waiting through pvs_spin_wait() and the futex.
 *
 * Invariant (Drepper, "Futexes are tricky", mutex3): a thread that has ever
 * slept on the futex takes the lock with state 2, never 1, because other
 * sleepers may remain and only state 2 makes the unlocker wake one. A
 * thread that only spun may take it with 1: if it overwrote a 2, the
 * sleeper the unlocker woke finds the lock taken and sets 2 again before
 * sleeping.
 */
#define _GNU_SOURCE
#include <linux/futex.h>
#include <stdbool.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "pvlock.h"

/* One waiter's view of the lock, for the callbacks. */
struct pvlock_waiter {
	struct pvlock *l;
	uint32_t take;	/* value to lock with: 1, or 2 once we have slept */
};

void pvlock_init(struct pvlock *l, struct pvs_spin *ctx)
{
	l->state = 0;
	l->owner_cpu = -1;
	l->nr_spinning = 0;
	l->ctx = ctx;
}

static bool pvlock_ready(void *arg)
{
	struct pvlock_waiter *pw = (struct pvlock_waiter *)arg;
	uint32_t zero = 0;

	/* Test before the compare-and-swap: spinning reads the line shared. */
	if (__atomic_load_n(&pw->l->state, __ATOMIC_RELAXED) != 0)
		return false;
	return __atomic_compare_exchange_n(&pw->l->state, &zero, pw->take,
					   false, __ATOMIC_ACQUIRE,
					   __ATOMIC_RELAXED);
}

static int pvlock_owner_cpu(void *arg)
{
	struct pvlock_waiter *pw = (struct pvlock_waiter *)arg;

	return __atomic_load_n(&pw->l->owner_cpu, __ATOMIC_RELAXED);
}

static int pvlock_park(void *arg, const struct timespec *deadline)
{
	struct pvlock_waiter *pw = (struct pvlock_waiter *)arg;
	long r;

	pw->take = 2;
	if (__atomic_exchange_n(&pw->l->state, 2, __ATOMIC_ACQUIRE) == 0)
		return 1;	/* freed on the way to sleep: ours, state 2 */
	r = syscall(SYS_futex, &pw->l->state,
		    FUTEX_WAIT_BITSET_PRIVATE | FUTEX_CLOCK_REALTIME, 2,
		    deadline, NULL, FUTEX_BITSET_MATCH_ANY);
	if (r == -1 && errno == ETIMEDOUT) {
		if (__atomic_exchange_n(&pw->l->state, 2, __ATOMIC_ACQUIRE) == 0)
			return 1;
		return -PVS_ETIMEDOUT;
	}
	/* Woken, interrupted by a signal (EINTR), or the word changed. */
	return 0;
}

int pvlock_lock_slow(struct pvlock *l, const struct timespec *deadline)
{
	struct pvlock_waiter pw;
	struct pvs_spin_waiter w;
	int ret;

	if (deadline != NULL &&
	    (deadline->tv_nsec < 0 || deadline->tv_nsec >= 1000000000L))
		return EINVAL;
	pw.l = l;
	pw.take = 1;
	w.ready = pvlock_ready;
	w.park = pvlock_park;
	w.owner_cpu = pvlock_owner_cpu;
	w.arg = &pw;
	w.nr_spinning = &l->nr_spinning;
	ret = pvs_spin_wait(l->ctx, &w, deadline, NULL);
	if (ret == -PVS_ETIMEDOUT)
		return ETIMEDOUT;
	if (ret < 0)
		return EINVAL;
	__atomic_store_n(&l->owner_cpu, pvs_spin_this_cpu(), __ATOMIC_RELAXED);
	PVLOCK_ACQUIRED(l);
	return 0;
}

void pvlock_wake(struct pvlock *l)
{
	syscall(SYS_futex, &l->state, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}
