// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * pvlock: four threads count to a million under a pvs_mutex, and the main
 * thread waits on a pvs_cond until they are done. Build against the
 * installed library:
 *   cc main.c $(pkg-config --cflags --libs pvsched-lock) -o pvlock
 */
#include <pthread.h>
#include <stdio.h>

#include <pvsched/lock.h>

#define THREADS 4
#define PER_THREAD 250000

static struct pvs_mutex lock = PVS_MUTEX_INITIALIZER;
static struct pvs_cond all_done = PVS_COND_INITIALIZER;
static long counter;	/* protected by lock */
static int finished;	/* protected by lock */

static void *work(void *arg)
{
	int i;

	(void)arg;
	for (i = 0; i < PER_THREAD; i++) {
		pvs_mutex_lock(&lock);
		counter++;
		pvs_mutex_unlock(&lock);
	}
	pvs_mutex_lock(&lock);
	if (++finished == THREADS)
		pvs_cond_signal(&all_done);
	pvs_mutex_unlock(&lock);
	return NULL;
}

int main(void)
{
	pthread_t th[THREADS];
	int i;

	for (i = 0; i < THREADS; i++)
		pthread_create(&th[i], NULL, work, NULL);
	pvs_mutex_lock(&lock);
	while (finished < THREADS)
		pvs_cond_wait(&all_done, &lock);	/* may wake spuriously */
	printf("counter = %ld (expected %d)\n", counter, THREADS * PER_THREAD);
	pvs_mutex_unlock(&lock);
	for (i = 0; i < THREADS; i++)
		pthread_join(th[i], NULL);
	return counter == THREADS * PER_THREAD ? 0 : 1;
}
