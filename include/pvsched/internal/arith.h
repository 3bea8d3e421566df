/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * INTERNAL, not API: the overflow-safe and saturating integer arithmetic
 * that spin.h, haltpoll.h, ple.h and lib/idle.c share. No 128-bit type and no division
 * beyond pvs_div_u64(), so each costs a few instructions on 32-bit kernels.
 */
#ifndef PVSCHED_INTERNAL_ARITH_H
#define PVSCHED_INTERNAL_ARITH_H

#include <pvsched/env.h>

/* a * b, or ~0 when the product does not fit in 64 bits. */
static inline uint64_t pvs_mul_sat_u64_u32_(uint64_t a, uint32_t b)
{
	const uint64_t sat = ~(uint64_t)0;
	uint64_t hi = (a >> 32) * b;
	uint64_t lo = (a & 0xffffffffu) * b;

	if (hi >> 32)
		return sat;
	hi <<= 32;
	return lo > sat - hi ? sat : hi + lo;
}

/* q * k + lo, or ~0 when it does not fit in 64 bits; k != 0. */
static inline uint64_t pvs_muladd_sat_u64_(uint64_t q, uint32_t k,
					   uint64_t lo)
{
	if (q > pvs_div_u64(~(uint64_t)0 - lo, k))
		return ~(uint64_t)0;
	return q * k + lo;
}

/* The high 64 bits of the 128-bit product a * b (powerpc's mulhdu), from
 * four 32 x 32 -> 64 products: no 128-bit type on any target.
 */
static inline uint64_t pvs_mulhi_u64_(uint64_t a, uint64_t b)
{
	uint64_t a_lo = a & 0xffffffffu, a_hi = a >> 32;
	uint64_t b_lo = b & 0xffffffffu, b_hi = b >> 32;
	uint64_t lo_lo = a_lo * b_lo, hi_lo = a_hi * b_lo;
	uint64_t lo_hi = a_lo * b_hi, hi_hi = a_hi * b_hi;
	/* the middle column, with the carry out of the low word */
	uint64_t mid = (lo_lo >> 32) + (hi_lo & 0xffffffffu) + (lo_hi & 0xffffffffu);

	return hi_hi + (hi_lo >> 32) + (lo_hi >> 32) + (mid >> 32);
}

/* a - b, or 0 when b > a. */
static inline uint32_t pvs_sub_sat_u32_(uint32_t a, uint32_t b)
{
	return a > b ? a - b : 0;
}

#endif /* PVSCHED_INTERNAL_ARITH_H */
