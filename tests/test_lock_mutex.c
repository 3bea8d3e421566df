// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * pvs_mutex semantics and stress: N threads increment a counter for a wall
 * time budget and the count ends exact, for 1..16 threads and both spin
 * policies; trylock, timedlock on both clocks, destroy, the error-checking
 * type; the handoff to a heir and its timeouts (a lost handoff and a heir
 * sleeping on a stale "handed" value were real bugs); waits interrupted by
 * signals; the owner's tid recorded for the oracle. No timing is asserted.
 *
 * PVS_LOCK_STRESS_MS (environment, default 2000) is the wall time of each
 * stress test, shared by its runs: the suite takes the same time on an idle
 * machine and on a loaded one (or under ThreadSanitizer and Helgrind).
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include <pvsched/admit.h>
#include <pvsched/lock.h>
#include "pvs_clock.h"
#include <pvsched/spin_rt.h>

#include "lock/lock_impl.h"

#define MAX_THREADS 16

#ifdef PVS_LOCK_HELGRIND
#include <valgrind/helgrind.h>
/* Test-side flags are atomics, which Helgrind does not model. */
#define ATOMIC_FLAG(p) ANNOTATE_BENIGN_RACE_SIZED(p, sizeof(*(p)), "atomic")
/* A join Helgrind does not intercept (pthread_timedjoin_np()). */
#define JOIN_BEFORE(p) ANNOTATE_HAPPENS_BEFORE(p)
#define JOIN_AFTER(p) ANNOTATE_HAPPENS_AFTER(p)
#else
#define ATOMIC_FLAG(p) ((void)(p))
#define JOIN_BEFORE(p) ((void)(p))
#define JOIN_AFTER(p) ((void)(p))
#endif

static unsigned int budget_ms = 2000;	/* per stress test */

struct shared {
	struct pvs_mutex lock;
	uint64_t counter;	/* protected by lock */
	uint64_t done_incs;	/* sum of the workers' own counts (atomic) */
	struct timespec stop;	/* CLOCK_MONOTONIC: workers stop here */
	int mode;		/* 0 lock, 1 trylock loop, 2 timedlock */
	unsigned int yield_mask; /* owner yields when (i & mask) == 0 */
	int errors;		/* protected by lock */
	int done;		/* workers finished (atomic) */
	int release;		/* workers may exit (atomic; 1 when unused) */
	pthread_barrier_t start;	/* all workers begin together */
};

static void add_seconds(struct timespec *ts, long s)
{
	clock_gettime(CLOCK_REALTIME, ts);
	ts->tv_sec += s;
}

static void stop_in(struct timespec *t, unsigned int ms)
{
	clock_gettime(CLOCK_MONOTONIC, t);
	t->tv_sec += ms / 1000;
	t->tv_nsec += (long)(ms % 1000) * 1000000L;
	if (t->tv_nsec >= 1000000000L) {
		t->tv_sec++;
		t->tv_nsec -= 1000000000L;
	}
}

static void *worker(void *arg)
{
	struct shared *sh = (struct shared *)arg;
	struct timespec far;
	uint64_t mine = 0;
	unsigned int i;
	int r;

	add_seconds(&far, 3600);
	pthread_barrier_wait(&sh->start);
	/* At least one round each; the clock is read every 64 rounds: the
	 * budget, not a count, ends the loop. */
	for (i = 0; i == 0 || (i & 63) != 0 || !pvs_test_past(&sh->stop); i++) {
		switch ((sh->mode + (int)i) % 3) {
		case 1:
			while ((r = pvs_mutex_trylock(&sh->lock)) == EBUSY)
				sched_yield();
			break;
		case 2:
			r = pvs_mutex_timedlock(&sh->lock, &far);
			break;
		default:
			r = pvs_mutex_lock(&sh->lock);
			break;
		}
		if (r != 0) {
			__atomic_fetch_add(&sh->errors, 1, __ATOMIC_RELAXED);
			continue;
		}
		sh->counter++;
		mine++;
		/* Now and then the owner gives up its CPU while holding the
		 * lock: waiters park, are woken, get beaten, become heirs. */
		if ((i & sh->yield_mask) == 0)
			sched_yield();
		pvs_mutex_unlock(&sh->lock);
	}
	__atomic_fetch_add(&sh->done_incs, mine, __ATOMIC_RELAXED);
	__atomic_fetch_add(&sh->done, 1, __ATOMIC_RELEASE);
	/* Stay alive (a signal target) until the signaller has stopped. */
	while (!__atomic_load_n(&sh->release, __ATOMIC_ACQUIRE))
		sched_yield();
	return NULL;
}

static void run_counter_yielding(struct pvrt_spin *ctx, unsigned int nthreads,
				 int mode, unsigned int yield_mask,
				 unsigned int ms)
{
	pthread_t th[MAX_THREADS];
	struct shared sh;
	unsigned int i;

	memset(&sh, 0, sizeof(sh));
	pvs_mutex_init(&sh.lock, PVS_MUTEX_NORMAL);
	sh.lock.spin = ctx;
	stop_in(&sh.stop, ms);
	sh.mode = mode;
	sh.yield_mask = yield_mask;
	sh.release = 1;
	ATOMIC_FLAG(&sh.errors);
	pthread_barrier_init(&sh.start, NULL, nthreads);
	for (i = 0; i < nthreads; i++)
		assert_int_equal(pthread_create(&th[i], NULL, worker, &sh), 0);
	for (i = 0; i < nthreads; i++)
		pthread_join(th[i], NULL);
	pthread_barrier_destroy(&sh.start);
	assert_int_equal(sh.errors, 0);
	assert_int_equal(sh.counter, sh.done_incs);
	assert_true(sh.counter >= nthreads);	/* each did at least one */
	assert_int_equal(sh.lock.state, 0);
	assert_int_equal(sh.lock.nr_spinning, 0);
	assert_int_equal(sh.lock.nr_sleepers, 0);
	assert_int_equal(sh.lock.handoff, 0);
}

