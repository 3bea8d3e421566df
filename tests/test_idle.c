// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * idle.h: the shared vectors, plus what needs more than a table: the
 * statistics against an independent straightforward reimplementation
 * (qsort + long double, written here), on distributions shaped like the pseries-cede-latency
 * change's CEDE latency measurements, at the largest n, with all-equal and
 * full-range 64-bit samples (expected values of the latter computed
 * exactly outside this program, with Python integers).
 */
#include <stdlib.h>

#include "pvs_test.h"

/* ---- the independent reference -------------------------------------- */

struct ref_stats {
	uint64_t min, median, p90, p99, max;
	long double mean, var;	/* var: sample variance (n - 1) */
};

static int ref_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Nearest rank by its definition: the smallest k >= 1 with k/n >= p. */
static uint64_t ref_rank(const uint64_t *sorted, size_t n, unsigned int per_mille)
{
	size_t k;

	for (k = 1; k < n; k++) {
		if ((unsigned long long)k * 1000 >= (unsigned long long)per_mille * n)
			break;
	}
	return sorted[k - 1];
}

static void ref_compute(const uint64_t *in, size_t n, struct ref_stats *r)
{
	uint64_t *c = malloc(n * sizeof(*c));
	long double sum = 0, ss = 0;
	size_t i;

	assert_non_null(c);
	memcpy(c, in, n * sizeof(*c));
	qsort(c, n, sizeof(*c), ref_cmp);
	r->min = c[0];
	r->max = c[n - 1];
	r->median = ref_rank(c, n, 500);
	r->p90 = ref_rank(c, n, 900);
	r->p99 = ref_rank(c, n, 990);
	for (i = 0; i < n; i++)
		sum += (long double)c[i];
	r->mean = sum / n;
	for (i = 0; i < n; i++) {
		long double d = (long double)c[i] - r->mean;

		ss += d * d;
	}
	r->var = n > 1 ? ss / (n - 1) : 0;
	free(c);
}

/* value in thousandths from the library's whole + frac fields */
static long double milli(uint64_t whole, uint32_t frac)
{
	return (long double)whole * 1000 + frac;
}

/*
 * The library's numbers against the reference: order statistics exactly;
 * mean and stddev rounded to thousandths, so the exact value lies within
 * half a thousandth (checked without sqrt: (t - 0.5)^2 <= 1e6 var <=
 * (t + 0.5)^2), with a relative slack for long double rounding.
 */
static void check_against_ref(const uint64_t *in, size_t n)
{
	uint64_t *work = malloc(n * sizeof(*work));
	struct pvs_lat_stats st;
	struct ref_stats ref;
	long double t, v, eps = 1e-12L;
	size_t i;

	assert_non_null(work);
	memcpy(work, in, n * sizeof(*work));
	ref_compute(in, n, &ref);
	assert_int_equal(pvs_lat_stats(work, n, &st), 0);
	for (i = 1; i < n; i++)
		assert_true(work[i - 1] <= work[i]);
	assert_int_equal(st.n, n);
	assert_true(st.min_ns == ref.min);
	assert_true(st.median_ns == ref.median);
	assert_true(st.p90_ns == ref.p90);
	assert_true(st.p99_ns == ref.p99);
	assert_true(st.max_ns == ref.max);
	assert_true(st.mean_frac_milli < 1000 && st.stddev_frac_milli < 1000);

	t = milli(st.mean_ns, st.mean_frac_milli);
	v = ref.mean * 1000;
	assert_true(t - 0.5L <= v * (1 + eps) + eps);
	assert_true(v * (1 - eps) - eps <= t + 0.5L);

	t = milli(st.stddev_ns, st.stddev_frac_milli);
	v = ref.var * 1000000;
	assert_true(t < 0.5L || (t - 0.5L) * (t - 0.5L) <= v * (1 + eps) + eps);
	assert_true(v * (1 - eps) - eps <= (t + 0.5L) * (t + 0.5L));
	free(work);
}

/* pvs_test_rand() is xorshift64*, the same generator as the Python that
 * computed the expected full-range answers below, from this seed. */
#define RNG_SEED PVS_TEST_RAND_DEFAULT_SEED

/* Roughly normal (sum of four uniforms) around mean_ns with about sd_ns,
 * clamped to [lo, hi], with lo and hi present once each: the shape of
 * the upstream change's timer and IPI tables. */
