// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The uncontended cost of a lock: N lock/unlock pairs of one mutex on one
 * thread, nothing else. pair.sh builds it against two builds of the lock
 * (and against glibc) and compares them: instructions per pair under
 * callgrind (exact), and user time, interleaved.
 * Usage: pair N   (with -DPAIR_PTHREAD: glibc's pthread_mutex_t)
 */
#include <stdlib.h>
#ifdef PAIR_PTHREAD
#include <pthread.h>
#define MUTEX pthread_mutex_t
#define MUTEX_INIT PTHREAD_MUTEX_INITIALIZER
#define LOCK pthread_mutex_lock
#define UNLOCK pthread_mutex_unlock
#else
#include <pvsched/lock.h>
#define MUTEX struct pvs_mutex
#define MUTEX_INIT PVS_MUTEX_INITIALIZER
#define LOCK pvs_mutex_lock
#define UNLOCK pvs_mutex_unlock
#endif

int main(int argc, char **argv)
{
	static MUTEX m = MUTEX_INIT;
	long i, n = argc > 1 ? atol(argv[1]) : 1000000;

	for (i = 0; i < n; i++) {
		LOCK(&m);
		UNLOCK(&m);
	}
	return 0;
}