static void run_counter(struct pvrt_spin *ctx, unsigned int nthreads, int mode,
			unsigned int ms)
{
	run_counter_yielding(ctx, nthreads, mode, 63u, ms);
}

static struct pvrt_spin ctx_pv, ctx_fixed;

static void test_counter_pv(void **state)
{
	unsigned int n;

	(void)state;
	for (n = 1; n <= MAX_THREADS; n++)
		run_counter(&ctx_pv, n, 0, budget_ms / MAX_THREADS);
}

static void test_counter_fixed(void **state)
{
	unsigned int n;

	(void)state;
	for (n = 1; n <= MAX_THREADS; n *= 2)
		run_counter(&ctx_fixed, n, 0, budget_ms / 5);
}

/*
 * Owners that often lose their CPU while holding the lock, all three call
 * kinds mixed: waiters park repeatedly and heirs come and go all the time.
 * This is the load that exposed a heir sleeping on a stale "handed" value
 * (a hang, caught by the test's timeout).
 */
static void test_counter_handoff_churn(void **state)
{
	(void)state;
	run_counter_yielding(&ctx_pv, 16, 1, 3u, budget_ms / 2);
	run_counter_yielding(&ctx_pv, 8, 0, 1u, budget_ms / 2);
}

static void test_counter_mixed_calls(void **state)
{
	(void)state;
	/* trylock, timedlock, lock in turn */
	run_counter(&ctx_pv, 4, 1, budget_ms / 2);
	run_counter(NULL, 8, 2, budget_ms / 2);	/* the process-wide context */
}

/* What a contender thread got from the lock calls it made on @l, held by
 * the test (its timed calls wait 20 ms on @clock). */
struct probe_arg {
	struct pvs_mutex *l;
	int clock;
	int trylock_ret;
	int timed_ret;
	int bad_ret;	/* a call with a bad deadline or clock */
};

static void *contender(void *arg)
{
	struct probe_arg *pa = (struct probe_arg *)arg;
	struct timespec ts;

	pa->trylock_ret = pvs_mutex_trylock(pa->l);
	pvs_test_in_ms(CLOCK_REALTIME, &ts, 20);
	pa->timed_ret = pvs_mutex_timedlock(pa->l, &ts);
	ts.tv_nsec = 1000000000L;
	pa->bad_ret = pvs_mutex_timedlock(pa->l, &ts);
	return NULL;
}

static void test_trylock_timedlock(void **state)
{
	struct pvs_mutex l = PVS_MUTEX_INITIALIZER;
	struct probe_arg pa;
	struct timespec past;
	pthread_t th;

	(void)state;
	assert_int_equal(pvs_mutex_trylock(&l), 0);
	assert_int_equal(l.state, 1);
	assert_int_equal(pvs_mutex_destroy(&l), EBUSY);	/* locked */
	assert_int_equal(pvs_mutex_trylock(&l), EBUSY);	/* not recursive */
	pa.l = &l;
	assert_int_equal(pthread_create(&th, NULL, contender, &pa), 0);
	pthread_join(th, NULL);
	assert_int_equal(pa.trylock_ret, EBUSY);
	assert_int_equal(pa.timed_ret, ETIMEDOUT);
	assert_int_equal(pa.bad_ret, EINVAL);
	pvs_mutex_unlock(&l);
	/* A timed-out sleeper may leave state 2; the unlock cleared it. */
	assert_int_equal(l.state, 0);
	assert_int_equal(pvs_mutex_trylock(&l), 0);
	pvs_mutex_unlock(&l);
	/* A deadline in the past does not matter when the lock is free. */
	clock_gettime(CLOCK_REALTIME, &past);
	past.tv_sec -= 10;
	assert_int_equal(pvs_mutex_timedlock(&l, &past), 0);
	pvs_mutex_unlock(&l);
}

/* ---- the handoff to a heir -------------------------------------------- */

struct heir_arg {
	struct pvs_mutex *l;
	const struct timespec *deadline;	/* NULL: pvs_mutex_lock() */
	int ret;	/* atomic: what the lock call returned (once returned) */
	int acquired;	/* atomic: it holds the lock */
	int returned;	/* atomic: the lock call returned */
	int release;	/* atomic */
};

static void *heir_main(void *arg)
{
	struct heir_arg *ha = (struct heir_arg *)arg;
	int r;

	r = ha->deadline ? pvs_mutex_timedlock(ha->l, ha->deadline) :
			   pvs_mutex_lock(ha->l);
	__atomic_store_n(&ha->ret, r, __ATOMIC_RELAXED);
	if (r == 0)
		__atomic_store_n(&ha->acquired, 1, __ATOMIC_RELEASE);
	__atomic_store_n(&ha->returned, 1, __ATOMIC_RELEASE);
	if (r != 0)
		return NULL;
	while (!__atomic_load_n(&ha->release, __ATOMIC_ACQUIRE))
		sched_yield();
	pvs_mutex_unlock(ha->l);
	return NULL;
}

static void heir_start(struct pvs_mutex *l, struct heir_arg *ha, pthread_t *th,
		       const struct timespec *deadline)
{
	pvs_mutex_init(l, PVS_MUTEX_NORMAL);
	l->spin = &ctx_pv;
	memset(ha, 0, sizeof(*ha));
	ha->l = l;
	ha->deadline = deadline;
	ATOMIC_FLAG(&l->handoff);	/* the test reads them too */
	ATOMIC_FLAG(&l->nr_sleepers);
	ATOMIC_FLAG(&ha->ret);
	ATOMIC_FLAG(&ha->acquired);
	ATOMIC_FLAG(&ha->returned);
	ATOMIC_FLAG(&ha->release);
	assert_int_equal(pvs_mutex_lock(l), 0);
	assert_int_equal(pthread_create(th, NULL, heir_main, ha), 0);
}

