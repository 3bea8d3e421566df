// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Vectors for haltpoll.h: the poll-window rules of kvm_vcpu_halt() (KVM
 * host) and adjust_poll_limit() (guest haltpoll governor) with every
 * preset and both shrink generations, their boundaries and the 32/64-bit
 * overflow of window * grow, convergence sequences, presets, and the
 * poll-loop action for every SMT policy (kvm-haltpoll-relax). Expected values are
 * worked by hand from the kernel rules; the comments show the arithmetic.
 */
#include "vectors.h"

static const char S[] = "haltpoll";

#define MAX64 (~(uint64_t)0)
#define CANARY 0xa5a5a5a5a5a5a5a5ull

/* Parameter sets, spelled out (independent of pvs_halt_poll_preset()). */
#define HX86 { PVS_HALT_POLL_KVM_HOST, 200000, 10000, 2, 2, true }
#define HX86_OLD { PVS_HALT_POLL_KVM_HOST, 200000, 10000, 2, 0, true }
#define HARM64 { PVS_HALT_POLL_KVM_HOST, 500000, 10000, 2, 2, true }
#define HARM64_OLD { PVS_HALT_POLL_KVM_HOST, 500000, 10000, 2, 0, true }
#define HS390 { PVS_HALT_POLL_KVM_HOST, 50000, 10000, 2, 2, true }
#define HS390_OLD { PVS_HALT_POLL_KVM_HOST, 50000, 10000, 2, 0, true }
#define HPPC { PVS_HALT_POLL_KVM_HOST, 10000, 10000, 2, 2, true }
#define HPPC_OLD { PVS_HALT_POLL_KVM_HOST, 10000, 10000, 2, 0, true }
#define GDEF { PVS_HALT_POLL_GUEST, 200000, 50000, 2, 2, true }

#define K PVS_HALT_POLL_EV_KEEP
#define G PVS_HALT_POLL_EV_GROW
#define SH PVS_HALT_POLL_EV_SHRINK
#define R PVS_HALT_POLL_EV_RESET

/* One halt: state window before, halt length, wakeup validity; expected. */
struct hp_vec {
	struct pvs_halt_poll_params p;
	uint64_t window_ns;
	uint64_t block_ns;
	bool valid;
	uint64_t expect_ns;
	int expect_ev;
};

