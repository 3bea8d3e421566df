// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Vectors for env.h (endian loaders and stores), errors and version. */
#include "vectors.h"

static const char S[] = "core";

/* Bytes 01 02 .. 0a at an odd offset, to exercise unaligned loads. */
static const uint8_t bytes[11] = { 0xee, 0x01, 0x02, 0x03, 0x04, 0x05,
				   0x06, 0x07, 0x08, 0x09, 0x0a };

static void core_loaders(struct pvs_vec_result *r)
{
	const uint8_t *p = bytes + 1;

	PVS_VEC_EXPECT(r, S, 0, pvs_u8_ld(p) == 0x01);
	PVS_VEC_EXPECT(r, S, 1, pvs_be16_ld(p) == 0x0102);
	PVS_VEC_EXPECT(r, S, 2, pvs_be32_ld(p) == 0x01020304u);
	PVS_VEC_EXPECT(r, S, 3, pvs_be64_ld(p) == 0x0102030405060708ull);
	PVS_VEC_EXPECT(r, S, 4, pvs_le16_ld(p) == 0x0201);
	PVS_VEC_EXPECT(r, S, 5, pvs_le32_ld(p) == 0x04030201u);
	PVS_VEC_EXPECT(r, S, 6, pvs_le64_ld(p) == 0x0807060504030201ull);
	PVS_VEC_EXPECT(r, S, 7, pvs_be32_ld(bytes) == 0xee010203u);
}

static void core_stores(struct pvs_vec_result *r)
{
	uint8_t buf[9];
	unsigned int i;

	for (i = 0; i < sizeof(buf); i++)
		buf[i] = 0;
	pvs_be64_st(buf + 1, 0xfedcba9876543210ull);
	PVS_VEC_EXPECT(r, S, 10, buf[0] == 0 && buf[1] == 0xfe && buf[8] == 0x10);
	PVS_VEC_EXPECT(r, S, 11, pvs_be64_ld(buf + 1) == 0xfedcba9876543210ull);
	pvs_le64_st(buf + 1, 0xfedcba9876543210ull);
	PVS_VEC_EXPECT(r, S, 12, buf[1] == 0x10 && buf[8] == 0xfe);
	PVS_VEC_EXPECT(r, S, 13, pvs_le64_ld(buf + 1) == 0xfedcba9876543210ull);
	pvs_be16_st(buf, 0xabcd);
	PVS_VEC_EXPECT(r, S, 14, buf[0] == 0xab && buf[1] == 0xcd);
	PVS_VEC_EXPECT(r, S, 15, pvs_be16_ld(buf) == 0xabcd);
	PVS_VEC_EXPECT(r, S, 16, pvs_le16_ld(buf) == 0xcdab);
	pvs_le32_st(buf, 0x80000001u);
	PVS_VEC_EXPECT(r, S, 17, buf[0] == 0x01 && buf[3] == 0x80);
	PVS_VEC_EXPECT(r, S, 18, pvs_be32_ld(buf) == 0x01000080u);
}

static void core_misc(struct pvs_vec_result *r)
{
	volatile uint32_t x = 7;

	PVS_VEC_EXPECT(r, S, 20, pvs_div_u64(10000000000ull, 3) == 3333333333ull);
	PVS_VEC_EXPECT(r, S, 21, pvs_div_u64(UINT64_MAX, 1) == UINT64_MAX);
	PVS_VEC_EXPECT(r, S, 22, PVS_READ_ONCE(x) == 7);
	PVS_VEC_EXPECT(r, S, 23, pvs_version_number() == PVS_VERSION_NUMBER);
	PVS_VEC_EXPECT(r, S, 24, pvs_version_string()[0] != '\0');
	PVS_VEC_EXPECT(r, S, 25, pvs_strerror(-PVS_EINVAL) == pvs_strerror(PVS_EINVAL));
	PVS_VEC_EXPECT(r, S, 26, pvs_strerror(-PVS_ESRCH) != pvs_strerror(-PVS_EINVAL));
	PVS_VEC_EXPECT(r, S, 27, pvs_strerror(0) != pvs_strerror(12345));
	PVS_VEC_EXPECT(r, S, 28, pvs_strerror(-2147483647 - 1) == pvs_strerror(12345));
}

void pvs_vec_core(struct pvs_vec_result *r)
{
	core_loaders(r);
	core_stores(r);
	core_misc(r);
}
