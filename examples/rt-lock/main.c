// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * my_lock under contention: twice as many threads as CPUs (plus two)
 * increment a plain counter inside the lock, every 256th time holding it
 * across a 100 us sleep, longer than any spin budget, so waiters park.
 * Checks mutual exclusion (no
 * thread ever finds another inside; the counter is exact), that waiters
 * parked, so the futex side ran, and, through alarm(), that no wake-up was
 * lost (a sleeper nobody wakes would hang the program).
 *   rt_lock [ITERATIONS_PER_THREAD]     (default 20000)
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "my_lock.h"

#define MAX_THREADS 64
#define WATCHDOG_S 30
#define SLEEP_EVERY 256
#define SLEEP_US 100

static struct my_lock lock = MY_LOCK_INITIALIZER;
static unsigned long counter;	/* protected by lock */
static uint32_t inside;		/* threads inside: must stay 0 or 1 */
static uint32_t overlaps, parks;
static unsigned long iterations = 20000;
static pthread_barrier_t start;

static void *work(void *arg)
{
	uint32_t my_parks = 0;
	unsigned long i;

	(void)arg;
	pthread_barrier_wait(&start);
	for (i = 0; i < iterations; i++) {
		my_lock(&lock, &my_parks);
		if (__atomic_fetch_add(&inside, 1, __ATOMIC_RELAXED) != 0)
			__atomic_fetch_add(&overlaps, 1, __ATOMIC_RELAXED);
		counter++;	/* a lost update if two were inside */
		if (i % SLEEP_EVERY == 0)
			usleep(SLEEP_US);	/* the holder is off its CPU */
		__atomic_fetch_sub(&inside, 1, __ATOMIC_RELAXED);
		my_unlock(&lock);
	}
	__atomic_fetch_add(&parks, my_parks, __ATOMIC_RELAXED);
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t th[MAX_THREADS];
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	int n, i;

	if (argc > 1)
		iterations = strtoul(argv[1], NULL, 10);
	n = (int)(cpus > 0 ? cpus : 1) * 2 + 2;
	if (n > MAX_THREADS)
		n = MAX_THREADS;
	alarm(WATCHDOG_S);
	pthread_barrier_init(&start, NULL, (unsigned int)n);
	for (i = 0; i < n; i++)
		if (pthread_create(&th[i], NULL, work, NULL) != 0)
			return 1;
	for (i = 0; i < n; i++)
		pthread_join(th[i], NULL);
	printf("rt_lock: %d threads, counter %lu of %lu, %u overlaps, %u parks\n",
	       n, counter, (unsigned long)n * iterations, overlaps, parks);
	if (counter != (unsigned long)n * iterations || overlaps != 0)
		return 1;
	if (parks == 0) {
		printf("rt_lock: no waiter parked: the futex side was not run\n");
		return 1;
	}
	return 0;
}