static void seed_shaped(uint64_t *v, size_t n, uint64_t mean_ns, uint64_t sd_ns,
			uint64_t lo, uint64_t hi, uint64_t seed)
{
	size_t i;

	pvs_test_rand_seed(seed);
	for (i = 0; i < n; i++) {
		int64_t acc = 0, x;
		int k;

		for (k = 0; k < 4; k++)
			acc += (int64_t)(pvs_test_rand() % 2001) - 1000;
		/* four uniforms on [-1000, 1000]: sd ~ 1155 */
		x = (int64_t)mean_ns + acc * (int64_t)sd_ns / 1155;
		if (x < (int64_t)lo)
			x = (int64_t)lo;
		if (x > (int64_t)hi)
			x = (int64_t)hi;
		v[i] = (uint64_t)x;
	}
	v[n / 3] = lo;
	v[n / 2] = hi;
}

/* ---- tests ---------------------------------------------------------- */

static void test_idle_vectors(void **state)
{
	(void)state;
	pvs_test_run_vectors("idle");
}

/* The names Linux registers, as sysfs shows them (stateK/name). */
static void test_state_names(void **state)
{
	const struct pvs_idle_state *st;
	struct pvs_idle_platform p = { PVS_IDLE_CPU_POWER9, PVS_IDLE_SHARED,
				       false, PVS_IDLE_POWER_TB_HZ, 0 };
	struct pvs_idle_latency out;

	(void)state;
	assert_int_equal(pvs_idle_default_states(PVS_IDLE_CPU_POWER10,
						 PVS_IDLE_DEDICATED, &st), 2);
	assert_string_equal(st[0].name, "snooze");
	assert_string_equal(st[1].name, "CEDE");
	assert_int_equal(pvs_idle_default_states(PVS_IDLE_CPU_POWER8,
						 PVS_IDLE_SHARED, &st), 2);
	assert_string_equal(st[0].name, "snooze");
	assert_string_equal(st[1].name, "Shared Cede");
	assert_int_equal(pvs_idle_default_states(PVS_IDLE_CPU_X86_KVM,
						 PVS_IDLE_DEDICATED, &st), 2);
	assert_string_equal(st[0].name, "POLL");
	assert_string_equal(st[1].name, "haltpoll idle");
	assert_int_equal(pvs_idle_state_latency(&p, NULL, PVS_IDLE_KERNEL,
						&out), 0);
	assert_string_equal(out.name, "Shared Cede");
}

/* pseries-cede-latency's two tables (POWER9 LPAR, N = 400): shapes, not the raw data
 * (which the thread does not give). */
static void test_stats_seed_shaped(void **state)
{
	uint64_t v[400];
	struct pvs_lat_stats st;
	char line[160];

	(void)state;
	/* timer: min 2601 median 5677 avg 5668.74 max 9299 sd 455 */
	seed_shaped(v, 400, 5668, 455, 2601, 9299, RNG_SEED);
	check_against_ref(v, 400);
	assert_int_equal(pvs_lat_stats(v, 400, &st), 0);
	assert_true(st.min_ns == 2601 && st.max_ns == 9299);
	snprintf(line, sizeof(line),
		 "%u %llu %llu %llu.%02u %llu %llu %llu %llu.%02u", st.n,
		 (unsigned long long)st.min_ns, (unsigned long long)st.median_ns,
		 (unsigned long long)st.mean_ns, st.mean_frac_milli / 10,
		 (unsigned long long)st.p90_ns, (unsigned long long)st.p99_ns,
		 (unsigned long long)st.max_ns, (unsigned long long)st.stddev_ns,
		 st.stddev_frac_milli / 10);
	print_message("timer-shaped: N Min Median Avg 90%%ile 99%%ile Max Stddev\n"
		      "              %s\n", line);
	/* IPI: min 711 median 7564 avg 7369.43 max 9698 sd 1200 */
	seed_shaped(v, 400, 7369, 1200, 711, 9698, RNG_SEED + 1);
	check_against_ref(v, 400);
}

/*
 * 400 samples pinned to the upstream change's timer order statistics and its mean
 * 5668.74 exactly: nearest rank puts the median at sample 200, p90 at
 * 360 and p99 at 396 (1-based), and the sum is 400 x 5668.74 = 2267496.
 */
