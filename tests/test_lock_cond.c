// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * pvs_cond semantics and stress: signal with no waiter, signal wakes one,
 * broadcast wakes all, timed waits on both clocks (the mutex is held again
 * on ETIMEDOUT), bad deadlines, waits with a foreign lock, destroy after a
 * broadcast, and a producer/consumer queue under a storm of signals
 * (EINTR) whose totals must be exact. Spurious wake-ups are tolerated:
 * every waiter re-checks its predicate. PVS_LOCK_STRESS_MS (environment,
 * default 2000) bounds each stress test by wall time.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <pthread.h>
#include <cmocka.h>

#include <pvsched/lock.h>
#include "pvs_clock.h"

#ifdef PVS_LOCK_HELGRIND
#include <valgrind/helgrind.h>
#define ATOMIC_FLAG(p) ANNOTATE_BENIGN_RACE_SIZED(p, sizeof(*(p)), "atomic")
#else
#define ATOMIC_FLAG(p) ((void)(p))
#endif

#define NR_WAITERS 8
/* A wait the test expects to end, bounded so a lost wake-up fails. */
#define WAKE_LIMIT_S 20

static unsigned int budget_ms = 2000;

/* Wait (yielding) until *v reaches want; false after WAKE_LIMIT_S. */
static bool reaches(const int *v, int want)
{
	struct timespec lim;

	pvs_test_in_ms(CLOCK_MONOTONIC, &lim, WAKE_LIMIT_S * 1000L);
	while (__atomic_load_n(v, __ATOMIC_ACQUIRE) < want) {
		if (pvs_test_past(&lim))
			return false;
		sched_yield();
	}
	return true;
}

struct gate {
	struct pvs_mutex m;
	struct pvs_cond c;
	int tokens;	/* protected by m */
	int consumed;	/* atomic */
	int registered;	/* atomic: waiters about to wait */
};

static void *gate_waiter(void *arg)
{
	struct gate *g = (struct gate *)arg;

	pvs_mutex_lock(&g->m);
	__atomic_fetch_add(&g->registered, 1, __ATOMIC_RELEASE);
	while (g->tokens == 0)
		pvs_cond_wait(&g->c, &g->m);	/* spurious: loop again */
	g->tokens--;
	pvs_mutex_unlock(&g->m);
	__atomic_fetch_add(&g->consumed, 1, __ATOMIC_RELEASE);
	return NULL;
}

static void gate_start(struct gate *g, pthread_t *th, int n)
{
	int i;

	memset(g, 0, sizeof(*g));
	assert_int_equal(pvs_mutex_init(&g->m, PVS_MUTEX_NORMAL), 0);
	assert_int_equal(pvs_cond_init(&g->c, CLOCK_REALTIME), 0);
	ATOMIC_FLAG(&g->consumed);
	ATOMIC_FLAG(&g->registered);
	for (i = 0; i < n; i++)
		assert_int_equal(pthread_create(&th[i], NULL, gate_waiter, g),
				 0);
	assert_true(reaches(&g->registered, n));
	/* Registered under the mutex: once we hold it, they all wait. */
}

/* Hand @g's waiters @n tokens and wake them (one: signal, else
 * broadcast); returns with the mutex held. */
static void gate_give(struct gate *g, int n)
{
	pvs_mutex_lock(&g->m);
	g->tokens = n;
	if (n == 1)
		pvs_cond_signal(&g->c);
	else
		pvs_cond_broadcast(&g->c);
}

static void test_signal_no_waiter(void **state)
{
	struct pvs_cond c = PVS_COND_INITIALIZER;

	(void)state;
	assert_int_equal(pvs_cond_signal(&c), 0);
	assert_int_equal(pvs_cond_broadcast(&c), 0);
	assert_int_equal(c.seq, 0);	/* nothing to wake: no bump */
	assert_int_equal(pvs_cond_destroy(&c), 0);
	assert_int_equal(pvs_cond_init(&c, CLOCK_PROCESS_CPUTIME_ID), EINVAL);
	assert_int_equal(pvs_cond_init(NULL, CLOCK_REALTIME), EINVAL);
}

