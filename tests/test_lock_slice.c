// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The lock and the rseq time-slice extension, against a fake rseq area
 * (host/arch/slice.h: pvrt_slice_set_ops()): where the kernel offers it the
 * request byte is set on every acquisition (lock, trylock, timedlock) and
 * cleared on release, nested holds keep it up until the outermost
 * release, rseq_slice_yield is called exactly when the "kernel" granted
 * an extension; where it is not offered (no kernel support, a legacy
 * 32-byte registration without the AVAILABLE flag, glibc's __rseq_size 20,
 * a failing prctl) nothing is written and nothing is called. No kernel
 * with the extension ran this: the fake stands in for it.
 *
 * Each case runs on a new thread: a thread decides once, on its first
 * acquisition, and keeps its answer.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>

#include <pvsched/lock.h>

#include "arch/slice.h"

#define REQUEST 28
#define GRANTED 29
#define FLAGS 16
#define AVAILABLE (1u << 4)

/* The fake kernel: one rseq area per thread, and what it was asked. */
static _Thread_local uint8_t fake_area[64] __attribute__((aligned(64)));
static uint32_t fake_size;	/* what glibc's __rseq_size would say */
static uint32_t fake_flags;	/* written into each area on first use */
static bool fake_offered;
static int fake_enable_rc;
static int nr_offered, nr_enable, nr_yield;

static uint8_t *fake_get(uint32_t *size)
{
	uint32_t f = fake_flags;

	*size = fake_size;
	memcpy(fake_area + FLAGS, &f, sizeof(f));
	return fake_area;
}

static bool fake_offers(void)
{
	nr_offered++;
	return fake_offered;
}

static int fake_enable(void)
{
	nr_enable++;
	return fake_enable_rc;
}

/* rseq_slice_yield: the kernel clears the grant. */
static void fake_yield(void)
{
	nr_yield++;
	fake_area[GRANTED] = 0;
}

static const struct pvrt_slice_ops fake_ops = {
	fake_get, fake_offers, fake_enable, fake_yield
};

/* A kernel that offers it, and a glibc 2.41+ registration on 7.1. */
static void fake_reset(bool offered, uint32_t size, uint32_t flags, int rc)
{
	fake_offered = offered;
	fake_size = size;
	fake_flags = flags;
	fake_enable_rc = rc;
	nr_offered = nr_enable = nr_yield = 0;
	pvrt_slice_set_ops(&fake_ops);
}

static void run_on_thread(void *(*fn)(void *))
{
	pthread_t t;

	assert_int_equal(pthread_create(&t, NULL, fn, NULL), 0);
	assert_int_equal(pthread_join(t, NULL), 0);
}

/* Results are checked on the main thread (cmocka's asserts jump). */
static uint8_t seen[16];

/* Run @fn on a new thread, then compare what it saw with @want. */
static void run_and_expect(void *(*fn)(void *), const uint8_t *want,
			   size_t n)
{
	size_t i;

	memset(seen, 0xff, sizeof(seen));
	run_on_thread(fn);
	for (i = 0; i < n; i++) {
		if (seen[i] != want[i])
			print_error("seen[%zu] = %u, want %u\n", i, seen[i],
				    want[i]);
		assert_int_equal(seen[i], want[i]);
	}
}

static void *hold_release(void *arg)
{
	struct pvs_mutex m = PVS_MUTEX_INITIALIZER;
	struct timespec t;

	(void)arg;
	fake_area[REQUEST] = 0xee;	/* stale: the first request writes 1 */
	pvs_mutex_lock(&m);
	seen[0] = fake_area[REQUEST];
	pvs_mutex_unlock(&m);
	seen[1] = fake_area[REQUEST];
	pvs_mutex_trylock(&m);
	seen[2] = fake_area[REQUEST];
	pvs_mutex_unlock(&m);
	seen[3] = fake_area[REQUEST];
	clock_gettime(CLOCK_REALTIME, &t);
	t.tv_sec += 10;
	pvs_mutex_timedlock(&m, &t);
	seen[4] = fake_area[REQUEST];
	pvs_mutex_unlock(&m);
	seen[5] = fake_area[REQUEST];
	return NULL;
}

static void test_request_on_acquire_cleared_on_release(void **state)
{
	static const uint8_t want[] = { 1, 0, 1, 0, 1, 0 };

	(void)state;
	fake_reset(true, 33, AVAILABLE, 0);
	run_and_expect(hold_release, want, sizeof(want));
	assert_int_equal(nr_enable, 1);	/* once per thread */
	assert_int_equal(nr_yield, 0);	/* nothing granted */
}

