// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The benchmarks' statistics (host/stats/ministat.h) on fixed inputs:
 * summaries, the t table, a mean's interval, per-repetition ratios and
 * the "no difference proven" verdict.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "ministat.h"

#define NEAR(a, b, tol) assert_true(fabs((a) - (b)) <= (tol))

static void test_summary(void **state)
{
	double v[] = { 5, 1, 4, 2, 3 };
	struct pvstat_stats st;

	(void)state;
	assert_int_equal(pvstat_stats_of(v, 5, &st), 0);
	NEAR(st.min, 1, 0);
	NEAR(st.max, 5, 0);
	NEAR(st.median, 3, 0);
	NEAR(st.mean, 3, 1e-12);
	NEAR(st.var, 2.5, 1e-12);
	assert_int_equal(pvstat_stats_of(v, 0, &st), -1);
}

static void test_t_table(void **state)
{
	int c95 = pvstat_conf_index("95");

	(void)state;
	assert_int_equal(c95, 2);
	NEAR(pvstat_student_t(6, (unsigned int)c95), 2.447, 1e-9);
	NEAR(pvstat_student_t(1000, (unsigned int)c95), 1.960, 1e-9);
}

/* 7 values 1..7: mean 4, s = sqrt(14/3), t(6) = 2.447. */
static void test_mean_ci(void **state)
{
	double v[] = { 1, 2, 3, 4, 5, 6, 7 };
	struct pvstat_stats st;
	double lo, hi, half = 2.447 * sqrt(14.0 / 3.0) / sqrt(7.0);

	(void)state;
	pvstat_stats_of(v, 7, &st);
	assert_int_equal(pvstat_mean_ci(&st, 2, &lo, &hi), 0);
	NEAR(lo, 4 - half, 1e-9);
	NEAR(hi, 4 + half, 1e-9);
	st.n = 1;
	assert_int_equal(pvstat_mean_ci(&st, 2, &lo, &hi), -1);
}

/* The ratio of 7 paired repetitions at 95 %, which must be computable. */
static struct pvstat_ratio ratio7(const double x[7], const double base[7])
{
	struct pvstat_ratio r;

	assert_int_equal(pvstat_ratio_of(x, base, 7, 2, &r), 0);
	return r;
}

static const double ones7[7] = { 1, 1, 1, 1, 1, 1, 1 };

/* Paired ratios: x = 2 x base +- a little: proven above 1 and above 1.5. */
static void test_ratio_proven(void **state)
{
	static const double base[] = { 10, 3, 7, 11, 5, 8, 4 };
	static const double x[] = { 21, 5.7, 14.7, 22, 9.5, 16, 8.4 };
	struct pvstat_ratio r = ratio7(x, base);

	(void)state;
	assert_int_equal(r.n, 7);
	NEAR(r.median, 2.0, 1e-12);	/* 2.1 1.9 2.1 2 1.9 2 2.1 */
	assert_true(r.lo > 1.9 && r.hi < 2.1);
	assert_int_equal(pvstat_ratio_vs(&r, 1.0), 1);
	assert_int_equal(pvstat_ratio_vs(&r, 1.5), 1);
	assert_int_equal(pvstat_ratio_vs(&r, 2.5), -1);
}

/* Ratios scattered around 1: no difference proven. */
static void test_ratio_no_difference(void **state)
{
	static const double x[] = { 0.7, 1.3, 0.9, 1.2, 1.0, 0.8, 1.15 };
	struct pvstat_ratio r = ratio7(x, ones7);

	(void)state;
	NEAR(r.median, 1.0, 1e-12);
	assert_true(r.lo < 1 && r.hi > 1);
	assert_int_equal(pvstat_ratio_vs(&r, 1.0), 0);
}

/* The interval is the geometric mean's: symmetric in log, never < 0. */
static void test_ratio_log_interval(void **state)
{
	static const double x[] = { 0.5, 2, 0.5, 2, 0.5, 2, 1 };
	struct pvstat_ratio r = ratio7(x, ones7);

	(void)state;
	NEAR(r.lo * r.hi, 1.0, 1e-9);	/* centred on 1 in log */
	assert_true(r.lo > 0);
	assert_int_equal(pvstat_ratio_vs(&r, 1.0), 0);
}

/* A zero baseline drops that repetition; none left is an error. */
static void test_ratio_zero_base(void **state)
{
	double base[] = { 0, 2, 4 }, x[] = { 5, 4, 8 }, zero[] = { 0, 0, 0 };
	struct pvstat_ratio r;

	(void)state;
	assert_int_equal(pvstat_ratio_of(x, base, 3, 2, &r), 0);
	assert_int_equal(r.n, 2);
	NEAR(r.median, 2.0, 1e-12);
	assert_int_equal(pvstat_ratio_of(x, zero, 3, 2, &r), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_summary),
		cmocka_unit_test(test_t_table),
		cmocka_unit_test(test_mean_ci),
		cmocka_unit_test(test_ratio_proven),
		cmocka_unit_test(test_ratio_no_difference),
		cmocka_unit_test(test_ratio_log_interval),
		cmocka_unit_test(test_ratio_zero_base),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
