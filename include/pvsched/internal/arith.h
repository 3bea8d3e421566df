/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * INTERNAL, not API: the overflow-safe and saturating integer arithmetic
 * that spin.h, haltpoll.h and ple.h share. No 128-bit type and no division
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

/* a - b, or 0 when b > a. */
static inline uint32_t pvs_sub_sat_u32_(uint32_t a, uint32_t b)
{
	return a > b ? a - b : 0;
}

#endif /* PVSCHED_INTERNAL_ARITH_H */