static const struct hp_vec step_vecs[] = {
	/* ---- x86 host, today (shrink 2) ---- */
	{ HX86, 0, 5000, true, 10000, G },		/* 0*2 -> grow_start */
	{ HX86, 10000, 10000, true, 10000, K },		/* block == window */
	{ HX86, 10000, 9999, true, 10000, K },
	{ HX86, 10000, 10001, true, 20000, G },
	{ HX86, 4000, 6000, true, 10000, G },		/* 8000 -> grow_start */
	{ HX86, 5000, 6000, true, 10000, G }, /* 10000 == grow_start */
	{ HX86, 100000, 150000, true, 200000, G },
	{ HX86, 150000, 199999, true, 300000, G },	/* grow not capped */
	{ HX86, 199999, 199999, true, 199999, K },
	{ HX86, 100000, 200000, true, 100000, K }, /* block == max: no branch */
	{ HX86, 199999, 200000, true, 199999, K },
	{ HX86, 200000, 200000, true, 200000, K }, /* block == window == max */
	{ HX86, 100000, 200001, true, 50000, SH },	/* long halt: halve */
	{ HX86, 20000, 300000, true, 10000, SH }, /* == grow_start: kept */
	{ HX86, 10000, 300000, true, 0, R },		/* from grow_start */
	{ HX86, 15000, 300000, true, 0, R },		/* 7500 < grow_start */
	{ HX86, 0, 300000, true, 0, K },		/* window 0: nothing */
	{ HX86, 0, 199999, true, 10000, G },
	{ HX86, 0, 0, true, 0, K },			/* 0 <= 0 */
	{ HX86, 100000, MAX64, true, 50000, SH },
	{ HX86, 300000, 100, true, 200000, K },		/* clamp, then keep */
	{ HX86, 300000, 250000, true, 100000, SH }, /* clamp 200000, halve */
	{ HX86, MAX64, 1, true, 200000, K },		/* clamp from 2^64-1 */
	{ HX86, 100000, 50, false, 50000, SH },		/* invalid wakeup */
	{ HX86, 0, 50, false, 0, R },
	{ HX86, 300000, 50, false, 100000, SH },	/* clamp, then halve */
	{ HX86, 19999, 50, false, 0, R },		/* 9999 < grow_start */
	/* ---- x86 host, older kernels (shrink 0: reset) ---- */
	{ HX86_OLD, 0, 5000, true, 10000, G },
	{ HX86_OLD, 100000, 150000, true, 200000, G },
	{ HX86_OLD, 100000, 200001, true, 0, R },
	{ HX86_OLD, 200000, 1000000, true, 0, R },
	{ HX86_OLD, 100000, 50, false, 0, R },
	{ HX86_OLD, 100000, 90000, true, 100000, K },
	/* ---- arm64 host (500000) ---- */
	{ HARM64, 200000, 300000, true, 400000, G },
	{ HARM64, 400000, 450000, true, 800000, G },
	{ HARM64, 800000, 100, true, 500000, K },
	{ HARM64, 500000, 500000, true, 500000, K },
	{ HARM64, 250000, 500001, true, 125000, SH },
	{ HARM64, 250000, 500000, true, 250000, K },
	{ HARM64_OLD, 250000, 500001, true, 0, R },
	{ HARM64_OLD, 250000, 499999, true, 500000, G },
	/* ---- s390 host (50000) ---- */
	{ HS390, 40000, 45000, true, 80000, G },
	{ HS390, 80000, 1, true, 50000, K },
	{ HS390, 50000, 50001, true, 25000, SH },
	{ HS390, 25000, 50001, true, 12500, SH },
	{ HS390, 12500, 60000, true, 0, R },		/* 6250 < grow_start */
	{ HS390_OLD, 50000, 50001, true, 0, R },
	{ HS390_OLD, 0, 49999, true, 10000, G },
	/* ---- powerpc host (10000 == grow_start) ---- */
	{ HPPC, 0, 5000, true, 10000, G },
	{ HPPC, 0, 9999, true, 10000, G },
	{ HPPC, 0, 10000, true, 0, K },			/* block == max */
	{ HPPC, 10000, 9000, true, 10000, K },
	{ HPPC, 10000, 10000, true, 10000, K },
	{ HPPC, 10000, 10001, true, 0, R },		/* 5000 < grow_start */
	{ HPPC_OLD, 10000, 10001, true, 0, R },
	{ HPPC_OLD, 0, 1, true, 10000, G },
	/* ---- host knobs ---- */
	/* grow 0: the grow branch fires but keeps the window */
	{ { PVS_HALT_POLL_KVM_HOST, 200000, 10000, 0, 2, true },
	  0, 5000, true, 0, G },
	{ { PVS_HALT_POLL_KVM_HOST, 200000, 10000, 0, 2, true },
	  20000, 30000, true, 20000, G },
	{ { PVS_HALT_POLL_KVM_HOST, 200000, 10000, 0, 2, true },
	  20000, 300000, true, 10000, SH },
	/* max 0: window reset whatever the halt; invalid wakeup shrinks 0 */
	{ { PVS_HALT_POLL_KVM_HOST, 0, 10000, 2, 2, true },
	  50000, 10, true, 0, R },
	{ { PVS_HALT_POLL_KVM_HOST, 0, 10000, 2, 2, true },
	  0, 0, true, 0, R },
	{ { PVS_HALT_POLL_KVM_HOST, 0, 10000, 2, 2, true },
	  50000, 10, false, 0, R },
	/* grow_start 0: 0 stays 0 on grow; any quotient is kept */
	{ { PVS_HALT_POLL_KVM_HOST, 200000, 0, 2, 2, true },
	  0, 5, true, 0, G },
	{ { PVS_HALT_POLL_KVM_HOST, 200000, 0, 2, 2, true },
	  3, 300000, true, 1, SH },
	{ { PVS_HALT_POLL_KVM_HOST, 200000, 0, 2, 2, true },
	  1, 300000, true, 0, R },
	/* shrink 1 leaves the window; shrink 3 rounds down */
	{ { PVS_HALT_POLL_KVM_HOST, 200000, 10000, 2, 1, true },
	  100000, 300000, true, 100000, SH },
	{ { PVS_HALT_POLL_KVM_HOST, 200000, 10000, 2, 3, true },
	  100000, 300000, true, 33333, SH },
	/* grow 3 */
	{ { PVS_HALT_POLL_KVM_HOST, 200000, 10000, 3, 2, true },
	  30000, 40000, true, 90000, G },
	/* allow_shrink is the guest's switch: the host shrinks anyway */
	{ { PVS_HALT_POLL_KVM_HOST, 200000, 10000, 2, 2, false },
	  100000, 300000, true, 50000, SH },
	/* ---- host: window * grow at the 32- and 64-bit limits ---- */
	/* kernel u32: 0x80000000 * 2 wraps to 0 -> 10000; here 2^32 */
	{ { PVS_HALT_POLL_KVM_HOST, 0xffffffffu, 10000, 2, 2, true },
	  0x80000000u, 0x90000000u, true, 0x100000000ull, G },
	/* ... and the next halt clamps it to the maximum */
	{ { PVS_HALT_POLL_KVM_HOST, 0xffffffffu, 10000, 2, 2, true },
	  0x100000000ull, 5, true, 0xffffffffu, K },
	/* 0x7fffffff * 2 = 0xfffffffe: the largest product u32 holds */
	{ { PVS_HALT_POLL_KVM_HOST, 0xffffffffu, 10000, 2, 2, true },
	  0x7fffffffu, 0xfffffffeu, true, 0xfffffffeull, G },
	/* 2^63 * 2 does not fit: saturate */
	{ { PVS_HALT_POLL_KVM_HOST, MAX64, 10000, 2, 2, true },
	  0x8000000000000000ull, 0x9000000000000000ull, true, MAX64, G },
	/* (2^63 - 1) * 2 = 2^64 - 2 fits */
	{ { PVS_HALT_POLL_KVM_HOST, MAX64, 10000, 2, 2, true },
	  0x7fffffffffffffffull, 0x8000000000000000ull, true,
	  0xfffffffffffffffeull, G },
	/* (2^32 + 1)(2^32 - 1) = 2^64 - 1 exactly: no saturation needed */
	{ { PVS_HALT_POLL_KVM_HOST, MAX64, 10000, 0xffffffffu, 2, true },
	  0x100000001ull, 0x100000002ull, true, MAX64, G },
	/* (2^32 + 2)(2^32 - 1) = 2^64 + 2^32 - 2: saturate */
	{ { PVS_HALT_POLL_KVM_HOST, MAX64, 10000, 0xffffffffu, 2, true },
	  0x100000002ull, 0x100000003ull, true, MAX64, G },
	/* 2^32 * (2^32 - 1) = 2^64 - 2^32 */
	{ { PVS_HALT_POLL_KVM_HOST, MAX64, 10000, 0xffffffffu, 2, true },
	  0x100000000ull, 0x200000000ull, true, 0xffffffff00000000ull, G },
	/* window 2^64 - 3 below max 2^64 - 1, block between: saturate */
	{ { PVS_HALT_POLL_KVM_HOST, MAX64, 10000, 2, 2, true },
	  MAX64 - 2, MAX64 - 1, true, MAX64, G },
	/* saturated window, long halt: clamp to max, halve */
	{ { PVS_HALT_POLL_KVM_HOST, MAX64 - 1, 10000, 2, 2, true },
	  MAX64, MAX64, true, 0x7fffffffffffffffull, SH },
	/* huge grow_start: raised to it */
	{ { PVS_HALT_POLL_KVM_HOST, MAX64, MAX64 - 5, 2, 2, true },
	  3, 4, true, MAX64 - 5, G },

	/* ---- guest haltpoll governor (defaults) ---- */
	{ GDEF, 0, 1, true, 50000, G },			/* 0 -> grow_start */
	{ GDEF, 0, 0, true, 0, K },
	{ GDEF, 50000, 50000, true, 50000, K },		/* block == window */
	{ GDEF, 50000, 50001, true, 100000, G },
	{ GDEF, 20000, 30000, true, 50000, G }, /* 40000 -> grow_start */
	{ GDEF, 100000, 200000, true, 200000, G },	/* block == max */
	{ GDEF, 150000, 160000, true, 200000, G },	/* 300000 capped */
	{ GDEF, 200000, 200000, true, 200000, K },
	{ GDEF, 199999, 200000, true, 200000, G },
	{ GDEF, 200000, 200001, true, 100000, SH },
	{ GDEF, 100000, 300000, true, 50000, SH },	/* == grow_start */
	{ GDEF, 50000, 300000, true, 0, R },		/* 25000 < grow_start */
	{ GDEF, 0, 300000, true, 0, R },		/* shrink of 0 */
	{ GDEF, 50000, 60000, false, 100000, G }, /* wakeup validity ignored */
	{ GDEF, 300000, 100000, true, 300000, K }, /* above max: no clamp */
	{ GDEF, 300000, 200000, true, 300000, K },
	{ GDEF, 300000, 250000, true, 150000, SH },
	{ GDEF, 100000, MAX64, true, 50000, SH },
	/* allow_shrink N: a long halt keeps the window */
	{ { PVS_HALT_POLL_GUEST, 200000, 50000, 2, 2, false },
	  200000, 300000, true, 200000, K },
	{ { PVS_HALT_POLL_GUEST, 200000, 50000, 2, 2, false },
	  0, 100000, true, 50000, G },
	/* shrink 0: reset */
	{ { PVS_HALT_POLL_GUEST, 200000, 50000, 2, 0, true },
	  200000, 300000, true, 0, R },
	/* grow 0: unlike the host, lands on grow_start */
	{ { PVS_HALT_POLL_GUEST, 200000, 50000, 0, 2, true },
	  100000, 150000, true, 50000, G },
	/* grow_start above max: capped at max */
	{ { PVS_HALT_POLL_GUEST, 200000, 300000, 2, 2, true },
	  0, 100, true, 200000, G },
	/* max 0: every non-zero halt is long */
	{ { PVS_HALT_POLL_GUEST, 0, 50000, 2, 2, true },
	  0, 1, true, 0, R },
	{ { PVS_HALT_POLL_GUEST, 0, 50000, 2, 2, true },
	  0, 0, true, 0, K },
	/* kernel u32: 0x80000000 * 2 wraps to 0 -> 50000; here capped max */
	{ { PVS_HALT_POLL_GUEST, 0xffffffffu, 50000, 2, 2, true },
	  0x80000000u, 0x90000000u, true, 0xffffffffu, G },
	/* 64-bit: saturate, then cap at max */
	{ { PVS_HALT_POLL_GUEST, MAX64, 50000, 2, 2, true },
	  0x8000000000000000ull, 0x8000000000000001ull, true, MAX64, G },
	{ { PVS_HALT_POLL_GUEST, MAX64 - 1, 50000, 0xffffffffu, 2, true },
	  0x100000002ull, 0x100000003ull, true, MAX64 - 1, G },
};