/*
 * With the lock held and the contender started, keep barging (unlock,
 * relock at once) until the contender has parked twice and claimed the
 * heir's slot. Returns 1 when we own the lock and it has an heir, 0 when
 * the contender won a race or its lock call returned (the round proves
 * nothing; the lock is then not ours).
 */
static int make_heir(struct pvs_mutex *l, struct heir_arg *ha)
{
	unsigned int i;

	for (i = 0; i < 100000; i++) {
		if ((__atomic_load_n(&l->handoff, __ATOMIC_ACQUIRE) & 3u) == 1)
			return 1;
		if (__atomic_load_n(&ha->returned, __ATOMIC_ACQUIRE))
			break;
		if (__atomic_load_n(&l->nr_sleepers, __ATOMIC_ACQUIRE) == 0) {
			sched_yield();
			continue;
		}
		pvs_mutex_unlock(l);	/* wakes the sleeper */
		if (pvs_mutex_trylock(l) != 0)
			return 0;	/* it won the race */
		/* Let it run (it may share our CPU) and find the lock
		 * taken: it uncounts itself when woken. */
		while (__atomic_load_n(&l->nr_sleepers, __ATOMIC_ACQUIRE) != 0 &&
		       (__atomic_load_n(&l->handoff, __ATOMIC_ACQUIRE) & 3u) == 0 &&
		       !__atomic_load_n(&ha->returned, __ATOMIC_ACQUIRE) &&
		       ++i < 100000)
			sched_yield();
	}
	if ((__atomic_load_n(&l->handoff, __ATOMIC_ACQUIRE) & 3u) == 1)
		return 1;
	pvs_mutex_unlock(l);
	return 0;
}

/* Let the contender go, join it, and check the lock is clean and free. */
static void heir_finish(struct pvs_mutex *l, struct heir_arg *ha, pthread_t th)
{
	__atomic_store_n(&ha->release, 1, __ATOMIC_RELEASE);
	pthread_join(th, NULL);
	assert_int_equal(l->state, 0);
	assert_int_equal(l->handoff, 0);
	assert_int_equal(l->nr_sleepers, 0);
	assert_int_equal(pvs_mutex_trylock(l), 0);
	pvs_mutex_unlock(l);
}

static void wait_returned(struct heir_arg *ha)
{
	while (!__atomic_load_n(&ha->returned, __ATOMIC_ACQUIRE))
		sched_yield();
}

/*
 * The heir tests need a heir to form before its deadline (second park,
 * 4 ms after the first), which a ThreadSanitizer build on a loaded
 * machine may not manage: .ci/sanitize.sh sets PVS_LOCK_NO_TIMING=1 and
 * the plain build runs them.
 */
static bool skip_timing(void)
{
	const char *env = getenv("PVS_LOCK_NO_TIMING");

	return env != NULL && env[0] == '1';
}

/* One round of heir_rounds(): the lock, ours, and its heir waiting. */
struct heir_round {
	struct pvs_mutex l;
	struct heir_arg ha;
	struct timespec deadline;	/* the heir's, when it has one */
	unsigned int round;
	int got, timed_out;	/* tallies the rounds may keep */
};

/*
 * Up to 1000 rounds of: lock, start a contender (its deadline
 * @deadline_ms from now, none when 0), make it the heir and pass the round
 * to @fn; a round where no heir forms proves nothing and is skipped. Ends
 * when @fn returns true; returns whether it did. @timed: the round needs
 * the heir within its deadline, so the test is skipped where timing is
 * not kept (skip_timing()).
 */
static bool heir_rounds(struct heir_round *r, long deadline_ms, bool timed,
			bool (*fn)(struct heir_round *r))
{
	pthread_t th;
	bool done = false;

	if (timed && skip_timing())
		skip();
	memset(r, 0, sizeof(*r));
	for (r->round = 0; r->round < 1000 && !done; r->round++) {
		if (deadline_ms > 0)
			pvs_test_in_ms(CLOCK_REALTIME, &r->deadline,
				       deadline_ms);
		heir_start(&r->l, &r->ha, &th,
			   deadline_ms > 0 ? &r->deadline : NULL);
		if (make_heir(&r->l, &r->ha))
			done = fn(r);
		heir_finish(&r->l, &r->ha, th);
	}
	return done;
}

/* From the heir's claim on, unlock must hand over: no trylock gets in. */
static bool handoff_round(struct heir_round *r)
{
	pvs_mutex_unlock(&r->l);
	assert_int_equal(pvs_mutex_trylock(&r->l), EBUSY);
	while (!__atomic_load_n(&r->ha.acquired, __ATOMIC_ACQUIRE))
		sched_yield();
	assert_int_equal(__atomic_load_n(&r->ha.ret, __ATOMIC_RELAXED), 0);
	assert_int_equal(pvs_mutex_trylock(&r->l), EBUSY);
	assert_int_equal(__atomic_load_n(&r->l.handoff, __ATOMIC_ACQUIRE), 0);
	return true;
}

/*
 * A heir whose deadline passes while we still hold the lock gives up its
 * claim: ETIMEDOUT, the handoff slot is free again, and our unlock frees
 * the lock for anyone instead of reserving it for a thread that left.
 * The contender must become the heir within its 200 ms: under a sanitizer
 * on a loaded machine it may not in any round (timed).
 */
static bool times_out_round(struct heir_round *r)
{
	wait_returned(&r->ha);	/* we never unlock before */
	assert_int_equal(__atomic_load_n(&r->ha.ret, __ATOMIC_RELAXED),
			 ETIMEDOUT);
	assert_int_equal(__atomic_load_n(&r->l.handoff, __ATOMIC_ACQUIRE), 0);
	pvs_mutex_unlock(&r->l);
	return true;
}

