// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * What glibc promises, checked case by case: each case runs in its own
 * process, once under glibc alone and once under libpvsched-preload.so
 * (tests/preload/CMakeLists.txt), and must pass under both. A hang is a
 * failure: every case runs under alarm(), and waits for other threads are
 * timed. Cases reproduce the defects of issue 21, section 1.
 *
 *   preload_conform CASE DEEPMOD   DEEPMOD: deepmod.c's module, which
 *                                  the case deepbind loads
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cases.h"

static void on_signal(int sig, void (*fn)(int))
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = fn;
	sigemptyset(&sa.sa_mask);
	sigaction(sig, &sa, NULL);
}

/* SIGUSR1 holds the thread it interrupts for handler_ms: a thread that
 * is not running (a GC's stop-the-world, a preempted vCPU). */
static volatile long handler_ms;

static void slow_handler(int sig)
{
	struct timespec t = { handler_ms / 1000, (handler_ms % 1000) * 1000000L };

	(void)sig;
	nanosleep(&t, NULL);
}

/* ---- 1. lost wake-up after a timed wait ------------------------------ */

/*
 * T sleeps on M with a deadline, S sleeps without one. The owner unlocks
 * (waking T, the first sleeper), locks again at once (a barger), and
 * holds T out of the CPU (a slow signal handler) until T's deadline has
 * passed: T times out. The barger's unlock must then wake S.
 */
struct lw {
	pthread_mutex_t *m;
	struct timespec deadline;
	int r;
};

static void *lw_timed(void *arg)
{
	struct lw *a = arg;

	a->r = pthread_mutex_timedlock(a->m, &a->deadline);
	if (a->r == 0)
		pthread_mutex_unlock(a->m);
	return NULL;
}

static void *lw_plain(void *arg)
{
	struct lw *a = arg;

	a->r = pthread_mutex_lock(a->m);
	pthread_mutex_unlock(a->m);
	return NULL;
}

static void case_lost_wake(void)
{
	int round;

	on_signal(SIGUSR1, slow_handler);
	for (round = 0; round < 10 && failed == 0; round++) {
		pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
		struct lw timed = { &m, { 0, 0 }, -1 }, plain = { &m, { 0, 0 }, -1 };
		pthread_t tt, ts;

		pthread_mutex_lock(&m);
		pvs_test_in_ms(CLOCK_REALTIME, &timed.deadline, 150);
		handler_ms = 300;
		pthread_create(&tt, NULL, lw_timed, &timed);
		sleep_ms(50);		/* T asleep first: it is woken first */
		pthread_create(&ts, NULL, lw_plain, &plain);
		sleep_ms(50);
		pthread_mutex_unlock(&m);
		pthread_mutex_lock(&m);
		pthread_kill(tt, SIGUSR1);
		CHECK(join_ms(tt, 5000, NULL) == 0);
		pthread_mutex_unlock(&m);
		CHECK(join_ms(ts, 5000, NULL) == 0);
		CHECK(plain.r == 0);
		if (failed) {
			fprintf(stderr, "round %d: the plain sleeper was not "
				"woken (the timed one returned %d)\n", round,
				timed.r);
			return;	/* threads left: exit ends them */
		}
	}
}

/* ---- 2. condition waits are cancellation points ---------------------- */

struct cw {
	pthread_mutex_t m;
	pthread_cond_t c;
	int how;		/* 0 wait, 1 timedwait, 2 clockwait */
	int waiting;		/* under m */
	int cleanup_ran;	/* the handler ran ... */
	int held_in_cleanup;	/* ... with m locked (trylock said EBUSY) */
};

static void cw_cleanup(void *arg)
{
	struct cw *a = arg;

	a->cleanup_ran = 1;
	a->held_in_cleanup = pthread_mutex_trylock(&a->m) == EBUSY;
	pthread_mutex_unlock(&a->m);
}

static void *cw_waiter(void *arg)
{
	struct cw *a = arg;
	struct timespec t;

	pthread_mutex_lock(&a->m);
	a->waiting = 1;
	pthread_cleanup_push(cw_cleanup, a);
	for (;;) {	/* a spurious wake-up waits again */
		if (a->how == 0) {
			pthread_cond_wait(&a->c, &a->m);
		} else if (a->how == 1) {
			pvs_test_in_ms(CLOCK_REALTIME, &t, 30000);
			pthread_cond_timedwait(&a->c, &a->m, &t);
		} else {
			pvs_test_in_ms(CLOCK_MONOTONIC, &t, 30000);
			pthread_cond_clockwait(&a->c, &a->m, CLOCK_MONOTONIC,
					       &t);
		}
	}
	pthread_cleanup_pop(0);
	return NULL;
}