static void hp_step_table(struct pvs_vec_result *r)
{
	unsigned int i;

	for (i = 0; i < PVS_VEC_LEN(step_vecs); i++) {
		const struct hp_vec *v = &step_vecs[i];
		struct pvs_halt_poll_state st;
		int ev;

		st.window_ns = v->window_ns;
		ev = pvs_halt_poll_step(&v->p, &st, v->block_ns, v->valid);
		PVS_VEC_EXPECT(r, S, i, ev == v->expect_ev &&
					st.window_ns == v->expect_ns);
	}
}

/* A run of halts from window 0 (or a start value) and the windows after. */
struct hp_seq {
	struct pvs_halt_poll_params p;
	uint64_t start_ns;
	unsigned int n;
	uint64_t block_ns[8];
	uint64_t expect_ns[8];
	int expect_ev[8];
};

static const struct hp_seq seqs[] = {
	/* x86: short halts (190 us) grow 10k, 20k, ... past the max; the
	 * next halt clamps to 200k, then 190 us is within the window
	 */
	{ HX86, 0, 8,
	  { 190000, 190000, 190000, 190000, 190000, 190000, 190000, 190000 },
	  { 10000, 20000, 40000, 80000, 160000, 320000, 200000, 200000 },
	  { G, G, G, G, G, G, K, K } },
	/* x86 today: long halts halve down to grow_start, then reset */
	{ HX86, 200000, 6,
	  { 1000000, 1000000, 1000000, 1000000, 1000000, 1000000 },
	  { 100000, 50000, 25000, 12500, 0, 0 },
	  { SH, SH, SH, SH, R, K } },
	/* x86 older kernels: one long halt resets */
	{ HX86_OLD, 200000, 3,
	  { 1000000, 5000, 1000000 },
	  { 0, 10000, 0 },
	  { R, G, R } },
	/* arm64: 0 -> 10k ... 640k, clamped to 500k */
	{ HARM64, 0, 8,
	  { 400000, 400000, 400000, 400000, 400000, 400000, 400000, 400000 },
	  { 10000, 20000, 40000, 80000, 160000, 320000, 640000, 500000 },
	  { G, G, G, G, G, G, G, K } },
	/* powerpc: a single grow reaches the max; a long halt resets */
	{ HPPC, 0, 3,
	  { 5000, 5000, 20000 },
	  { 10000, 10000, 0 },
	  { G, K, R } },
	/* guest: 0 -> 50k -> 100k -> 200k (cap), then long halts */
	{ GDEF, 0, 7,
	  { 150000, 150000, 150000, 150000, 1000000, 1000000, 1000000 },
	  { 50000, 100000, 200000, 200000, 100000, 50000, 0 },
	  { G, G, G, K, SH, SH, R } },
	/* guest: alternating short and long halts */
	{ GDEF, 0, 6,
	  { 60000, 300000, 60000, 60000, 300000, 300000 },
	  { 50000, 0, 50000, 100000, 50000, 0 },
	  { G, R, G, G, SH, R } },
};

