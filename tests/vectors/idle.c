// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Vectors for idle.h: the extended CEDE decoder on hand-built big-endian
 * buffers, the CEDE exit-latency policies on every platform x partition x
 * policy (pseries-cede-latency), and the integer latency statistics on small sets
 * whose answers were worked out by hand.
 */
#include "vectors.h"

static const char S[] = "idle";

/* ---- helpers -------------------------------------------------------- */

/* Big-endian bytes of a 64-bit value, for hand-built firmware images. */
#define BE64(v) (uint8_t)((uint64_t)(v) >> 56), (uint8_t)((uint64_t)(v) >> 48), \
	(uint8_t)((uint64_t)(v) >> 40), (uint8_t)((uint64_t)(v) >> 32), \
	(uint8_t)((uint64_t)(v) >> 24), (uint8_t)((uint64_t)(v) >> 16), \
	(uint8_t)((uint64_t)(v) >> 8), (uint8_t)(v)
/* One 10-byte record: hint, be64 latency in ticks, wake_on_irqs. */
#define XREC(hint, ticks, wake) (hint), BE64(ticks), (wake)

#define TB PVS_IDLE_POWER_TB_HZ
#define U64MAX 0xffffffffffffffffull

/* ---- pvs_xcede_parse ------------------------------------------------ */

/* The upstream change's POWER9 record: hint 1, 1024 ticks = 2 us at 512 MHz. */
static const uint8_t xb_p9[] = {
	0x00, 0x0c, 0x09, XREC(0x01, 1024, 0x01), 0x00,
};

/* One record with every latency byte distinct (byte order). */
static const uint8_t xb_one[] = {
	0x00, 0x0c, 0x09, XREC(0x7f, 0x0102030405060708ull, 0x00), 0x00,
};

/* 16 records, latency (i + 1) * 512 ticks, hint 0x10 + i, wake i & 1. */
#define XR16(i) XREC(0x10 + (i), ((i) + 1) * 512, (i) & 1)
static const uint8_t xb_16[] = {
	0x00, 0xa2, 0x09,
	XR16(0), XR16(1), XR16(2), XR16(3), XR16(4), XR16(5), XR16(6),
	XR16(7), XR16(8), XR16(9), XR16(10), XR16(11), XR16(12), XR16(13),
	XR16(14), XR16(15), 0x00,
};

/* 17 records: more than the 16 Linux has room for. */
static const uint8_t xb_17[] = {
	0x00, 0xac, 0x09,
	XR16(0), XR16(1), XR16(2), XR16(3), XR16(4), XR16(5), XR16(6),
	XR16(7), XR16(8), XR16(9), XR16(10), XR16(11), XR16(12), XR16(13),
	XR16(14), XR16(15), XR16(0), 0x00,
};

/* Odd size: payload 17 = 2 + 10 + 5 stray bytes -> 1 record. */
static const uint8_t xb_odd[] = {
	0x00, 0x11, 0x09, XREC(0x02, 2048, 0x01), 0xde, 0xad, 0xbe, 0xef,
	0x55, 0x00,
};

/* Zero records: just record_size and the NUL. */
static const uint8_t xb_empty[] = { 0x00, 0x02, 0x09, 0x00 };

/* Three records, one of them 0 ticks (skipped for the minimum). */
static const uint8_t xb_mixed[] = {
	0x00, 0x20, 0x09, XREC(0x00, 0, 0x01), XREC(0x01, 10240, 0x01),
	XREC(0x02, 3584, 0x00), 0x00,
};

/* record_size 8 and 10 (sizes 9 and 11), payload otherwise fine. */
static const uint8_t xb_rs8[] = {
	0x00, 0x0c, 0x08, XREC(0x01, 1024, 0x01), 0x00,
};
static const uint8_t xb_rs10[] = {
	0x00, 0x0c, 0x0a, XREC(0x01, 1024, 0x01), 0x00,
};

/* payload_size claims two records, the buffer has one. */
static const uint8_t xb_claim[] = {
	0x00, 0x16, 0x09, XREC(0x01, 1024, 0x01), 0x00,
};

/* payload_size 0 and 1: cannot even hold record_size and the NUL. */
static const uint8_t xb_ps0[] = { 0x00, 0x00, 0x09, 0x00 };
static const uint8_t xb_ps1[] = { 0x00, 0x01, 0x09, 0x00 };

/* The upstream change buffer one byte into an array: unaligned loads. */
static const uint8_t xb_unaligned[] = {
	0xee, 0x00, 0x0c, 0x09, XREC(0x03, 0x0000000100000400ull, 0x00), 0x00,
};

/* The upstream change buffer inside a bigger RTAS work area (trailing bytes). */
static const uint8_t xb_trailing[] = {
	0x00, 0x0c, 0x09, XREC(0x01, 1024, 0x01), 0x00, 0xff, 0xff, 0xff,
	0xff, 0xff,
};

struct idle_parse_vec {
	const uint8_t *buf;
	size_t len;
	int ret;
};

static const struct idle_parse_vec idle_parse_bad[] = {
	{ xb_p9, 0, -PVS_EBADMSG },
	{ xb_p9, 1, -PVS_EBADMSG },
	{ xb_p9, 2, -PVS_EBADMSG },
	{ xb_p9, 3, -PVS_EBADMSG },			/* payload says 12 */
	{ xb_p9, sizeof(xb_p9) - 1, -PVS_EBADMSG },	/* NUL cut */
	{ xb_rs8, sizeof(xb_rs8), -PVS_EBADMSG },
	{ xb_rs10, sizeof(xb_rs10), -PVS_EBADMSG },
	{ xb_claim, sizeof(xb_claim), -PVS_EBADMSG },
	{ xb_ps0, sizeof(xb_ps0), -PVS_EBADMSG },
	{ xb_ps1, sizeof(xb_ps1), -PVS_EBADMSG },
	{ xb_17, sizeof(xb_17), -PVS_EBADMSG },
	{ xb_16, sizeof(xb_16) - 1, -PVS_EBADMSG },
	{ xb_16, 3 + 15 * PVS_XCEDE_RECORD_SIZE, -PVS_EBADMSG },
	{ xb_odd, sizeof(xb_odd) - 1, -PVS_EBADMSG },
	{ NULL, 14, -PVS_EINVAL },
};

