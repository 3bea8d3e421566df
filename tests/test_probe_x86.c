// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The x86 hypervisor decoder over synthetic CPUID tables (every vendor,
 * Hyper-V fronting KVM, no hypervisor bit, unknown vendors, source
 * errors), and the PAUSE estimate over synthetic window timings.
 */
#include <stdlib.h>

#include "probe_test.h"

/* A synthetic CPU: leaf 1 ECX and up to four hypervisor bases. */
struct fake_cpu {
	uint32_t leaf1_ecx;
	struct {
		uint32_t base;
		const char *sig; /* 12 bytes */
		uint32_t max;
		uint32_t feat_eax, feat_edx;
	} hv[4];
	unsigned int calls;
	int fail_at; /* return an error on this call (1-based), 0 never */
};

static int fake_cpuid(void *arg, uint32_t leaf, uint32_t sub, uint32_t r[4])
{
	struct fake_cpu *c = arg;
	unsigned int i;

	(void)sub;
	c->calls++;
	if (c->fail_at != 0 && c->calls == (unsigned int)c->fail_at)
		return -PVS_EIO;
	r[0] = r[1] = r[2] = r[3] = 0;
	if (leaf == 1)
		r[2] = c->leaf1_ecx;
	for (i = 0; i < 4; i++) {
		if (c->hv[i].sig == NULL)
			continue;
		if (leaf == c->hv[i].base) {
			r[0] = c->hv[i].max;
			r[1] = pvs_le32_ld(c->hv[i].sig);
			r[2] = pvs_le32_ld(c->hv[i].sig + 4);
			r[3] = pvs_le32_ld(c->hv[i].sig + 8);
		} else if (leaf == c->hv[i].base + 1) {
			r[0] = c->hv[i].feat_eax;
			r[3] = c->hv[i].feat_edx;
		}
	}
	return 0;
}

#define HVBIT 0x80000000u

/* The hypervisor found: its kind and base leaf, and KVM's base and features. */
static void expect_hv(const struct pvprobe_x86_hv *hv, enum pvprobe_hv kind,
		      uint32_t base, uint32_t kvm_base, uint32_t kvm_features)
{
	assert_int_equal(hv->kind, kind);
	assert_int_equal(hv->base, base);
	assert_int_equal(hv->kvm_base, kvm_base);
	assert_int_equal(hv->kvm_features, kvm_features);
}

/* Decode c's CPUID, which must succeed. */
static struct pvprobe_x86_hv decode_ok(struct fake_cpu *c)
{
	struct pvprobe_x86_hv hv;

	assert_int_equal(pvprobe_x86_hv_decode(fake_cpuid, c, &hv), 0);
	return hv;
}

static void test_kvm(void **state)
{
	struct fake_cpu c = { HVBIT, { { 0x40000000, "KVMKVMKVM\0\0\0",
					 0x40000001, 0x01007efb, 1 } }, 0, 0 };
	struct pvprobe_x86_hv hv = decode_ok(&c);

	(void)state;
	expect_hv(&hv, PVPROBE_HV_KVM, 0x40000000, 0x40000000, 0x01007efb);
	assert_true(hv.hypervisor_bit);
	assert_int_equal(hv.kvm_hints, 1);
	assert_string_equal(hv.signature, "KVMKVMKVM");
	assert_int_equal(hv.via, PVPROBE_CPUID_VIA_RAW);
	/* Leaf 1 plus the 256 bases plus the KVM feature leaf. */
	assert_int_equal(c.calls, 1 + 256 + 1);
}

/* KVM with Hyper-V enlightenments: Hyper-V first, KVM at 0x40000100,
 * found by the scan like Linux's kvm_cpuid_base(). */
static void test_hyperv_fronting_kvm(void **state)
{
	struct fake_cpu c = { HVBIT, { { 0x40000000, "Microsoft Hv", 0x4000000b,
					 0, 0 },
				       { 0x40000100, "KVMKVMKVM\0\0\0",
					 0x40000101, 0x2020, 0 } }, 0, 0 };
	struct pvprobe_x86_hv hv = decode_ok(&c);

	(void)state;
	expect_hv(&hv, PVPROBE_HV_HYPERV, 0x40000000, 0x40000100, 0x2020);
}