static void hp_sequences(struct pvs_vec_result *r)
{
	unsigned int i, k;

	for (i = 0; i < PVS_VEC_LEN(seqs); i++) {
		const struct hp_seq *q = &seqs[i];
		struct pvs_halt_poll_state st;
		bool ok = true;

		st.window_ns = q->start_ns;
		for (k = 0; k < q->n && k < 8; k++) {
			int ev = pvs_halt_poll_step(&q->p, &st, q->block_ns[k],
						    true);

			ok = ok && ev == q->expect_ev[k] &&
			     st.window_ns == q->expect_ns[k];
		}
		PVS_VEC_EXPECT(r, S, 300 + i, ok);
	}
}

static void hp_invalid(struct pvs_vec_result *r)
{
	static const struct pvs_halt_poll_params good = HX86;
	struct pvs_halt_poll_params bad = HX86;
	struct pvs_halt_poll_state st;
	int rc;

	st.window_ns = CANARY;
	rc = pvs_halt_poll_step(NULL, &st, 5, true);
	PVS_VEC_EXPECT(r, S, 400, rc == -PVS_EINVAL && st.window_ns == CANARY);
	rc = pvs_halt_poll_step(&good, NULL, 5, true);
	PVS_VEC_EXPECT(r, S, 401, rc == -PVS_EINVAL);
	bad.flavour = (enum pvs_halt_poll_flavour)2;
	rc = pvs_halt_poll_step(&bad, &st, 5, true);
	PVS_VEC_EXPECT(r, S, 402, rc == -PVS_EINVAL && st.window_ns == CANARY);
	bad.flavour = (enum pvs_halt_poll_flavour)-1;
	rc = pvs_halt_poll_step(&bad, &st, 5, false);
	PVS_VEC_EXPECT(r, S, 403, rc == -PVS_EINVAL && st.window_ns == CANARY);
	PVS_VEC_EXPECT(r, S, 404, pvs_halt_poll_window_ns(&bad, &st) == 0);
	PVS_VEC_EXPECT(r, S, 405, pvs_halt_poll_window_ns(NULL, &st) == 0);
	PVS_VEC_EXPECT(r, S, 406, pvs_halt_poll_window_ns(&good, NULL) == 0);
}

