// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * pthread_mutex_* on pvs_mutex. A pthread_mutex_t of glibc's default (or
 * adaptive) type, private, is used in place as a struct pvs_mutex: both are
 * free when all zeros, pvs_mutex keeps its type where glibc keeps __kind
 * and never writes it, so the type is readable on every call and
 * PTHREAD_MUTEX_INITIALIZER needs no first-use hook. Every other type
 * (recursive, error-checking, robust, PI, PP, process-shared: __kind says
 * which) goes to glibc's own function.
 */
#define _GNU_SOURCE
#include <stddef.h>

#include "preload.h"

_Static_assert(sizeof(struct pvs_mutex) <= sizeof(pthread_mutex_t),
	       "pvs_mutex lives inside pthread_mutex_t");
_Static_assert(offsetof(struct pvs_mutex, type) ==
	       offsetof(pthread_mutex_t, __data.__kind),
	       "pvs_mutex's type overlays __kind, which it never writes");

static struct pvs_mutex *served(pthread_mutex_t *m)
{
	struct pvs_mutex *pm = (struct pvs_mutex *)(void *)m;

	if (!preload_serves_mutex(m))
		return NULL;
	if (preload_counting)
		preload_seen(&pm->spare, &preload_nr_mutexes);
	return pm;
}

/* glibc's function for an object the preload does not serve. */
#define REAL(fn) (preload_fallback_counted(), preload_real()->fn)

static inline void preload_fallback_counted(void)
{
	if (preload_counting)
		preload_fallback();
}

int pthread_mutex_init(pthread_mutex_t *m, const pthread_mutexattr_t *a)
{
	/* glibc's init writes the type and zeros the rest: for a default
	 * type, that is a free pvs_mutex already. */
	return preload_real()->mutex_init(m, a);
}

int pthread_mutex_destroy(pthread_mutex_t *m)
{
	struct pvs_mutex *pm = served(m);

	/* Served: only the check; the type stays, so a mutex used after
	 * destroy (undefined, yet common at exit) still works. */
	return pm ? pvs_mutex_destroy(pm) : REAL(mutex_destroy)(m);
}

int pthread_mutex_lock(pthread_mutex_t *m)
{
	struct pvs_mutex *pm = served(m);

	return pm ? pvs_mutex_lock(pm) : REAL(mutex_lock)(m);
}

int pthread_mutex_trylock(pthread_mutex_t *m)
{
	struct pvs_mutex *pm = served(m);

	return pm ? pvs_mutex_trylock(pm) : REAL(mutex_trylock)(m);
}

int pthread_mutex_timedlock(pthread_mutex_t *m, const struct timespec *t)
{
	struct pvs_mutex *pm = served(m);

	return pm ? pvs_mutex_timedlock(pm, t) : REAL(mutex_timedlock)(m, t);
}

int pthread_mutex_clocklock(pthread_mutex_t *m, clockid_t clock,
			    const struct timespec *t)
{
	struct pvs_mutex *pm = served(m);

	return pm ? pvs_mutex_clocklock(pm, clock, t) :
		    REAL(mutex_clocklock)(m, clock, t);
}

int pthread_mutex_unlock(pthread_mutex_t *m)
{
	struct pvs_mutex *pm = served(m);

	return pm ? pvs_mutex_unlock(pm) : REAL(mutex_unlock)(m);
}
