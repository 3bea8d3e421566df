// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Vectors for ple.h: __grow_ple_window() / __shrink_ple_window() as in
 * arch/x86/kvm/x86.h (docs/upstream-rules.md, "kvm_vcpu_on_spin candidate pass"), the VMX and SVM defaults,
 * the per-event step and its bad input.
 */
#include "vectors.h"

static const char S[] = "ple";

#define U32MAX 0xffffffffu

/* One window computation: f(val, base, mod, lim) == expect. */
struct ple_vec {
	uint32_t val, base, mod, lim, expect;
};

/* grow(val, base, mod, max) */
static const struct ple_vec grow_vecs[] = {
	/* 0-1: mod < 1 returns base, even above max (no clamp) */
	{ 4096, 4096, 0, U32MAX, 4096 },
	{ 123456, 4096, 0, 10, 4096 },
	/* 2-3: mod < base multiplies; 0 stays 0 */
	{ 4096, 4096, 2, U32MAX, 8192 },
	{ 0, 4096, 2, U32MAX, 0 },
	/* 4-6: 64-bit product, clamped (32-bit math would wrap) */
	{ 0x80000000u, 4096, 2, U32MAX, U32MAX },
	{ U32MAX, 4096, 4095, U32MAX, U32MAX },
	{ 0x10000001u, 4096, 16, U32MAX, U32MAX },
	/* 7-8: the mod == base boundary: add at base, multiply below */
	{ 5000, 4096, 4096, U32MAX, 9096 },
	{ 5000, 4096, 4095, U32MAX, 20475000 },
	/* 9: addition overflowing 32 bits, clamped */
	{ U32MAX, 4096, 4096, U32MAX, U32MAX },
	/* 10-12: SVM defaults, max 65535; a window above max comes down */
	{ 3000, 3000, 2, 65535, 6000 },
	{ 48000, 3000, 2, 65535, 65535 },
	{ 70000, 3000, 2, 65535, 65535 },
	/* 13-14: base 0 or 1: mod >= base adds */
	{ 10, 0, 2, 100, 12 },
	{ 10, 1, 1, 100, 11 },
	/* 15: max 0 */
	{ 10, 4096, 2, 0, 0 },
	/* 16: all maximal: (2^32-1)*(2^32-2) still fits 64 bits */
	{ U32MAX, U32MAX, U32MAX - 1, U32MAX, U32MAX },
	/* 17: exactly max */
	{ 32768, 4096, 2, 65536, 65536 },
	/* 18: additive grow modifier (>= base) */
	{ 4096, 4096, 10000, U32MAX, 14096 },
};

/* shrink(val, base, mod, min) */
static const struct ple_vec shrink_vecs[] = {
	/* 0-1: mod < 1 returns base (reset), even below min */
	{ 8192, 4096, 0, 4096, 4096 },
	{ 100, 4096, 0, 99999, 4096 },
	/* 2-4: mod < base divides, at least min */
	{ 65536, 4096, 2, 4096, 32768 },
	{ 8191, 4096, 2, 4096, 4096 },
	{ U32MAX, 4096, 2, 4096, 0x7fffffffu },
	/* 5-6: the mod == base boundary: subtract at base, divide below */
	{ 10000, 4096, 4096, 0, 5904 },
	{ 10000, 4096, 4095, 0, 2 },
	/* 7-9: underflow guarded (the kernel wraps to ~2^32) */
	{ 100, 3000, 5000, 3000, 3000 },
	{ 5000, 3000, 5000, 0, 0 },
	{ 4999, 3000, 5000, 0, 0 },
	/* 10-11: zero window */
	{ 0, 4096, 2, 0, 0 },
	{ 0, 4096, 2, 4096, 4096 },
	/* 12-13: extremes */
	{ U32MAX, 1, 1, 0, U32MAX - 1 },
	{ U32MAX, U32MAX, U32MAX, 0, 0 },
	/* 14: min UINT_MAX wins */
	{ 5, 4096, 2, U32MAX, U32MAX },
	/* 15: 0 - UINT_MAX guarded */
	{ 0, 1, U32MAX, 7, 7 },
};

/* Run one table through f; vector ids from id0. */
static void ple_table(struct pvs_vec_result *r, const struct ple_vec *vecs,
		      unsigned int n, unsigned int id0,
		      uint32_t (*f)(uint32_t, uint32_t, uint32_t, uint32_t))
{
	unsigned int i;

	for (i = 0; i < n; i++)
		PVS_VEC_EXPECT(r, S, id0 + i, f(vecs[i].val, vecs[i].base,
						 vecs[i].mod, vecs[i].lim) ==
			       vecs[i].expect);
}

static void ple_tables(struct pvs_vec_result *r)
{
	ple_table(r, grow_vecs, PVS_VEC_LEN(grow_vecs), 100, pvs_ple_grow);
	ple_table(r, shrink_vecs, PVS_VEC_LEN(shrink_vecs), 200,
		  pvs_ple_shrink);
}

