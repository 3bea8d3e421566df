// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * ple.h: the shared vectors, exhaustive small-range and random comparisons
 * against a straightforward reimplementation written here (32-bit
 * arithmetic with explicit overflow checks instead of the library's 64-bit
 * product), and long grow/shrink sequences.
 */
#include "pvs_test.h"

/* A value biased towards the interesting edges. */
static uint32_t rnd_edge(void)
{
	switch (pvs_test_rand32() % 8) {
	case 0: return 0;
	case 1: return 1;
	case 2: return UINT32_MAX;
	case 3: return UINT32_MAX - pvs_test_rand32() % 16;
	case 4: return pvs_test_rand32() % 16;
	case 5: return 4096;
	case 6: return pvs_test_rand32() % 70000;
	default: return pvs_test_rand32();
	}
}

/* Reference grow: 32-bit math, overflow detected by division. */
static uint32_t ref_grow(uint32_t val, uint32_t base, uint32_t mod,
			 uint32_t max)
{
	uint32_t res;

	if (mod == 0)
		return base;
	if (mod < base) {
		if (val != 0 && mod > UINT32_MAX / val)
			return max;	/* the true product exceeds any max */
		res = val * mod;
	} else {
		if (val > UINT32_MAX - mod)
			return max;
		res = val + mod;
	}
	return res > max ? max : res;
}

/* The kernel's shrink, wrapping subtraction included. */
static uint32_t kernel_shrink(uint32_t val, uint32_t base, uint32_t mod,
			      uint32_t min)
{
	unsigned int v = val;

	if (mod < 1)
		return base;
	if (mod < base)
		v /= mod;
	else
		v -= mod;	/* may wrap */
	return v < min ? min : v;
}

static void test_ple_vectors(void **state)
{
	(void)state;
	pvs_test_run_vectors("ple");
}

/* Every combination of small operands. */
static void test_ple_exhaustive_small(void **state)
{
	uint32_t val, base, mod, lim;

	(void)state;
	for (val = 0; val < 18; val++)
		for (base = 0; base < 18; base++)
			for (mod = 0; mod < 18; mod++)
				for (lim = 0; lim < 40; lim++) {
					uint32_t g = pvs_ple_grow(val, base,
								  mod, lim);
					uint32_t s = pvs_ple_shrink(val, base,
								    mod, lim);
					bool wraps = mod >= base && mod > 0 &&
						     val < mod;

					assert_int_equal(g, ref_grow(val, base,
								     mod, lim));
					if (wraps)
						assert_int_equal(s, lim);
					else
						assert_int_equal(s,
							kernel_shrink(val, base,
								      mod, lim));
				}
}

/* Random operands with edge bias: the same rules at full width. */
static void test_ple_random_vs_reference(void **state)
{
	unsigned int i, wrapped = 0, overflowed = 0;

	(void)state;
	for (i = 0; i < 2000000; i++) {
		uint32_t val = rnd_edge(), base = rnd_edge();
		uint32_t mod = rnd_edge(), lim = rnd_edge();
		uint32_t g = pvs_ple_grow(val, base, mod, lim);
		uint32_t s = pvs_ple_shrink(val, base, mod, lim);

		assert_int_equal(g, ref_grow(val, base, mod, lim));
		if (mod >= 1 && mod >= base && val < mod) {
			wrapped++;
			assert_int_equal(s, lim);
			/* where the kernel differs, it is the wrap */
			assert_true(kernel_shrink(val, base, mod, lim) >=
				    lim);
		} else {
			assert_int_equal(s, kernel_shrink(val, base, mod, lim));
		}
		if (mod >= 1 && mod < base && val != 0 &&
		    mod > UINT32_MAX / val)
			overflowed++;
		/* grow never exceeds max unless it returns base */
		if (mod >= 1)
			assert_true(g <= lim);
		/* shrink never goes below min unless it returns base */
		if (mod >= 1)
			assert_true(s >= lim);
	}
	/* the edges were actually exercised */
	assert_true(wrapped > 1000);
	assert_true(overflowed > 1000);
}

