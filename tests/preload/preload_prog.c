// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * An ordinary pthread program, run under libpvsched-preload.so (and, as a
 * control, without it): every result is checked exactly.
 *
 *   preload_prog all DLMOD     every case below; DLMOD is the dlopen()ed
 *                              module (dlmod.c)
 *   preload_prog shared-cond   a process-shared condition variable waited
 *                              on with a default mutex: runs under the
 *                              preload as under glibc
 *
 * PVS_EXPECT_SERVED=1 says default mutexes must be the preload's (glibc
 * writes the owner's thread id into __owner when it locks; pvs_mutex does
 * not), 0 that they must be glibc's. Stress parts run a wall-time budget
 * (PVS_LOCK_STRESS_MS, 1000 by default, shared among them).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../pvs_clock.h"

static int passed, failed;

#define CHECK(cond)                                                          \
	do {                                                                 \
		if (cond) {                                                  \
			passed++;                                            \
		} else {                                                     \
			failed++;                                            \
			fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__,        \
				__LINE__, #cond);                            \
		}                                                            \
	} while (0)

static int expect_served;
static long budget_ms = 1000;

/* Locked @m is the preload's: glibc would have written its __owner. */
static int served_while_locked(pthread_mutex_t *m)
{
	return m->__data.__owner == 0;
}

/* ---- static initialisers, threads started before the first lock ----- */

static pthread_mutex_t count_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t count_cond = PTHREAD_COND_INITIALIZER;
static pthread_barrier_t count_start;
static long counter;		/* protected by count_lock */
static long counted;		/* protected by count_lock: sum of locals */
static int running;		/* protected by count_lock */
static struct timespec count_stop;

static void *count_worker(void *arg)
{
	long mine = 0;
	unsigned int i;

	(void)arg;
	pthread_barrier_wait(&count_start);
	for (i = 0; i == 0 || (i & 63) != 0 || !pvs_test_past(&count_stop); i++) {
		if (i % 3 == 0) {
			while (pthread_mutex_trylock(&count_lock) == EBUSY)
				sched_yield();
		} else {
			pthread_mutex_lock(&count_lock);
		}
		counter++;
		mine++;
		pthread_mutex_unlock(&count_lock);
	}
	pthread_mutex_lock(&count_lock);
	counted += mine;
	if (--running == 0)
		pthread_cond_signal(&count_cond);
	pthread_mutex_unlock(&count_lock);
	return NULL;
}

static void case_static_counter(int nthreads, long ms)
{
	pthread_t th[16];
	int i;

	/* The threads exist before anyone takes the lock. */
	counter = counted = 0;
	running = nthreads;
	pvs_test_in_ms(CLOCK_MONOTONIC, &count_stop, ms);
	pthread_barrier_init(&count_start, NULL, (unsigned int)nthreads + 1);
	for (i = 0; i < nthreads; i++)
		pthread_create(&th[i], NULL, count_worker, NULL);
	pthread_mutex_lock(&count_lock);
	CHECK(served_while_locked(&count_lock) == expect_served);
	pthread_mutex_unlock(&count_lock);
	pthread_barrier_wait(&count_start);
	for (i = 0; i < nthreads; i++)
		pthread_detach(th[i]);
	pthread_mutex_lock(&count_lock);
	while (running > 0)
		pthread_cond_wait(&count_cond, &count_lock);
	CHECK(counter == counted);
	CHECK(counter >= nthreads);
	pthread_mutex_unlock(&count_lock);
	pthread_barrier_destroy(&count_start);
}

/* ---- condition variables: timeouts on both clocks ---------------------- */

static void case_cond_timeouts(void)
{
	pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
	pthread_cond_t rt = PTHREAD_COND_INITIALIZER, mono;
	pthread_condattr_t a;
	struct timespec t;

	pthread_condattr_init(&a);
	pthread_condattr_setclock(&a, CLOCK_MONOTONIC);
	CHECK(pthread_cond_init(&mono, &a) == 0);
	pthread_condattr_destroy(&a);
	pthread_mutex_lock(&m);
	pvs_test_in_ms(CLOCK_REALTIME, &t, 20);
	CHECK(pthread_cond_timedwait(&rt, &m, &t) == ETIMEDOUT);
	pvs_test_in_ms(CLOCK_MONOTONIC, &t, 20);
	CHECK(pthread_cond_timedwait(&mono, &m, &t) == ETIMEDOUT);
	pvs_test_in_ms(CLOCK_MONOTONIC, &t, 20);
	CHECK(pthread_cond_clockwait(&rt, &m, CLOCK_MONOTONIC, &t) ==
	      ETIMEDOUT);
	pvs_test_in_ms(CLOCK_MONOTONIC, &t, 20);
	/* a default mutex is not error-checking: relocking waits */
	CHECK(pthread_mutex_clocklock(&m, CLOCK_MONOTONIC, &t) == ETIMEDOUT);
	CHECK(pthread_mutex_destroy(&m) == EBUSY);	/* still locked */
	pthread_mutex_unlock(&m);
	CHECK(pthread_mutex_destroy(&m) == 0);
	CHECK(pthread_cond_destroy(&mono) == 0);
	CHECK(pthread_cond_destroy(&rt) == 0);
}

