/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Common include for the cmocka suites: cmocka's required headers in the
 * required order, a helper that runs one shared vector suite and fails the
 * test (naming each failed vector) if any vector fails, a skip that says
 * why, and the one deterministic PRNG that the property tests draw from.
 */
#ifndef PVSCHED_TESTS_PVS_TEST_H
#define PVSCHED_TESTS_PVS_TEST_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "vectors/vectors.h"

static void pvs_test_vec_fail(void *ctx, const char *suite, unsigned int index,
			      const char *expr)
{
	(void)ctx;
	print_error("vector %s[%u] failed: %s\n", suite, index, expr);
}

/* Run shared vector suite `name`; assert it exists, ran and had no failure. */
static inline void pvs_test_run_vectors(const char *name)
{
	struct pvs_vec_result r = { 0, 0, pvs_test_vec_fail, NULL };

	assert_int_equal(pvs_vec_run_suite(name, &r), 0);
	assert_true(r.passed > 0);
	assert_int_equal(r.failed, 0);
}

/* Skip the test with a reason (cmocka prints it before [ SKIPPED ]). */
#define SKIP_BECAUSE(...)                     \
	do {                                  \
		print_message(__VA_ARGS__);   \
		print_message("\n");          \
		skip();                       \
	} while (0)

/*
 * ---- deterministic PRNG (xorshift64*) ----------------------------------
 *
 * One generator for every suite, deterministic so that a failure
 * reproduces: each file that includes this header has its own state, which
 * starts at the default seed; a test that wants its own stream calls
 * pvs_test_rand_seed() first. For tests only.
 */
#define PVS_TEST_RAND_DEFAULT_SEED 0x9e3779b97f4a7c15ull

static uint64_t pvs_test_rng_state = PVS_TEST_RAND_DEFAULT_SEED;

/* Restart the stream; xorshift must not hold 0, so 0 means the default. */
static inline void pvs_test_rand_seed(uint64_t seed)
{
	pvs_test_rng_state = seed ? seed : PVS_TEST_RAND_DEFAULT_SEED;
}

/* The next 64 pseudo-random bits. */
static inline uint64_t pvs_test_rand(void)
{
	pvs_test_rng_state ^= pvs_test_rng_state >> 12;
	pvs_test_rng_state ^= pvs_test_rng_state << 25;
	pvs_test_rng_state ^= pvs_test_rng_state >> 27;
	return pvs_test_rng_state * 0x2545f4914f6cdd1dull;
}

/* 32 pseudo-random bits: the high half, the better one of xorshift64*. */
static inline uint32_t pvs_test_rand32(void)
{
	return (uint32_t)(pvs_test_rand() >> 32);
}

/*
 * A value in 0 ... n - 1 (0 when n is 0). Plain modulo: the bias is below
 * n / 2^64, nothing a test can see; not for cryptography or statistics.
 */
static inline uint64_t pvs_test_rand_below(uint64_t n)
{
	return n ? pvs_test_rand() % n : 0;
}

/* Fill len bytes at buf with pseudo-random bytes. */
static inline void pvs_test_rand_fill(void *buf, size_t len)
{
	uint8_t *b = buf;
	size_t k;

	for (k = 0; k < len; k++)
		b[k] = (uint8_t)pvs_test_rand();
}

#endif /* PVSCHED_TESTS_PVS_TEST_H */
