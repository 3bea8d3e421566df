// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * A module the conformance test loads with RTLD_DEEPBIND: its own
 * dependencies come first in its lookup scope, so its pthread calls reach
 * glibc's functions even under libpvsched-preload.so, on a mutex the
 * program's calls (served by the preload) use at the same time.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>

long deepmod_count(pthread_mutex_t *m, long *counter, long n);
int deepmod_owner_field(pthread_mutex_t *m);

/* Add 1 to *counter @n times under @m, with glibc's lock and unlock,
 * yielding while holding it now and then so that others sleep on it. */
long deepmod_count(pthread_mutex_t *m, long *counter, long n)
{
	long i;

	for (i = 0; i < n; i++) {
		pthread_mutex_lock(m);
		(*counter)++;
		if (i % 64 == 0)
			sched_yield();
		pthread_mutex_unlock(m);
	}
	return n;
}

/* __owner while this module holds @m: glibc writes the owner's id there,
 * so non-zero proves the module ran glibc's code. */
int deepmod_owner_field(pthread_mutex_t *m)
{
	int owner;

	pthread_mutex_lock(m);
	owner = m->__data.__owner;
	pthread_mutex_unlock(m);
	return owner;
}
