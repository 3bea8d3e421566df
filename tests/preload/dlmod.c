// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Code the preload test loads with dlopen(): its own statically
 * initialised mutex and condition variable, used by threads it starts.
 */
#define _GNU_SOURCE
#include <pthread.h>

static pthread_mutex_t mod_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t mod_cond = PTHREAD_COND_INITIALIZER;
static long mod_count;	/* protected by mod_lock */
static int mod_left;	/* protected by mod_lock */

int dlmod_owner_field(void);
long dlmod_count(int threads, int per_thread);

static void *mod_worker(void *arg)
{
	int i, n = *(int *)arg;

	for (i = 0; i < n; i++) {
		pthread_mutex_lock(&mod_lock);
		mod_count++;
		pthread_mutex_unlock(&mod_lock);
	}
	pthread_mutex_lock(&mod_lock);
	if (--mod_left == 0)
		pthread_cond_broadcast(&mod_cond);
	pthread_mutex_unlock(&mod_lock);
	return NULL;
}

/* __owner of the module's mutex while held: 0 when the preload serves. */
int dlmod_owner_field(void)
{
	int owner;

	pthread_mutex_lock(&mod_lock);
	owner = mod_lock.__data.__owner;
	pthread_mutex_unlock(&mod_lock);
	return owner;
}

long dlmod_count(int threads, int per_thread)
{
	pthread_t th[16];
	int i;

	mod_left = threads;
	for (i = 0; i < threads && i < 16; i++)
		pthread_create(&th[i], NULL, mod_worker, &per_thread);
	pthread_mutex_lock(&mod_lock);
	while (mod_left > 0)
		pthread_cond_wait(&mod_cond, &mod_lock);
	pthread_mutex_unlock(&mod_lock);
	for (i = 0; i < threads && i < 16; i++)
		pthread_join(th[i], NULL);
	return mod_count;
}