/*
 * The race between a grant and the heir's timeout: unlock (which grants)
 * at times around the heir's deadline, from well before to well after.
 * Whatever wins, the outcome must be consistent: either the heir returns
 * 0 and owns the lock, or it returns ETIMEDOUT and the lock is free; never
 * a lock reserved for a thread that left, never two owners. At least 40
 * rounds, until both outcomes were seen.
 */
static bool race_round(struct heir_round *r)
{
	/* -4 ms .. +3.8 ms around the deadline, early and late in turn so
	 * that a loaded machine still sees both sides */
	long offset_us = (r->round % 2 ? 0 : -4000) +
			 (long)(r->round % 20) * 200;
	struct timespec at = r->deadline;

	at.tv_nsec += offset_us * 1000L;
	if (at.tv_nsec < 0) {
		at.tv_sec--;
		at.tv_nsec += 1000000000L;
	} else if (at.tv_nsec >= 1000000000L) {
		at.tv_sec++;
		at.tv_nsec -= 1000000000L;
	}
	while (clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &at,
			       NULL) == EINTR)
		;
	pvs_mutex_unlock(&r->l);
	wait_returned(&r->ha);
	if (__atomic_load_n(&r->ha.ret, __ATOMIC_RELAXED) == 0) {
		/* It owns the lock until we release it. */
		assert_int_equal(pvs_mutex_trylock(&r->l), EBUSY);
		r->got++;
	} else {
		assert_int_equal(__atomic_load_n(&r->ha.ret, __ATOMIC_RELAXED),
				 ETIMEDOUT);
		r->timed_out++;
	}
	return r->round + 1 >= 40 && r->got > 0 && r->timed_out > 0;
}

static void test_heir_timeout_races_grant(void **state)
{
	struct heir_round r;

	(void)state;
	heir_rounds(&r, 50, true, race_round);
	print_message("heir vs grant: %d got the lock, %d timed out\n", r.got,
		      r.timed_out);
	/* Early unlocks are granted, late ones find the heir gone. */
	assert_true(r.got > 0);
	assert_true(r.timed_out > 0);
}

/* ---- waits interrupted by signals ------------------------------------- */

static int signals_seen;	/* atomic: handlers run in every worker */

static void on_signal(int sig)
{
	(void)sig;
	__atomic_fetch_add(&signals_seen, 1, __ATOMIC_RELAXED);
}

struct sig_arg {
	pthread_t *targets;
	unsigned int n;
	int stop;
};

static void *signaller(void *arg)
{
	struct sig_arg *sa = (struct sig_arg *)arg;
	struct timespec d = { 0, 50000 };
	unsigned int i = 0;

	while (!__atomic_load_n(&sa->stop, __ATOMIC_ACQUIRE)) {
		pthread_kill(sa->targets[i++ % sa->n], SIGUSR1);
		nanosleep(&d, NULL);
	}
	return NULL;
}

static void test_signals_during_waits(void **state)
{
	pthread_t th[8], sig;
	struct sigaction act, old;
	struct shared sh;
	struct sig_arg sa;
	unsigned int i;

	(void)state;
	memset(&act, 0, sizeof(act));
	act.sa_handler = on_signal;	/* no SA_RESTART: futex gets EINTR */
	sigemptyset(&act.sa_mask);
	assert_int_equal(sigaction(SIGUSR1, &act, &old), 0);
	memset(&sh, 0, sizeof(sh));
	pvs_mutex_init(&sh.lock, PVS_MUTEX_NORMAL);
	sh.lock.spin = &ctx_pv;
	stop_in(&sh.stop, budget_ms);
	sh.mode = 0;
	sh.yield_mask = 63u;
	ATOMIC_FLAG(&sh.errors);
	ATOMIC_FLAG(&sh.done);
	ATOMIC_FLAG(&sh.release);
	ATOMIC_FLAG(&sa.stop);
	ATOMIC_FLAG(&signals_seen);
	pthread_barrier_init(&sh.start, NULL, 8);
	for (i = 0; i < 8; i++)
		assert_int_equal(pthread_create(&th[i], NULL, worker, &sh), 0);
	sa.targets = th;
	sa.n = 8;
	sa.stop = 0;
	assert_int_equal(pthread_create(&sig, NULL, signaller, &sa), 0);
	while (__atomic_load_n(&sh.done, __ATOMIC_ACQUIRE) < 8)
		sched_yield();
	__atomic_store_n(&sa.stop, 1, __ATOMIC_RELEASE);
	pthread_join(sig, NULL);
	__atomic_store_n(&sh.release, 1, __ATOMIC_RELEASE);
	for (i = 0; i < 8; i++)
		pthread_join(th[i], NULL);
	pthread_barrier_destroy(&sh.start);
	sigaction(SIGUSR1, &old, NULL);
	assert_int_equal(sh.errors, 0);
	assert_int_equal(sh.counter, sh.done_incs);
	assert_true(__atomic_load_n(&signals_seen, __ATOMIC_RELAXED) > 0);
}

/* ---- clocks, types, fork ----------------------------------------------- */

static void *clock_contender(void *arg)
{
	struct probe_arg *ca = (struct probe_arg *)arg;
	struct timespec ts;

	pvs_test_in_ms(ca->clock, &ts, 20);
	ca->timed_ret = pvs_mutex_clocklock(ca->l, ca->clock, &ts);
	ca->bad_ret = pvs_mutex_clocklock(ca->l, CLOCK_PROCESS_CPUTIME_ID, &ts);
	return NULL;
}

