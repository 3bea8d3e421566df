// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Vectors for the decoder-only backends (arch/arm64.h, arch/riscv.h,
 * arch/loongarch.h): each backend's decoder on hand-built little-endian
 * byte images, its kernel rule, and decode-then-decide through
 * pvs_is_preempted(). Expected values come from docs/upstream-rules.md and
 * the Linux sources it names, worked out by hand.
 *
 * One table at the bottom registers every backend: a new decoder-only
 * backend adds its function and one row there, and the userspace runner,
 * qemu-user (big- and little-endian) and the kernel selftest all run it.
 * Each backend numbers its own checks and reports under its own name.
 */
#include "vectors.h"

/* Check cond as vector number i of backend s (r is in scope). */
#define CHECK(s, i, cond) PVS_VEC_EXPECT(r, (s), (i), cond)

/*
 * A 64-byte record, aligned for the live readers' 32- and 64-bit loads,
 * plus one byte so the decoders also see it unaligned.
 */
static union {
	uint64_t align[9];
	uint8_t b[72];
} arch_img;

/* Noise in the 64 bytes of a record. */
static void arch_fill(uint8_t *img, uint8_t noise)
{
	unsigned int i;

	for (i = 0; i < 64; i++)
		img[i] = (uint8_t)(noise + i);
}

/* n little-endian bytes of v at img + off. */
static void arch_le(uint8_t *img, unsigned int off, uint64_t v,
		    unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		img[off + i] = (uint8_t)(v >> (8 * i));
}

/* One thread core of kind hv whose thread 0 is t: is it preempted? */
static int arch_decide(enum pvs_hv_kind hv, const struct pvs_thread_state *t)
{
	struct pvs_core_state cs;

	pvs_vec_canary(&cs, sizeof(cs));
	cs.hv = hv;
	cs.policy = PVS_PREEMPT_IDLE_HINT;
	cs.shared = true;
	cs.smt = 1;
	cs.caller_thread = PVS_CALLER_OTHER_CORE;
	cs.threads[0] = *t;
	return pvs_is_preempted_checked(&cs, 0);
}

/* ---- arm64: PV time ------------------------------------------------- */

static void arch_arm64_image(uint8_t *img, uint32_t rev, uint32_t attr,
			     uint64_t stolen)
{
	arch_fill(img, 0xa0);
	arch_le(img, 0, rev, 4);
	arch_le(img, 4, attr, 4);
	arch_le(img, 8, stolen, 8);
}

static void arch_arm64(struct pvs_vec_result *r)
{
	static const char S[] = "arm64";
	uint8_t *img = arch_img.b, *odd = arch_img.b + 1;
	struct pvs_arm64_stolen_time st;
	struct pvs_thread_state t;
	unsigned int i;

	arch_arm64_image(img, 0, 0, 0x0123456789abcdefull);
	pvs_vec_canary(&st, sizeof(st));
	CHECK(S, 0, pvs_arm64_stolen_time_decode(img, 64, &st) == 0);
	CHECK(S, 1, st.revision == 0 && st.attributes == 0);
	CHECK(S, 2, st.stolen_ns == 0x0123456789abcdefull);
	CHECK(S, 3, pvs_arm64_stolen_ns(img) == 0x0123456789abcdefull);
	/* unaligned copy, maximum stolen time */
	arch_arm64_image(odd, 0, 0, 0xffffffffffffffffull);
	CHECK(S, 4, pvs_arm64_stolen_time_decode(odd, 64, &st) == 0 &&
		    st.stolen_ns == 0xffffffffffffffffull);
	/* Linux refuses a record with another revision or attributes */
	pvs_vec_canary(&st, sizeof(st));
	arch_arm64_image(img, 1, 0, 5);
	CHECK(S, 10, pvs_arm64_stolen_time_decode(img, 64, &st) ==
		     -PVS_ENOTSUP);
	arch_arm64_image(img, 0, 0x80000000u, 5);
	CHECK(S, 11, pvs_arm64_stolen_time_decode(img, 64, &st) ==
		     -PVS_ENOTSUP);
	arch_arm64_image(img, 0x00000100u, 0, 5);
	CHECK(S, 12, pvs_arm64_stolen_time_decode(img, 64, &st) ==
		     -PVS_ENOTSUP);
	arch_arm64_image(img, 0, 0, 5);
	CHECK(S, 13, pvs_arm64_stolen_time_decode(img, 63, &st) ==
		     -PVS_EBADMSG);
	CHECK(S, 14, pvs_arm64_stolen_time_decode(NULL, 64, &st) ==
		     -PVS_EINVAL);
	CHECK(S, 15, pvs_arm64_stolen_time_decode(img, 64, NULL) ==
		     -PVS_EINVAL);
	CHECK(S, 16, pvs_vec_canary_ok(&st, sizeof(st)));
	/* never preempted: whatever the record holds, live or decoded */
	CHECK(S, 20, pvs_arm64_stolen_time_decode(img, 64, &st) == 0);
	pvs_vec_canary(&t, sizeof(t));
	CHECK(S, 21, pvs_arm64_stolen_time_to_thread(&st, &t) == 0);
	CHECK(S, 22, t.preempted == 0 && t.idle == 0 && t.yield_count == 0);
	CHECK(S, 23, arch_decide(PVS_HV_NONE, &t) == 0);
	for (i = 0; i < 64; i++)
		img[i] = 0xff;
	CHECK(S, 24, !pvs_arm64_vcpu_is_preempted(img));
	CHECK(S, 25, !pvs_arm64_vcpu_is_preempted(NULL));
	pvs_vec_canary(&t, sizeof(t));
	CHECK(S, 26, pvs_arm64_stolen_time_to_thread(NULL, &t) ==
		     -PVS_EINVAL);
	CHECK(S, 27, pvs_arm64_stolen_time_to_thread(&st, NULL) ==
		     -PVS_EINVAL);
	CHECK(S, 28, pvs_vec_canary_ok(&t, sizeof(t)));
}

