// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * pvs_cond: a sequence-number futex condition variable.
 *
 * A waiter registers (nr_waiters + 1), reads seq, releases its lock and
 * sleeps while seq still holds what it read. signal and broadcast bump seq
 * and wake one or all sleepers, but only when someone is registered: the
 * increment and the signaller's read are sequentially consistent, so a
 * signaller that reads 0 came before the registration (a signal given
 * before the wait began, which POSIX lets be lost; under the mutex, as
 * POSIX asks for predictable scheduling, it cannot happen at all). A
 * waiter that read seq before a bump finds the word changed in the
 * kernel's compare and returns at once: no wake-up is lost.
 *
 * The sequence is 64 bits: seq, the futex word, and seq_hi, bumped by the
 * wake-up that wraps seq. A waiter reads both (high first) and compares
 * the high half again just before its futex wait, so 2^32 wake-ups while
 * it is descheduled between registering and sleeping make it return, not
 * sleep on a word that came back to the value it read. The window left is
 * from that compare to the kernel's (a few instructions and the system
 * call's entry), where 2^32 wake-ups, each a system call, cannot happen in
 * practice; glibc's condition variable has the same shape (62-bit
 * counters, a 32-bit futex word).
 *
 * Cancellation. The futex wait is a cancellation point, as glibc's is:
 * asynchronous cancellation around the system call, and a cleanup handler
 * that passes on a wake the waiter may have taken, leaves the count and
 * takes the lock again before the caller's handlers run.
 *
 * Trade-offs. A signal wakes the longest sleeper (the kernel's futex queue
 * is FIFO at equal priority), which may be one that started waiting after
 * the signal when the signaller does not hold the mutex: allowed, since the
 * earlier waiter then has not been proven to block before the signal.
 * Broadcast wakes every sleeper onto the mutex (no requeue): the mutex
 * spins or parks them as it does any contender. A signal or timeout wakes
 * with 0 or ETIMEDOUT; callers re-check their predicate, as POSIX says.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <pthread.h>

#include "lock_impl.h"

/* nr_waiters: pvs_cond_destroy() waits for the count to reach 0. */
#define DESTROYING 0x80000000u

int pvs_cond_init(struct pvs_cond *c, int clock)
{
	if (c == NULL || !lock_clock_ok(clock))
		return EINVAL;
	*c = (struct pvs_cond)PVS_COND_INITIALIZER;
	c->clock = (int32_t)clock;
	return 0;
}

/*
 * A waiter leaves: its last access to the object's memory, except that the
 * last one to leave wakes a destroy that waits, with a futex call on the
 * address (as glibc's waiters do: a wake on memory freed meanwhile is at
 * most a spurious wake-up for whoever uses it next).
 */
static void leave(struct pvs_cond *c)
{
	if (__atomic_fetch_sub(&c->nr_waiters, 1, __ATOMIC_RELEASE) ==
	    (DESTROYING | 1u))
		lock_futex_wake(&c->nr_waiters, INT_MAX,
				FUTEX_BITSET_MATCH_ANY);
}

int pvs_cond_destroy(struct pvs_cond *c)
{
	uint32_t n;

	if (__atomic_load_n(&c->nr_waiters, __ATOMIC_ACQUIRE) == 0)
		return 0;
	/*
	 * Threads woken by a broadcast just before destroy may not have left
	 * yet (one may be running a signal handler): wait for them, without
	 * a bound, as glibc does. Any still asleep (undefined behaviour in
	 * POSIX) get a spurious wake-up, so they leave too.
	 */
	__atomic_fetch_or(&c->nr_waiters, DESTROYING, __ATOMIC_SEQ_CST);
	pvs_cond_broadcast(c);
	while ((n = __atomic_load_n(&c->nr_waiters, __ATOMIC_ACQUIRE)) !=
	       DESTROYING)
		lock_futex_wait(&c->nr_waiters, n, FUTEX_BITSET_MATCH_ANY,
				CLOCK_REALTIME, NULL);
	__atomic_store_n(&c->nr_waiters, 0, __ATOMIC_RELAXED);
	return 0;
}

static int wake(struct pvs_cond *c, int n);

static int unlock_mutex(void *arg)
{
	return pvs_mutex_unlock_to_wait((struct pvs_mutex *)arg);
}

static int lock_mutex(void *arg)
{
	return pvs_mutex_lock((struct pvs_mutex *)arg);
}

/* The wait being cancelled (pthread_cancel()). */
struct cancelled_wait {
	struct pvs_cond *c;
	const struct pvs_cond_lock *lk;
};

