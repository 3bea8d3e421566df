/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Clocks, deadlines and pinning for the threaded tests (lock, oracle,
 * preload): one copy of each helper. Needs no test framework, so the
 * preloaded test program can use it too. Define _GNU_SOURCE before any
 * include (sched_setaffinity).
 */
#ifndef PVSCHED_TESTS_PVS_CLOCK_H
#define PVSCHED_TESTS_PVS_CLOCK_H

#include <sched.h>
#include <stdbool.h>
#include <stdint.h>
#include <time.h>

/* *t = now on @clock + @ms milliseconds (a deadline). */
static inline void pvs_test_in_ms(clockid_t clock, struct timespec *t,
				  long ms)
{
	clock_gettime(clock, t);
	t->tv_sec += ms / 1000;
	t->tv_nsec += (ms % 1000) * 1000000L;
	if (t->tv_nsec >= 1000000000L) {
		t->tv_sec++;
		t->tv_nsec -= 1000000000L;
	}
}

/* Has CLOCK_MONOTONIC reached *t? */
static inline bool pvs_test_past(const struct timespec *t)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return now.tv_sec > t->tv_sec ||
	       (now.tv_sec == t->tv_sec && now.tv_nsec >= t->tv_nsec);
}

/* CLOCK_MONOTONIC in nanoseconds. */
static inline uint64_t pvs_test_mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Pin the calling thread to @cpu (best effort: a test that needs it
 * checks sched_getcpu()). */
static inline void pvs_test_pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	sched_setaffinity(0, sizeof(set), &set);
}

#endif /* PVSCHED_TESTS_PVS_CLOCK_H */