static void hp_window(struct pvs_vec_result *r)
{
	static const struct pvs_halt_poll_params h = HX86, g = GDEF;
	struct pvs_halt_poll_state st;

	st.window_ns = 300000;
	PVS_VEC_EXPECT(r, S, 450, pvs_halt_poll_window_ns(&h, &st) == 200000);
	PVS_VEC_EXPECT(r, S, 451, pvs_halt_poll_window_ns(&g, &st) == 300000);
	st.window_ns = 200000;
	PVS_VEC_EXPECT(r, S, 452, pvs_halt_poll_window_ns(&h, &st) == 200000);
	st.window_ns = 40000;
	PVS_VEC_EXPECT(r, S, 453, pvs_halt_poll_window_ns(&h, &st) == 40000);
	PVS_VEC_EXPECT(r, S, 454, pvs_halt_poll_window_ns(&g, &st) == 40000);
	st.window_ns = 0;
	PVS_VEC_EXPECT(r, S, 455, pvs_halt_poll_window_ns(&h, &st) == 0);
	st.window_ns = MAX64;
	PVS_VEC_EXPECT(r, S, 456, pvs_halt_poll_window_ns(&h, &st) == 200000);
}

static const struct {
	uint64_t a;
	uint32_t b;
	uint64_t expect;
} mul_vecs[] = {
	{ 0, 0xffffffffu, 0 },
	{ MAX64, 0, 0 },
	{ MAX64, 1, MAX64 },
	{ MAX64, 2, MAX64 },
	{ 0xffffffffu, 0xffffffffu, 0xfffffffe00000001ull },
	{ 0x100000001ull, 0xffffffffu, MAX64 },		/* exact 2^64 - 1 */
	{ 0x100000002ull, 0xffffffffu, MAX64 },		/* saturated */
	{ 0x8000000000000000ull, 2, MAX64 },
	{ 0x7fffffffffffffffull, 2, 0xfffffffffffffffeull },
	{ 0x100000000ull, 0xffffffffu, 0xffffffff00000000ull },
	{ 0x1ffffffffull, 0x80000000u, 0xffffffff80000000ull },
	{ 0x200000000ull, 0x80000000u, MAX64 },		/* hi part overflows */
	{ 100000, 2, 200000 },
};