static void idle_parse_errors(struct pvs_vec_result *r)
{
	struct pvs_xcede_table t;
	unsigned int i;
	int ret;

	for (i = 0; i < PVS_VEC_LEN(idle_parse_bad); i++) {
		const struct idle_parse_vec *v = &idle_parse_bad[i];

		pvs_vec_canary(&t, sizeof(t));
		ret = pvs_xcede_parse(v->buf, v->len, &t);
		PVS_VEC_EXPECT(r, S, 100 + i, ret == v->ret);
		PVS_VEC_EXPECT(r, S, 100 + i, pvs_vec_canary_ok(&t, sizeof(t)));
	}
	PVS_VEC_EXPECT(r, S, 120, pvs_xcede_parse(xb_p9, sizeof(xb_p9),
						   NULL) == -PVS_EINVAL);
}

static void idle_parse_good(struct pvs_vec_result *r)
{
	struct pvs_xcede_table t;
	unsigned int i;
	bool ok;

	pvs_vec_canary(&t, sizeof(t));
	PVS_VEC_EXPECT(r, S, 0, pvs_xcede_parse(xb_p9, sizeof(xb_p9), &t) == 1);
	PVS_VEC_EXPECT(r, S, 1, t.nr_records == 1 && t.records[0].hint == 1 &&
				t.records[0].latency_tb == 1024 &&
				t.records[0].wake_on_irqs == 1);
	/* unused slots are zeroed, not left as the canary */
	PVS_VEC_EXPECT(r, S, 2, t.records[1].latency_tb == 0 &&
				t.records[15].hint == 0 &&
				t.records[15].wake_on_irqs == 0);

	PVS_VEC_EXPECT(r, S, 3, pvs_xcede_parse(xb_one, sizeof(xb_one), &t) == 1);
	PVS_VEC_EXPECT(r, S, 4, t.records[0].hint == 0x7f &&
				t.records[0].latency_tb == 0x0102030405060708ull &&
				t.records[0].wake_on_irqs == 0);

	PVS_VEC_EXPECT(r, S, 5, pvs_xcede_parse(xb_16, sizeof(xb_16), &t) == 16);
	ok = t.nr_records == 16;
	for (i = 0; i < 16; i++)
		ok = ok && t.records[i].hint == 0x10 + i &&
		     t.records[i].latency_tb == (uint64_t)(i + 1) * 512 &&
		     t.records[i].wake_on_irqs == (i & 1);
	PVS_VEC_EXPECT(r, S, 6, ok);

	PVS_VEC_EXPECT(r, S, 7, pvs_xcede_parse(xb_odd, sizeof(xb_odd), &t) == 1);
	PVS_VEC_EXPECT(r, S, 8, t.records[0].hint == 2 &&
				t.records[0].latency_tb == 2048);

	pvs_vec_canary(&t, sizeof(t));
	PVS_VEC_EXPECT(r, S, 9, pvs_xcede_parse(xb_empty, sizeof(xb_empty), &t) == 0);
	PVS_VEC_EXPECT(r, S, 10, t.nr_records == 0 && t.records[0].latency_tb == 0);

	PVS_VEC_EXPECT(r, S, 11, pvs_xcede_parse(xb_mixed, sizeof(xb_mixed), &t) == 3);
	PVS_VEC_EXPECT(r, S, 12, t.records[0].latency_tb == 0 &&
				 t.records[1].latency_tb == 10240 &&
				 t.records[2].latency_tb == 3584 &&
				 t.records[2].hint == 2 &&
				 t.records[2].wake_on_irqs == 0);

	PVS_VEC_EXPECT(r, S, 13, pvs_xcede_parse(xb_unaligned + 1,
						 sizeof(xb_unaligned) - 1, &t) == 1);
	PVS_VEC_EXPECT(r, S, 14, t.records[0].hint == 3 &&
				 t.records[0].latency_tb == 0x0000000100000400ull);

	PVS_VEC_EXPECT(r, S, 15, pvs_xcede_parse(xb_trailing, sizeof(xb_trailing),
						 &t) == 1);
	PVS_VEC_EXPECT(r, S, 16, t.records[0].latency_tb == 1024);
	PVS_VEC_EXPECT(r, S, 17, PVS_XCEDE_MAX_BUF == sizeof(xb_16));
}

/* ---- pvs_idle_state_latency ---------------------------------------- */

static const struct pvs_xcede_table ft_p9 = { 1, { { 1, 1, 1024 } } };
static const struct pvs_xcede_table ft_empty = { 0, { { 0, 0, 0 } } };
static const struct pvs_xcede_table ft_p8 = { 1, { { 1, 1, 10240 } } };
static const struct pvs_xcede_table ft_zero = {
	2, { { 1, 1, 0 }, { 2, 1, 0 } } };
static const struct pvs_xcede_table ft_mixed = {
	3, { { 0, 1, 0 }, { 1, 1, 10240 }, { 2, 0, 3584 } } };