static void test_stats_seed_table_values(void **state)
{
	uint64_t v[400];
	struct pvs_lat_stats st;
	size_t i;

	(void)state;
	for (i = 0; i < 400; i++) {
		if (i == 0)
			v[i] = 2601;
		else if (i < 199)	/* 198 samples summing to 1080889 */
			v[i] = i < 192 ? 5459 : 5460;
		else if (i == 199)
			v[i] = 5677;
		else if (i < 359)
			v[i] = 5800;
		else if (i == 359)
			v[i] = 5917;
		else if (i < 395)
			v[i] = 6100;
		else if (i == 395)
			v[i] = 6413;
		else if (i < 399)
			v[i] = 7000;
		else
			v[i] = 9299;
	}
	/* shuffle (a fixed permutation: 7919 is prime to 400) */
	{
		uint64_t tmp[400];

		for (i = 0; i < 400; i++)
			tmp[(i * 7919) % 400] = v[i];
		memcpy(v, tmp, sizeof(v));
	}
	check_against_ref(v, 400);
	assert_int_equal(pvs_lat_stats(v, 400, &st), 0);
	assert_int_equal(st.n, 400);
	assert_true(st.min_ns == 2601);
	assert_true(st.median_ns == 5677);
	assert_true(st.mean_ns == 5668);
	assert_int_equal(st.mean_frac_milli, 740);
	assert_true(st.p90_ns == 5917);
	assert_true(st.p99_ns == 6413);
	assert_true(st.max_ns == 9299);
}

/*
 * The samples of the largest-n tests (8 MiB, so static, and one buffer for
 * them all): each test writes every sample it reads first.
 */
static uint64_t big[PVS_LAT_MAX_SAMPLES];

static void test_stats_all_equal(void **state)
{
	struct pvs_lat_stats st;
	size_t i;

	(void)state;
	for (i = 0; i < 1000; i++)
		big[i] = 12345;
	assert_int_equal(pvs_lat_stats(big, 1000, &st), 0);
	assert_true(st.min_ns == 12345 && st.median_ns == 12345 &&
		    st.p90_ns == 12345 && st.p99_ns == 12345 &&
		    st.max_ns == 12345 && st.mean_ns == 12345);
	assert_int_equal(st.mean_frac_milli, 0);
	assert_true(st.stddev_ns == 0);
	assert_int_equal(st.stddev_frac_milli, 0);

	/* the largest n, every sample UINT64_MAX: sum is 2^20 (2^64 - 1) */
	for (i = 0; i < PVS_LAT_MAX_SAMPLES; i++)
		big[i] = UINT64_MAX;
	assert_int_equal(pvs_lat_stats(big, PVS_LAT_MAX_SAMPLES, &st), 0);
	assert_int_equal(st.n, PVS_LAT_MAX_SAMPLES);
	assert_true(st.mean_ns == UINT64_MAX && st.min_ns == UINT64_MAX &&
		    st.median_ns == UINT64_MAX);
	assert_int_equal(st.mean_frac_milli, 0);
	assert_true(st.stddev_ns == 0);
	assert_int_equal(st.stddev_frac_milli, 0);
}

/* Half 0, half 2^64 - 1 at the largest n: the widest intermediate.
 * mean (2^64 - 1) / 2; sd = sqrt(n / (n - 1)) (2^64 - 1) / 2 =
 * 9223376434904432642.0000018 (Python, exact integers). */
static void test_stats_extreme_spread(void **state)
{
	struct pvs_lat_stats st;
	size_t i;

	(void)state;
	for (i = 0; i < PVS_LAT_MAX_SAMPLES; i++)
		big[i] = (i & 1) ? UINT64_MAX : 0;
	assert_int_equal(pvs_lat_stats(big, PVS_LAT_MAX_SAMPLES, &st), 0);
	assert_true(st.min_ns == 0 && st.max_ns == UINT64_MAX);
	assert_true(st.median_ns == 0);	/* rank 2^19 is the last 0 */
	assert_true(st.p90_ns == UINT64_MAX);
	assert_true(st.mean_ns == 9223372036854775807ull);
	assert_int_equal(st.mean_frac_milli, 500);
	assert_true(st.stddev_ns == 9223376434904432642ull);
	assert_int_equal(st.stddev_frac_milli, 0);
}

/* 2^20 full-range xorshift64* samples; expected values from Python's
 * exact integers (sorted(), sum, isqrt). */
