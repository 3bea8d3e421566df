// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * pthread_cond_* on pvs_cond. A private pthread_cond_t is used in place as
 * a struct pvs_cond (16 bytes at its start; all zeros is an idle one);
 * glibc's __wrefs word, where pthread_cond_init() keeps the clock and the
 * process-shared bits, is beyond it and never written, so every call can
 * read both. A process-shared condition variable stays glibc's throughout.
 *
 * The decision is per condition variable, never per call, because signal
 * and broadcast have no mutex to look at: a served one is served with any
 * mutex, and a wait with a mutex glibc keeps (recursive, error-checking,
 * robust...) releases and retakes it through glibc's functions
 * (pvs_cond_clockwait_with()), so EPERM, EOWNERDEAD and friends come back
 * as glibc would return them.
 *
 * A process-shared condition variable (glibc's) waited on with a mutex we
 * serve: glibc's wait would unlock our mutex with its own code. A glibc
 * mutex stands in for ours (a bridge, one of BRIDGES chosen by the
 * condition variable's address): the waiter takes the bridge, releases
 * ours, and waits in glibc with the bridge; woken, it releases the bridge
 * and takes ours again. Signal and broadcast of a process-shared
 * condition variable take the bridge too, so a signaller holding our
 * mutex cannot slip between the waiter's release of it and its
 * registration in glibc's wait (the atomicity POSIX asks for). The bridge
 * is always the innermost lock, so it adds no lock-order cycle.
 */
#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>

#include "preload.h"

/* pthread_cond_init()'s bits in __wrefs (glibc's pthread_cond_common.c). */
#define WREFS_SHARED 1u
#define WREFS_MONOTONIC 2u

_Static_assert(sizeof(struct pvs_cond) <=
	       offsetof(pthread_cond_t, __data.__wrefs),
	       "pvs_cond ends before the word of the clock and shared bits");

static unsigned int wrefs(const pthread_cond_t *c)
{
	return __atomic_load_n(&c->__data.__wrefs, __ATOMIC_RELAXED);
}

static struct pvs_cond *served(pthread_cond_t *c)
{
	struct pvs_cond *pc = (struct pvs_cond *)(void *)c;

	if (preload_passthrough || (wrefs(c) & WREFS_SHARED))
		return NULL;
	if (preload_counting)
		preload_seen(&pc->spare, &preload_nr_conds);
	return pc;
}

static void count_fallback(void)
{
	if (preload_counting)
		preload_fallback();
}

static int real_unlock(void *m)
{
	return preload_real()->mutex_unlock((pthread_mutex_t *)m);
}

static int real_lock(void *m)
{
	return preload_real()->mutex_lock((pthread_mutex_t *)m);
}

#define BRIDGES 16u

/* Zeros: glibc's PTHREAD_MUTEX_INITIALIZER. Locked through glibc only. */
static pthread_mutex_t bridges[BRIDGES];

static pthread_mutex_t *bridge(const pthread_cond_t *c)
{
	return &bridges[((uintptr_t)c / sizeof(*c)) % BRIDGES];
}

struct bridged {
	pthread_mutex_t *bridge;
	struct pvs_mutex *m;
};

/* Cancelled in glibc's wait (which took the bridge again): swap back. */
static void bridge_cancelled(void *arg)
{
	struct bridged *b = (struct bridged *)arg;

	preload_real()->mutex_unlock(b->bridge);
	pvs_mutex_lock(b->m);
}

static int bridged_wait(pthread_cond_t *c, struct pvs_mutex *m,
			clockid_t clock, const struct timespec *t)
{
	struct bridged b = { bridge(c), m };
	const struct real_pthread *real = preload_real();
	int r;

	real->mutex_lock(b.bridge);
	pvs_mutex_unlock_to_wait(m);
	pthread_cleanup_push(bridge_cancelled, &b);
	r = t == NULL ? real->cond_wait(c, b.bridge) :
			real->cond_clockwait(c, b.bridge, clock, t);
	pthread_cleanup_pop(0);
	real->mutex_unlock(b.bridge);
	pvs_mutex_lock(m);
	return r;
}

/* Signal or broadcast glibc's process-shared @c, under its bridge. */
static int bridged_wake(pthread_cond_t *c, int (*fn)(pthread_cond_t *))
{
	pthread_mutex_t *g = bridge(c);
	int r;

	if (preload_passthrough)
		return fn(c);
	preload_real()->mutex_lock(g);
	r = fn(c);
	preload_real()->mutex_unlock(g);
	return r;
}

/* The one wait for every entry point; clock is the deadline's. */
static int wait(pthread_cond_t *c, pthread_mutex_t *m, clockid_t clock,
		const struct timespec *t)
{
	struct pvs_cond *pc = served(c);
	struct pvs_cond_lock lk = { real_unlock, real_lock, m };

	if (pc == NULL) {
		count_fallback();
		if (preload_serves_mutex(m))
			return bridged_wait(c, (struct pvs_mutex *)(void *)m,
					    clock, t);
		return t == NULL ? preload_real()->cond_wait(c, m) :
				   preload_real()->cond_clockwait(c, m, clock,
								  t);
	}
	if (preload_serves_mutex(m))
		return pvs_cond_clockwait(pc, (struct pvs_mutex *)(void *)m,
					  clock, t);
	count_fallback();
	return pvs_cond_clockwait_with(pc, &lk, clock, t);
}

int pthread_cond_init(pthread_cond_t *c, const pthread_condattr_t *a)
{
	/* glibc's init zeros the object and records clock and sharing. */
	return preload_real()->cond_init(c, a);
}

int pthread_cond_destroy(pthread_cond_t *c)
{
	struct pvs_cond *pc = served(c);

	if (pc == NULL) {
		count_fallback();
		return preload_real()->cond_destroy(c);
	}
	return pvs_cond_destroy(pc);
}

int pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m)
{
	return wait(c, m, CLOCK_REALTIME, NULL);
}

int pthread_cond_timedwait(pthread_cond_t *c, pthread_mutex_t *m,
			   const struct timespec *t)
{
	return wait(c, m, (wrefs(c) & WREFS_MONOTONIC) ? CLOCK_MONOTONIC :
							  CLOCK_REALTIME, t);
}

int pthread_cond_clockwait(pthread_cond_t *c, pthread_mutex_t *m,
			   clockid_t clock, const struct timespec *t)
{
	return wait(c, m, clock, t);
}

/* Signal (@all false) or broadcast: ours when served, else glibc's
 * through the bridge. */
static int wake(pthread_cond_t *c, bool all)
{
	struct pvs_cond *pc = served(c);
	const struct real_pthread *r;

	if (pc != NULL)
		return all ? pvs_cond_broadcast(pc) : pvs_cond_signal(pc);
	count_fallback();
	r = preload_real();
	return bridged_wake(c, all ? r->cond_broadcast : r->cond_signal);
}

int pthread_cond_signal(pthread_cond_t *c)
{
	return wake(c, false);
}

int pthread_cond_broadcast(pthread_cond_t *c)
{
	return wake(c, true);
}