static void case_cancel(void)
{
	int how;

	for (how = 0; how < 3; how++) {
		struct cw a;
		pthread_t t;
		void *ret = NULL;

		memset(&a, 0, sizeof(a));
		pthread_mutex_init(&a.m, NULL);
		pthread_cond_init(&a.c, NULL);
		a.how = how;
		pthread_create(&t, NULL, cw_waiter, &a);
		for (;;) {	/* it waits once it has released m */
			pthread_mutex_lock(&a.m);
			if (a.waiting)
				break;
			pthread_mutex_unlock(&a.m);
			sleep_ms(1);
		}
		pthread_mutex_unlock(&a.m);
		sleep_ms(20);
		pthread_cancel(t);
		CHECK(join_ms(t, 5000, &ret) == 0);
		if (failed) {
			fprintf(stderr, "wait %d: the cancelled waiter did not "
				"leave\n", how);
			return;
		}
		CHECK(ret == PTHREAD_CANCELED);
		CHECK(a.cleanup_ran && a.held_in_cleanup);
		CHECK(pthread_mutex_trylock(&a.m) == 0);
		pthread_mutex_unlock(&a.m);
		/* No waiter is left counted: destroy does not wait. */
		CHECK(pthread_cond_destroy(&a.c) == 0);
		CHECK(pthread_mutex_destroy(&a.m) == 0);
	}
}

/* ---- 3. destroy after broadcast ------------------------------------- */

/*
 * A waiter woken by a broadcast is still in a signal handler (1.5 s) when
 * the condition variable is destroyed: destroy waits for it, returns 0,
 * and nothing writes into the object after that (its bytes are
 * overwritten with a pattern that must survive the waiter's exit).
 */
static union {
	pthread_cond_t c;
	unsigned char bytes[sizeof(pthread_cond_t)];
} dc;
static pthread_mutex_t dm = PTHREAD_MUTEX_INITIALIZER;
static int d_waiting, d_go;	/* under dm */

static void *d_waiter(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&dm);
	d_waiting = 1;
	while (!d_go)
		pthread_cond_wait(&dc.c, &dm);
	pthread_mutex_unlock(&dm);
	return NULL;
}

static void case_destroy(void)
{
	pthread_t t;
	size_t i;
	int intact = 1;

	on_signal(SIGUSR1, slow_handler);
	handler_ms = 1500;
	pthread_cond_init(&dc.c, NULL);
	pthread_create(&t, NULL, d_waiter, NULL);
	for (;;) {
		pthread_mutex_lock(&dm);
		if (d_waiting)
			break;
		pthread_mutex_unlock(&dm);
		sleep_ms(1);
	}
	d_go = 1;
	pthread_mutex_unlock(&dm);
	sleep_ms(20);			/* asleep in the wait */
	pthread_kill(t, SIGUSR1);	/* and now in the handler */
	sleep_ms(20);
	pthread_mutex_lock(&dm);
	pthread_cond_broadcast(&dc.c);
	pthread_mutex_unlock(&dm);
	CHECK(pthread_cond_destroy(&dc.c) == 0);
	memset(dc.bytes, 0xab, sizeof(dc.bytes));
	CHECK(join_ms(t, 10000, NULL) == 0);
	for (i = 0; i < sizeof(dc.bytes); i++)
		intact &= dc.bytes[i] == 0xab;
	CHECK(intact);
}

/* ---- 4. a free mutex that nobody can take ---------------------------- */

/*
 * H waits for M and is interrupted (a handler that returns at once) until
 * it has slept on it more than once: under the drop-in it is then the
 * heir. Then H spends 3 s in a slow handler, and the owner unlocks: the
 * mutex is free (reserved for H under the drop-in). trylock must succeed
 * within the stated bound (checked at 1.5 s, far above it), and so must a
 * plain lock from another thread; H then gets the mutex too.
 */
static pthread_mutex_t lm = PTHREAD_MUTEX_INITIALIZER;

static void *lapse_heir(void *arg)
{
	pthread_mutex_lock(&lm);
	pthread_mutex_unlock(&lm);
	return arg;
}

static void *lapse_locker(void *arg)
{
	pthread_mutex_lock(&lm);
	pthread_mutex_unlock(&lm);
	return arg;
}

static void quick_handler(int sig)
{
	(void)sig;
}

