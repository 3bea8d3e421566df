// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The POSIX text of pthread_mutex_* and pthread_cond_*, one case per
 * "shall" that applies to a default mutex and a private condition
 * variable (the objects the preload serves), as conformance suites are
 * organised. ctest runs each case under glibc alone and under
 * libpvsched-preload.so (tests/preload/CMakeLists.txt). Every case runs
 * under alarm(60) and joins with timeouts: a hang is a failure. No timing
 * is asserted beyond what the text says (a timeout is not early).
 *
 *   preload_posix CASE
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cases.h"

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int flag, woken;	/* under m */

/* Has @clock reached *t? */
static int reached(clockid_t clock, const struct timespec *t)
{
	struct timespec now;

	clock_gettime(clock, &now);
	return now.tv_sec > t->tv_sec ||
	       (now.tv_sec == t->tv_sec && now.tv_nsec >= t->tv_nsec);
}

static void *try_other(void *arg)
{
	*(int *)arg = pthread_mutex_trylock(&m);
	if (*(int *)arg == 0)
		pthread_mutex_unlock(&m);
	return NULL;
}

/* trylock of m from another thread. */
static int trylock_elsewhere(void)
{
	pthread_t t;
	int r = -1;

	pthread_create(&t, NULL, try_other, &r);
	CHECK(join_ms(t, 10000, NULL) == 0);
	return r;
}

/* pthread_mutex_lock: "the mutex object referenced by mutex shall be
 * locked by a call to pthread_mutex_lock() that returns zero". */
static void mutex_lock_locks(void)
{
	CHECK(pthread_mutex_lock(&m) == 0);
	CHECK(trylock_elsewhere() == EBUSY);
	CHECK(pthread_mutex_unlock(&m) == 0);
}

static void *lock_and_flag(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&m);
	flag = 1;
	pthread_mutex_unlock(&m);
	return NULL;
}

/* "If the mutex is already locked by another thread, the calling thread
 * shall block until the mutex becomes available." */
static void mutex_lock_blocks(void)
{
	pthread_t t;

	pthread_mutex_lock(&m);
	pthread_create(&t, NULL, lock_and_flag, NULL);
	sleep_ms(50);
	CHECK(flag == 0);
	pthread_mutex_unlock(&m);
	CHECK(join_ms(t, 10000, NULL) == 0);
	CHECK(flag == 1);
}

/* pthread_mutex_trylock: "if the mutex object referenced by mutex is
 * currently locked (by any thread, including the current thread), the
 * call shall return immediately" (EBUSY). */
static void mutex_trylock_busy(void)
{
	CHECK(pthread_mutex_trylock(&m) == 0);
	CHECK(pthread_mutex_trylock(&m) == EBUSY);
	CHECK(trylock_elsewhere() == EBUSY);
	pthread_mutex_unlock(&m);
	CHECK(trylock_elsewhere() == 0);
}

/* pthread_mutex_unlock: "shall release the mutex object"; a thread blocked
 * on it then acquires it. */
static void mutex_unlock_releases(void)
{
	mutex_lock_blocks();
	CHECK(pthread_mutex_trylock(&m) == 0);
	pthread_mutex_unlock(&m);
}

/* pthread_mutex_timedlock: "the wait shall be terminated when the
 * specified timeout expires" (not before); "Under no circumstance shall
 * the function fail with a timeout if the mutex can be locked
 * immediately." */
static void mutex_timedlock_expires(void)
{
	struct timespec t;

	pthread_mutex_lock(&m);
	pvs_test_in_ms(CLOCK_REALTIME, &t, 50);
	CHECK(pthread_mutex_timedlock(&m, &t) == ETIMEDOUT);
	CHECK(reached(CLOCK_REALTIME, &t));
	pthread_mutex_unlock(&m);
	t.tv_sec -= 3600;	/* long past */
	CHECK(pthread_mutex_timedlock(&m, &t) == 0);
	pthread_mutex_unlock(&m);
}

/* pthread_mutex_clocklock: the same, on the clock given. */
static void mutex_clocklock_expires(void)
{
	struct timespec t;

	pthread_mutex_lock(&m);
	pvs_test_in_ms(CLOCK_MONOTONIC, &t, 50);
	CHECK(pthread_mutex_clocklock(&m, CLOCK_MONOTONIC, &t) == ETIMEDOUT);
	CHECK(reached(CLOCK_MONOTONIC, &t));
	pthread_mutex_unlock(&m);
	CHECK(pthread_mutex_clocklock(&m, CLOCK_MONOTONIC, &t) == 0);
	pthread_mutex_unlock(&m);
}