/* Deadlines on both clocks time out; other clocks are EINVAL. */
static void test_clocklock_both_clocks(void **state)
{
	static const int clocks[] = { CLOCK_REALTIME, CLOCK_MONOTONIC };
	struct pvs_mutex m = PVS_MUTEX_INITIALIZER;
	struct probe_arg ca;
	struct timespec ts;
	pthread_t th;
	unsigned int i;

	(void)state;
	assert_int_equal(pvs_mutex_lock(&m), 0);
	for (i = 0; i < 2; i++) {
		memset(&ca, 0, sizeof(ca));
		ca.l = &m;
		ca.clock = clocks[i];
		assert_int_equal(pthread_create(&th, NULL, clock_contender, &ca),
				 0);
		pthread_join(th, NULL);
		assert_int_equal(ca.timed_ret, ETIMEDOUT);
		assert_int_equal(ca.bad_ret, EINVAL);
	}
	assert_int_equal(pvs_mutex_unlock(&m), 0);
	/* A free mutex is taken whatever the deadline says. */
	clock_gettime(CLOCK_MONOTONIC, &ts);
	ts.tv_sec -= 10;
	assert_int_equal(pvs_mutex_clocklock(&m, CLOCK_MONOTONIC, &ts), 0);
	assert_int_equal(pvs_mutex_unlock(&m), 0);
	assert_int_equal(pvs_mutex_destroy(&m), 0);
}

static void *foreign_unlock(void *arg)
{
	return (void *)(intptr_t)pvs_mutex_unlock((struct pvs_mutex *)arg);
}

static void test_errorcheck(void **state)
{
	struct pvs_mutex m = PVS_MUTEX_ERRORCHECK_INITIALIZER, n;
	pthread_t th;
	void *ret;

	(void)state;
	assert_int_equal(pvs_mutex_unlock(&m), EPERM);	/* not locked */
	assert_int_equal(pvs_mutex_lock(&m), 0);
	assert_int_equal(pvs_mutex_lock(&m), EDEADLK);
	assert_int_equal(pvs_mutex_trylock(&m), EBUSY);
	assert_int_equal(pthread_create(&th, NULL, foreign_unlock, &m), 0);
	pthread_join(th, &ret);
	assert_int_equal((int)(intptr_t)ret, EPERM);
	assert_int_equal(pvs_mutex_unlock(&m), 0);
	assert_int_equal(pvs_mutex_unlock(&m), EPERM);
	assert_int_equal(pvs_mutex_init(&n, 7), EINVAL);
	assert_int_equal(pvs_mutex_init(NULL, PVS_MUTEX_NORMAL), EINVAL);
	assert_int_equal(pvs_mutex_init(&n, PVS_MUTEX_ERRORCHECK), 0);
	assert_int_equal(pvs_mutex_lock(&n), 0);
	assert_int_equal(pvs_mutex_lock(&n), EDEADLK);
	assert_int_equal(pvs_mutex_unlock(&n), 0);
}

/* All-zero memory is a free mutex (what the preload relies on). */
static void test_zeroed_memory(void **state)
{
	struct pvs_mutex m;

	(void)state;
	memset(&m, 0, sizeof(m));
	assert_int_equal(pvs_mutex_trylock(&m), 0);
	assert_int_equal(pvs_mutex_trylock(&m), EBUSY);
	assert_int_equal(pvs_mutex_unlock(&m), 0);
	assert_int_equal(pvs_mutex_destroy(&m), 0);
	assert_true(sizeof(struct pvs_mutex) <= 40);
}

/*
 * fork() while we own the lock and another thread is its heir: in the
 * child that heir does not exist, so the child's unlock must free the lock
 * (not hand it to no one) and the child can take it again.
 */