/* One pvs_ple_step(): the parameters, event, window in -> out. */
struct ple_step_vec {
	struct pvs_ple_params p;
	int ev;
	uint32_t in;
	int ret;
	uint32_t out;
};

#define VMX_DEF PVS_PLE_VMX, 128, 4096, 2, 0, U32MAX
#define SVM_DEF PVS_PLE_SVM, 128, 3000, 2, 0, 65535
#define EXIT PVS_PLE_EXIT
#define IN PVS_PLE_SCHED_IN

static const struct ple_step_vec step_vecs[] = {
	/* 0-4: VMX defaults */
	{ { VMX_DEF }, EXIT, 4096, 1, 8192 },
	{ { VMX_DEF }, EXIT, 0x80000000u, 1, U32MAX },
	{ { VMX_DEF }, EXIT, U32MAX, 0, U32MAX },
	{ { VMX_DEF }, IN, U32MAX, 1, 4096 },
	{ { VMX_DEF }, IN, 4096, 0, 4096 },
	/* 5-8: SVM defaults */
	{ { SVM_DEF }, EXIT, 3000, 1, 6000 },
	{ { SVM_DEF }, EXIT, 48000, 1, 65535 },
	{ { SVM_DEF }, EXIT, 65535, 0, 65535 },
	{ { SVM_DEF }, IN, 65535, 1, 3000 },
	/* 9-12: PLE disabled (pause in guest): nothing changes */
	{ { PVS_PLE_VMX, 0, 4096, 2, 0, U32MAX }, EXIT, 4096, 0, 4096 },
	{ { PVS_PLE_VMX, 0, 4096, 2, 0, U32MAX }, IN, 9999, 0, 9999 },
	{ { PVS_PLE_SVM, 128, 0, 2, 0, 65535 }, EXIT, 3000, 0, 3000 },
	{ { PVS_PLE_SVM, 0, 3000, 2, 0, 65535 }, EXIT, 3000, 0, 3000 },
	/* 13: VMX ple_window 0 but gap set: still enabled, grow adds */
	{ { PVS_PLE_VMX, 128, 0, 2, 0, U32MAX }, EXIT, 0, 1, 2 },
	/* 14-15: custom shrink: divide by 2, floor = base */
	{ { PVS_PLE_VMX, 128, 4096, 2, 2, U32MAX }, IN, 20000, 1, 10000 },
	{ { PVS_PLE_VMX, 128, 4096, 2, 2, U32MAX }, IN, 8000, 1, 4096 },
	/* 16: custom SVM shrink subtracting below zero: guarded to base */
	{ { PVS_PLE_SVM, 128, 3000, 2, 5000, 65535 }, IN, 100, 1, 3000 },
	/* 17: SVM max edge 65535 fields are fine */
	{ { PVS_PLE_SVM, 65535, 65535, 65535, 65535, 65535 }, EXIT, 65535, 0,
	  65535 },
	/* 18-21: bad input: error, window untouched */
	{ { PVS_PLE_SVM, 128, 3000, 2, 0, 65535 }, EXIT, 65536, -PVS_ERANGE,
	  65536 },
	{ { PVS_PLE_SVM, 128, 3000, 2, 0, 65536 }, EXIT, 3000, -PVS_ERANGE, 3000 },
	{ { PVS_PLE_SVM, 0x10000, 3000, 2, 0, 65535 }, IN, 3000, -PVS_ERANGE,
	  3000 },
	{ { VMX_DEF }, 2, 4096, -PVS_EINVAL, 4096 },
	/* 22: a VMX window above 16 bits is fine */
	{ { VMX_DEF }, EXIT, 65536, 1, 131072 },
	/* 23: disabled SVM still range-checks the window */
	{ { PVS_PLE_SVM, 0, 3000, 2, 0, 65535 }, IN, 70000, -PVS_ERANGE, 70000 },
};

static void ple_steps(struct pvs_vec_result *r)
{
	unsigned int i;

	for (i = 0; i < PVS_VEC_LEN(step_vecs); i++) {
		const struct ple_step_vec *v = &step_vecs[i];
		uint32_t w = v->in;
		int ret;

		ret = pvs_ple_step(&v->p, (enum pvs_ple_event)v->ev, &w);
		PVS_VEC_EXPECT(r, S, 300 + i, ret == v->ret);
		PVS_VEC_EXPECT(r, S, 300 + i, w == v->out);
	}
}