/* ---- a producer and consumers: waits with and without deadlines ------- */

struct queue {
	pthread_mutex_t *m;
	pthread_cond_t not_empty, not_full;
	long items[4];
	int head, len, closed;
	long sum_in, sum_out, n_out;
};

static int q_lock(struct queue *q)
{
	return pthread_mutex_lock(q->m);
}

static void *q_consumer(void *arg)
{
	struct queue *q = (struct queue *)arg;
	struct timespec t;
	int timed = 0;

	q_lock(q);
	for (;;) {
		while (q->len == 0 && !q->closed) {
			if ((timed ^= 1) != 0) {
				pvs_test_in_ms(CLOCK_REALTIME, &t, 2);
				pthread_cond_timedwait(&q->not_empty, q->m, &t);
			} else {
				pthread_cond_wait(&q->not_empty, q->m);
			}
		}
		if (q->len == 0)
			break;
		q->sum_out += q->items[q->head];
		q->head = (q->head + 1) % 4;
		q->len--;
		q->n_out++;
		pthread_cond_signal(&q->not_full);
	}
	pthread_mutex_unlock(q->m);
	return NULL;
}

/* Runs the queue with mutex @m (any type); the totals must match. */
static void run_queue(pthread_mutex_t *m, long ms)
{
	struct queue q;
	struct timespec stop;
	pthread_t th[3];
	long v = 1, n_in = 0;
	int i;

	memset(&q, 0, sizeof(q));
	q.m = m;
	pthread_cond_init(&q.not_empty, NULL);
	pthread_cond_init(&q.not_full, NULL);
	for (i = 0; i < 3; i++)
		pthread_create(&th[i], NULL, q_consumer, &q);
	pvs_test_in_ms(CLOCK_MONOTONIC, &stop, ms);
	while (!pvs_test_past(&stop)) {
		q_lock(&q);
		while (q.len == 4)
			pthread_cond_wait(&q.not_full, m);
		q.items[(q.head + q.len++) % 4] = v;
		q.sum_in += v++;
		n_in++;
		pthread_cond_signal(&q.not_empty);
		pthread_mutex_unlock(m);
	}
	q_lock(&q);
	q.closed = 1;
	pthread_cond_broadcast(&q.not_empty);
	pthread_mutex_unlock(m);
	for (i = 0; i < 3; i++)
		pthread_join(th[i], NULL);
	CHECK(n_in > 0);
	CHECK(q.n_out == n_in);
	CHECK(q.sum_out == q.sum_in);
	CHECK(pthread_cond_destroy(&q.not_empty) == 0);
	CHECK(pthread_cond_destroy(&q.not_full) == 0);
}

/* ---- each type the preload leaves to glibc --------------------------- */

static void init_typed(pthread_mutex_t *m, int type, int robust, int proto,
		       int pshared)
{
	pthread_mutexattr_t a;

	pthread_mutexattr_init(&a);
	pthread_mutexattr_settype(&a, type);
	if (robust)
		pthread_mutexattr_setrobust(&a, PTHREAD_MUTEX_ROBUST);
	if (proto)
		pthread_mutexattr_setprotocol(&a, proto);
	if (pshared)
		pthread_mutexattr_setpshared(&a, PTHREAD_PROCESS_SHARED);
	CHECK(pthread_mutex_init(m, &a) == 0);
	pthread_mutexattr_destroy(&a);
}

static void *trylock_other(void *arg)
{
	return (void *)(long)pthread_mutex_trylock((pthread_mutex_t *)arg);
}

static void *unlock_other(void *arg)
{
	return (void *)(long)pthread_mutex_unlock((pthread_mutex_t *)arg);
}

