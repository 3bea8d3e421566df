/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * What the conformance programs (conform.c, posix.c) share: a check that
 * counts failures, timed joins and sleeps, and a main() that runs one case
 * by name under a watchdog. Each case runs in its own process, under
 * glibc alone and under the preload (tests/preload/CMakeLists.txt, whose
 * lists of case names also generate each program's table of cases).
 */
#ifndef PVSCHED_TESTS_PRELOAD_CASES_H
#define PVSCHED_TESTS_PRELOAD_CASES_H

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../pvs_clock.h"

/* Every case ends within this (a hang becomes SIGALRM, a failure). */
#define WATCHDOG_S 60

static int failed;

#define CHECK(cond)                                                          \
	do {                                                                 \
		if (!(cond)) {                                               \
			failed++;                                            \
			fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__,        \
				__LINE__, #cond);                            \
		}                                                            \
	} while (0)

static inline void sleep_ms(long ms)
{
	struct timespec t = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&t, &t) != 0 && errno == EINTR)
		;
}

/* Join @t within @ms milliseconds; 0, or ETIMEDOUT (then it is left). */
static inline int join_ms(pthread_t t, long ms, void **ret)
{
	struct timespec d;

	pvs_test_in_ms(CLOCK_REALTIME, &d, ms);
	return pthread_timedjoin_np(t, ret, &d);
}

struct test_case {
	const char *name;
	void (*fn)(void);
};

/* The main() of a case program: run the case argv[1] names under the
 * watchdog; @usage names the @nargs arguments the program takes (the case
 * first). The process's status: 2 when the arguments are wrong. */
static inline int run_case(int argc, char **argv, int nargs,
			   const char *usage, const struct test_case *cases,
			   size_t n)
{
	size_t i;

	if (argc < nargs + 1) {
		fprintf(stderr, "usage: %s %s\n", argv[0], usage);
		return 2;
	}
	alarm(WATCHDOG_S);
	for (i = 0; i < n; i++) {
		if (strcmp(argv[1], cases[i].name) == 0) {
			cases[i].fn();
			printf("%s: %s\n", argv[1], failed ? "FAILED" : "ok");
			fflush(stdout);
			_exit(failed ? 1 : 0);	/* threads left: ended */
		}
	}
	fprintf(stderr, "%s: no case %s\n", argv[0], argv[1]);
	return 2;
}

#endif /* PVSCHED_TESTS_PRELOAD_CASES_H */