/* Reference step: enabled rule and the two updates, from the params. */
static uint32_t ref_step(const struct pvs_ple_params *p, bool exit_ev,
			 uint32_t w)
{
	bool enabled = p->vendor == PVS_PLE_VMX ? p->gap > 0 :
			(p->gap > 0 && p->window > 0);

	if (!enabled)
		return w;
	if (exit_ev)
		return ref_grow(w, p->window, p->grow, p->window_max);
	if (p->shrink == 0)
		return p->window;
	if (p->shrink < p->window)
		return w / p->shrink > p->window ? w / p->shrink : p->window;
	return w > p->shrink && w - p->shrink > p->window ?
		w - p->shrink : p->window;
}

/* Long random sequences of exits and sched-ins over random parameters. */
static void test_ple_long_sequences(void **state)
{
	unsigned int run, i;

	(void)state;
	for (run = 0; run < 2000; run++) {
		struct pvs_ple_params p;
		bool svm = pvs_test_rand32() & 1;
		uint32_t lim = svm ? 0xffff : UINT32_MAX;
		uint32_t w, ref;

		if (svm)
			pvs_ple_params_default(&p, PVS_PLE_SVM);
		else
			pvs_ple_params_default(&p, PVS_PLE_VMX);
		if (run % 2) {	/* random parameters within the field widths */
			p.gap = pvs_test_rand32() % 4 ?
				(pvs_test_rand32() & lim) : 0;
			p.window = pvs_test_rand32() & (svm ? 0xffff : 0xfffff);
			p.grow = pvs_test_rand32() % 3 ?
				 pvs_test_rand32() % 5 :
				 pvs_test_rand32() & lim;
			p.shrink = pvs_test_rand32() % 3 ?
				   pvs_test_rand32() % 5 :
				   pvs_test_rand32() & lim;
			p.window_max = pvs_test_rand32() % 2 ?
				       lim : pvs_test_rand32() & lim;
		}
		w = ref = p.window;
		for (i = 0; i < 500; i++) {
			/* exits outnumber sched-ins */
			bool ex = pvs_test_rand32() % 4 != 0;
			uint32_t before = w;
			int ret = pvs_ple_step(&p, ex ? PVS_PLE_EXIT :
					       PVS_PLE_SCHED_IN, &w);

			ref = ref_step(&p, ex, ref);
			assert_int_equal(w, ref);
			assert_int_equal(ret, before != w);
			if (svm)
				assert_true(w <= 0xffff);
		}
	}
}

/* VMX defaults: exits double, one sched-in resets, forever. */
static void test_ple_default_cycles(void **state)
{
	struct pvs_ple_params p;
	uint32_t w, expect;
	unsigned int cycle, n;

	(void)state;
	pvs_ple_params_default(&p, PVS_PLE_VMX);
	w = p.window;
	for (cycle = 0; cycle < 30; cycle++) {
		unsigned int exits = cycle + 1;

		expect = 4096;
		for (n = 0; n < exits; n++) {
			expect = expect >= 0x80000000u ? UINT32_MAX : expect * 2;
			assert_int_equal(pvs_ple_on_exit(&p, &w), 1);
			assert_int_equal(w, expect);
			if (w == UINT32_MAX)
				break;
		}
		assert_int_equal(pvs_ple_on_sched_in(&p, &w), 1);
		assert_int_equal(w, 4096);
		assert_int_equal(pvs_ple_on_sched_in(&p, &w), 0);
	}
	/* SVM: the count saturates at 65535 after 5 exits */
	pvs_ple_params_default(&p, PVS_PLE_SVM);
	w = p.window;
	for (n = 0; n < 5; n++)
		assert_int_equal(pvs_ple_on_exit(&p, &w), 1);
	assert_int_equal(w, 65535);
	for (n = 0; n < 100; n++)
		assert_int_equal(pvs_ple_on_exit(&p, &w), 0);
	assert_int_equal(w, 65535);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ple_vectors),
		cmocka_unit_test(test_ple_exhaustive_small),
		cmocka_unit_test(test_ple_random_vs_reference),
		cmocka_unit_test(test_ple_long_sequences),
		cmocka_unit_test(test_ple_default_cycles),
	};

	return cmocka_run_group_tests_name("ple", tests, NULL, NULL);
}
