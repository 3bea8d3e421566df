/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Shared by the probe suites: the canary that outputs are pre-filled with
 * and the check that a failing call left them untouched.
 */
#ifndef PVSCHED_TESTS_PROBE_TEST_H
#define PVSCHED_TESTS_PROBE_TEST_H

#include "pvs_test.h"
#include <pvsched/probe.h>

#define CANARY 0xa5

#define EXPECT_UNTOUCHED(obj)                                                \
	do {                                                                 \
		unsigned char _c[sizeof(obj)];                               \
		memset(_c, CANARY, sizeof(_c));                              \
		assert_memory_equal(&(obj), _c, sizeof(obj));                \
	} while (0)

/* A non-negative 31-bit value from the shared deterministic PRNG. */
static inline int pvs_test_rand31(void)
{
	return (int)(pvs_test_rand32() >> 1);
}

#endif /* PVSCHED_TESTS_PROBE_TEST_H */