/* pthread_mutex_init: "Upon successful initialization, the state of the
 * mutex becomes initialized and unlocked"; PTHREAD_MUTEX_INITIALIZER is
 * "equivalent to dynamic initialization by a call to pthread_mutex_init()
 * with parameter attr specified as NULL". */
static void mutex_init_unlocked(void)
{
	pthread_mutex_t d, s = PTHREAD_MUTEX_INITIALIZER;
	pthread_mutexattr_t a;

	CHECK(pthread_mutex_init(&d, NULL) == 0);
	CHECK(memcmp(&d, &s, sizeof(d)) == 0);
	CHECK(pthread_mutex_trylock(&d) == 0);
	CHECK(pthread_mutex_unlock(&d) == 0);
	pthread_mutexattr_init(&a);
	CHECK(pthread_mutex_init(&d, &a) == 0);
	CHECK(pthread_mutex_trylock(&d) == 0);
	CHECK(pthread_mutex_unlock(&d) == 0);
	CHECK(pthread_mutex_destroy(&d) == 0);
}

/* pthread_mutex_destroy: "It shall be safe to destroy an initialized
 * mutex that is unlocked"; "A destroyed mutex object can be reinitialized
 * using pthread_mutex_init()". */
static void mutex_destroy_reinit(void)
{
	pthread_mutex_t d;

	CHECK(pthread_mutex_init(&d, NULL) == 0);
	CHECK(pthread_mutex_lock(&d) == 0);
	CHECK(pthread_mutex_unlock(&d) == 0);
	CHECK(pthread_mutex_destroy(&d) == 0);
	CHECK(pthread_mutex_init(&d, NULL) == 0);
	CHECK(pthread_mutex_trylock(&d) == 0);
	CHECK(pthread_mutex_unlock(&d) == 0);
	CHECK(pthread_mutex_destroy(&d) == 0);
}

static void *wait_for_flag(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&m);
	woken++;	/* registered */
	while (!flag)
		pthread_cond_wait(&c, &m);
	/* "Upon successful return, the mutex shall have been locked and
	 * shall be owned by the calling thread." */
	woken += 100 * (trylock_elsewhere() == EBUSY);
	pthread_mutex_unlock(&m);
	return NULL;
}

/* Wait until @n waiters have registered; return with m locked. */
static void lock_when_registered(int n)
{
	for (;;) {
		pthread_mutex_lock(&m);
		if (woken >= n)
			return;
		pthread_mutex_unlock(&m);
		sched_yield();
	}
}

/* pthread_cond_wait: "These functions atomically release mutex and cause
 * the calling thread to block on the condition variable": a signal given
 * under the mutex once the waiter has released it is not lost; and the
 * mutex is owned again on return. */
static void cond_wait_atomic(void)
{
	int round;

	for (round = 0; round < 200; round++) {
		pthread_t t;

		flag = woken = 0;
		pthread_create(&t, NULL, wait_for_flag, NULL);
		lock_when_registered(1);
		flag = 1;
		pthread_cond_signal(&c);
		pthread_mutex_unlock(&m);
		CHECK(join_ms(t, 10000, NULL) == 0);
		CHECK(woken == 101);
		if (failed)
			return;
	}
}

/* pthread_cond_timedwait: "an error is returned if the absolute time
 * specified by abstime passes ... before the condition cond is signaled";
 * the mutex is owned again, and the time has passed. */
static void cond_timedwait_expires(void)
{
	struct timespec t;

	pthread_mutex_lock(&m);
	pvs_test_in_ms(CLOCK_REALTIME, &t, 50);
	CHECK(pthread_cond_timedwait(&c, &m, &t) == ETIMEDOUT);
	CHECK(reached(CLOCK_REALTIME, &t));
	CHECK(trylock_elsewhere() == EBUSY);
	pthread_mutex_unlock(&m);
}

/* "the condition variable shall be bound to the clock specified by the
 * clock attribute": a CLOCK_MONOTONIC deadline times out on that clock. */
static void cond_timedwait_clock_attr(void)
{
	pthread_condattr_t a;
	pthread_cond_t mc;
	struct timespec t;

	pthread_condattr_init(&a);
	CHECK(pthread_condattr_setclock(&a, CLOCK_MONOTONIC) == 0);
	CHECK(pthread_cond_init(&mc, &a) == 0);
	pthread_mutex_lock(&m);
	pvs_test_in_ms(CLOCK_MONOTONIC, &t, 50);
	CHECK(pthread_cond_timedwait(&mc, &m, &t) == ETIMEDOUT);
	CHECK(reached(CLOCK_MONOTONIC, &t));
	pthread_mutex_unlock(&m);
	CHECK(pthread_cond_destroy(&mc) == 0);
}