static void test_vendors(void **state)
{
	static const struct {
		const char *sig;
		enum pvprobe_hv kind;
		const char *text;
	} v[] = {
		{ "XenVMMXenVMM", PVPROBE_HV_XEN, "XenVMMXenVMM" },
		{ "VMwareVMware", PVPROBE_HV_VMWARE, "VMwareVMware" },
		{ "bhyve bhyve ", PVPROBE_HV_BHYVE, "bhyve bhyve " },
		{ "TCGTCGTCGTCG", PVPROBE_HV_QEMU, "TCGTCGTCGTCG" },
		{ "ACRNACRNACRN", PVPROBE_HV_OTHER, "ACRNACRNACRN" },
		{ "ab\x01\0\0\0\0\0\0\0\0\0", PVPROBE_HV_OTHER, "ab." },
	};
	unsigned int i;

	(void)state;
	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		struct fake_cpu c = { HVBIT, { { 0x40000000, v[i].sig,
						 0x40000005, 0, 0 } }, 0, 0 };
		struct pvprobe_x86_hv hv = decode_ok(&c);

		expect_hv(&hv, v[i].kind, 0x40000000, 0, 0);
		assert_string_equal(hv.signature, v[i].text);
	}
}

/* Xen may sit at 0x40000100 when it emulates Hyper-V at the first base;
 * an unknown vendor first and a known one later names the known one. */
static void test_known_vendor_later(void **state)
{
	struct fake_cpu c = { HVBIT, { { 0x40000000, "SomeVendorXY", 0x40000001,
					 0, 0 },
				       { 0x40000200, "XenVMMXenVMM", 0x40000205,
					 0, 0 } }, 0, 0 };
	struct pvprobe_x86_hv hv = decode_ok(&c);

	(void)state;
	expect_hv(&hv, PVPROBE_HV_XEN, 0x40000200, 0, 0);
	assert_int_equal(hv.max_leaf, 0x40000205);
}

static void test_bare_metal_and_hidden(void **state)
{
	/* Leaves present but no hypervisor bit: Linux does not look. */
	struct fake_cpu c = { 0, { { 0x40000000, "KVMKVMKVM\0\0\0", 0x40000001,
				     0xff, 0 } }, 0, 0 };
	struct fake_cpu hidden = { HVBIT, { { 0 } }, 0, 0 };
	struct pvprobe_x86_hv hv = decode_ok(&c);

	(void)state;
	expect_hv(&hv, PVPROBE_HV_NONE, 0, 0, 0);
	assert_int_equal(c.calls, 1);
	/* The bit but no signature anywhere: some hypervisor. */
	hv = decode_ok(&hidden);
	expect_hv(&hv, PVPROBE_HV_OTHER, 0, 0, 0);
	assert_string_equal(hv.signature, "");
}

static void test_source_errors(void **state)
{
	struct fake_cpu c = { HVBIT, { { 0x40000000, "KVMKVMKVM\0\0\0",
					 0x40000001, 1, 0 } }, 0, 0 };
	struct pvprobe_x86_hv hv;
	unsigned char canary[sizeof(hv)];
	int at;

	(void)state;
	memset(canary, CANARY, sizeof(canary));
	for (at = 1; at <= 3; at++) {
		c.calls = 0;
		c.fail_at = at == 3 ? 258 : at; /* leaf 1, first base, KVM+1 */
		memset(&hv, CANARY, sizeof(hv));
		assert_int_equal(pvprobe_x86_hv_decode(fake_cpuid, &c, &hv),
				 -PVS_EIO);
		assert_memory_equal(&hv, canary, sizeof(hv));
	}
	assert_int_equal(pvprobe_x86_hv_decode(NULL, &c, &hv), -PVS_EINVAL);
	assert_int_equal(pvprobe_x86_hv_decode(fake_cpuid, &c, NULL), -PVS_EINVAL);
}

static void test_feature_names(void **state)
{
	unsigned int b, named = 0;

	(void)state;
	assert_string_equal(pvprobe_kvm_feature_name(PVPROBE_KVM_FEATURE_STEAL_TIME),
			    "STEAL_TIME");
	assert_string_equal(pvprobe_kvm_feature_name(PVPROBE_KVM_FEATURE_PV_UNHALT),
			    "PV_UNHALT");
	assert_string_equal(pvprobe_kvm_feature_name(13), "PV_SCHED_YIELD");
	assert_null(pvprobe_kvm_feature_name(2));
	assert_null(pvprobe_kvm_feature_name(99));
	for (b = 0; b < 32; b++)
		named += pvprobe_kvm_feature_name(b) != NULL;
	assert_int_equal(named, 15);
	assert_string_equal(pvprobe_hv_name(PVPROBE_HV_POWERVM), "powervm");
	assert_string_equal(pvprobe_hv_name((enum pvprobe_hv)77),
			    "unknown");
	/* every kind but UNKNOWN has a name of its own */
	for (b = PVPROBE_HV_NONE; b <= PVPROBE_HV_OTHER; b++)
		assert_string_not_equal(pvprobe_hv_name((enum pvprobe_hv)b),
					"unknown");
}

