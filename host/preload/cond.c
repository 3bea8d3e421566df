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
 * as glibc would return them. The one mix that cannot work is a
 * process-shared condition variable (glibc's) with a mutex we serve:
 * glibc's wait would unlock our mutex with its internal code. It stops
 * the program with a message.
 */
#define _GNU_SOURCE
#include <stddef.h>

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

/* The one wait for every entry point; clock is the deadline's. */
static int wait(pthread_cond_t *c, pthread_mutex_t *m, clockid_t clock,
		const struct timespec *t)
{
	struct pvs_cond *pc = served(c);
	struct pvs_cond_lock lk = { real_unlock, real_lock, m };

	if (pc == NULL) {
		if (preload_serves_mutex(m))
			preload_die("a process-shared condition variable (%p) "
				    "waited on with a private default mutex "
				    "(%p): glibc's wait cannot release a "
				    "pvsched mutex; run this program with "
				    "--lock glibc", (void *)c, (void *)m);
		count_fallback();
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

int pthread_cond_signal(pthread_cond_t *c)
{
	struct pvs_cond *pc = served(c);

	if (pc == NULL) {
		count_fallback();
		return preload_real()->cond_signal(c);
	}
	return pvs_cond_signal(pc);
}

int pthread_cond_broadcast(pthread_cond_t *c)
{
	struct pvs_cond *pc = served(c);

	if (pc == NULL) {
		count_fallback();
		return preload_real()->cond_broadcast(c);
	}
	return pvs_cond_broadcast(pc);
}
