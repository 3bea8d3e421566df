// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The CEDE latency of each firmware record, against an independent
 * transcription of the kernel's arithmetic written here with 128-bit
 * integers: time_init()'s tb_to_ns_scale/shift (div128_by_32(1e9, 0,
 * tb_hz), shifted until the integer part is 0), tb_to_ns() = mulhdu(ticks,
 * scale) << shift, then fixup_cede0_latency()'s DIV_ROUND_UP_ULL(ns, 1000),
 * its skip of 0 us records and its minimum starting at UINT_MAX.
 * Exhaustive over small tick counts, random over the rest, at timebase
 * frequencies from 1 Hz to 2^32 - 1 Hz.
 */
#include "pvs_test.h"

/* ---- the kernel, transcribed (u64 wraps as in C) --------------------- */

struct ref_conv {
	uint64_t scale;
	unsigned int shift;
};

static struct ref_conv ref_time_init(uint32_t tb_hz)
{
	unsigned __int128 res = ((unsigned __int128)1000000000u << 64) / tb_hz;
	uint64_t high = (uint64_t)(res >> 64), scale = (uint64_t)res;
	struct ref_conv c;

	for (c.shift = 0; high != 0; ++c.shift) {
		scale = (scale >> 1) | (high << 63);
		high >>= 1;
	}
	c.scale = scale;
	return c;
}

static uint64_t ref_tb_to_ns(struct ref_conv c, uint64_t ticks)
{
	return (uint64_t)(((unsigned __int128)ticks * c.scale) >> 64) << c.shift;
}

static uint64_t ref_latency_us(struct ref_conv c, uint64_t ticks)
{
	uint64_t tmp = ref_tb_to_ns(c, ticks) + 1000 - 1;	/* may wrap */

	return tmp / 1000;
}

/* The kernel's minimum over a table: 0 us records skipped, UINT_MAX when
 * no record qualifies; *ns is the smallest tb_to_ns() giving it. */
static uint64_t ref_min_us(struct ref_conv c, const struct pvs_xcede_table *t,
			   uint64_t *ns)
{
	uint64_t min_us = 0xffffffffu;	/* UINT_MAX */
	uint32_t i;

	*ns = 0;
	for (i = 0; i < t->nr_records; i++) {
		uint64_t us = ref_latency_us(c, t->records[i].latency_tb);
		uint64_t n = ref_tb_to_ns(c, t->records[i].latency_tb);

		if (us == 0)
			continue;
		if (us < min_us || (us == min_us && us != 0xffffffffu && n < *ns)) {
			min_us = us;
			*ns = n;
		}
	}
	if (min_us == 0xffffffffu)
		*ns = 0;
	return min_us;
}

/* What pvs_idle_state_latency() must answer for a POWER10 dedicated
 * partition under today's rule: the kernel's minimum, or the defaults
 * when no record qualifies; -PVS_ERANGE where 10 x the minimum does not
 * fit the uint32_t residency (the kernel would truncate it). */
static void check_table(uint32_t tb_hz, const struct pvs_xcede_table *t)
{
	struct ref_conv c = ref_time_init(tb_hz);
	struct pvs_idle_platform p = { PVS_IDLE_CPU_POWER10, PVS_IDLE_DEDICATED,
				       false, tb_hz, 0 };
	struct pvs_idle_latency out;
	uint64_t ns, min_us = ref_min_us(c, t, &ns);
	int ret = pvs_idle_state_latency(&p, t, PVS_IDLE_KERNEL, &out);

	if (min_us == 0xffffffffu) {
		assert_int_equal(ret, 0);
		assert_int_equal(out.source, PVS_IDLE_SRC_DEFAULT);
		assert_int_equal(out.exit_latency_us, PVS_IDLE_CEDE_EXIT_US);
		assert_int_equal(out.target_residency_us, PVS_IDLE_CEDE_RESIDENCY_US);
	} else if (min_us > PVS_IDLE_MAX_EXIT_US) {
		assert_int_equal(ret, -PVS_ERANGE);
		return;
	} else {
		assert_int_equal(ret, 0);
		assert_int_equal(out.source, PVS_IDLE_SRC_FIRMWARE);
		assert_true(out.exit_latency_us == min_us);
		assert_true(out.target_residency_us == 10 * min_us);
	}
	assert_true(out.fw_latency_ns == ns);
}

