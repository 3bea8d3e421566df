/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Common include for the cmocka suites: cmocka's required headers in the
 * required order, plus a helper that runs one shared vector suite and fails
 * the test (naming each failed vector) if any vector fails.
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

#endif /* PVSCHED_TESTS_PVS_TEST_H */