static const struct pvs_xcede_table ft_nine = { 1, { { 1, 1, 4608 } } };
static const struct pvs_xcede_table ft_five = { 1, { { 1, 1, 2560 } } };
static const struct pvs_xcede_table ft_ten = { 1, { { 1, 1, 5120 } } };
static const struct pvs_xcede_table ft_tick = { 1, { { 1, 1, 1 } } };
static const struct pvs_xcede_table ft_1001 = { 1, { { 1, 1, 1001 } } };
static const struct pvs_xcede_table ft_1000 = { 1, { { 1, 1, 1000 } } };
static const struct pvs_xcede_table ft_999 = { 1, { { 1, 1, 999 } } };
static const struct pvs_xcede_table ft_10t = { 1, { { 1, 1, 10 } } };
static const struct pvs_xcede_table ft_5t = { 2, { { 1, 1, 1 }, { 2, 1, 5 } } };
static const struct pvs_xcede_table ft_huge = { 1, { { 1, 1, U64MAX } } };
static const struct pvs_xcede_table ft_maxok = { 1, { { 1, 1, 429496729000ull } } };
static const struct pvs_xcede_table ft_maxbad = { 1, { { 1, 1, 429496730000ull } } };
/* at 1 GHz: UINT_MAX - 1 us (chosen, residency overflows: -PVS_ERANGE)
 * and UINT_MAX us (never chosen: defaults)
 */
static const struct pvs_xcede_table ft_uimax1 = { 1, { { 1, 1, 4294967294000ull } } };
static const struct pvs_xcede_table ft_uimax = { 1, { { 1, 1, 4294967295000ull } } };
/* The POWER10 records: 513 ticks are 1000 ns for Linux
 * (2 x floor(125 x 513 / 128)), not 1001.95: 1 us, not 2
 */
static const struct pvs_xcede_table ft_513 = { 2, { { 1, 1, 513 }, { 2, 1, 25600 } } };
static const struct pvs_xcede_table ft_17 = { 17, { { 1, 1, 1024 } } };
/* the minimum is not the first record, and a huge one does not matter */
static const struct pvs_xcede_table ft_order = {
	3, { { 1, 1, U64MAX }, { 2, 1, 4096 }, { 3, 1, 2048 } } };

enum { P8 = PVS_IDLE_CPU_POWER8, P9 = PVS_IDLE_CPU_POWER9,
	P10 = PVS_IDLE_CPU_POWER10, P11 = PVS_IDLE_CPU_POWER11,
	X86 = PVS_IDLE_CPU_X86_KVM };
enum { DED = PVS_IDLE_DEDICATED, SHR = PVS_IDLE_SHARED };
enum { K = PVS_IDLE_KERNEL, T = PVS_IDLE_TRUST_FW, C = PVS_IDLE_COMPENSATED };
enum { DF = PVS_IDLE_SRC_DEFAULT, FW = PVS_IDLE_SRC_FIRMWARE,
	CP = PVS_IDLE_SRC_COMPENSATED };

/* Which built-in table's second state names the result (checked by
 * pointer: the names themselves are checked in tests/test_idle.c).
 */
enum { N_CEDE = 1, N_SHR, N_HP };

/* The upstream change's compensation: IPI p99 9514 ns - firmware 2000 ns. */
#define SEED_COMP 7514

struct idle_lat_vec {
	unsigned int cpu, part;
	bool compat;
	uint32_t tb_hz;
	uint64_t comp_ns;
	const struct pvs_xcede_table *fw;
	unsigned int policy;
	int ret;
	uint32_t exit_us, res_us;
	unsigned int src;
	uint64_t fw_ns;
	unsigned int name;
};