static void hp_mul(struct pvs_vec_result *r)
{
	unsigned int i;

	for (i = 0; i < PVS_VEC_LEN(mul_vecs); i++) {
		uint64_t got = pvs_mul_sat_u64_u32_(mul_vecs[i].a,
						     mul_vecs[i].b);

		PVS_VEC_EXPECT(r, S, 500 + i, got == mul_vecs[i].expect);
	}
}

static const struct {
	enum pvs_halt_poll_preset preset;
	enum pvs_halt_poll_gen gen;
	struct pvs_halt_poll_params expect;
} preset_vecs[] = {
	{ PVS_HALT_POLL_PRESET_X86, PVS_HALT_POLL_GEN_TODAY, HX86 },
	{ PVS_HALT_POLL_PRESET_X86, PVS_HALT_POLL_GEN_OLD_RESET, HX86_OLD },
	{ PVS_HALT_POLL_PRESET_ARM64, PVS_HALT_POLL_GEN_TODAY, HARM64 },
	{ PVS_HALT_POLL_PRESET_ARM64, PVS_HALT_POLL_GEN_OLD_RESET, HARM64_OLD },
	{ PVS_HALT_POLL_PRESET_S390, PVS_HALT_POLL_GEN_TODAY, HS390 },
	{ PVS_HALT_POLL_PRESET_S390, PVS_HALT_POLL_GEN_OLD_RESET, HS390_OLD },
	{ PVS_HALT_POLL_PRESET_POWERPC, PVS_HALT_POLL_GEN_TODAY, HPPC },
	{ PVS_HALT_POLL_PRESET_POWERPC, PVS_HALT_POLL_GEN_OLD_RESET, HPPC_OLD },
	{ PVS_HALT_POLL_PRESET_GUEST, PVS_HALT_POLL_GEN_TODAY, GDEF },
};

static bool hp_params_eq(const struct pvs_halt_poll_params *a,
			 const struct pvs_halt_poll_params *b)
{
	return a->flavour == b->flavour && a->max_ns == b->max_ns &&
	       a->grow_start_ns == b->grow_start_ns && a->grow == b->grow &&
	       a->shrink == b->shrink && a->allow_shrink == b->allow_shrink;
}

/* Invalid combinations: -PVS_EINVAL, output untouched. */
static const struct {
	enum pvs_halt_poll_preset preset;
	enum pvs_halt_poll_gen gen;
} preset_bad[] = {
	/* the guest governor has no "reset" generation */
	{ PVS_HALT_POLL_PRESET_GUEST, PVS_HALT_POLL_GEN_OLD_RESET },
	{ (enum pvs_halt_poll_preset)5, PVS_HALT_POLL_GEN_TODAY },
	{ (enum pvs_halt_poll_preset)-1, PVS_HALT_POLL_GEN_OLD_RESET },
	{ PVS_HALT_POLL_PRESET_X86, (enum pvs_halt_poll_gen)2 },
	{ PVS_HALT_POLL_PRESET_GUEST, (enum pvs_halt_poll_gen)-1 },
};