static bool fork_round(struct heir_round *r)
{
	int status;
	pid_t pid = fork();

	assert_true(pid >= 0);
	if (pid == 0) {
		pvs_mutex_unlock(&r->l);
		_exit(pvs_mutex_trylock(&r->l) == 0 &&
			      pvs_mutex_unlock(&r->l) == 0 ?
			      0 : 1);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	pvs_mutex_unlock(&r->l);	/* hands over in the parent */
	return true;
}

/* A heir test whose first round with a heir proves its point. */
struct heir_proof {
	long deadline_ms;	/* the heir's deadline, 0 for none */
	bool timed;		/* heir_rounds()'s @timed */
	bool (*round)(struct heir_round *r);
};

static const struct heir_proof handoff_to_heir = { 0, true, handoff_round };
static const struct heir_proof heir_times_out = { 200, true,
						  times_out_round };
static const struct heir_proof fork_with_heir = { 0, false, fork_round };

static void test_heir_proof(void **state)
{
	const struct heir_proof *p = (const struct heir_proof *)*state;
	struct heir_round r;

	assert_true(heir_rounds(&r, p->deadline_ms, p->timed, p->round));
}

/* A cmocka test named @name running test_heir_proof() over @proof. */
#define HEIR_PROOF(name, proof)                                            \
	{ name, test_heir_proof, NULL, NULL, (void *)&(proof) }

static void *take_and_report(void *arg)
{
	struct pvs_mutex *m = (struct pvs_mutex *)arg;
	uint32_t seen;

	pvs_mutex_lock(m);
	seen = m->owner_tid;
	pvs_mutex_unlock(m);
	return (void *)(uintptr_t)(seen == pvrt_spin_this_tid() ? seen : 0);
}

/*
 * Every type records its owner's tid (what pvrt_spin_wait_for() asks the
 * oracle about) and unlock clears it; a fork() child records its own tid,
 * not the forking thread's cached one.
 */
static void test_owner_tid(void **state)
{
	struct pvs_mutex m = PVS_MUTEX_INITIALIZER;
	pthread_t th;
	void *other;
	int status;
	pid_t pid;

	(void)state;
	assert_int_equal(pvs_mutex_lock(&m), 0);
	assert_int_equal(m.owner_tid, (uint32_t)gettid());
	assert_int_equal(pvs_mutex_unlock(&m), 0);
	assert_int_equal(m.owner_tid, 0);
	assert_int_equal(pthread_create(&th, NULL, take_and_report, &m), 0);
	pthread_join(th, &other);
	assert_true((uintptr_t)other != 0);
	assert_true((uintptr_t)other != (uint32_t)gettid());
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		pvs_mutex_lock(&m);
		_exit(m.owner_tid == (uint32_t)gettid() ? 0 : 1);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
}

static void test_stats_count(void **state)
{
	struct pvs_mutex m = PVS_MUTEX_INITIALIZER;
	struct pvs_lock_stats a, b;

	(void)state;
	pvs_lock_stats_enable(1);
	pvs_lock_stats_read(&a);
	assert_int_equal(pvs_mutex_lock(&m), 0);
	assert_int_equal(pvs_mutex_unlock(&m), 0);
	assert_int_equal(pvs_mutex_trylock(&m), 0);
	assert_int_equal(pvs_mutex_unlock(&m), 0);
	pvs_lock_stats_read(&b);
	pvs_lock_stats_enable(0);
	assert_true(b.acquisitions - a.acquisitions >= 2);
	assert_int_equal(pvs_lock_set_policy(12345), EINVAL);
}

/*
 * Concurrency restriction and its rotation. A waiter counted as spinning
 * that never takes the lock (here a count we set; on an oversubscribed
 * machine, a spinner descheduled for a long while) fills the active set
 * (bound 1 on 2 CPUs), so our unlock does not wake the sleeper; the
 * rotation bound (PVS_ADMIT_ROTATE_NS, 4 ms) must still let it in.
 * Without it the sleeper sleeps until its 20 s deadline (and then takes
 * the free lock), so we wait 10 s at most: a liveness bound 2500 times the
 * rotation bound, not a timing assertion.
 */
struct rot_arg {
	struct pvs_mutex *m;
	int ret;	/* atomic: -1 until the timedlock returns */
};

static void *rot_sleeper(void *arg)
{
	struct rot_arg *ra = (struct rot_arg *)arg;
	struct timespec t;
	int r;

	pvs_test_in_ms(CLOCK_REALTIME, &t, 20000);
	r = pvs_mutex_timedlock(ra->m, &t);
	if (r == 0)
		pvs_mutex_unlock(ra->m);
	__atomic_store_n(&ra->ret, r, __ATOMIC_RELEASE);
	return NULL;
}

static void test_rotation_admits_sleeper(void **state)
{
	static struct pvrt_spin ctx2;
	struct pvs_mutex m = PVS_MUTEX_INITIALIZER;
	struct rot_arg ra = { &m, -1 };
	struct timespec limit;
	pthread_t th;

	(void)state;
	ATOMIC_FLAG(&ra.ret);
	ATOMIC_FLAG(&m.nr_spinning);
	ctx2 = ctx_pv;
	ctx2.nr_allowed = 2;	/* bound 1 whatever this machine has */
	ctx2.oracle = NULL;
	m.spin = &ctx2;
	assert_int_equal(pvs_mutex_lock(&m), 0);
	__atomic_store_n(&m.nr_spinning, 1, __ATOMIC_SEQ_CST);
	assert_int_equal(pthread_create(&th, NULL, rot_sleeper, &ra), 0);
	while (__atomic_load_n(&m.nr_sleepers, __ATOMIC_ACQUIRE) == 0)
		sched_yield();
	assert_int_equal(pvs_mutex_unlock(&m), 0);
	pvs_test_in_ms(CLOCK_MONOTONIC, &limit, 10000);
	while (__atomic_load_n(&ra.ret, __ATOMIC_ACQUIRE) == -1 &&
	       !pvs_test_past(&limit))
		usleep(1000);
	assert_int_equal(__atomic_load_n(&ra.ret, __ATOMIC_ACQUIRE), 0);
	pthread_join(th, NULL);
	__atomic_store_n(&m.nr_spinning, 0, __ATOMIC_SEQ_CST);
	assert_int_equal(pvs_mutex_destroy(&m), 0);
}

/*
 * Sleepers behind one long hold do not wake every rotation bound. Eight
 * waiters queue behind a lock we hold for 200 ms while asleep. The first
 * to park is the timekeeper: it wakes at its 4 ms bound and parks again,
 * which makes it the heir (it then sleeps the longest bound, 64 ms); the
 * seven others found the timekeeper there and sleep the longest bound
 * from the start: 64, 128, 192 ms, about 4 parks each in 200 ms and one
 * more to get the lock after it (36 here). When every sleeper kept its
 * own bound, the others found the slot taken and looked again after 4, 8,
 * 16, 32, then every 64 ms: about 7 parks each (61 here); a bound re-armed
 * every 4 ms parked each at least 50 times (the wake-up storm of stress-ng
 * --pthread, 64 threads behind one long hold). The count is set by the
 * waiters' clocks, not by how fast this machine runs them (a late waiter
 * parks fewer times, not more): 6 per waiter passes the first and fails
 * the other two.
 */
#define STORM_WAITERS 8
#define STORM_HOLD_MS 200

static void *storm_waiter(void *arg)
{
	struct pvs_mutex *m = (struct pvs_mutex *)arg;

	assert_int_equal(pvs_mutex_lock(m), 0);
	assert_int_equal(pvs_mutex_unlock(m), 0);
	return NULL;
}

static void test_long_hold_no_wake_storm(void **state)
{
	static struct pvrt_spin ctx2;
	struct pvs_mutex m = PVS_MUTEX_INITIALIZER;
	pthread_t th[STORM_WAITERS];
	struct pvs_lock_stats a, b;
	unsigned int i;

	(void)state;
	ctx2 = ctx_pv;
	ctx2.nr_allowed = 2;	/* bound 1 whatever this machine has */
	ctx2.oracle = NULL;
	m.spin = &ctx2;
	pvs_lock_stats_enable(1);
	pvs_lock_stats_read(&a);
	assert_int_equal(pvs_mutex_lock(&m), 0);
	for (i = 0; i < STORM_WAITERS; i++)
		assert_int_equal(pthread_create(&th[i], NULL, storm_waiter, &m),
				 0);
	usleep(STORM_HOLD_MS * 1000);
	assert_int_equal(pvs_mutex_unlock(&m), 0);
	for (i = 0; i < STORM_WAITERS; i++)
		pthread_join(th[i], NULL);
	pvs_lock_stats_read(&b);
	pvs_lock_stats_enable(0);
	print_message("long hold: %u waiters, %llu parks\n", STORM_WAITERS,
		      (unsigned long long)(b.parks - a.parks));
	assert_true(b.parks - a.parks >= STORM_WAITERS);
	assert_true(b.parks - a.parks <= 6u * STORM_WAITERS);
	assert_int_equal(pvs_mutex_destroy(&m), 0);
}

/*
 * With less than 2 CPUs (a 1-CPU quota on 2 CPUs, or a 1-CPU machine) an
 * unlocker that is back sooner than a wake-up keeps the lock's only CPU:
 * the admission rule says RELEASER_BACK, the wake is skipped, and the
 * other thread comes in by rotation. Two threads take and release one
 * lock as fast as they can for 40 ms. Before the rule, every contended
 * unlock that found no spinner woke the other thread, which lost the race
 * and parked again: thousands of parks (one per wake-up round trip, a few
 * us). Now the holder keeps the lock until the sleeper's rotation bound
 * (4 ms) makes it the heir: a few parks per bound, about 40 in all; 400
 * leaves room for a slow machine. Then one thread stops after a quick
 * release (its wake skipped too) and leaves the lock free: the other must
 * still find it, by its bound; 10 s is a liveness limit 2500 times the
 * bound, not a timing assertion.
 */
#define ONE_CPU_MS 40

struct one_cpu_arg {
	struct pvs_mutex *m;
	int stop;		/* atomic */
	uint64_t turns;		/* acquisitions */
};

static void *one_cpu_cycler(void *arg)
{
	struct one_cpu_arg *oa = (struct one_cpu_arg *)arg;

	while (!__atomic_load_n(&oa->stop, __ATOMIC_ACQUIRE)) {
		assert_int_equal(pvs_mutex_lock(oa->m), 0);
		oa->turns++;
		assert_int_equal(pvs_mutex_unlock(oa->m), 0);
	}
	JOIN_BEFORE(oa);
	return NULL;
}

static void test_one_cpu_releaser_keeps_lock(void **state)
{
	static struct pvrt_spin ctx1;
	struct pvs_mutex m = PVS_MUTEX_INITIALIZER;
	struct one_cpu_arg oa = { &m, 0, 0 };
	struct pvs_lock_stats a, b;
	struct timespec limit;
	uint64_t end_ns, turns = 0;
	pthread_t th;

	(void)state;
	ATOMIC_FLAG(&oa.stop);
	ctx1 = ctx_pv;
	ctx1.nr_allowed = 1;	/* less than 2 CPUs whatever this has */
	ctx1.quota_mcpus = 0;
	ctx1.oracle = NULL;
	m.spin = &ctx1;
	pvs_lock_stats_enable(1);
	pvs_lock_stats_read(&a);
	assert_int_equal(pthread_create(&th, NULL, one_cpu_cycler, &oa), 0);
	end_ns = pvs_test_mono_ns() + ONE_CPU_MS * 1000000ull;
	while (pvs_test_mono_ns() < end_ns) {
		assert_int_equal(pvs_mutex_lock(&m), 0);
		turns++;
		assert_int_equal(pvs_mutex_unlock(&m), 0);
	}
	pvs_lock_stats_read(&b);
	pvs_lock_stats_enable(0);
	/* Our last release was quick: the other thread may be asleep with
	 * its wake skipped, and must find the free lock by its bound. */
	__atomic_store_n(&oa.stop, 1, __ATOMIC_RELEASE);
	pvs_test_in_ms(CLOCK_REALTIME, &limit, 10000);
	assert_int_equal(pthread_timedjoin_np(th, NULL, &limit), 0);
	JOIN_AFTER(&oa);
	print_message("one CPU: %llu and %llu turns, %llu parks\n",
		      (unsigned long long)turns, (unsigned long long)oa.turns,
		      (unsigned long long)(b.parks - a.parks));
	assert_true(b.parks - a.parks <= 200);
	assert_int_equal(pvs_mutex_destroy(&m), 0);
}

/*
 * A thread about to block elsewhere (the preload's wait of a
 * process-shared condition variable with a private mutex, a semaphore)
 * releases with pvs_mutex_unlock_to_wait(): with less than 2 CPUs its
 * unlock must not take it for a releaser that is back in a moment. The
 * wake question is asked as an unlock with a sleeper counted would ask
 * it (a counted sleeper stands in for a real one: this is the decision,
 * not the futex): a first release wakes; the same thread's next release
 * less than the round trip (1 ms here) later does not; after
 * pvs_mutex_unlock_to_wait() the next one wakes again. The counted
 * sleeper is the timekeeper; without one, no release skips its wake (the
 * other sleepers may be sleeping the longest bound).
 */
static void test_unlock_to_wait_forgets_release(void **state)
{
	static struct pvrt_spin ctx1;
	struct pvs_mutex m = PVS_MUTEX_INITIALIZER;
	unsigned int tries = 0;
	int back;

	(void)state;
	ctx1 = ctx_pv;
	ctx1.nr_allowed = 1;
	ctx1.quota_mcpus = 0;
	ctx1.oracle = NULL;
	ctx1.ctxsw_ns = 1000000;
	m.spin = &ctx1;
	m.nr_sleepers = 1 | LOCK_SLEEPERS_TIMEKEEPER;
	do {	/* two asks 1 ms apart only if this thread was preempted */
		assert_int_equal(pvs_mutex_lock(&m), 0);
		assert_int_equal(pvs_mutex_unlock_to_wait(&m), 0);
		assert_true(lock_admit_wake(&m));
		back = !lock_admit_wake(&m);
	} while (!back && ++tries < 100);
	assert_true(back);
	assert_int_equal(pvs_mutex_lock(&m), 0);
	assert_int_equal(pvs_mutex_unlock_to_wait(&m), 0);
	assert_true(lock_admit_wake(&m));
	/* No timekeeper: the quick release wakes too. */
	m.nr_sleepers = 1;
	tries = 0;
	do {
		assert_int_equal(pvs_mutex_lock(&m), 0);
		assert_int_equal(pvs_mutex_unlock(&m), 0);
		assert_true(lock_admit_wake(&m));
		back = lock_admit_wake(&m);
	} while (!back && ++tries < 100);
	assert_true(back);
	m.nr_sleepers = 0;
	assert_int_equal(pvs_mutex_destroy(&m), 0);
}

/* A throttle source that reports one sample again and again, counting
 * the reads. */
struct one_sample {
	struct pvrt_throttle_sample v;
	unsigned int reads;
};

static int one_read(void *arg, struct pvrt_throttle_sample *out)
{
	struct one_sample *o = (struct one_sample *)arg;

	o->reads++;
	*out = o->v;
	o->v.nr_periods += 10;
	o->v.throttled_ns += 500000000u;	/* 0.5 s of 2 s: 25 % */
	return 1;
}

/*
 * The admission rule sees the quota and the throttled share the spin
 * context has (a 1.5-CPU limit throttled 25 %: 1125 effective mCPUs, one
 * active contender where the affinity alone allowed three), and asking
 * it reads nothing: the cached values only.
 */
static void test_admit_inputs_from_throttle(void **state)
{
	static struct pvrt_spin ctx2;
	struct one_sample o = { { 1000, 20000000000ull, 100000, 2, 1500 }, 0 };
	struct pvrt_throttle_source src = { one_read, &o, "one" };
	struct pvs_mutex m = PVS_MUTEX_INITIALIZER;
	struct pvs_admit_in in;
	struct pvs_admit_out out;
	unsigned int reads;

	(void)state;
	ctx2 = ctx_pv;
	ctx2.nr_allowed = 4;
	ctx2.quota_mcpus = 0;	/* whatever this machine's cgroup has */
	ctx2.steal_period_ns = 0;
	assert_int_equal(pvrt_spin_set_throttle_source(&ctx2, NULL), 0);
	m.spin = &ctx2;
	lock_admit_fill(&m, &in);
	assert_int_equal(in.nr_affinity, 4);
	assert_int_equal(in.quota_mcpus, 0);
	assert_int_equal(in.throttled_ppm, 0);
	in.steal_ppm = 0;	/* this machine's own steal is not the point */
	assert_int_equal(pvs_admit_decide(&in, &out), 0);
	assert_int_equal(out.limit, 3);

	assert_int_equal(pvrt_spin_set_throttle_source(&ctx2, &src), 0);
	ctx2.throttle_period_ns = 0;	/* the next question refreshes */
	assert_int_equal(pvrt_spin_throttled_ppm(&ctx2), 250000);
	reads = o.reads;
	lock_admit_fill(&m, &in);
	lock_admit_fill(&m, &in);
	assert_int_equal(o.reads, reads);	/* no read on the lock's path */
	assert_int_equal(in.quota_mcpus, 1500);
	assert_int_equal(in.throttled_ppm, 250000);
	in.steal_ppm = 0;	/* this machine's own steal is not the point */
	assert_int_equal(pvs_admit_decide(&in, &out), 0);
	assert_int_equal(out.effective_mcpus, 1125);
	assert_int_equal(out.limit, 1);
	assert_int_equal(pvs_mutex_destroy(&m), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_trylock_timedlock),
		HEIR_PROOF("test_handoff_to_heir", handoff_to_heir),
		HEIR_PROOF("test_heir_times_out", heir_times_out),
		cmocka_unit_test(test_heir_timeout_races_grant),
		cmocka_unit_test(test_counter_pv),
		cmocka_unit_test(test_counter_fixed),
		cmocka_unit_test(test_counter_mixed_calls),
		cmocka_unit_test(test_counter_handoff_churn),
		cmocka_unit_test(test_signals_during_waits),
		cmocka_unit_test(test_clocklock_both_clocks),
		cmocka_unit_test(test_errorcheck),
		cmocka_unit_test(test_zeroed_memory),
		HEIR_PROOF("test_fork_with_heir", fork_with_heir),
		cmocka_unit_test(test_owner_tid),
		cmocka_unit_test(test_stats_count),
		cmocka_unit_test(test_rotation_admits_sleeper),
		cmocka_unit_test(test_long_hold_no_wake_storm),
		cmocka_unit_test(test_admit_inputs_from_throttle),
		cmocka_unit_test(test_one_cpu_releaser_keeps_lock),
		cmocka_unit_test(test_unlock_to_wait_forgets_release),
	};
	const char *env = getenv("PVS_LOCK_STRESS_MS");
	int ret;


	if (env != NULL && atoi(env) > 0)
		budget_ms = (unsigned int)atoi(env);
	if (pvrt_spin_init(&ctx_pv, PVS_SPIN_POLICY_PV) != 0 ||
	    pvrt_spin_init(&ctx_fixed, PVS_SPIN_POLICY_FIXED) != 0)
		return 1;
	ret = cmocka_run_group_tests(tests, NULL, NULL);
	return ret;
}