/* ---- PAUSE estimate ------------------------------------------------------ */

static void test_pause_estimate(void **state)
{
	/* 16 PAUSEs of 40 ns = 640 ns plus a 25 ns clock read; one window
	 * preempted (5 ms), one where the clock did not move. */
	uint64_t p[6] = { 665, 700, 5000000, 20, 672, 690 };
	uint64_t e[6] = { 30, 25, 26, 40, 25, 27 };
	struct pvprobe_pause_cal cal;

	(void)state;
	assert_int_equal(pvprobe_pause_estimate(p, e, 6, 16, &cal), 0);
	assert_int_equal(cal.overhead_ns, 25);
	assert_int_equal(cal.pause_ps, 40000); /* (665 - 25) * 1000 / 16 */
	assert_int_equal(cal.windows_used, 4);
	assert_int_equal(cal.windows_total, 6);
}

/* Against a brute-force reference over random samples. */
static void test_pause_estimate_property(void **state)
{
	unsigned int iter;

	(void)state;
	pvs_test_rand_seed(4242);
	for (iter = 0; iter < 20000; iter++) {
		uint64_t p[8], e[8], ov = UINT64_MAX, best = UINT64_MAX;
		unsigned int n = 1 + (unsigned int)pvs_test_rand31() % 8,
			     iters = 1 + (unsigned int)pvs_test_rand31() % 64,
			     i, used = 0;
		struct pvprobe_pause_cal cal;
		int rc;

		for (i = 0; i < n; i++) {
			e[i] = (uint64_t)(pvs_test_rand31() % 100);
			p[i] = (uint64_t)(pvs_test_rand31() % 3
						  ? pvs_test_rand31() % 5000
						  : pvs_test_rand31() %
							    100000000);
			if (e[i] < ov)
				ov = e[i];
		}
		for (i = 0; i < n; i++) {
			long double ps;

			if (p[i] <= ov)
				continue;
			ps = (long double)(p[i] - ov) * 1000 / iters;
			if (ps < PVPROBE_PAUSE_MIN_PS || ps >= PVPROBE_PAUSE_MAX_PS + 1)
				continue;
			used++;
			if ((uint64_t)ps < best)
				best = (uint64_t)ps;
		}
		memset(&cal, CANARY, sizeof(cal));
		rc = pvprobe_pause_estimate(p, e, n, iters, &cal);
		if (used == 0) {
			unsigned char c[sizeof(cal)];

			assert_int_equal(rc, -PVS_ERANGE);
			memset(c, CANARY, sizeof(c));
			assert_memory_equal(&cal, c, sizeof(c));
			continue;
		}
		assert_int_equal(rc, 0);
		assert_int_equal(cal.pause_ps, best);
		assert_int_equal(cal.windows_used, used);
	}
}

static void test_pause_errors(void **state)
{
	uint64_t p[2] = { 1, 2 }, e[2] = { 5, 5 };
	struct pvprobe_pause_cal cal;

	(void)state;
	assert_int_equal(pvprobe_pause_estimate(p, e, 2, 16, &cal), -PVS_ERANGE);
	assert_int_equal(pvprobe_pause_estimate(NULL, e, 2, 16, &cal), -PVS_EINVAL);
	assert_int_equal(pvprobe_pause_estimate(p, e, 0, 16, &cal), -PVS_EINVAL);
	assert_int_equal(pvprobe_pause_estimate(p, e, 2, 0, &cal), -PVS_EINVAL);
	assert_int_equal(pvprobe_read_pause(10001, &cal), -PVS_EINVAL);
	assert_int_equal(pvprobe_read_pause(0, NULL), -PVS_EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kvm),
		cmocka_unit_test(test_hyperv_fronting_kvm),
		cmocka_unit_test(test_vendors),
		cmocka_unit_test(test_known_vendor_later),
		cmocka_unit_test(test_bare_metal_and_hidden),
		cmocka_unit_test(test_source_errors),
		cmocka_unit_test(test_feature_names),
		cmocka_unit_test(test_pause_estimate),
		cmocka_unit_test(test_pause_estimate_property),
		cmocka_unit_test(test_pause_errors),
	};

	return cmocka_run_group_tests_name("probe_x86", tests, NULL, NULL);
}