static const struct idle_lat_vec idle_lat[] = {
	/* 0: the upstream change's 2 us record, dedicated, every processor x policy */
	{ P8, DED, false, TB, SEED_COMP, &ft_p9, K, 0, 10, 100, DF, 2000, N_CEDE },
	{ P8, DED, false, TB, SEED_COMP, &ft_p9, T, 0, 1, 10, FW, 2000, N_CEDE },
	{ P8, DED, false, TB, SEED_COMP, &ft_p9, C, 0, 10, 100, CP, 2000, N_CEDE },
	{ P9, DED, false, TB, SEED_COMP, &ft_p9, K, 0, 10, 100, DF, 2000, N_CEDE },
	{ P9, DED, false, TB, SEED_COMP, &ft_p9, T, 0, 1, 10, FW, 2000, N_CEDE },
	{ P9, DED, false, TB, SEED_COMP, &ft_p9, C, 0, 10, 100, CP, 2000, N_CEDE },
	{ P10, DED, false, TB, SEED_COMP, &ft_p9, K, 0, 2, 20, FW, 2000, N_CEDE },
	{ P10, DED, false, TB, SEED_COMP, &ft_p9, T, 0, 1, 10, FW, 2000, N_CEDE },
	{ P10, DED, false, TB, SEED_COMP, &ft_p9, C, 0, 2, 20, FW, 2000, N_CEDE },
	{ P11, DED, false, TB, SEED_COMP, &ft_p9, K, 0, 2, 20, FW, 2000, N_CEDE },
	/* 10 */
	{ P11, DED, false, TB, SEED_COMP, &ft_p9, T, 0, 1, 10, FW, 2000, N_CEDE },
	{ P11, DED, false, TB, SEED_COMP, &ft_p9, C, 0, 2, 20, FW, 2000, N_CEDE },
	/* compatibility modes: POWER10's PVR still counts, POWER11's not */
	{ P10, DED, true, TB, SEED_COMP, &ft_p9, K, 0, 2, 20, FW, 2000, N_CEDE },
	{ P10, DED, true, TB, SEED_COMP, &ft_p9, T, 0, 1, 10, FW, 2000, N_CEDE },
	{ P10, DED, true, TB, SEED_COMP, &ft_p9, C, 0, 2, 20, FW, 2000, N_CEDE },
	{ P11, DED, true, TB, SEED_COMP, &ft_p9, K, 0, 10, 100, DF, 2000, N_CEDE },
	{ P11, DED, true, TB, SEED_COMP, &ft_p9, T, 0, 1, 10, FW, 2000, N_CEDE },
	{ P11, DED, true, TB, SEED_COMP, &ft_p9, C, 0, 10, 100, CP, 2000, N_CEDE },
	/* shared partitions never use the records */
	{ P8, SHR, false, TB, SEED_COMP, &ft_p9, K, 0, 10, 100, DF, 2000, N_SHR },
	{ P8, SHR, false, TB, SEED_COMP, &ft_p9, T, 0, 10, 100, DF, 2000, N_SHR },
	/* 20 */
	{ P8, SHR, false, TB, SEED_COMP, &ft_p9, C, 0, 10, 100, DF, 2000, N_SHR },
	{ P9, SHR, false, TB, SEED_COMP, &ft_p9, K, 0, 10, 100, DF, 2000, N_SHR },
	{ P9, SHR, false, TB, SEED_COMP, &ft_p9, T, 0, 10, 100, DF, 2000, N_SHR },
	{ P9, SHR, false, TB, SEED_COMP, &ft_p9, C, 0, 10, 100, DF, 2000, N_SHR },
	{ P10, SHR, false, TB, SEED_COMP, &ft_p9, K, 0, 10, 100, DF, 2000, N_SHR },
	{ P10, SHR, false, TB, SEED_COMP, &ft_p9, T, 0, 10, 100, DF, 2000, N_SHR },
	{ P10, SHR, false, TB, SEED_COMP, &ft_p9, C, 0, 10, 100, DF, 2000, N_SHR },
	{ P11, SHR, false, TB, SEED_COMP, &ft_p9, K, 0, 10, 100, DF, 2000, N_SHR },
	{ P11, SHR, false, TB, SEED_COMP, &ft_p9, T, 0, 10, 100, DF, 2000, N_SHR },
	{ P11, SHR, false, TB, SEED_COMP, &ft_p9, C, 0, 10, 100, DF, 2000, N_SHR },
	/* 30: x86 KVM guests: haltpoll's state, no firmware, tb ignored */
	{ X86, DED, false, TB, SEED_COMP, &ft_p9, K, 0, 1, 1, DF, 0, N_HP },
	{ X86, DED, false, 0, SEED_COMP, &ft_p9, T, 0, 1, 1, DF, 0, N_HP },
	{ X86, DED, false, 0, SEED_COMP, NULL, C, 0, 1, 1, DF, 0, N_HP },
	{ X86, SHR, true, 0, 0, &ft_17, K, 0, 1, 1, DF, 0, N_HP },
	/* no table (RTAS failed) or an empty one: defaults everywhere */
	{ P10, DED, false, TB, 0, NULL, K, 0, 10, 100, DF, 0, N_CEDE },
	{ P9, DED, false, TB, 0, NULL, T, 0, 10, 100, DF, 0, N_CEDE },
	{ P9, DED, false, TB, SEED_COMP, NULL, C, 0, 10, 100, DF, 0, N_CEDE },
	{ P10, DED, false, TB, 0, &ft_empty, K, 0, 10, 100, DF, 0, N_CEDE },
	{ P9, DED, false, TB, 0, &ft_empty, T, 0, 10, 100, DF, 0, N_CEDE },
	{ P9, DED, false, TB, SEED_COMP, &ft_empty, C, 0, 10, 100, DF, 0, N_CEDE },
	/* 40: POWER8-like 20 us record: old rule only lowered, today's is
	 * uncapped (4bceb03859c1)
	 */
	{ P8, DED, false, TB, 0, &ft_p8, K, 0, 10, 100, DF, 20000, N_CEDE },
	{ P8, DED, false, TB, 0, &ft_p8, T, 0, 10, 100, DF, 20000, N_CEDE },
	{ P8, DED, false, TB, 0, &ft_p8, C, 0, 20, 200, CP, 20000, N_CEDE },
	{ P10, DED, false, TB, 0, &ft_p8, K, 0, 20, 200, FW, 20000, N_CEDE },
	{ P10, DED, false, TB, 0, &ft_p8, T, 0, 10, 100, DF, 20000, N_CEDE },
	/* only 0-tick records: skipped today, counted (as 1 us) before */
	{ P10, DED, false, TB, 0, &ft_zero, K, 0, 10, 100, DF, 0, N_CEDE },
	{ P10, DED, false, TB, 0, &ft_zero, T, 0, 1, 10, FW, 0, N_CEDE },
	{ P9, DED, false, TB, SEED_COMP, &ft_zero, C, 0, 10, 100, DF, 0, N_CEDE },
	/* 0, 20 us and 7 us records */
	{ P10, DED, false, TB, 0, &ft_mixed, K, 0, 7, 70, FW, 7000, N_CEDE },
	{ P10, DED, false, TB, 0, &ft_mixed, T, 0, 1, 10, FW, 7000, N_CEDE },
	/* 50 */
	{ P9, DED, false, TB, 0, &ft_mixed, C, 0, 7, 70, CP, 7000, N_CEDE },
	{ P9, DED, false, TB, SEED_COMP, &ft_mixed, C, 0, 15, 150, CP, 7000, N_CEDE },
	{ P9, DED, false, TB, 0, &ft_mixed, K, 0, 10, 100, DF, 7000, N_CEDE },
	/* the old rule's "minus 1 us": 9 -> 8, 5 -> 4, 10 -> default */
	{ P9, DED, false, TB, 0, &ft_nine, T, 0, 8, 80, FW, 9000, N_CEDE },
	{ P9, DED, false, TB, 0, &ft_five, T, 0, 4, 40, FW, 5000, N_CEDE },
	{ P9, DED, false, TB, 0, &ft_ten, T, 0, 10, 100, DF, 10000, N_CEDE },
	{ P10, DED, false, TB, 0, &ft_ten, K, 0, 10, 100, FW, 10000, N_CEDE },
	/* one tick at 512 MHz: Linux's tb_to_ns gives 2 x floor(125 / 128)
	 * = 0 ns, a 0 us record: skipped today, the minimum before
	 */
	{ P10, DED, false, TB, 0, &ft_tick, K, 0, 10, 100, DF, 0, N_CEDE },
	{ P9, DED, false, TB, 0, &ft_tick, T, 0, 1, 10, FW, 0, N_CEDE },
	/* 1 GHz: scale 2^63, shift 1, so tb_to_ns drops the lowest bit
	 * (1001 -> 1000 ns, 999 -> 998 ns), then ceil to us
	 */
	{ P10, DED, false, 1000000000u, 0, &ft_1001, K, 0, 1, 10, FW, 1000, N_CEDE },
	/* 60 */
	{ P10, DED, false, 1000000000u, 0, &ft_1000, K, 0, 1, 10, FW, 1000, N_CEDE },
	{ P10, DED, false, 1000000000u, 0, &ft_999, K, 0, 1, 10, FW, 998, N_CEDE },
	{ P9, DED, false, 1000000000u, 1, &ft_999, C, 0, 1, 10, CP, 998, N_CEDE },
	{ P9, DED, false, 1000000000u, 3, &ft_999, C, 0, 2, 20, CP, 998, N_CEDE },
	/* odd timebase: 10 ticks at 3 Hz are 3333333333 ns exactly, but
	 * Linux floors before its 29-bit shift: 6 << 29 = 3221225472 ns
	 */
	{ P10, DED, false, 3, 0, &ft_10t, K, 0, 3221226, 32212260, FW,
	  3221225472ull, N_CEDE },
	/* 1 tick at 4294967295 Hz is 0 ns (skipped), 5 ticks are 1 ns */
	{ P10, DED, false, 0xffffffffu, 0, &ft_tick, K, 0, 10, 100, DF, 0, N_CEDE },
	{ P10, DED, false, 0xffffffffu, 0, &ft_5t, K, 0, 1, 10, FW, 1, N_CEDE },
	/* the minimum is found anywhere; a saturated record is harmless */
	{ P10, DED, false, TB, 0, &ft_order, K, 0, 4, 40, FW, 4000, N_CEDE },
	/* a record of UINT_MAX us or more is never the minimum (Linux's
	 * starts at UINT_MAX): defaults, not an error
	 */
	{ P10, DED, false, TB, 0, &ft_huge, K, 0, 10, 100, DF, 0, N_CEDE },
	{ P9, DED, false, TB, 0, &ft_huge, K, 0, 10, 100, DF, 0, N_CEDE },
	/* 70 */
	{ P9, DED, false, TB, 0, &ft_huge, T, 0, 10, 100, DF, 0, N_CEDE },
	{ P9, DED, false, TB, 0, &ft_huge, C, 0, 10, 100, DF, 0, N_CEDE },
	{ P10, DED, false, 1000000000u, 0, &ft_maxok, K, 0, 429496729,
	  4294967290u, FW, 429496729000ull, N_CEDE },
	{ P10, DED, false, 1000000000u, 0, &ft_maxbad, K, -PVS_ERANGE, 0, 0, 0, 0, 0 },
	{ P9, DED, false, TB, U64MAX, &ft_p9, C, -PVS_ERANGE, 0, 0, 0, 0, 0 },
	{ P10, DED, false, TB, U64MAX, &ft_p9, C, 0, 2, 20, FW, 2000, N_CEDE },
	/* 76 */
	{ P10, DED, false, 1000000000u, 0, &ft_uimax1, K, -PVS_ERANGE, 0, 0, 0, 0, 0 },
	{ P10, DED, false, 1000000000u, 0, &ft_uimax, K, 0, 10, 100, DF, 0, N_CEDE },
	{ P10, DED, false, TB, 0, &ft_513, K, 0, 1, 10, FW, 1000, N_CEDE },
	{ P10, DED, false, TB, 0, &ft_513, T, 0, 1, 10, FW, 1000, N_CEDE },
	/* 80: invalid input */
	{ P10, DED, false, TB, 0, &ft_17, K, -PVS_EINVAL, 0, 0, 0, 0, 0 },
	{ P9, SHR, false, TB, 0, &ft_17, T, -PVS_EINVAL, 0, 0, 0, 0, 0 },
	{ P10, DED, false, 0, 0, &ft_p9, K, -PVS_EINVAL, 0, 0, 0, 0, 0 },
	{ P9, SHR, false, 0, 0, NULL, K, -PVS_EINVAL, 0, 0, 0, 0, 0 },
	/* 84 */
	{ PVS_IDLE_CPU_COUNT, DED, false, TB, 0, &ft_p9, K, -PVS_EINVAL, 0, 0,
	  0, 0, 0 },
	{ P10, PVS_IDLE_PARTITION_COUNT, false, TB, 0, &ft_p9, K, -PVS_EINVAL,
	  0, 0, 0, 0, 0 },
	{ P10, DED, false, TB, 0, &ft_p9, PVS_IDLE_POLICY_COUNT, -PVS_EINVAL,
	  0, 0, 0, 0, 0 },
	{ X86, DED, false, TB, 0, NULL, PVS_IDLE_POLICY_COUNT, -PVS_EINVAL,
	  0, 0, 0, 0, 0 },
};