/* ---- RISC-V: SBI STA ------------------------------------------------ */

static void arch_sta_image(uint8_t *img, uint32_t seq, uint32_t flags,
			   uint64_t steal, uint8_t preempted)
{
	arch_fill(img, 0x30);
	arch_le(img, 0, seq, 4);
	arch_le(img, 4, flags, 4);
	arch_le(img, 8, steal, 8);
	img[16] = preempted;
}

static void arch_riscv(struct pvs_vec_result *r)
{
	static const char S[] = "riscv";
	uint8_t *img = arch_img.b, *odd = arch_img.b + 1;
	struct pvs_sbi_sta sta;
	struct pvs_thread_state t;

	/* KVM's record: even sequence, steal, preempted left 0 */
	arch_sta_image(img, 0x2a, 0, 0x00000002540be400ull, 0);
	pvs_vec_canary(&sta, sizeof(sta));
	CHECK(S, 0, pvs_sbi_sta_decode(img, 64, &sta) == 0);
	CHECK(S, 1, sta.sequence == 0x2a && sta.flags == 0);
	CHECK(S, 2, sta.steal_ns == 10000000000ull && sta.preempted == 0);
	pvs_vec_canary(&sta, sizeof(sta));
	CHECK(S, 3, pvs_sbi_sta_read(img, 1, &sta) == 1);
	CHECK(S, 4, sta.sequence == 0x2a && sta.steal_ns == 10000000000ull);
	CHECK(S, 5, pvs_sbi_sta_to_thread(&sta, &t) == 0 && t.preempted == 0);
	CHECK(S, 6, arch_decide(PVS_HV_NONE, &t) == 0);
	CHECK(S, 7, arch_decide(PVS_HV_PREEMPT_FLAG, &t) == 0);
	CHECK(S, 8, !pvs_riscv_vcpu_is_preempted(img));
	/* unaligned copy, maxima, a preempted byte another SBI sets */
	arch_sta_image(odd, 0xfffffffeu, 0xffffffffu,
		       0xffffffffffffffffull, 0xff);
	CHECK(S, 10, pvs_sbi_sta_decode(odd, 64, &sta) == 0);
	CHECK(S, 11, sta.sequence == 0xfffffffeu && sta.flags == 0xffffffffu);
	CHECK(S, 12, sta.steal_ns == 0xffffffffffffffffull &&
		     sta.preempted == 0xff);
	/* the kernel rule ignores the byte, the specification's reads it */
	arch_sta_image(img, 4, 0, 7, 1);
	CHECK(S, 20, pvs_sbi_sta_read(img, 3, &sta) == 1 &&
		     sta.preempted == 1);
	CHECK(S, 21, pvs_sbi_sta_to_thread(&sta, &t) == 0 && t.preempted == 1);
	CHECK(S, 22, arch_decide(PVS_HV_NONE, &t) == 0);
	CHECK(S, 23, arch_decide(PVS_HV_PREEMPT_FLAG, &t) == 1);
	CHECK(S, 24, !pvs_riscv_vcpu_is_preempted(img));
	/* the sequence rule of pv_time_steal_clock() */
	CHECK(S, 30, pvs_sbi_sta_consistent(0, 0));
	CHECK(S, 31, pvs_sbi_sta_consistent(0xfffffffeu, 0xfffffffeu));
	CHECK(S, 32, !pvs_sbi_sta_consistent(1, 1));
	CHECK(S, 33, !pvs_sbi_sta_consistent(2, 3));
	CHECK(S, 34, !pvs_sbi_sta_consistent(2, 4));
	CHECK(S, 35, !pvs_sbi_sta_consistent(0xffffffffu, 0));
	/* odd sequence: the host is writing; a bounded read gives up */
	pvs_vec_canary(&sta, sizeof(sta));
	arch_sta_image(img, 0x2b, 0, 7, 0);
	CHECK(S, 40, pvs_sbi_sta_decode(img, 64, &sta) == -PVS_EAGAIN);
	CHECK(S, 41, pvs_sbi_sta_read(img, 1, &sta) == -PVS_EAGAIN);
	CHECK(S, 42, pvs_sbi_sta_read(img, 5, &sta) == -PVS_EAGAIN);
	CHECK(S, 43, pvs_sbi_sta_read(img, 0xffffffffu, &sta) == -PVS_EAGAIN);
	arch_sta_image(img, 0x80000001u, 0, 7, 0);
	CHECK(S, 44, pvs_sbi_sta_decode(img, 64, &sta) == -PVS_EAGAIN);
	/* bad input */
	CHECK(S, 50, pvs_sbi_sta_decode(img, 63, &sta) == -PVS_EBADMSG);
	CHECK(S, 51, pvs_sbi_sta_decode(NULL, 64, &sta) == -PVS_EINVAL);
	CHECK(S, 52, pvs_sbi_sta_decode(img, 64, NULL) == -PVS_EINVAL);
	CHECK(S, 53, pvs_sbi_sta_read(img, 0, &sta) == -PVS_EINVAL);
	CHECK(S, 54, pvs_sbi_sta_read(NULL, 1, &sta) == -PVS_EINVAL);
	CHECK(S, 55, pvs_sbi_sta_read(img, 1, NULL) == -PVS_EINVAL);
	CHECK(S, 56, pvs_vec_canary_ok(&sta, sizeof(sta)));
	pvs_vec_canary(&t, sizeof(t));
	CHECK(S, 57, pvs_sbi_sta_to_thread(NULL, &t) == -PVS_EINVAL);
	CHECK(S, 58, pvs_sbi_sta_to_thread(&sta, NULL) == -PVS_EINVAL);
	CHECK(S, 59, pvs_vec_canary_ok(&t, sizeof(t)));
}

