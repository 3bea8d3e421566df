// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * schbench's latency histogram (fio's plat buckets: exact below 512 us,
 * then 64 buckets per power of two), its percentiles, and the percentiles
 * the latency scenarios print and record.
 */

#include <pvsched/sim.h>

static unsigned int msb64(uint64_t v)
{
	unsigned int m = 0;

	while (v >>= 1)
		m++;
	return m;
}

unsigned int pvsim_hist_idx(uint64_t us)
{
	unsigned int msb, error_bits, base, offset, idx;

	msb = us ? msb64(us) : 0;
	if (msb <= PVSIM_PLAT_BITS)
		return (unsigned int)us;
	error_bits = msb - PVSIM_PLAT_BITS;
	base = (error_bits + 1) << PVSIM_PLAT_BITS;
	offset = (unsigned int)((PVSIM_PLAT_VAL - 1) & (us >> error_bits));
	idx = base + offset;
	return idx < PVSIM_PLAT_NR - 1 ? idx : PVSIM_PLAT_NR - 1;
}

uint64_t pvsim_hist_val(unsigned int idx)
{
	unsigned int error_bits, k;
	uint64_t base;

	if (idx < (PVSIM_PLAT_VAL << 1))
		return idx;
	error_bits = (idx >> PVSIM_PLAT_BITS) - 1;
	base = (uint64_t)1 << (error_bits + PVSIM_PLAT_BITS);
	k = idx % PVSIM_PLAT_VAL;
	/* base + (k + 0.5) * 2^error_bits, exact since error_bits >= 1 */
	return base + ((uint64_t)k << error_bits) +
	       ((uint64_t)1 << (error_bits - 1));
}

void pvsim_hist_clear(struct pvsim_hist *h)
{
	unsigned int i;

	for (i = 0; i < PVSIM_PLAT_NR; i++)
		h->buckets[i] = 0;
	h->n = 0;
	h->min_us = UINT64_MAX;
	h->max_us = 0;
}

void pvsim_hist_add(struct pvsim_hist *h, uint64_t us)
{
	h->buckets[pvsim_hist_idx(us)]++;
	h->n++;
	if (us < h->min_us)
		h->min_us = us;
	if (us > h->max_us)
		h->max_us = us;
}

void pvsim_hist_merge(struct pvsim_hist *dst,
			const struct pvsim_hist *src)
{
	unsigned int i;

	for (i = 0; i < PVSIM_PLAT_NR; i++)
		dst->buckets[i] += src->buckets[i];
	dst->n += src->n;
	if (src->min_us < dst->min_us)
		dst->min_us = src->min_us;
	if (src->max_us > dst->max_us)
		dst->max_us = src->max_us;
}

uint64_t pvsim_hist_pct(const struct pvsim_hist *h, unsigned int per_mille)
{
	uint64_t sum = 0;
	unsigned int i;

	if (!h->n)
		return 0;
	for (i = 0; i < PVSIM_PLAT_NR; i++) {
		sum += h->buckets[i];
		/* sum >= per_mille / 1000 * n, in integers */
		if (sum * 1000 >= (uint64_t)per_mille * h->n)
			return pvsim_hist_val(i);
	}
	return pvsim_hist_val(PVSIM_PLAT_NR - 1);
}

const unsigned int pvsim_pct_pm[PVSIM_NPCT] = {
	500, 750, 900, 950, 990, 995, 999
};

const char *const pvsim_pct_metric[PVSIM_NPCT] = {
	"p50_us", "p75_us", "p90_us", "p95_us", "p99_us", "p99.5_us",
	"p99.9_us"
};