static const char *idle_state_name(unsigned int which)
{
	const struct pvs_idle_state *st = NULL;

	if (which == N_CEDE)
		pvs_idle_default_states(PVS_IDLE_CPU_POWER8, PVS_IDLE_DEDICATED, &st);
	else if (which == N_SHR)
		pvs_idle_default_states(PVS_IDLE_CPU_POWER9, PVS_IDLE_SHARED, &st);
	else
		pvs_idle_default_states(PVS_IDLE_CPU_X86_KVM, PVS_IDLE_DEDICATED, &st);
	return st ? st[1].name : NULL;
}

static void idle_latency(struct pvs_vec_result *r)
{
	struct pvs_idle_platform p;
	struct pvs_idle_latency out;
	unsigned int i;

	for (i = 0; i < PVS_VEC_LEN(idle_lat); i++) {
		const struct idle_lat_vec *v = &idle_lat[i];
		unsigned int idx = 200 + i;
		int ret;

		p.cpu = (enum pvs_idle_cpu)v->cpu;
		p.partition = (enum pvs_idle_partition)v->part;
		p.compat_pre_isa31 = v->compat;
		p.timebase_hz = v->tb_hz;
		p.compensation_ns = v->comp_ns;
		pvs_vec_canary(&out, sizeof(out));
		ret = pvs_idle_state_latency(&p, v->fw,
					     (enum pvs_idle_policy)v->policy,
					     &out);
		PVS_VEC_EXPECT(r, S, idx, ret == v->ret);
		if (v->ret < 0) {
			PVS_VEC_EXPECT(r, S, idx,
				       pvs_vec_canary_ok(&out, sizeof(out)));
			continue;
		}
		PVS_VEC_EXPECT(r, S, idx, out.exit_latency_us == v->exit_us);
		PVS_VEC_EXPECT(r, S, idx, out.target_residency_us == v->res_us);
		PVS_VEC_EXPECT(r, S, idx, (unsigned int)out.source == v->src);
		PVS_VEC_EXPECT(r, S, idx, out.fw_latency_ns == v->fw_ns);
		PVS_VEC_EXPECT(r, S, idx, out.name == idle_state_name(v->name));
	}
}