static void test_stats_big_full_range(void **state)
{
	struct pvs_lat_stats st;
	size_t i;

	(void)state;
	pvs_test_rand_seed(RNG_SEED);
	for (i = 0; i < PVS_LAT_MAX_SAMPLES; i++)
		big[i] = pvs_test_rand();
	assert_int_equal(pvs_lat_stats(big, PVS_LAT_MAX_SAMPLES, &st), 0);
	assert_true(st.min_ns == 5072310844195ull);
	assert_true(st.median_ns == 9225009308531421281ull);
	assert_true(st.p90_ns == 16606147328360104941ull);
	assert_true(st.p99_ns == 18263920748562518117ull);
	assert_true(st.max_ns == 18446730187176362543ull);
	assert_true(st.mean_ns == 9224120380305141281ull);
	assert_int_equal(st.mean_frac_milli, 983);
	assert_true(st.stddev_ns == 5326388424568803960ull);
	assert_int_equal(st.stddev_frac_milli, 979);
	for (i = 1; i < PVS_LAT_MAX_SAMPLES; i++)
		assert_true(big[i - 1] <= big[i]);

	/* 1000 samples of 20 bits: exact and also against the reference */
	pvs_test_rand_seed(RNG_SEED);
	for (i = 0; i < 1000; i++)
		big[i] = pvs_test_rand() >> 44;
	check_against_ref(big, 1000);
	assert_int_equal(pvs_lat_stats(big, 1000, &st), 0);
	assert_true(st.min_ns == 679 && st.median_ns == 539602 &&
		    st.p90_ns == 947903 && st.p99_ns == 1037888 &&
		    st.max_ns == 1047695 && st.mean_ns == 525888 &&
		    st.stddev_ns == 307282);
	assert_int_equal(st.mean_frac_milli, 838);
	assert_int_equal(st.stddev_frac_milli, 69);
}

/* Rounding of the mean at the third decimal, including the carry into
 * the whole part: 1999 ones and a zero average 0.9995 -> 1.000. */
static void test_stats_mean_rounding(void **state)
{
	static uint64_t v[2000];
	struct pvs_lat_stats st;
	size_t i;

	(void)state;
	for (i = 0; i < 2000; i++)
		v[i] = i ? 1 : 0;
	assert_int_equal(pvs_lat_stats(v, 2000, &st), 0);
	assert_true(st.mean_ns == 1);
	assert_int_equal(st.mean_frac_milli, 0);
	for (i = 0; i < 2000; i++)
		v[i] = i > 1 ? 1 : 0;	/* 0.999 */
	assert_int_equal(pvs_lat_stats(v, 2000, &st), 0);
	assert_true(st.mean_ns == 0);
	assert_int_equal(st.mean_frac_milli, 999);
	/* 2^64 - 1 and 2^64 - 2, 1999 of the former: whole part stays the
	 * larger value (x.9995 rounds up to it, never above) */
	for (i = 0; i < 2000; i++)
		v[i] = i ? UINT64_MAX : UINT64_MAX - 1;
	assert_int_equal(pvs_lat_stats(v, 2000, &st), 0);
	assert_true(st.mean_ns == UINT64_MAX);
	assert_int_equal(st.mean_frac_milli, 0);
}

/* Heapsort against qsort on many sizes, with duplicates, and the
 * statistics against the reference each time. */
static void test_stats_random_sizes(void **state)
{
	uint64_t v[300], c[300];
	size_t n, i;

	(void)state;
	pvs_test_rand_seed(RNG_SEED ^ 0x1234);
	for (n = 1; n <= 300; n++) {
		uint64_t mask = (n % 3 == 0) ? 0xf : (n % 3 == 1) ? 0xffffffffull : ~0ull;
		struct pvs_lat_stats st;

		for (i = 0; i < n; i++)
			v[i] = pvs_test_rand() & mask;
		memcpy(c, v, n * sizeof(*v));
		qsort(c, n, sizeof(*c), ref_cmp);
		if (mask != ~0ull)
			check_against_ref(v, n);
		assert_int_equal(pvs_lat_stats(v, n, &st), 0);
		assert_memory_equal(v, c, n * sizeof(*v));
	}
}

/* The percentile helper for every per-mille against the definition. */
static void test_percentile_every_per_mille(void **state)
{
	uint64_t v[400];
	size_t sizes[] = { 1, 2, 3, 10, 399, 400 };
	size_t s;
	unsigned int pm;

	(void)state;
	seed_shaped(v, 400, 7369, 1200, 711, 9698, RNG_SEED + 2);
	qsort(v, 400, sizeof(*v), ref_cmp);
	for (s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
		for (pm = 0; pm <= 1000; pm++) {
			uint64_t got = 0;

			assert_int_equal(pvs_lat_percentile(v, sizes[s], pm, &got), 0);
			assert_true(got == ref_rank(v, sizes[s], pm));
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_idle_vectors),
		cmocka_unit_test(test_state_names),
		cmocka_unit_test(test_stats_seed_shaped),
		cmocka_unit_test(test_stats_seed_table_values),
		cmocka_unit_test(test_stats_all_equal),
		cmocka_unit_test(test_stats_extreme_spread),
		cmocka_unit_test(test_stats_big_full_range),
		cmocka_unit_test(test_stats_mean_rounding),
		cmocka_unit_test(test_stats_random_sizes),
		cmocka_unit_test(test_percentile_every_per_mille),
	};

	return cmocka_run_group_tests_name("idle", tests, NULL, NULL);
}