/* One token, one signal: exactly one waiter leaves; broadcast the rest. */
static void test_signal_then_broadcast(void **state)
{
	pthread_t th[NR_WAITERS];
	struct gate g;
	int i;

	(void)state;
	gate_start(&g, th, NR_WAITERS);
	gate_give(&g, 1);
	pvs_mutex_unlock(&g.m);
	assert_true(reaches(&g.consumed, 1));
	pvs_mutex_lock(&g.m);
	assert_int_equal(g.tokens, 0);
	assert_int_equal(__atomic_load_n(&g.consumed, __ATOMIC_ACQUIRE), 1);
	g.tokens = NR_WAITERS - 1;
	pvs_cond_broadcast(&g.c);
	pvs_mutex_unlock(&g.m);
	/* A broadcast that woke fewer than all would leave some asleep. */
	assert_true(reaches(&g.consumed, NR_WAITERS));
	for (i = 0; i < NR_WAITERS; i++)
		pthread_join(th[i], NULL);
	assert_int_equal(g.tokens, 0);
	assert_int_equal(pvs_cond_destroy(&g.c), 0);
	assert_int_equal(pvs_mutex_destroy(&g.m), 0);
}

/* POSIX: destroying right after a broadcast that woke every waiter. */
static void test_destroy_after_broadcast(void **state)
{
	pthread_t th[NR_WAITERS];
	struct gate g;
	int i;

	(void)state;
	gate_start(&g, th, NR_WAITERS);
	gate_give(&g, NR_WAITERS);
	assert_int_equal(pvs_cond_destroy(&g.c), 0);
	pvs_mutex_unlock(&g.m);
	for (i = 0; i < NR_WAITERS; i++)
		pthread_join(th[i], NULL);
	assert_int_equal(g.consumed, NR_WAITERS);
}

static void test_timedwait_both_clocks(void **state)
{
	static const int clocks[] = { CLOCK_REALTIME, CLOCK_MONOTONIC };
	struct pvs_mutex m = PVS_MUTEX_ERRORCHECK_INITIALIZER;
	struct pvs_cond c;
	struct timespec t;
	unsigned int i;

	(void)state;
	for (i = 0; i < 2; i++) {
		assert_int_equal(pvs_cond_init(&c, clocks[i]), 0);
		assert_int_equal(pvs_mutex_lock(&m), 0);
		pvs_test_in_ms(clocks[i], &t, 20);
		assert_int_equal(pvs_cond_timedwait(&c, &m, &t), ETIMEDOUT);
		/* held again: the error-checking unlock proves it */
		pvs_test_in_ms(clocks[i], &t, 20);
		assert_int_equal(pvs_cond_clockwait(&c, &m, clocks[i], &t),
				 ETIMEDOUT);
		t.tv_nsec = 1000000000L;
		assert_int_equal(pvs_cond_timedwait(&c, &m, &t), EINVAL);
		assert_int_equal(pvs_cond_clockwait(&c, &m,
						    CLOCK_PROCESS_CPUTIME_ID,
						    NULL), EINVAL);
		assert_int_equal(pvs_cond_timedwait(&c, &m, NULL), EINVAL);
		assert_int_equal(pvs_mutex_unlock(&m), 0);
		assert_int_equal(pvs_cond_destroy(&c), 0);
	}
	/* Waiting with a mutex we do not own fails at once. */
	assert_int_equal(pvs_cond_init(&c, CLOCK_REALTIME), 0);
	assert_int_equal(pvs_cond_wait(&c, &m), EPERM);
	assert_int_equal(c.nr_waiters, 0);
}

/* ---- a foreign lock: an error-checking pthread mutex ------------------ */

static int pt_unlock(void *arg)
{
	return pthread_mutex_unlock((pthread_mutex_t *)arg);
}

static int pt_lock(void *arg)
{
	return pthread_mutex_lock((pthread_mutex_t *)arg);
}