static void idle_latency_misc(struct pvs_vec_result *r)
{
	struct pvs_idle_platform p;
	struct pvs_idle_latency out;
	struct pvs_xcede_table t;
	const struct pvs_idle_state *st = NULL;

	p.cpu = PVS_IDLE_CPU_POWER10;
	p.partition = PVS_IDLE_DEDICATED;
	p.compat_pre_isa31 = false;
	p.timebase_hz = TB;
	p.compensation_ns = 0;
	PVS_VEC_EXPECT(r, S, 300, pvs_idle_state_latency(NULL, &ft_p9,
							  PVS_IDLE_KERNEL, &out) == -PVS_EINVAL);
	PVS_VEC_EXPECT(r, S, 301, pvs_idle_state_latency(&p, &ft_p9,
							  PVS_IDLE_KERNEL, NULL) == -PVS_EINVAL);

	/* end to end: the upstream change's buffer, decoded, on POWER9 and POWER10 */
	PVS_VEC_EXPECT(r, S, 302, pvs_xcede_parse(xb_p9, sizeof(xb_p9), &t) == 1);
	PVS_VEC_EXPECT(r, S, 303, pvs_idle_state_latency(&p, &t, PVS_IDLE_KERNEL,
							  &out) == 0 &&
				  out.exit_latency_us == 2 &&
				  out.target_residency_us == 20);
	p.cpu = PVS_IDLE_CPU_POWER9;
	PVS_VEC_EXPECT(r, S, 304, pvs_idle_state_latency(&p, &t, PVS_IDLE_KERNEL,
							  &out) == 0 &&
				  out.exit_latency_us == 10 &&
				  out.source == PVS_IDLE_SRC_DEFAULT);
	p.compensation_ns = pvs_idle_compensation_ns(9514, out.fw_latency_ns);
	PVS_VEC_EXPECT(r, S, 305, p.compensation_ns == 7514);
	PVS_VEC_EXPECT(r, S, 306, pvs_idle_state_latency(&p, &t,
							  PVS_IDLE_COMPENSATED,
							  &out) == 0 &&
				  out.exit_latency_us == 10 &&
				  out.source == PVS_IDLE_SRC_COMPENSATED);
	/* the timer-test average 5668.74 ns: 3668 ns on top of 2 us */
	p.compensation_ns = pvs_idle_compensation_ns(5668, 2000);
	PVS_VEC_EXPECT(r, S, 307, pvs_idle_state_latency(&p, &t,
							  PVS_IDLE_COMPENSATED,
							  &out) == 0 &&
				  out.exit_latency_us == 6 &&
				  out.target_residency_us == 60);
	PVS_VEC_EXPECT(r, S, 308, pvs_idle_compensation_ns(1000, 2000) == 0);
	PVS_VEC_EXPECT(r, S, 309, pvs_idle_compensation_ns(U64MAX, 0) == U64MAX);

	/* the built-in tables */
	PVS_VEC_EXPECT(r, S, 310, pvs_idle_default_states(PVS_IDLE_CPU_POWER9,
							   PVS_IDLE_DEDICATED, &st) == 2);
	PVS_VEC_EXPECT(r, S, 311, st && st[0].name[0] == 's' &&
				  st[0].exit_latency_us == 0 &&
				  st[0].target_residency_us == 0 &&
				  st[1].name[0] == 'C' &&
				  st[1].exit_latency_us == 10 &&
				  st[1].target_residency_us == 100);
	PVS_VEC_EXPECT(r, S, 312, pvs_idle_default_states(PVS_IDLE_CPU_POWER11,
							   PVS_IDLE_SHARED, &st) == 2);
	PVS_VEC_EXPECT(r, S, 313, st[0].name[0] == 's' &&
				  st[1].name[0] == 'S' &&
				  st[1].exit_latency_us == 10 &&
				  st[1].target_residency_us == 100);
	PVS_VEC_EXPECT(r, S, 314, pvs_idle_default_states(PVS_IDLE_CPU_X86_KVM,
							   PVS_IDLE_SHARED, &st) == 2);
	PVS_VEC_EXPECT(r, S, 315, st[0].name[0] == 'P' &&
				  st[0].exit_latency_us == 0 &&
				  st[1].name[0] == 'h' &&
				  st[1].exit_latency_us == 1 &&
				  st[1].target_residency_us == 1);
	st = NULL;
	PVS_VEC_EXPECT(r, S, 316, pvs_idle_default_states(PVS_IDLE_CPU_COUNT,
							   PVS_IDLE_DEDICATED, &st) == -PVS_EINVAL &&
				  st == NULL);
	PVS_VEC_EXPECT(r, S, 317, pvs_idle_default_states(PVS_IDLE_CPU_POWER8,
							   PVS_IDLE_PARTITION_COUNT, &st) == -PVS_EINVAL &&
				  st == NULL);
	PVS_VEC_EXPECT(r, S, 318, pvs_idle_default_states(PVS_IDLE_CPU_POWER8,
							   PVS_IDLE_DEDICATED, NULL) == -PVS_EINVAL);
}

