/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Shared by the probe suites: the fixture trees, the canary that outputs
 * are pre-filled with, the check that a failing call left them untouched,
 * and the expectations more than one suite checks.
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

/*
 * Point ctx at the fixture tree PVS_FIXTURES/name (the path is kept in a
 * static buffer, so one tree at a time).
 */
static inline void probe_fixture(struct pvprobe_ctx *ctx, const char *name)
{
	static char root[PVPROBE_PATH_MAX];

	snprintf(root, sizeof(root), "%s/%s", PVS_FIXTURES, name);
	pvprobe_ctx_init(ctx, root);
}

/* An LPAR's shape in lparcfg: shared or dedicated, capped, entitlement. */
static inline void expect_lpar(const struct pvprobe_lparcfg *lp, bool shared,
			       bool capped, uint64_t entitled_capacity,
			       uint64_t active_processors)
{
	assert_int_equal(lp->shared, shared);
	assert_int_equal(lp->capped, capped);
	assert_int_equal(lp->entitled_capacity, entitled_capacity);
	assert_int_equal(lp->active_processors, active_processors);
}

/* A non-negative 31-bit value from the shared deterministic PRNG. */
static inline int pvs_test_rand31(void)
{
	return (int)(pvs_test_rand32() >> 1);
}

#endif /* PVSCHED_TESTS_PROBE_TEST_H */