static void hp_presets(struct pvs_vec_result *r)
{
	struct pvs_halt_poll_params p;
	unsigned int i;
	int rc;

	for (i = 0; i < PVS_VEC_LEN(preset_vecs); i++) {
		pvs_vec_canary(&p, sizeof(p));
		rc = pvs_halt_poll_preset(preset_vecs[i].preset,
					  preset_vecs[i].gen, &p);
		PVS_VEC_EXPECT(r, S, 600 + i, rc == 0 &&
			       hp_params_eq(&p, &preset_vecs[i].expect));
	}
	for (i = 0; i < PVS_VEC_LEN(preset_bad); i++) {
		pvs_vec_canary(&p, sizeof(p));
		rc = pvs_halt_poll_preset(preset_bad[i].preset,
					  preset_bad[i].gen, &p);
		PVS_VEC_EXPECT(r, S, 620 + i, rc == -PVS_EINVAL &&
			       pvs_vec_canary_ok(&p, sizeof(p)));
	}
	rc = pvs_halt_poll_preset(PVS_HALT_POLL_PRESET_X86,
				  PVS_HALT_POLL_GEN_TODAY, NULL);
	PVS_VEC_EXPECT(r, S, 630, rc == -PVS_EINVAL);
}

static void hp_names(struct pvs_vec_result *r)
{
	enum pvs_halt_poll_event bad_ev = (enum pvs_halt_poll_event)4;
	enum pvs_poll_action bad_a = (enum pvs_poll_action)7;
	const char *unknown = pvs_halt_poll_event_name(bad_ev);
	const char *unknown_a = pvs_poll_action_name(bad_a);
	unsigned int i, j;

	PVS_VEC_EXPECT(r, S, 700, unknown && unknown[0] == 'u');
	PVS_VEC_EXPECT(r, S, 701, pvs_halt_poll_event_name(G)[0] == 'g');
	PVS_VEC_EXPECT(r, S, 702, pvs_halt_poll_event_name(K)[0] == 'k');
	PVS_VEC_EXPECT(r, S, 703, pvs_halt_poll_event_name(SH)[0] == 's');
	PVS_VEC_EXPECT(r, S, 704, pvs_halt_poll_event_name(R)[0] == 'r');
	PVS_VEC_EXPECT(r, S, 705, unknown_a && unknown_a[0] == 'u');
	/* Every action has its own name, none is "unknown". */
	for (i = 0; i < PVS_POLL_ACTION_COUNT; i++) {
		const char *n = pvs_poll_action_name((enum pvs_poll_action)i);
		bool ok = n && n != unknown_a;

		for (j = 0; j < i; j++)
			ok = ok && n != pvs_poll_action_name(
					       (enum pvs_poll_action)j);
		PVS_VEC_EXPECT(r, S, 710 + i, ok);
	}
}

/* One poll-loop iteration and the expected action. */
struct pa_vec {
	struct pvs_poll_in in;
	enum pvs_poll_action expect;
};

#define PLAIN PVS_POLL_PLAIN
#define RELAX PVS_POLL_RELAX
#define STOPSIB PVS_POLL_STOP_SIBLING_BUSY
#define BADPOL ((enum pvs_poll_policy)3)