/* ---- pvs_lat_stats / pvs_lat_percentile ----------------------------- */

#define IDLE_MAXS 8

struct idle_stats_vec {
	unsigned int n;
	uint64_t in[IDLE_MAXS];
	uint64_t min, median, mean, p90, p99, max, sd;
	uint32_t mean_milli, sd_milli;
};

/* Worked by hand: nearest rank ceil(p n / 100); sample stddev (n - 1). */
static const struct idle_stats_vec idle_stats[] = {
	{ 1, { 5 }, 5, 5, 5, 5, 5, 5, 0, 0, 0 },
	/* 1 2 3: mean 2, sd sqrt(2/2) = 1 */
	{ 3, { 3, 1, 2 }, 1, 2, 2, 3, 3, 3, 1, 0, 0 },
	/* 1 2 3 4: median rank 2; p90 rank ceil(3.6) = 4; mean 2.5;
	 * sd sqrt(5/3) = 1.29099
	 */
	{ 4, { 4, 3, 2, 1 }, 1, 2, 2, 4, 4, 4, 1, 500, 291 },
	/* 0 1: mean 0.5, sd sqrt(1/2) = 0.70711 */
	{ 2, { 1, 0 }, 0, 0, 0, 1, 1, 1, 0, 500, 707 },
	/* 1 1 2: mean 1.3333, sd sqrt(1/3) = 0.57735 */
	{ 3, { 2, 1, 1 }, 1, 1, 1, 2, 2, 2, 0, 333, 577 },
	/* 0 0 1: mean 0.3333; 1 1 0: mean 0.6667 (rounded up) */
	{ 3, { 0, 1, 0 }, 0, 0, 0, 1, 1, 1, 0, 333, 577 },
	{ 3, { 1, 0, 1 }, 0, 1, 0, 1, 1, 1, 0, 667, 577 },
	/* 10 20 .. 80: median rank 4 = 40, p90 rank ceil(7.2) = 8 = 80,
	 * mean 45, sd sqrt(4200 / 7) = 24.4949
	 */
	{ 8, { 80, 10, 70, 20, 60, 30, 50, 40 }, 10, 40, 45, 80, 80, 80, 24,
	  0, 495 },
	/* seed-shaped: 2601 5677 5668 9299 711 7564 -> sorted 711 2601
	 * 5668 5677 7564 9299; median rank 3; mean 31520/6 = 5253.333;
	 * sd 3153.592 (sum of squared deviations 49726862.33 / 5)
	 */
	{ 6, { 2601, 5677, 5668, 9299, 711, 7564 }, 711, 5668, 5253, 9299, 9299,
	  9299, 3153, 333, 592 },
	/* extremes: no overflow anywhere */
	{ 2, { U64MAX, U64MAX }, U64MAX, U64MAX, U64MAX, U64MAX, U64MAX, U64MAX,
	  0, 0, 0 },
	/* 0 and 2^64-1: mean 2^63 - 0.5, sd (2^64 - 1) / sqrt(2) */
	{ 2, { U64MAX, 0 }, 0, 0, 9223372036854775807ull, U64MAX, U64MAX,
	  U64MAX, 13043817825332782211ull, 500, 642 },
	/* 0 0 2^64-1: mean 6148914691236517205 exactly,
	 * sd 10650232656628343400.471
	 */
	{ 3, { 0, U64MAX, 0 }, 0, 0, 6148914691236517205ull, U64MAX, U64MAX,
	  U64MAX, 10650232656628343400ull, 0, 471 },
	/* 2^64-2, 2^64-1 twice: mean max - 1/3, sd sqrt(1/3) */
	{ 3, { U64MAX, U64MAX - 1, U64MAX }, U64MAX - 1, U64MAX, U64MAX - 1,
	  U64MAX, U64MAX, U64MAX, 0, 667, 577 },
};

static void idle_stats_known(struct pvs_vec_result *r)
{
	unsigned int i, j;

	for (i = 0; i < PVS_VEC_LEN(idle_stats); i++) {
		const struct idle_stats_vec *v = &idle_stats[i];
		struct pvs_lat_stats st;
		uint64_t buf[IDLE_MAXS];
		unsigned int idx = 400 + i;
		bool sorted = true;

		for (j = 0; j < v->n; j++)
			buf[j] = v->in[j];
		pvs_vec_canary(&st, sizeof(st));
		PVS_VEC_EXPECT(r, S, idx, pvs_lat_stats(buf, v->n, &st) == 0);
		PVS_VEC_EXPECT(r, S, idx, st.n == v->n);
		PVS_VEC_EXPECT(r, S, idx, st.min_ns == v->min);
		PVS_VEC_EXPECT(r, S, idx, st.median_ns == v->median);
		PVS_VEC_EXPECT(r, S, idx, st.mean_ns == v->mean);
		PVS_VEC_EXPECT(r, S, idx, st.mean_frac_milli == v->mean_milli);
		PVS_VEC_EXPECT(r, S, idx, st.p90_ns == v->p90);
		PVS_VEC_EXPECT(r, S, idx, st.p99_ns == v->p99);
		PVS_VEC_EXPECT(r, S, idx, st.max_ns == v->max);
		PVS_VEC_EXPECT(r, S, idx, st.stddev_ns == v->sd);
		PVS_VEC_EXPECT(r, S, idx, st.stddev_frac_milli == v->sd_milli);
		for (j = 1; j < v->n; j++)
			sorted = sorted && buf[j - 1] <= buf[j];
		PVS_VEC_EXPECT(r, S, idx, sorted);	/* sorted in place */
	}
}