static void check_one(uint32_t tb_hz, uint64_t ticks)
{
	struct pvs_xcede_table t = { 1, { { 1, 1, ticks } } };

	check_table(tb_hz, &t);
}

/* Timebase frequencies: POWER's 512 MHz, round ones, odd ones, powers of
 * two and their neighbours, the extremes of the uint32_t. */
static const uint32_t tb_hz_list[] = {
	512000000u, 1000000000u, 1u, 2u, 3u, 7u, 1000u, 1000000u, 33333333u,
	100000000u, 125000000u, 1u << 31, (1u << 31) - 1, (1u << 31) + 1,
	1u << 29, 999999937u, 0xfffffffeu, 0xffffffffu,
};
#define NR_TB_HZ (sizeof(tb_hz_list) / sizeof(tb_hz_list[0]))

/* Every tick count below 2^17 at every frequency, and at 512 MHz up to
 * 2^20 (the 1000 ns steps repeat every 1024 ticks there). */
static void test_small_ticks_exhaustive(void **state)
{
	uint64_t t;
	size_t f;

	(void)state;
	for (f = 0; f < NR_TB_HZ; f++)
		for (t = 0; t < (1u << 17); t++)
			check_one(tb_hz_list[f], t);
	for (t = 1u << 17; t < (1u << 20); t++)
		check_one(PVS_IDLE_POWER_TB_HZ, t);
}

/* Random tick counts of every magnitude (a random bit length, so huge,
 * wrapping and UINT_MAX-us records all occur), at the listed and at
 * random frequencies; then random tables of up to 16 records. */
static void test_random_ticks(void **state)
{
	struct pvs_xcede_table t;
	unsigned int i, k;

	(void)state;
	pvs_test_rand_seed(0x1d1e7b);
	for (i = 0; i < 400000; i++) {
		unsigned int bits = (unsigned int)pvs_test_rand_below(65);
		uint64_t ticks = bits ? pvs_test_rand() >> (64 - bits) : 0;
		uint32_t hz = (i & 1) ? tb_hz_list[i / 2 % NR_TB_HZ] :
			(uint32_t)pvs_test_rand() | 1u;

		check_one(hz, ticks);
	}
	for (i = 0; i < 50000; i++) {
		uint32_t hz = (i & 1) ? PVS_IDLE_POWER_TB_HZ :
			(uint32_t)pvs_test_rand() | 1u;

		memset(&t, 0, sizeof(t));
		t.nr_records = (uint32_t)pvs_test_rand_below(PVS_XCEDE_MAX_RECORDS + 1);
		for (k = 0; k < t.nr_records; k++) {
			unsigned int bits = (unsigned int)pvs_test_rand_below(65);

			t.records[k].hint = (uint8_t)k;
			t.records[k].latency_tb = bits ? pvs_test_rand() >> (64 - bits) : 0;
		}
		check_table(hz, &t);
	}
}

/* The transcription itself, on values worked out by hand: at 512 MHz
 * scale = 125 x 2^57, shift 1, so tb_to_ns(t) = 2 x floor(125 t / 128);
 * at 1 GHz scale 2^63, shift 1. */
static void test_reference_by_hand(void **state)
{
	struct ref_conv c = ref_time_init(512000000u);
	uint64_t t;

	(void)state;
	assert_true(c.scale == 125ull << 57 && c.shift == 1);
	for (t = 0; t < 100000; t++)
		assert_true(ref_tb_to_ns(c, t) == 2 * ((125 * t) / 128));
	assert_true(ref_latency_us(c, 513) == 1 && ref_latency_us(c, 25600) == 50);
	c = ref_time_init(1000000000u);
	assert_true(c.scale == 1ull << 63 && c.shift == 1);
	assert_true(ref_tb_to_ns(c, 1001) == 1000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_reference_by_hand),
		cmocka_unit_test(test_small_ticks_exhaustive),
		cmocka_unit_test(test_random_ticks),
	};

	return cmocka_run_group_tests_name("idle_tb", tests, NULL, NULL);
}