/* ---- LoongArch: kvm_steal_time with KVM_FEATURE_PREEMPT ------------- */

static void arch_la_image(uint8_t *img, uint32_t version, uint8_t preempted)
{
	arch_fill(img, 0x70);
	arch_le(img, 0, 0x3b9aca00ull, 8);
	arch_le(img, 8, version, 4);
	arch_le(img, 12, 0, 4);
	img[16] = preempted;
}

/* Preempted byte, feature offered, the LoongArch answer. */
static const struct {
	uint8_t byte;
	uint8_t feature;
	uint8_t want;
} arch_la_table[] = {
	{ 0x00, 1, 0 }, { 0x01, 1, 1 }, { 0x03, 1, 1 }, { 0xff, 1, 1 },
	/* x86 says preempted for these (any non-zero byte); LoongArch not */
	{ 0x02, 1, 0 }, { 0x80, 1, 0 }, { 0xfe, 1, 0 },
	/* no KVM_FEATURE_PREEMPT: the static key is off, never preempted */
	{ 0x01, 0, 0 }, { 0xff, 0, 0 }, { 0x00, 0, 0 },
};

static void arch_loongarch(struct pvs_vec_result *r)
{
	static const char S[] = "loongarch";
	uint8_t *img = arch_img.b;
	struct pvs_kvm_steal_time st;
	struct pvs_thread_state t;
	unsigned int i;

	for (i = 0; i < PVS_VEC_LEN(arch_la_table); i++) {
		bool feature = arch_la_table[i].feature != 0;
		int want = arch_la_table[i].want;

		arch_la_image(img, 6, arch_la_table[i].byte);
		CHECK(S, i, pvs_kvm_steal_time_decode(img, 64, &st) == 0 &&
			    st.steal_ns == 1000000000ull && st.version == 6 &&
			    st.preempted == arch_la_table[i].byte);
		CHECK(S, i, pvs_loongarch_steal_time_to_thread(&st, feature,
							       &t) == 0);
		CHECK(S, i, arch_decide(PVS_HV_PREEMPT_FLAG, &t) == want);
		CHECK(S, i, pvs_loongarch_vcpu_is_preempted(img, feature) ==
			    (want != 0));
	}
	/* odd version: copy again, as paravt_steal_clock() does */
	arch_la_image(img, 7, 1);
	CHECK(S, 100, pvs_kvm_steal_time_decode(img, 64, &st) == -PVS_EAGAIN);
	pvs_vec_canary(&t, sizeof(t));
	CHECK(S, 101, pvs_loongarch_steal_time_to_thread(NULL, true, &t) ==
		      -PVS_EINVAL);
	CHECK(S, 102, pvs_loongarch_steal_time_to_thread(&st, true, NULL) ==
		      -PVS_EINVAL);
	CHECK(S, 103, pvs_vec_canary_ok(&t, sizeof(t)));
	CHECK(S, 104, PVS_LOONGARCH_CPUCFG_KVM_FEATURE == 0x40000004u &&
		      PVS_LOONGARCH_KVM_FEATURE_PREEMPT == 3);
}

/* ---- the table ------------------------------------------------------ */

static void (*const arch_backends[])(struct pvs_vec_result *r) = {
	arch_arm64,
	arch_loongarch,
	arch_riscv,
};

void pvs_vec_arch(struct pvs_vec_result *r)
{
	unsigned int i;

	for (i = 0; i < PVS_VEC_LEN(arch_backends); i++)
		arch_backends[i](r);
}