/* pthread_cond_clockwait: the same, on the clock given. */
static void cond_clockwait_expires(void)
{
	struct timespec t;

	pthread_mutex_lock(&m);
	pvs_test_in_ms(CLOCK_MONOTONIC, &t, 50);
	CHECK(pthread_cond_clockwait(&c, &m, CLOCK_MONOTONIC, &t) ==
	      ETIMEDOUT);
	CHECK(reached(CLOCK_MONOTONIC, &t));
	CHECK(trylock_elsewhere() == EBUSY);
	pthread_mutex_unlock(&m);
}

#define NR_WAITERS 6

/* pthread_cond_broadcast: "shall unblock all threads currently blocked on
 * the specified condition variable". */
static void cond_broadcast_all(void)
{
	pthread_t t[NR_WAITERS];
	int i;

	flag = woken = 0;
	for (i = 0; i < NR_WAITERS; i++)
		pthread_create(&t[i], NULL, wait_for_flag, NULL);
	lock_when_registered(NR_WAITERS);
	flag = 1;
	pthread_cond_broadcast(&c);
	pthread_mutex_unlock(&m);
	for (i = 0; i < NR_WAITERS; i++)
		CHECK(join_ms(t[i], 10000, NULL) == 0);
	CHECK(woken == NR_WAITERS * 101);
}

static void *wait_once(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&m);
	woken++;
	pthread_cond_wait(&c, &m);	/* one wake-up, maybe spurious */
	flag++;
	pthread_mutex_unlock(&m);
	return NULL;
}

/* pthread_cond_signal: "shall unblock at least one of the threads that
 * are blocked on the specified condition variable". */
static void cond_signal_one(void)
{
	pthread_t t[NR_WAITERS];
	int i, unblocked = 0;

	flag = woken = 0;
	for (i = 0; i < NR_WAITERS; i++)
		pthread_create(&t[i], NULL, wait_once, NULL);
	lock_when_registered(NR_WAITERS);
	pthread_cond_signal(&c);
	pthread_mutex_unlock(&m);
	for (i = 0; i < 1000 && !unblocked; i++) {
		sleep_ms(10);
		pthread_mutex_lock(&m);
		unblocked = flag;
		pthread_mutex_unlock(&m);
	}
	CHECK(unblocked >= 1);
	pthread_mutex_lock(&m);
	pthread_cond_broadcast(&c);	/* release the rest */
	pthread_mutex_unlock(&m);
	for (i = 0; i < NR_WAITERS; i++)
		CHECK(join_ms(t[i], 10000, NULL) == 0);
}

/* "The pthread_cond_broadcast() and pthread_cond_signal() functions shall
 * have no effect if there are no threads currently blocked on cond." */
static void cond_signal_no_effect(void)
{
	struct timespec t;

	CHECK(pthread_cond_signal(&c) == 0);
	CHECK(pthread_cond_broadcast(&c) == 0);
	pthread_mutex_lock(&m);
	pvs_test_in_ms(CLOCK_REALTIME, &t, 50);
	/* Nothing was remembered: the wait times out (or wakes
	 * spuriously, which POSIX allows; it is not retried). */
	CHECK(pthread_cond_timedwait(&c, &m, &t) == ETIMEDOUT);
	pthread_mutex_unlock(&m);
}

/* pthread_cond_init / PTHREAD_COND_INITIALIZER: initialized, usable,
 * "equivalent to dynamic initialization by a call to pthread_cond_init()
 * with parameter attr specified as NULL"; pthread_cond_destroy: "It shall
 * be safe to destroy an initialized condition variable upon which no
 * threads are currently blocked", and it "can be reinitialized". */
static void cond_init_destroy(void)
{
	pthread_cond_t d, s = PTHREAD_COND_INITIALIZER;
	struct timespec t;

	CHECK(pthread_cond_init(&d, NULL) == 0);
	CHECK(memcmp(&d, &s, sizeof(d)) == 0);
	pthread_mutex_lock(&m);
	pvs_test_in_ms(CLOCK_REALTIME, &t, 10);
	CHECK(pthread_cond_timedwait(&d, &m, &t) == ETIMEDOUT);
	pthread_mutex_unlock(&m);
	CHECK(pthread_cond_destroy(&d) == 0);
	CHECK(pthread_cond_init(&d, NULL) == 0);
	CHECK(pthread_cond_signal(&d) == 0);
	CHECK(pthread_cond_destroy(&d) == 0);
}

int main(int argc, char **argv)
{
	static const struct test_case cases[] = {
#include "posix_cases.h"	/* PVS_POSIX_CASES (CMakeLists.txt) */
	};
	return run_case(argc, argv, 1, "CASE", cases,
			sizeof(cases) / sizeof(cases[0]));
}
