// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Integer latency statistics (pseries-cede-latency's N/Min/Median/Avg/90%ile/99%ile/
 * Max/Stddev table) without floating point: heapsort, nearest-rank
 * percentiles, and an exact mean and sample standard deviation computed
 * with 192-bit integers (six 32-bit limbs, so every product is 32x32->64
 * and every division is 64/32, i.e. pvs_div_u64()).
 *
 * Standard deviation: with m = floor(mean), r = sum - n*m (0 <= r < n)
 * and d_i = x_i - m,
 *	sum (x_i - mean)^2 = sum d_i^2 - r^2 / n,
 * so sd^2 = N / (n (n - 1)) with N = n * sum d_i^2 - r^2, an integer.
 * The result in thousandths, rounded half up, is
 *	floor((floor(sqrt(4e6 * N / (n (n - 1)))) + 1) / 2),
 * where the inner division is exact as floor(floor(X / n) / (n - 1)).
 * Bounds: |d_i| < 2^64 and sum d_i^2 <= n (max - min)^2 / 4 + n < 2^147
 * for n <= 2^20, so 4e6 * n * sum d_i^2 < 2^22 * 2^20 * 2^147 = 2^189.
 */
#include <pvsched/idle.h>

/* 32-bit limbs of the wide integer, least significant first. */
#define PVS_WL 6
/* log2(PVS_LAT_MAX_SAMPLES): a heap of that many has this many levels. */
#define PVS_LAT_MAX_DEPTH 21
/* (PVS_WL * 32) / 2: the square root of a wide value has this many bits,
 * so the digit-by-digit square root runs at most this many rounds.
 */
#define PVS_WIDE_SQRT_ROUNDS 96

struct pvs_wide {
	uint32_t w[PVS_WL];
};

static void wide_set_u64(struct pvs_wide *a, uint64_t v)
{
	unsigned int i;

	for (i = 0; i < PVS_WL; i++)
		a->w[i] = 0;
	a->w[0] = (uint32_t)v;
	a->w[1] = (uint32_t)(v >> 32);
}

/* a += b */
static void wide_add(struct pvs_wide *a, const struct pvs_wide *b)
{
	uint64_t carry = 0;
	unsigned int i;

	for (i = 0; i < PVS_WL; i++) {
		carry += (uint64_t)a->w[i] + b->w[i];
		a->w[i] = (uint32_t)carry;
		carry >>= 32;
	}
}

/* a -= b, a >= b */
static void wide_sub(struct pvs_wide *a, const struct pvs_wide *b)
{
	uint64_t borrow = 0;
	unsigned int i;

	for (i = 0; i < PVS_WL; i++) {
		uint64_t sub = (uint64_t)b->w[i] + borrow;

		borrow = (uint64_t)a->w[i] < sub;
		a->w[i] = (uint32_t)((uint64_t)a->w[i] - sub);
	}
}

/* a *= m (the callers' bounds keep the product inside 192 bits) */
static void wide_mul_u32(struct pvs_wide *a, uint32_t m)
{
	uint64_t carry = 0;
	unsigned int i;

	for (i = 0; i < PVS_WL; i++) {
		carry += (uint64_t)a->w[i] * m;
		a->w[i] = (uint32_t)carry;
		carry >>= 32;
	}
}

/* out = v * v, exactly (128 bits) */
static void wide_square_u64(struct pvs_wide *out, uint64_t v)
{
	struct pvs_wide hi;
	uint32_t lo32 = (uint32_t)v, hi32 = (uint32_t)(v >> 32);

	/* v^2 = lo^2 + 2 lo hi 2^32 + hi^2 2^64 */
	wide_set_u64(out, (uint64_t)lo32 * lo32);
	wide_set_u64(&hi, (uint64_t)hi32 * hi32);
	hi.w[3] = hi.w[1];
	hi.w[2] = hi.w[0];
	hi.w[1] = 0;
	hi.w[0] = 0;
	wide_add(out, &hi);
	wide_set_u64(&hi, (uint64_t)lo32 * hi32);
	wide_mul_u32(&hi, 2);
	hi.w[3] = hi.w[2];
	hi.w[2] = hi.w[1];
	hi.w[1] = hi.w[0];
	hi.w[0] = 0;
	wide_add(out, &hi);
}