static void *die_holding(void *arg)
{
	pthread_mutex_lock((pthread_mutex_t *)arg);
	return NULL;	/* exits owning a robust mutex */
}

static long in_thread(void *(*fn)(void *), void *arg)
{
	pthread_t th;
	void *r;

	pthread_create(&th, NULL, fn, arg);
	pthread_join(th, &r);
	return (long)r;
}

static void case_fallback_types(long ms)
{
	pthread_mutex_t rec, err, rob, pi, *sh;
	pthread_mutex_t rec_static = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
	int st;
	pid_t pid;
	long *shared_count;

	init_typed(&rec, PTHREAD_MUTEX_RECURSIVE, 0, 0, 0);
	CHECK(pthread_mutex_lock(&rec) == 0);
	CHECK(pthread_mutex_lock(&rec) == 0);	/* recursive: glibc's */
	CHECK(!served_while_locked(&rec));
	CHECK(in_thread(trylock_other, &rec) == EBUSY);
	CHECK(pthread_mutex_unlock(&rec) == 0);
	CHECK(pthread_mutex_unlock(&rec) == 0);
	CHECK(pthread_mutex_lock(&rec_static) == 0);
	CHECK(pthread_mutex_trylock(&rec_static) == 0);
	pthread_mutex_unlock(&rec_static);
	pthread_mutex_unlock(&rec_static);
	run_queue(&rec, ms);	/* a served condvar with glibc's mutex */

	init_typed(&err, PTHREAD_MUTEX_ERRORCHECK, 0, 0, 0);
	CHECK(pthread_mutex_lock(&err) == 0);
	CHECK(pthread_mutex_lock(&err) == EDEADLK);
	CHECK(in_thread(unlock_other, &err) == EPERM);
	CHECK(pthread_mutex_unlock(&err) == 0);
	CHECK(pthread_mutex_unlock(&err) == EPERM);
	{
		pthread_cond_t c = PTHREAD_COND_INITIALIZER;

		/* waiting without owning it: glibc's EPERM comes back */
		CHECK(pthread_cond_wait(&c, &err) == EPERM);
	}
	run_queue(&err, ms);

	init_typed(&rob, PTHREAD_MUTEX_NORMAL, 1, 0, 0);
	in_thread(die_holding, &rob);
	CHECK(pthread_mutex_lock(&rob) == EOWNERDEAD);
	CHECK(pthread_mutex_consistent(&rob) == 0);
	CHECK(pthread_mutex_unlock(&rob) == 0);
	CHECK(pthread_mutex_lock(&rob) == 0);
	pthread_mutex_unlock(&rob);

	init_typed(&pi, PTHREAD_MUTEX_NORMAL, 0, PTHREAD_PRIO_INHERIT, 0);
	CHECK(pthread_mutex_lock(&pi) == 0);
	CHECK(!served_while_locked(&pi));
	pthread_mutex_unlock(&pi);
	run_queue(&pi, ms);

	/* process-shared: parent and child count under one lock */
	sh = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
		  -1, 0);
	CHECK(sh != MAP_FAILED);
	if (sh == MAP_FAILED)
		return;
	shared_count = (long *)(void *)(sh + 1);
	init_typed(sh, PTHREAD_MUTEX_NORMAL, 0, 0, 1);
	pid = fork();
	if (pid == 0) {
		int i;

		for (i = 0; i < 100000; i++) {
			pthread_mutex_lock(sh);
			++*shared_count;
			pthread_mutex_unlock(sh);
		}
		_exit(0);
	}
	{
		int i;

		for (i = 0; i < 100000; i++) {
			pthread_mutex_lock(sh);
			++*shared_count;
			pthread_mutex_unlock(sh);
		}
	}
	CHECK(waitpid(pid, &st, 0) == pid && WIFEXITED(st) &&
	      WEXITSTATUS(st) == 0);
	CHECK(*shared_count == 200000);
	pthread_mutex_destroy(sh);
	munmap(sh, 4096);
	pthread_mutex_destroy(&rec);
	pthread_mutex_destroy(&err);
	pthread_mutex_destroy(&rob);
	pthread_mutex_destroy(&pi);
}

/* ---- the adaptive type is served like the default one ---------------- */