static const struct pa_vec action_vecs[] = {
	/* { now, deadline, wakeup, runnable, sibling busy, policy } */
	/* wakeup first, whatever else holds */
	{ { 500, 100, true, true, true, PLAIN }, PVS_POLL_ACT_STOP_WAKEUP },
	{ { 500, 100, true, true, true, RELAX }, PVS_POLL_ACT_STOP_WAKEUP },
	{ { 500, 100, true, true, true, STOPSIB }, PVS_POLL_ACT_STOP_WAKEUP },
	{ { 0, 100, true, false, false, RELAX }, PVS_POLL_ACT_STOP_WAKEUP },
	/* then another runnable task (single_task_running / need_resched) */
	{ { 500, 100, false, true, true, PLAIN }, PVS_POLL_ACT_STOP_RUNNABLE },
	{ { 500, 100, false, true, true, RELAX }, PVS_POLL_ACT_STOP_RUNNABLE },
	{ { 500, 100, false, true, true, STOPSIB },
	  PVS_POLL_ACT_STOP_RUNNABLE },
	{ { 0, 100, false, true, false, PLAIN }, PVS_POLL_ACT_STOP_RUNNABLE },
	/* then the deadline: now >= deadline stops (ktime_before) */
	{ { 100, 100, false, false, true, PLAIN }, PVS_POLL_ACT_STOP_TIMEOUT },
	{ { 100, 100, false, false, true, RELAX }, PVS_POLL_ACT_STOP_TIMEOUT },
	{ { 100, 100, false, false, true, STOPSIB },
	  PVS_POLL_ACT_STOP_TIMEOUT },
	{ { 101, 100, false, false, false, RELAX }, PVS_POLL_ACT_STOP_TIMEOUT },
	{ { 0, 0, false, false, false, PLAIN }, PVS_POLL_ACT_STOP_TIMEOUT },
	{ { MAX64, MAX64, false, false, false, RELAX },
	  PVS_POLL_ACT_STOP_TIMEOUT },
	{ { MAX64, 0, false, false, false, PLAIN }, PVS_POLL_ACT_STOP_TIMEOUT },
	{ { 99, 100, false, false, false, PLAIN }, PVS_POLL_ACT_SPIN },
	{ { MAX64 - 1, MAX64, false, false, false, RELAX },
	  PVS_POLL_ACT_SPIN_RELAX },
	/* sibling busy: only the v1 policy stops */
	{ { 10, 100, false, false, true, PLAIN }, PVS_POLL_ACT_SPIN },
	{ { 10, 100, false, false, true, RELAX }, PVS_POLL_ACT_SPIN_RELAX },
	{ { 10, 100, false, false, true, STOPSIB }, PVS_POLL_ACT_STOP_SIBLING },
	{ { 99, 100, false, false, true, STOPSIB }, PVS_POLL_ACT_STOP_SIBLING },
	/* sibling idle: plain spin, relax, and v1 spins plainly */
	{ { 10, 100, false, false, false, PLAIN }, PVS_POLL_ACT_SPIN },
	{ { 10, 100, false, false, false, RELAX }, PVS_POLL_ACT_SPIN_RELAX },
	{ { 10, 100, false, false, false, STOPSIB }, PVS_POLL_ACT_SPIN },
	{ { 0, MAX64, false, false, false, STOPSIB }, PVS_POLL_ACT_SPIN },
	/* unknown policy: stop, even before a pending wakeup */
	{ { 10, 100, false, false, false, BADPOL }, PVS_POLL_ACT_STOP_INVALID },
	{ { 10, 100, true, false, false, BADPOL }, PVS_POLL_ACT_STOP_INVALID },
	{ { 10, 100, false, false, false, (enum pvs_poll_policy)-1 },
	  PVS_POLL_ACT_STOP_INVALID },
};

static void pa_table(struct pvs_vec_result *r)
{
	unsigned int i;

	for (i = 0; i < PVS_VEC_LEN(action_vecs); i++)
		PVS_VEC_EXPECT(r, S, 800 + i,
			       pvs_poll_action(&action_vecs[i].in) ==
				       action_vecs[i].expect);
	PVS_VEC_EXPECT(r, S, 890,
		       pvs_poll_action(NULL) == PVS_POLL_ACT_STOP_INVALID);
}

/* pvs_poll_action_stops() for every action value and one beyond. */
static const bool stops[] = {
	true,	/* STOP_WAKEUP */
	true,	/* STOP_RUNNABLE */
	true,	/* STOP_TIMEOUT */
	true,	/* STOP_SIBLING */
	true,	/* STOP_INVALID */
	false,	/* SPIN */
	false,	/* SPIN_RELAX */
	true,	/* out of range */
};

static void pa_stops(struct pvs_vec_result *r)
{
	unsigned int i;

	for (i = 0; i < PVS_VEC_LEN(stops); i++)
		PVS_VEC_EXPECT(r, S, 900 + i,
			       pvs_poll_action_stops((enum pvs_poll_action)i) ==
				       stops[i]);
}

void pvs_vec_haltpoll(struct pvs_vec_result *r)
{
	hp_step_table(r);
	hp_sequences(r);
	hp_invalid(r);
	hp_window(r);
	hp_mul(r);
	hp_presets(r);
	hp_names(r);
	pa_table(r);
	pa_stops(r);
}