/* a /= d, returns a % d; d != 0 */
static uint32_t wide_div_u32(struct pvs_wide *a, uint32_t d)
{
	uint64_t rem = 0;
	unsigned int i;

	for (i = PVS_WL; i-- > 0;) {
		uint64_t cur = rem << 32 | a->w[i];	/* rem < d: no overflow */
		uint64_t q = pvs_div_u64(cur, d);

		a->w[i] = (uint32_t)q;
		rem = cur - q * d;
	}
	return (uint32_t)rem;
}

static int wide_cmp(const struct pvs_wide *a, const struct pvs_wide *b)
{
	unsigned int i;

	for (i = PVS_WL; i-- > 0;) {
		if (a->w[i] != b->w[i])
			return a->w[i] < b->w[i] ? -1 : 1;
	}
	return 0;
}

/* a >>= s, 0 < s < 32 */
static void wide_shr(struct pvs_wide *a, unsigned int s)
{
	unsigned int i;

	for (i = 0; i < PVS_WL; i++) {
		uint32_t next = i + 1 < PVS_WL ? a->w[i + 1] : 0;

		a->w[i] = a->w[i] >> s | next << (32 - s);
	}
}

static uint64_t wide_to_u64(const struct pvs_wide *a)
{
	return (uint64_t)a->w[1] << 32 | a->w[0];
}

/* res = floor(sqrt(x)), digit by digit (two bits per round); x is
 * consumed.
 */
static void wide_isqrt(struct pvs_wide *x, struct pvs_wide *res)
{
	struct pvs_wide bit, t;
	unsigned int top, i, round;

	wide_set_u64(res, 0);
	wide_set_u64(&bit, 0);
	/* bit = the highest power of four <= x */
	for (i = PVS_WL; i-- > 0;) {
		if (x->w[i])
			break;
	}
	if (i >= PVS_WL)
		return;	/* x == 0 */
	for (top = 31; top > 0 && !(x->w[i] >> top); top--)
		;
	top &= ~1u;
	bit.w[i] = (uint32_t)1 << top;

	for (round = 0; round < PVS_WIDE_SQRT_ROUNDS; round++) {
		t = *res;
		wide_add(&t, &bit);
		if (wide_cmp(x, &t) >= 0) {
			wide_sub(x, &t);
			wide_shr(res, 1);
			wide_add(res, &bit);
		} else {
			wide_shr(res, 1);
		}
		if (bit.w[0] & 0x3u)
			break;	/* bit was 1: done */
		wide_shr(&bit, 2);
	}
}

static void lat_sift_down(uint64_t *a, size_t root, size_t end)
{
	unsigned int level;

	for (level = 0; level < PVS_LAT_MAX_DEPTH; level++) {
		size_t child = 2 * root + 1;
		uint64_t tmp;

		if (child >= end)
			break;
		if (child + 1 < end && a[child] < a[child + 1])
			child++;
		if (a[root] >= a[child])
			break;
		tmp = a[root];
		a[root] = a[child];
		a[child] = tmp;
		root = child;
	}
}

/* Ascending heapsort; n <= PVS_LAT_MAX_SAMPLES bounds every loop. */
static void lat_heapsort(uint64_t *a, size_t n)
{
	size_t i;

	for (i = n / 2; i-- > 0;)
		lat_sift_down(a, i, n);
	for (i = n; i-- > 1;) {
		uint64_t tmp = a[0];

		a[0] = a[i];
		a[i] = tmp;
		lat_sift_down(a, 0, i);
	}
}