static void case_adaptive(long ms)
{
	pthread_mutex_t m;

	init_typed(&m, PTHREAD_MUTEX_ADAPTIVE_NP, 0, 0, 0);
	pthread_mutex_lock(&m);
	CHECK(served_while_locked(&m) == expect_served);
	pthread_mutex_unlock(&m);
	run_queue(&m, ms);
	CHECK(pthread_mutex_destroy(&m) == 0);
}

/* ---- fork: the child goes on, threads and all ------------------------ */

static pthread_mutex_t bg_lock = PTHREAD_MUTEX_INITIALIZER;
static long bg_count;	/* protected by bg_lock */
static int bg_stop;	/* protected by bg_lock */

static void *bg_worker(void *arg)
{
	long *mine = (long *)arg;
	int stop = 0;

	while (!stop) {
		pthread_mutex_lock(&bg_lock);
		bg_count++;
		++*mine;
		if ((bg_count & 15) == 0)
			sched_yield();	/* waiters park, heirs appear */
		stop = bg_stop;
		pthread_mutex_unlock(&bg_lock);
	}
	return NULL;
}

static void case_fork(long ms)
{
	pthread_t th[4];
	long mine[4] = { 0 }, sum = 0;
	int i, round, st;
	pid_t pid;

	/* Threads contend for bg_lock while we fork, again and again. */
	for (i = 0; i < 4; i++)
		pthread_create(&th[i], NULL, bg_worker, &mine[i]);
	for (round = 0; round < 3; round++) {
		pid = fork();
		if (pid == 0) {
			passed = failed = 0;
			case_static_counter(4, ms / 3);
			case_cond_timeouts();
			_exit(failed == 0 ? 0 : 1);
		}
		CHECK(pid > 0);
		CHECK(waitpid(pid, &st, 0) == pid && WIFEXITED(st) &&
		      WEXITSTATUS(st) == 0);
	}
	pthread_mutex_lock(&bg_lock);
	bg_stop = 1;
	pthread_mutex_unlock(&bg_lock);
	for (i = 0; i < 4; i++) {
		pthread_join(th[i], NULL);
		sum += mine[i];
	}
	CHECK(bg_count == sum);
}

/* ---- dlopen()ed code --------------------------------------------------- */

static void case_dlopen(const char *path)
{
	void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	long (*count)(int, int);
	int (*owner)(void);

	CHECK(h != NULL);
	if (h == NULL) {
		fprintf(stderr, "dlopen: %s\n", dlerror());
		return;
	}
	*(void **)&count = dlsym(h, "dlmod_count");
	*(void **)&owner = dlsym(h, "dlmod_owner_field");
	CHECK(count != NULL && owner != NULL);
	if (count == NULL || owner == NULL)
		return;
	CHECK((owner() == 0) == expect_served);
	CHECK(count(8, 20000) == 8 * 20000L);
	dlclose(h);
}

/* ---- the mix: a shared condvar with a served mutex ------------------- */

static int shared_cond_mix(void)
{
	pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
	pthread_condattr_t a;
	pthread_cond_t c;
	struct timespec t;

	pthread_condattr_init(&a);
	pthread_condattr_setpshared(&a, PTHREAD_PROCESS_SHARED);
	pthread_cond_init(&c, &a);
	pthread_mutex_lock(&m);
	pvs_test_in_ms(CLOCK_REALTIME, &t, 10);
	return pthread_cond_timedwait(&c, &m, &t) == ETIMEDOUT ? 0 : 1;
}

int main(int argc, char **argv)
{
	const char *e;

	if (argc >= 2 && strcmp(argv[1], "shared-cond") == 0)
		return shared_cond_mix();
	if (argc < 3 || strcmp(argv[1], "all") != 0) {
		fprintf(stderr, "usage: %s all DLMOD | shared-cond\n", argv[0]);
		return 2;
	}
	e = getenv("PVS_EXPECT_SERVED");
	expect_served = e != NULL && strcmp(e, "1") == 0;
	e = getenv("PVS_LOCK_STRESS_MS");
	if (e != NULL && atol(e) > 0)
		budget_ms = atol(e);
	case_static_counter(8, budget_ms / 5);
	case_cond_timeouts();
	{
		pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

		run_queue(&m, budget_ms / 5);
	}
	case_fallback_types(budget_ms / 10);
	case_adaptive(budget_ms / 10);
	case_fork(budget_ms / 5);
	case_dlopen(argv[2]);
	printf("preload_prog: %d passed, %d failed\n", passed, failed);
	return failed == 0 ? 0 : 1;
}