static void idle_stats_errors(struct pvs_vec_result *r)
{
	uint64_t buf[3] = { 3, 2, 1 };
	struct pvs_lat_stats st;
	uint64_t pct = 77;

	pvs_vec_canary(&st, sizeof(st));
	PVS_VEC_EXPECT(r, S, 450, pvs_lat_stats(buf, 0, &st) == -PVS_EINVAL);
	PVS_VEC_EXPECT(r, S, 451, pvs_lat_stats(NULL, 3, &st) == -PVS_EINVAL);
	PVS_VEC_EXPECT(r, S, 452, pvs_lat_stats(buf, 3, NULL) == -PVS_EINVAL);
	/* the bound is checked before anything is read */
	PVS_VEC_EXPECT(r, S, 453, pvs_lat_stats(buf, PVS_LAT_MAX_SAMPLES + 1,
						&st) == -PVS_ERANGE);
	PVS_VEC_EXPECT(r, S, 454, pvs_vec_canary_ok(&st, sizeof(st)));
	PVS_VEC_EXPECT(r, S, 455, buf[0] == 3 && buf[1] == 2 && buf[2] == 1);

	/* percentile on unsorted input, bad p, bad n */
	PVS_VEC_EXPECT(r, S, 456, pvs_lat_percentile(buf, 3, 500, &pct) == -PVS_EINVAL);
	PVS_VEC_EXPECT(r, S, 457, pvs_lat_percentile(buf, 0, 500, &pct) == -PVS_EINVAL);
	PVS_VEC_EXPECT(r, S, 458, pvs_lat_percentile(NULL, 3, 500, &pct) == -PVS_EINVAL);
	PVS_VEC_EXPECT(r, S, 459, pvs_lat_percentile(buf, 1, 1001, &pct) == -PVS_EINVAL);
	PVS_VEC_EXPECT(r, S, 460, pvs_lat_percentile(buf, 1, 500, NULL) == -PVS_EINVAL);
	PVS_VEC_EXPECT(r, S, 461, pvs_lat_percentile(buf, PVS_LAT_MAX_SAMPLES + 1,
						     500, &pct) == -PVS_ERANGE);
	PVS_VEC_EXPECT(r, S, 462, pct == 77);
}

struct idle_pct_vec {
	uint32_t per_mille;
	uint64_t expect;
};

/* 10 20 .. 100: rank ceil(pm * 10 / 1000), at least 1 */
static const struct idle_pct_vec idle_pct[] = {
	{ 0, 10 }, { 1, 10 }, { 100, 10 }, { 101, 20 }, { 500, 50 },
	{ 501, 60 }, { 900, 90 }, { 901, 100 }, { 990, 100 }, { 999, 100 },
	{ 1000, 100 },
};

static void idle_percentiles(struct pvs_vec_result *r)
{
	static const uint64_t tens[10] = { 10, 20, 30, 40, 50, 60, 70, 80, 90,
					   100 };
	static const uint64_t dup[4] = { 7, 7, 7, 7 };
	unsigned int i;
	uint64_t v;

	for (i = 0; i < PVS_VEC_LEN(idle_pct); i++) {
		v = 0;
		PVS_VEC_EXPECT(r, S, 500 + i,
			       pvs_lat_percentile(tens, 10, idle_pct[i].per_mille,
						  &v) == 0 &&
			       v == idle_pct[i].expect);
	}
	/* ties and a single sample */
	v = 0;
	PVS_VEC_EXPECT(r, S, 520, pvs_lat_percentile(dup, 4, 999, &v) == 0 &&
				  v == 7);
	v = 0;
	PVS_VEC_EXPECT(r, S, 521, pvs_lat_percentile(tens, 1, 1000, &v) == 0 &&
				  v == 10);
}

/* Source names: first and last letters pin each string without libc. */
static bool idle_name_is(const char *got, char first, char last,
			 unsigned int len)
{
	unsigned int i;

	for (i = 0; i < 32 && got[i]; i++)
		;
	return i == len && got[0] == first && got[len - 1] == last;
}

static void idle_source_names(struct pvs_vec_result *r)
{
	PVS_VEC_EXPECT(r, S, 530, idle_name_is(
		pvs_idle_source_name(PVS_IDLE_SRC_DEFAULT), 'd', 't', 7));
	PVS_VEC_EXPECT(r, S, 531, idle_name_is(
		pvs_idle_source_name(PVS_IDLE_SRC_FIRMWARE), 'f', 'e', 8));
	PVS_VEC_EXPECT(r, S, 532, idle_name_is(
		pvs_idle_source_name(PVS_IDLE_SRC_COMPENSATED), 'c', 'd', 11));
	PVS_VEC_EXPECT(r, S, 533, idle_name_is(
		pvs_idle_source_name(PVS_IDLE_SOURCE_COUNT), 'u', 'n', 7));
}

void pvs_vec_idle(struct pvs_vec_result *r)
{
	idle_parse_good(r);
	idle_parse_errors(r);
	idle_latency(r);
	idle_latency_misc(r);
	idle_stats_known(r);
	idle_stats_errors(r);
	idle_percentiles(r);
	idle_source_names(r);
}