static void test_wait_with_foreign_lock(void **state)
{
	pthread_mutexattr_t a;
	pthread_mutex_t pm;
	struct pvs_cond c = PVS_COND_INITIALIZER;
	struct pvs_cond_lock lk = { pt_unlock, pt_lock, &pm };
	struct timespec t;

	(void)state;
	pthread_mutexattr_init(&a);
	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ERRORCHECK);
	pthread_mutex_init(&pm, &a);
	pthread_mutexattr_destroy(&a);
	pthread_mutex_lock(&pm);
	pvs_test_in_ms(CLOCK_MONOTONIC, &t, 10);
	assert_int_equal(pvs_cond_clockwait_with(&c, &lk, CLOCK_MONOTONIC, &t),
			 ETIMEDOUT);
	assert_int_equal(pthread_mutex_unlock(&pm), 0);	/* was held again */
	pthread_mutex_destroy(&pm);
}

/* ---- producer / consumer under signals -------------------------------- */

#define QUEUE_LEN 4

struct queue {
	struct pvs_mutex m;
	struct pvs_cond not_empty, not_full;
	uint64_t items[QUEUE_LEN];
	unsigned int head, len;	/* protected by m */
	uint64_t produced_sum, consumed_sum;	/* protected by m */
	uint64_t produced, consumed;	/* protected by m */
	int closed;	/* protected by m */
	struct timespec stop;
};

static void *producer(void *arg)
{
	struct queue *q = (struct queue *)arg;
	struct timespec t;
	uint64_t v = 1;
	int timed = 0;

	while (!pvs_test_past(&q->stop)) {
		pvs_mutex_lock(&q->m);
		while (q->len == QUEUE_LEN) {
			/* every other wait has a short deadline */
			if (timed ^= 1) {
				pvs_test_in_ms(CLOCK_REALTIME, &t, 1);
				pvs_cond_timedwait(&q->not_full, &q->m, &t);
			} else {
				pvs_cond_wait(&q->not_full, &q->m);
			}
		}
		q->items[(q->head + q->len++) % QUEUE_LEN] = v;
		q->produced++;
		q->produced_sum += v++;
		pvs_cond_signal(&q->not_empty);
		pvs_mutex_unlock(&q->m);
	}
	return NULL;
}

static void *consumer(void *arg)
{
	struct queue *q = (struct queue *)arg;

	pvs_mutex_lock(&q->m);
	for (;;) {
		while (q->len == 0 && !q->closed)
			pvs_cond_wait(&q->not_empty, &q->m);
		if (q->len == 0)
			break;
		q->consumed_sum += q->items[q->head];
		q->head = (q->head + 1) % QUEUE_LEN;
		q->len--;
		q->consumed++;
		pvs_cond_signal(&q->not_full);
	}
	pvs_mutex_unlock(&q->m);
	return NULL;
}

static int signals_seen;	/* atomic */

static void on_signal(int sig)
{
	(void)sig;
	__atomic_fetch_add(&signals_seen, 1, __ATOMIC_RELAXED);
}

/*
 * 2^32 wake-ups while a waiter is between reading the sequence and its
 * futex wait (descheduled there): the 32-bit futex word is back at the
 * value it read. The unlock callback, which runs in that window, leaves
 * what those wake-ups leave: seq as it was, seq_hi one up. The waiter
 * must not sleep through them.
 */
struct wrap {
	struct pvs_mutex m;
	struct pvs_cond c;
	int done;	/* atomic */
};

static int wrap_unlock(void *arg)
{
	struct wrap *w = (struct wrap *)arg;

	__atomic_fetch_add(&w->c.seq_hi, 1, __ATOMIC_SEQ_CST);
	return pvs_mutex_unlock(&w->m);
}

static int wrap_lock(void *arg)
{
	return pvs_mutex_lock(&((struct wrap *)arg)->m);
}

static void *wrap_waiter(void *arg)
{
	struct wrap *w = (struct wrap *)arg;
	const struct pvs_cond_lock lk = { wrap_unlock, wrap_lock, w };

	pvs_mutex_lock(&w->m);
	pvs_cond_clockwait_with(&w->c, &lk, CLOCK_MONOTONIC, NULL);
	pvs_mutex_unlock(&w->m);
	__atomic_store_n(&w->done, 1, __ATOMIC_RELEASE);
	return NULL;
}