static void ple_defaults(struct pvs_vec_result *r)
{
	struct pvs_ple_params p;
	uint32_t w;

	PVS_VEC_EXPECT(r, S, 400, pvs_ple_params_default(&p, PVS_PLE_VMX) == 0);
	PVS_VEC_EXPECT(r, S, 400, p.vendor == PVS_PLE_VMX && p.gap == 128 &&
		       p.window == 4096 && p.grow == 2 && p.shrink == 0 &&
		       p.window_max == U32MAX);
	PVS_VEC_EXPECT(r, S, 401, pvs_ple_enabled(&p) == 1);
	PVS_VEC_EXPECT(r, S, 402, pvs_ple_params_default(&p, PVS_PLE_SVM) == 0);
	PVS_VEC_EXPECT(r, S, 402, p.vendor == PVS_PLE_SVM && p.gap == 128 &&
		       p.window == 3000 && p.grow == 2 && p.shrink == 0 &&
		       p.window_max == 65535);
	PVS_VEC_EXPECT(r, S, 403, pvs_ple_enabled(&p) == 1);
	PVS_VEC_EXPECT(r, S, 412, pvs_ple_params_default(NULL, PVS_PLE_VMX) ==
		       -PVS_EINVAL);
	PVS_VEC_EXPECT(r, S, 413, pvs_ple_params_default(&p,
			(enum pvs_ple_vendor)2) == -PVS_EINVAL);
	PVS_VEC_EXPECT(r, S, 414, p.vendor == PVS_PLE_SVM && p.window == 3000);

	/* Bad input: NULLs and unknown vendor, window untouched. */
	w = 1234;
	PVS_VEC_EXPECT(r, S, 404, pvs_ple_on_exit(NULL, &w) == -PVS_EINVAL);
	PVS_VEC_EXPECT(r, S, 405, w == 1234);
	PVS_VEC_EXPECT(r, S, 406, pvs_ple_on_exit(&p, NULL) == -PVS_EINVAL);
	PVS_VEC_EXPECT(r, S, 407, pvs_ple_on_sched_in(&p, NULL) == -PVS_EINVAL);
	PVS_VEC_EXPECT(r, S, 408, pvs_ple_enabled(NULL) == -PVS_EINVAL);
	p.vendor = (enum pvs_ple_vendor)2;
	PVS_VEC_EXPECT(r, S, 409, pvs_ple_enabled(&p) == -PVS_EINVAL);
	PVS_VEC_EXPECT(r, S, 410, pvs_ple_on_sched_in(&p, &w) == -PVS_EINVAL);
	PVS_VEC_EXPECT(r, S, 411, w == 1234);
}

/* Sequences with the defaults: the upstream change's PLE-storm window growth. */
static void ple_sequences(struct pvs_vec_result *r)
{
	struct pvs_ple_params p;
	uint32_t w;
	unsigned int i, changed;

	/* VMX: 4096 = 2^12 doubles 19 times to 2^31, then clamps. */
	pvs_ple_params_default(&p, PVS_PLE_VMX);
	w = p.window;
	for (i = 0, changed = 0; i < 19; i++)
		changed += pvs_ple_on_exit(&p, &w) == 1;
	PVS_VEC_EXPECT(r, S, 500, changed == 19 && w == 0x80000000u);
	PVS_VEC_EXPECT(r, S, 501, pvs_ple_on_exit(&p, &w) == 1 && w == U32MAX);
	PVS_VEC_EXPECT(r, S, 502, pvs_ple_on_exit(&p, &w) == 0 && w == U32MAX);
	PVS_VEC_EXPECT(r, S, 503, pvs_ple_on_sched_in(&p, &w) == 1 &&
		       w == 4096);

	/* SVM: 3000 6000 12000 24000 48000 65535. */
	pvs_ple_params_default(&p, PVS_PLE_SVM);
	w = p.window;
	for (i = 0, changed = 0; i < 4; i++)
		changed += pvs_ple_on_exit(&p, &w) == 1;
	PVS_VEC_EXPECT(r, S, 504, changed == 4 && w == 48000);
	PVS_VEC_EXPECT(r, S, 505, pvs_ple_on_exit(&p, &w) == 1 && w == 65535);
	PVS_VEC_EXPECT(r, S, 506, pvs_ple_on_exit(&p, &w) == 0 && w == 65535);
	PVS_VEC_EXPECT(r, S, 507, pvs_ple_on_sched_in(&p, &w) == 1 &&
		       w == 3000);

	/* VMX with shrink 2: UINT_MAX halves 20 times down to the floor. */
	pvs_ple_params_default(&p, PVS_PLE_VMX);
	p.shrink = 2;
	w = U32MAX;
	for (i = 0, changed = 0; i < 20; i++)
		changed += pvs_ple_on_sched_in(&p, &w) == 1;
	/* 2^32-1 >> 19 = 8191, >> 20 = 4095 -> floor 4096 */
	PVS_VEC_EXPECT(r, S, 508, changed == 20 && w == 4096);
	PVS_VEC_EXPECT(r, S, 509, pvs_ple_on_sched_in(&p, &w) == 0);
}

void pvs_vec_ple(struct pvs_vec_result *r)
{
	ple_tables(r);
	ple_steps(r);
	ple_defaults(r);
	ple_sequences(r);
}