static void *granted_then_not(void *arg)
{
	struct pvs_mutex m = PVS_MUTEX_INITIALIZER;

	(void)arg;
	pvs_mutex_lock(&m);
	fake_area[GRANTED] = 1;	/* the kernel extended our slice */
	pvs_mutex_unlock(&m);
	seen[0] = fake_area[REQUEST];
	seen[1] = (uint8_t)nr_yield;
	pvs_mutex_lock(&m);
	pvs_mutex_unlock(&m);
	seen[2] = (uint8_t)nr_yield;
	return NULL;
}

static void test_yield_exactly_when_granted(void **state)
{
	static const uint8_t want[] = { 0, 1, 1 };

	(void)state;
	fake_reset(true, 33, AVAILABLE, 0);
	run_and_expect(granted_then_not, want, sizeof(want));
	assert_int_equal(nr_yield, 1);
}

static void *nested(void *arg)
{
	struct pvs_mutex a = PVS_MUTEX_INITIALIZER, b = PVS_MUTEX_INITIALIZER;

	(void)arg;
	pvs_mutex_lock(&a);
	pvs_mutex_lock(&b);
	seen[0] = fake_area[REQUEST];
	pvs_mutex_unlock(&b);
	seen[1] = fake_area[REQUEST];	/* still holding a */
	fake_area[GRANTED] = 1;
	pvs_mutex_lock(&b);
	pvs_mutex_unlock(&b);
	seen[2] = (uint8_t)nr_yield;	/* inner release: no yield yet */
	pvs_mutex_unlock(&a);
	seen[3] = fake_area[REQUEST];
	seen[4] = (uint8_t)nr_yield;
	return NULL;
}

static void test_nested_holds_keep_the_request(void **state)
{
	static const uint8_t want[] = { 1, 1, 0, 0, 1 };

	(void)state;
	fake_reset(true, 32, AVAILABLE, 0);	/* 7.0, glibc 2.35..2.39 */
	run_and_expect(nested, want, sizeof(want));
}

static void *untouched(void *arg)
{
	struct pvs_mutex m = PVS_MUTEX_INITIALIZER;
	int i;

	(void)arg;
	fake_area[REQUEST] = 0;
	fake_area[GRANTED] = 1;	/* even a stray grant is left alone */
	for (i = 0; i < 3; i++) {
		pvs_mutex_lock(&m);
		seen[i] = fake_area[REQUEST];
		pvs_mutex_unlock(&m);
	}
	seen[3] = fake_area[GRANTED];
	return NULL;
}

/* Every "not offered" case: no request written, no yield, and the
 * enabling prctl only where the checks before it passed. */
static void expect_untouched(bool offered, uint32_t size, uint32_t flags,
			     int rc, int enables)
{
	static const uint8_t want[] = { 0, 0, 0, 1 };

	fake_reset(offered, size, flags, rc);
	run_and_expect(untouched, want, sizeof(want));
	assert_int_equal(nr_yield, 0);
	assert_int_equal(nr_enable, enables);
}

static void test_not_offered_by_the_kernel(void **state)
{
	(void)state;
	expect_untouched(false, 33, AVAILABLE, 0, 0);
	assert_int_equal(nr_offered, 1);
	assert_int_equal(pvrt_slice_maybe, 0);	/* one flag test from now */
}

static void test_legacy_registration(void **state)
{
	(void)state;
	/* Linux 7.1, glibc 2.35..2.39: 32 bytes, no AVAILABLE flag. */
	expect_untouched(true, 32, 0, 0, 0);
	assert_int_equal(pvrt_slice_maybe, 1);	/* other threads may differ */
}

static void test_glibc_rseq_size_20(void **state)
{
	(void)state;
	/* glibc 2.40, and Debian's 2.36 here: __rseq_size 20. */
	expect_untouched(true, 20, AVAILABLE, 0, 0);
	assert_int_equal(pvrt_slice_maybe, 0);
}

static void test_prctl_refused(void **state)
{
	(void)state;
	expect_untouched(true, 33, AVAILABLE, -1, 1);
}

static void test_offered_asked_once(void **state)
{
	(void)state;
	fake_reset(true, 33, AVAILABLE, 0);
	run_on_thread(hold_release);
	run_on_thread(hold_release);
	assert_int_equal(nr_offered, 1);
	assert_int_equal(nr_enable, 2);	/* each thread enables its own */
}

static int teardown(void **state)
{
	(void)state;
	pvrt_slice_set_ops(NULL);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_request_on_acquire_cleared_on_release),
		cmocka_unit_test(test_yield_exactly_when_granted),
		cmocka_unit_test(test_nested_holds_keep_the_request),
		cmocka_unit_test(test_not_offered_by_the_kernel),
		cmocka_unit_test(test_legacy_registration),
		cmocka_unit_test(test_glibc_rseq_size_20),
		cmocka_unit_test(test_prctl_refused),
		cmocka_unit_test(test_offered_asked_once),
	};

	return cmocka_run_group_tests(tests, NULL, teardown);
}