/*
 * Cancelled while registered, with the lock released: a wake this waiter
 * took may have been meant for another waiter, so pass one on (a
 * spurious wake-up at worst), leave, and take the lock again for the
 * cleanup handlers, as POSIX asks.
 */
static void on_cancel(void *arg)
{
	struct cancelled_wait *cw = (struct cancelled_wait *)arg;

	if ((__atomic_load_n(&cw->c->nr_waiters, __ATOMIC_SEQ_CST) &
	     ~DESTROYING) > 1)
		wake(cw->c, 1);
	leave(cw->c);
	cw->lk->lock(cw->lk->arg);
}

/* The kernel compares the low half of the sequence; the high half just
 * before. 0 (woken or moved on) or ETIMEDOUT. */
static int sleep_unless_moved(struct pvs_cond *c, uint32_t seq_hi,
			      uint32_t seq, int clock,
			      const struct timespec *abstime)
{
	if (__atomic_load_n(&c->seq_hi, __ATOMIC_SEQ_CST) != seq_hi)
		return 0;
	return lock_futex_wait(&c->seq, seq, FUTEX_BITSET_MATCH_ANY, clock,
			       abstime) == ETIMEDOUT ? ETIMEDOUT : 0;
}

/*
 * The futex wait, a cancellation point as in glibc: asynchronous
 * cancellation around the system call only, where nothing but the
 * registration and the released lock are to undo (on_cancel()). A cancel
 * already pending acts when the type turns asynchronous.
 */
static int sleep_cancellable(struct pvs_cond *c, const struct pvs_cond_lock *lk,
			     uint32_t seq_hi, uint32_t seq, int clock,
			     const struct timespec *abstime)
{
	struct cancelled_wait cw = { c, lk };
	int r, type;

	pthread_cleanup_push(on_cancel, &cw);
	pthread_setcanceltype(PTHREAD_CANCEL_ASYNCHRONOUS, &type);
	r = sleep_unless_moved(c, seq_hi, seq, clock, abstime);
	pthread_setcanceltype(type, NULL);
	pthread_cleanup_pop(0);
	return r;
}

int pvs_cond_clockwait_with(struct pvs_cond *c, const struct pvs_cond_lock *lk,
			    int clock, const struct timespec *abstime)
{
	uint32_t seq, seq_hi;
	int r, lr;

	if (!lock_clock_ok(clock) ||
	    (abstime != NULL && !lock_deadline_ok(abstime)))
		return EINVAL;
	__atomic_fetch_add(&c->nr_waiters, 1, __ATOMIC_SEQ_CST);
	seq_hi = __atomic_load_n(&c->seq_hi, __ATOMIC_SEQ_CST);
	seq = __atomic_load_n(&c->seq, __ATOMIC_SEQ_CST);
	r = lk->unlock(lk->arg);
	if (r != 0) {
		leave(c);
		return r;
	}
	LOCK_COUNT(cond_waits, 1);
	r = sleep_cancellable(c, lk, seq_hi, seq, clock, abstime);
	leave(c);
	lr = lk->lock(lk->arg);
	return lr != 0 ? lr : r;
}

int pvs_cond_clockwait(struct pvs_cond *c, struct pvs_mutex *m,
		       int clock, const struct timespec *abstime)
{
	const struct pvs_cond_lock lk = { unlock_mutex, lock_mutex, m };

	return pvs_cond_clockwait_with(c, &lk, clock, abstime);
}

int pvs_cond_wait(struct pvs_cond *c, struct pvs_mutex *m)
{
	return pvs_cond_clockwait(c, m, CLOCK_REALTIME, NULL);
}

int pvs_cond_timedwait(struct pvs_cond *c, struct pvs_mutex *m,
		       const struct timespec *abstime)
{
	if (abstime == NULL)
		return EINVAL;
	return pvs_cond_clockwait(c, m, (clockid_t)c->clock, abstime);
}

static int wake(struct pvs_cond *c, int n)
{
	if (__atomic_load_n(&c->nr_waiters, __ATOMIC_SEQ_CST) == 0)
		return 0;
	if (__atomic_add_fetch(&c->seq, 1, __ATOMIC_SEQ_CST) == 0)
		__atomic_fetch_add(&c->seq_hi, 1, __ATOMIC_SEQ_CST);
	lock_futex_wake(&c->seq, n, FUTEX_BITSET_MATCH_ANY);
	LOCK_COUNT(cond_wakes, 1);
	return 0;
}

int pvs_cond_signal(struct pvs_cond *c)
{
	return wake(c, 1);
}

int pvs_cond_broadcast(struct pvs_cond *c)
{
	return wake(c, INT_MAX);
}