static void case_lapse(void)
{
	pthread_t h, l;
	uint64_t t0, waited_ns = 0;
	int i, r = EBUSY;

	on_signal(SIGUSR1, slow_handler);
	on_signal(SIGUSR2, quick_handler);
	pthread_mutex_lock(&lm);
	pthread_create(&h, NULL, lapse_heir, NULL);
	for (i = 0; i < 4; i++) {
		sleep_ms(30);
		pthread_kill(h, SIGUSR2);
	}
	sleep_ms(30);
	handler_ms = 3000;
	pthread_kill(h, SIGUSR1);
	sleep_ms(30);
	pthread_mutex_unlock(&lm);
	t0 = pvs_test_mono_ns();
	while (pvs_test_mono_ns() - t0 < 1500000000u) {
		r = pthread_mutex_trylock(&lm);
		if (r == 0)
			break;
		sched_yield();
	}
	waited_ns = pvs_test_mono_ns() - t0;
	CHECK(r == 0);
	if (r == 0)
		pthread_mutex_unlock(&lm);
	printf("trylock of the free mutex succeeded after %llu us\n",
	       (unsigned long long)(waited_ns / 1000));
	pthread_create(&l, NULL, lapse_locker, NULL);
	CHECK(join_ms(l, 1500, NULL) == 0);
	CHECK(join_ms(h, 10000, NULL) == 0);
}

/* ---- 5. two algorithms on one mutex ---------------------------------- */

/*
 * Threads of the program (the preload's functions) and threads running a
 * module loaded with RTLD_DEEPBIND (glibc's functions) count under one
 * default mutex: the total is exact and nobody sleeps for ever.
 */
static pthread_mutex_t dbm = PTHREAD_MUTEX_INITIALIZER;
static long db_counter;		/* under dbm */
static long (*db_count)(pthread_mutex_t *, long *, long);
static pthread_barrier_t db_start;

#define DB_PER_THREAD 100000L

static void *db_module_thread(void *arg)
{
	(void)arg;
	pthread_barrier_wait(&db_start);
	db_count(&dbm, &db_counter, DB_PER_THREAD);
	return NULL;
}

static void *db_program_thread(void *arg)
{
	long i;

	(void)arg;
	pthread_barrier_wait(&db_start);
	for (i = 0; i < DB_PER_THREAD; i++) {
		pthread_mutex_lock(&dbm);
		db_counter++;
		if (i % 64 == 0)
			sched_yield();
		pthread_mutex_unlock(&dbm);
	}
	return NULL;
}

/* DEEPMOD, the program's second argument. */
static const char *deepmod;

static void case_deepbind(void)
{
	int (*owner)(pthread_mutex_t *);
	pthread_t t[4];
	void *h;
	int i;

	h = dlopen(deepmod, RTLD_NOW | RTLD_DEEPBIND);
	CHECK(h != NULL);
	if (h == NULL) {
		fprintf(stderr, "dlopen %s: %s\n", deepmod, dlerror());
		return;
	}
	*(void **)&db_count = dlsym(h, "deepmod_count");
	*(void **)&owner = dlsym(h, "deepmod_owner_field");
	CHECK(db_count != NULL && owner != NULL);
	if (db_count == NULL || owner == NULL)
		return;
	CHECK(owner(&dbm) != 0);	/* the module runs glibc's lock */
	pthread_barrier_init(&db_start, NULL, 4);
	for (i = 0; i < 4; i++)
		pthread_create(&t[i], NULL,
			       i % 2 ? db_module_thread : db_program_thread,
			       NULL);
	for (i = 0; i < 4; i++)
		CHECK(join_ms(t[i], 40000, NULL) == 0);
	if (failed)
		return;
	CHECK(db_counter == 4 * DB_PER_THREAD);
	CHECK(pthread_mutex_trylock(&dbm) == 0);
	pthread_mutex_unlock(&dbm);
}

/* ---- 6. deadlines and clocks ----------------------------------------- */

static pthread_mutex_t held = PTHREAD_MUTEX_INITIALIZER;

static void *hold(void *arg)
{
	pthread_mutex_lock(&held);	/* and leave it locked */
	return arg;
}

static long long thread_cpu_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

