// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Schedule perturbation: the lock built with PVS_LOCK_PERTURB, where every
 * atomic step first yields, sleeps or spins for a random while drawn from
 * a per-thread generator seeded from the run's seed. For each seed, fresh
 * objects and NR_THREADS threads that take the mutex (lock, trylock,
 * timedlock, a timed condition wait) and check:
 *   - mutual exclusion: no two threads inside at once;
 *   - bounded acquisition and no lost wake: every thread finishes, and
 *     the main thread, waiting on a condition variable for them, returns,
 *     within SEED_LIMIT_S (alarm(): a hang is a failure).
 * A failure prints the seed; PVS_PERTURB_SEED=N replays it alone.
 * PVS_PERTURB_SEEDS (default 1000) sets how many seeds run.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include <pvsched/lock.h>
#include "pvs_clock.h"

#define NR_THREADS 3
#define OPS_PER_THREAD 24
/* A seed whose threads have not all finished by then has failed. */
#define SEED_LIMIT_S 30

static uint64_t run_seed;
static uint32_t thread_no;	/* atomic: per-seed thread numbering */
static __thread uint64_t rng;	/* 0: not seeded in this thread yet */

static uint64_t next(void)
{
	/* xorshift64* */
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 2685821657736338717ull;
}

void lock_perturb(void);

void lock_perturb(void)
{
	uint64_t r;
	unsigned int i, n;

	if (rng == 0)
		rng = (run_seed * 0x9e3779b97f4a7c15ull) ^
		      (__atomic_fetch_add(&thread_no, 1, __ATOMIC_RELAXED) +
		       1);
	r = next() % 100;
	if (r < 70)
		return;
	if (r < 90) {
		n = (unsigned int)(next() % 200);
		for (i = 0; i < n; i++)
			__asm__ __volatile__("" ::: "memory");
	} else if (r < 98) {
		sched_yield();
	} else {
		struct timespec t = { 0, (long)(next() % 100000) };

		nanosleep(&t, NULL);
	}
}

struct run {
	struct pvs_mutex m;
	struct pvs_cond c;
	int inside;	/* atomic: threads in the critical section */
	int overlaps;	/* atomic */
	int done;	/* under m */
	long count;	/* under m */
};

/* *t = now + @us microseconds on CLOCK_MONOTONIC. */
static void in_us(struct timespec *t, long us)
{
	clock_gettime(CLOCK_MONOTONIC, t);
	t->tv_nsec += us * 1000L;
	if (t->tv_nsec >= 1000000000L) {
		t->tv_sec++;
		t->tv_nsec -= 1000000000L;
	}
}

static void critical(struct run *r)
{
	if (__atomic_fetch_add(&r->inside, 1, __ATOMIC_SEQ_CST) != 0)
		__atomic_fetch_add(&r->overlaps, 1, __ATOMIC_RELAXED);
	lock_perturb();
	r->count++;
	__atomic_fetch_sub(&r->inside, 1, __ATOMIC_SEQ_CST);
}

static void *worker(void *arg)
{
	struct run *r = arg;
	struct timespec t;
	int i;

	rng = 0;
	for (i = 0; i < OPS_PER_THREAD; i++) {
		switch (next() % 4) {
		case 0:
			while (pvs_mutex_trylock(&r->m) == EBUSY)
				lock_perturb();
			break;
		case 1:
			in_us(&t, (long)(next() % 500));
			while (pvs_mutex_clocklock(&r->m, CLOCK_MONOTONIC, &t) ==
			       ETIMEDOUT)
				in_us(&t, 200);
			break;
		case 2:
			pvs_mutex_lock(&r->m);
			/* A short timed wait: a wake-up, or a timeout. */
			in_us(&t, 200);
			pvs_cond_clockwait(&r->c, &r->m, CLOCK_MONOTONIC, &t);
			break;
		default:
			pvs_mutex_lock(&r->m);
			pvs_cond_signal(&r->c);
			break;
		}
		critical(r);
		pvs_mutex_unlock(&r->m);
	}
	pvs_mutex_lock(&r->m);
	r->done++;
	pvs_cond_broadcast(&r->c);
	pvs_mutex_unlock(&r->m);
	return NULL;
}

static uint64_t current_seed;

/* The watchdog: a seed still running after SEED_LIMIT_S has lost a wake or
 * starved a waiter. It cannot rely on the lock under test to report. */
static void on_alarm(int sig)
{
	char msg[160];
	int n;

	(void)sig;
	n = snprintf(msg, sizeof(msg), "seed %llu: still running after %d s "
		     "(a lost wake-up or a starved waiter): replay with "
		     "PVS_PERTURB_SEED=%llu\n",
		     (unsigned long long)current_seed, SEED_LIMIT_S,
		     (unsigned long long)current_seed);
	if (n > 0 && write(STDERR_FILENO, msg, (size_t)n) < 0)
		_exit(2);
	_exit(1);
}

/* One seed; 0 if every check held. */
static int run_one(uint64_t seed)
{
	struct run r = { PVS_MUTEX_INITIALIZER, PVS_COND_INITIALIZER, 0, 0, 0,
			 0 };
	pthread_t th[NR_THREADS];
	int i;

	current_seed = seed;
	run_seed = seed;
	__atomic_store_n(&thread_no, 0, __ATOMIC_RELAXED);
	rng = 0;
	pvs_cond_init(&r.c, CLOCK_MONOTONIC);
	alarm(SEED_LIMIT_S);
	for (i = 0; i < NR_THREADS; i++)
		pthread_create(&th[i], NULL, worker, &r);
	/* The condition variable too: wait for every thread to be done. */
	pvs_mutex_lock(&r.m);
	while (r.done < NR_THREADS)
		pvs_cond_wait(&r.c, &r.m);
	pvs_mutex_unlock(&r.m);
	for (i = 0; i < NR_THREADS; i++)
		pthread_join(th[i], NULL);
	alarm(0);
	if (r.overlaps != 0 || r.count != NR_THREADS * OPS_PER_THREAD) {
		fprintf(stderr, "seed %llu: %d overlaps, count %ld of %d: "
			"replay with PVS_PERTURB_SEED=%llu\n",
			(unsigned long long)seed, r.overlaps, r.count,
			NR_THREADS * OPS_PER_THREAD, (unsigned long long)seed);
		return 1;
	}
	return pvs_cond_destroy(&r.c) != 0 || pvs_mutex_destroy(&r.m) != 0;
}

int main(void)
{
	const char *one = getenv("PVS_PERTURB_SEED");
	const char *n = getenv("PVS_PERTURB_SEEDS");
	uint64_t seed, seeds = 1000, t0 = pvs_test_mono_ns();

	signal(SIGALRM, on_alarm);
	if (one != NULL)
		return run_one(strtoull(one, NULL, 10)) ? 1 : 0;
	if (n != NULL && atol(n) > 0)
		seeds = (uint64_t)atol(n);
	for (seed = 1; seed <= seeds; seed++)
		if (run_one(seed) != 0)
			return 1;
	printf("perturb: %llu seeds passed in %llu ms\n",
	       (unsigned long long)seeds,
	       (unsigned long long)((pvs_test_mono_ns() - t0) / 1000000u));
	return 0;
}