/* Nearest rank: 0-based index of rank ceil(pm * n / 1000), at least 1. */
static size_t lat_rank_index(size_t n, uint32_t per_mille)
{
	uint64_t prod = (uint64_t)per_mille * n;
	uint64_t rank = pvs_div_u64(prod + 999, 1000);

	return rank ? (size_t)rank - 1 : 0;
}

static int lat_check_n(const void *a, const void *b, size_t n)
{
	if (!a || !b || n == 0)
		return -PVS_EINVAL;
	if (n > PVS_LAT_MAX_SAMPLES)
		return -PVS_ERANGE;
	return 0;
}

int pvs_lat_percentile(const uint64_t *sorted_ns, size_t n,
		       uint32_t per_mille, uint64_t *out_ns)
{
	size_t i;
	int ret = lat_check_n(sorted_ns, out_ns, n);

	if (ret < 0)
		return ret;
	if (per_mille > 1000)
		return -PVS_EINVAL;
	for (i = 1; i < n; i++) {
		if (sorted_ns[i - 1] > sorted_ns[i])
			return -PVS_EINVAL;
	}
	*out_ns = sorted_ns[lat_rank_index(n, per_mille)];
	return 0;
}

int pvs_lat_stats(uint64_t *samples_ns, size_t n, struct pvs_lat_stats *out)
{
	struct pvs_wide acc, sq, root;
	uint64_t m, mean_whole, mean_milli, sd_whole = 0;
	uint32_t r, cnt, sd_frac = 0;
	size_t i;
	int ret = lat_check_n(samples_ns, out, n);

	if (ret < 0)
		return ret;
	cnt = (uint32_t)n;
	lat_heapsort(samples_ns, n);

	/* m = floor(mean), r = sum mod n */
	wide_set_u64(&acc, 0);
	for (i = 0; i < n; i++) {
		wide_set_u64(&sq, samples_ns[i]);
		wide_add(&acc, &sq);
	}
	r = wide_div_u32(&acc, cnt);
	m = wide_to_u64(&acc);	/* mean <= max sample: fits */
	/* round(1000 r / n) = floor((2000 r / n + 1) / 2); 2000 r < 2^31 */
	mean_whole = m;
	mean_milli = (pvs_div_u64((uint64_t)r * 2000, cnt) + 1) / 2;
	if (mean_milli == 1000) {	/* then mean > m + 0.9995, m < max */
		mean_whole++;
		mean_milli = 0;
	}

	if (n > 1) {
		/* acc = n * sum (x_i - m)^2 - r^2 */
		wide_set_u64(&acc, 0);
		for (i = 0; i < n; i++) {
			uint64_t x = samples_ns[i];
			uint64_t d = x >= m ? x - m : m - x;

			wide_square_u64(&sq, d);
			wide_add(&acc, &sq);
		}
		wide_mul_u32(&acc, cnt);
		wide_set_u64(&sq, (uint64_t)r * r);
		wide_sub(&acc, &sq);
		/* 4 sd_milli^2 = 4e6 N / (n (n - 1)) */
		wide_mul_u32(&acc, 4000000u);
		wide_div_u32(&acc, cnt);
		wide_div_u32(&acc, cnt - 1);
		wide_isqrt(&acc, &root);
		/* sd_milli = (isqrt + 1) / 2, then whole and thousandths */
		wide_set_u64(&sq, 1);
		wide_add(&root, &sq);
		wide_shr(&root, 1);
		sd_frac = wide_div_u32(&root, 1000);
		sd_whole = wide_to_u64(&root);
	}

	out->n = cnt;
	out->min_ns = samples_ns[0];
	out->median_ns = samples_ns[lat_rank_index(n, 500)];
	out->mean_ns = mean_whole;
	out->mean_frac_milli = (uint32_t)mean_milli;
	out->p90_ns = samples_ns[lat_rank_index(n, 900)];
	out->p99_ns = samples_ns[lat_rank_index(n, 990)];
	out->max_ns = samples_ns[n - 1];
	out->stddev_ns = sd_whole;
	out->stddev_frac_milli = sd_frac;
	return 0;
}