/* The answers of glibc 2.36 (each checked there by this same case). */
static void case_deadlines(void)
{
	const struct timespec neg = { -1, 0 }, bad_ns = { 0, 1000000000L };
	const struct timespec neg_ns = { 0, -1 }, neg_bad = { -5, 2000000000L };
	pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
	pthread_cond_t c = PTHREAD_COND_INITIALIZER;
	pthread_t t;
	long long cpu0;
	int i;

	pthread_create(&t, NULL, hold, NULL);
	pthread_join(t, NULL);
	/* A free mutex: the deadline need not be looked at, the clock is. */
	CHECK(pthread_mutex_timedlock(&m, &neg) == 0);
	pthread_mutex_unlock(&m);
	CHECK(pthread_mutex_timedlock(&m, &bad_ns) == 0);
	pthread_mutex_unlock(&m);
	CHECK(pthread_mutex_clocklock(&m, CLOCK_MONOTONIC, &bad_ns) == 0);
	pthread_mutex_unlock(&m);
	CHECK(pthread_mutex_clocklock(&m, 12345, &neg) == EINVAL);
	CHECK(pthread_mutex_clocklock(&m, CLOCK_PROCESS_CPUTIME_ID, &neg) ==
	      EINVAL);
	CHECK(pthread_mutex_trylock(&m) == 0);	/* EINVAL left it free */
	pthread_mutex_unlock(&m);
	/* A held mutex: tv_sec < 0 is past, before tv_nsec is checked. */
	CHECK(pthread_mutex_timedlock(&held, &neg) == ETIMEDOUT);
	CHECK(pthread_mutex_timedlock(&held, &neg_bad) == ETIMEDOUT);
	CHECK(pthread_mutex_timedlock(&held, &bad_ns) == EINVAL);
	CHECK(pthread_mutex_timedlock(&held, &neg_ns) == EINVAL);
	CHECK(pthread_mutex_clocklock(&held, 12345, &neg) == EINVAL);
	CHECK(pthread_mutex_clocklock(&held, CLOCK_MONOTONIC, &neg) ==
	      ETIMEDOUT);
	/* ... at once: no polling until the clock passes it. */
	cpu0 = thread_cpu_ns();
	for (i = 0; i < 200; i++)
		CHECK(pthread_mutex_timedlock(&held, &neg) == ETIMEDOUT);
	CHECK(thread_cpu_ns() - cpu0 < 100000000LL);
	/* Condition waits: tv_nsec first, then the past deadline. */
	pthread_mutex_lock(&m);
	CHECK(pthread_cond_timedwait(&c, &m, &neg) == ETIMEDOUT);
	CHECK(pthread_cond_timedwait(&c, &m, &bad_ns) == EINVAL);
	CHECK(pthread_cond_timedwait(&c, &m, &neg_bad) == EINVAL);
	CHECK(pthread_cond_clockwait(&c, &m, CLOCK_MONOTONIC, &neg) ==
	      ETIMEDOUT);
	CHECK(pthread_cond_clockwait(&c, &m, 12345, &neg) == EINVAL);
	CHECK(pthread_cond_clockwait(&c, &m, CLOCK_PROCESS_CPUTIME_ID,
				     &neg) == EINVAL);
	CHECK(pthread_mutex_trylock(&m) == EBUSY);	/* still ours */
	pthread_mutex_unlock(&m);
}

/* ---- 8. a process-shared condition variable, a private mutex --------- */

/* Ping-pong between two threads through a process-shared condition
 * variable and a default mutex (a conformance suite's stress program for
 * pthread_cond_init does this), then a timed wait that times out. */
static struct {
	pthread_mutex_t m;
	pthread_cond_t c;
	long turn;		/* under m */
} sc = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0 };

#define SC_ROUNDS 2000L

/* Take turns first, first + 2, ... */
static void sc_play(long first)
{
	long i;

	pthread_mutex_lock(&sc.m);
	for (i = first; i < SC_ROUNDS; i += 2) {
		while (sc.turn != i)
			pthread_cond_wait(&sc.c, &sc.m);
		sc.turn++;
		pthread_cond_signal(&sc.c);
	}
	pthread_mutex_unlock(&sc.m);
}

static void *sc_odd(void *arg)
{
	(void)arg;
	sc_play(1);
	return NULL;
}

static void case_shared_cond(void)
{
	pthread_condattr_t a;
	struct timespec t;
	pthread_t th;

	pthread_condattr_init(&a);
	pthread_condattr_setpshared(&a, PTHREAD_PROCESS_SHARED);
	pthread_cond_init(&sc.c, &a);
	pthread_create(&th, NULL, sc_odd, NULL);
	sc_play(0);
	CHECK(join_ms(th, 20000, NULL) == 0);
	pthread_mutex_lock(&sc.m);
	pvs_test_in_ms(CLOCK_REALTIME, &t, 10);
	CHECK(pthread_cond_timedwait(&sc.c, &sc.m, &t) == ETIMEDOUT);
	CHECK(pthread_mutex_trylock(&sc.m) == EBUSY);
	pthread_mutex_unlock(&sc.m);
	CHECK(pthread_cond_destroy(&sc.c) == 0);
}

int main(int argc, char **argv)
{
	static const struct test_case cases[] = {
#include "conform_cases.h"	/* PVS_CONFORM_CASES (CMakeLists.txt) */
	};

	deepmod = argc > 2 ? argv[2] : NULL;
	return run_case(argc, argv, 2, "CASE DEEPMOD", cases,
			sizeof(cases) / sizeof(cases[0]));
}