static void test_seq_wrap(void **state)
{
	struct wrap w = { PVS_MUTEX_INITIALIZER, PVS_COND_INITIALIZER, 0 };
	pthread_t t;
	bool woke;

	(void)state;
	ATOMIC_FLAG(&w.done);
	/* A wake-up that wraps seq carries into seq_hi. */
	w.c.seq = UINT32_MAX;
	w.c.nr_waiters = 1;
	assert_int_equal(pvs_cond_signal(&w.c), 0);
	assert_int_equal(w.c.seq, 0);
	assert_int_equal(w.c.seq_hi, 1);
	w.c.nr_waiters = 0;
	assert_int_equal(pthread_create(&t, NULL, wrap_waiter, &w), 0);
	woke = reaches(&w.done, 1);
	pvs_cond_broadcast(&w.c);	/* free a waiter left asleep */
	pthread_join(t, NULL);
	assert_true(woke);
}

static void test_queue_under_signals(void **state)
{
	pthread_t prod[3], cons[3];
	struct sigaction act, old;
	struct timespec d = { 0, 100000 };
	struct queue *q;
	unsigned int i;

	(void)state;
	q = calloc(1, sizeof(*q));
	assert_non_null(q);
	memset(&act, 0, sizeof(act));
	act.sa_handler = on_signal;	/* no SA_RESTART: futexes see EINTR */
	sigemptyset(&act.sa_mask);
	assert_int_equal(sigaction(SIGUSR1, &act, &old), 0);
	ATOMIC_FLAG(&signals_seen);
	pvs_cond_init(&q->not_empty, CLOCK_MONOTONIC);
	pvs_test_in_ms(CLOCK_MONOTONIC, &q->stop, budget_ms);
	for (i = 0; i < 3; i++) {
		assert_int_equal(pthread_create(&prod[i], NULL, producer, q), 0);
		assert_int_equal(pthread_create(&cons[i], NULL, consumer, q), 0);
	}
	for (i = 0; !pvs_test_past(&q->stop); i++) {
		pthread_kill(i % 2 ? prod[i / 2 % 3] : cons[i / 2 % 3], SIGUSR1);
		nanosleep(&d, NULL);
	}
	for (i = 0; i < 3; i++)
		pthread_join(prod[i], NULL);
	pvs_mutex_lock(&q->m);
	q->closed = 1;
	pvs_cond_broadcast(&q->not_empty);
	pvs_mutex_unlock(&q->m);
	for (i = 0; i < 3; i++)
		pthread_join(cons[i], NULL);
	sigaction(SIGUSR1, &old, NULL);
	print_message("queue: %llu items, %d signals\n",
		      (unsigned long long)q->consumed,
		      __atomic_load_n(&signals_seen, __ATOMIC_RELAXED));
	assert_true(q->produced > 0);
	assert_int_equal(q->consumed, q->produced);
	assert_int_equal(q->consumed_sum, q->produced_sum);
	assert_int_equal(q->len, 0);
	assert_int_equal(q->not_empty.nr_waiters, 0);
	assert_int_equal(q->not_full.nr_waiters, 0);
	assert_int_equal(pvs_cond_destroy(&q->not_empty), 0);
	assert_int_equal(pvs_cond_destroy(&q->not_full), 0);
	free(q);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_signal_no_waiter),
		cmocka_unit_test(test_signal_then_broadcast),
		cmocka_unit_test(test_destroy_after_broadcast),
		cmocka_unit_test(test_timedwait_both_clocks),
		cmocka_unit_test(test_wait_with_foreign_lock),
		cmocka_unit_test(test_seq_wrap),
		cmocka_unit_test(test_queue_under_signals),
	};
	const char *env = getenv("PVS_LOCK_STRESS_MS");

	if (env != NULL && atoi(env) > 0)
		budget_ms = (unsigned int)atoi(env);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
