// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The live probe of this machine, checked against /proc/cpuinfo, sysfs and
 * the CPUID instruction read independently here (plain stdio and inline
 * assembly, none of the library's parsers). Exits 77 (ctest SKIP) when
 * this is not an x86 KVM guest, so CI on other hosts does not fail.
 *
 * Two parts: agreement (every KVM guest) and the development VM's facts
 * from issue 4 (KVM with STEAL_TIME, PV_UNHALT, PV_SCHED_YIELD, haltpoll
 * driver and governor, 2 CPUs), which run only when the machine announces
 * itself as that kind of guest: cpuidle driver haltpoll. Set
 * PVS_LIVE_EXPECT=0 to run the agreement part only.
 */
#define _GNU_SOURCE
#include <stdlib.h>

#include "pvs_test.h"
#include <pvsched/probe.h>

#define SKIP 77

#if defined(__x86_64__) || defined(__i386__)
static void raw_cpuid(uint32_t leaf, uint32_t r[4])
{
	__asm__ __volatile__("cpuid"
			     : "=a"(r[0]), "=b"(r[1]), "=c"(r[2]), "=d"(r[3])
			     : "a"(leaf), "c"(0));
}
#endif

/* First line of a file, newline stripped; "" if absent. */
static void read_line(const char *path, char *out, size_t cap)
{
	FILE *f = fopen(path, "r");

	out[0] = '\0';
	if (f == NULL)
		return;
	if (fgets(out, (int)cap, f) != NULL)
		out[strcspn(out, "\n")] = '\0';
	fclose(f);
}

/* "processor" lines and whether "hypervisor" is a flag, by hand. */
static void cpuinfo_facts(unsigned int *nproc, bool *hvflag)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[8192];

	*nproc = 0;
	*hvflag = false;
	if (f == NULL)
		return;
	while (fgets(line, sizeof(line), f) != NULL) {
		if (strncmp(line, "processor", 9) == 0)
			(*nproc)++;
		if (strncmp(line, "flags", 5) == 0 &&
		    (strstr(line, " hypervisor ") ||
		     strstr(line, " hypervisor\n")))
			*hvflag = true;
	}
	fclose(f);
}

/* "0-1" or "0" style: count CPUs in a simple cpulist, by hand. */
static unsigned int count_online(void)
{
	char s[256], *p = s;
	unsigned int n = 0;

	read_line("/sys/devices/system/cpu/online", s, sizeof(s));
	while (*p) {
		unsigned long a = strtoul(p, &p, 10), b = a;

		if (*p == '-')
			b = strtoul(p + 1, &p, 10);
		n += (unsigned int)(b - a + 1);
		if (*p == ',')
			p++;
		else
			break;
	}
	return n;
}

static bool is_kvm_guest(void)
{
#if defined(__x86_64__) || defined(__i386__)
	uint32_t r[4];
	char sig[13];
	unsigned int n;
	bool hv;

	cpuinfo_facts(&n, &hv);
	raw_cpuid(1, r);
	if (!hv || !(r[2] >> 31))
		return false;
	raw_cpuid(0x40000000, r);
	memcpy(sig, &r[1], 4);
	memcpy(sig + 4, &r[2], 4);
	memcpy(sig + 8, &r[3], 4);
	sig[12] = '\0';
	return strcmp(sig, "KVMKVMKVM") == 0;
#else
	return false;
#endif
}

static void test_agreement(void **state)
{
#if defined(__x86_64__) || defined(__i386__)
	struct pvprobe_ctx ctx;
	struct pvprobe_cpuinfo ci;
	struct pvprobe_x86_hv hv;
	struct pvprobe_topology topo;
	struct pvprobe_cpuidle idle;
	struct pvprobe_cpu_times cpus[PVPROBE_MAX_CPUS / 8];
	struct pvprobe_stat st = { .cpus = cpus, .cap = PVPROBE_MAX_CPUS / 8 };
	char drv[64], gov[64];
	unsigned int nproc;
	uint32_t r[4];
	bool hvflag;

	(void)state;
	pvprobe_ctx_init(&ctx, NULL);
	cpuinfo_facts(&nproc, &hvflag);
	assert_int_equal(pvprobe_read_cpuinfo(&ctx, &ci), 0);
	assert_int_equal(ci.arch, PVPROBE_ARCH_X86);
	assert_int_equal(ci.nr_processors, nproc);
	assert_int_equal(ci.hypervisor_flag, hvflag);

	assert_int_equal(pvprobe_read_x86_hv(&ctx, &hv), 0);
	assert_int_equal(hv.kind, PVPROBE_HV_KVM);
	assert_int_equal(hv.kvm_base, 0x40000000);
	raw_cpuid(0x40000001, r);
	assert_int_equal(hv.kvm_features, r[0]);
	assert_int_equal(hv.kvm_hints, r[3]);

	assert_int_equal(pvprobe_read_topology(&ctx, &topo), 0);
	assert_int_equal(topo.nr_online, count_online());
	assert_int_equal(topo.nr_online, nproc);

	/* /proc/stat lists the online CPUs. */
	assert_int_equal(pvprobe_read_stat(&ctx, &st), (int)nproc);

	read_line("/sys/devices/system/cpu/cpuidle/current_driver", drv,
		  sizeof(drv));
	read_line("/sys/devices/system/cpu/cpuidle/current_governor", gov,
		  sizeof(gov));
	if (drv[0] == '\0') {
		assert_int_equal(pvprobe_read_cpuidle(&ctx, 0, &idle),
				 -PVS_ENOENT);
	} else {
		assert_int_equal(pvprobe_read_cpuidle(&ctx, 0, &idle), 0);
		assert_string_equal(idle.driver, drv);
		assert_string_equal(idle.governor, gov);
	}
#else
	(void)state;
#endif
}

static void test_this_vm(void **state)
{
	struct pvprobe_ctx ctx;
	struct pvprobe_x86_hv hv;
	struct pvprobe_cpuidle idle;
	struct pvs_halt_poll_params hp;
	struct pvprobe_topology topo;
	char ns[64];

	(void)state;
	pvprobe_ctx_init(&ctx, NULL);
	assert_int_equal(pvprobe_read_x86_hv(&ctx, &hv), 0);
	assert_int_equal(hv.kind, PVPROBE_HV_KVM);
	assert_true(hv.kvm_features >> PVPROBE_KVM_FEATURE_STEAL_TIME & 1);
	assert_true(hv.kvm_features >> PVPROBE_KVM_FEATURE_PV_UNHALT & 1);
	assert_true(hv.kvm_features >> PVPROBE_KVM_FEATURE_PV_SCHED_YIELD & 1);
	assert_int_equal(pvprobe_read_cpuidle(&ctx, 0, &idle), 0);
	assert_string_equal(idle.driver, "haltpoll");
	assert_string_equal(idle.governor, "haltpoll");
	assert_int_equal(pvprobe_read_guest_haltpoll(&ctx, &hp), 0);
	read_line("/sys/module/haltpoll/parameters/guest_halt_poll_ns", ns,
		  sizeof(ns));
	assert_int_equal(hp.max_ns, strtoull(ns, NULL, 10));
	assert_int_equal(pvprobe_read_topology(&ctx, &topo), 0);
	assert_int_equal(topo.nr_online, 2);
}

int main(void)
{
	const struct CMUnitTest agree[] = {
		cmocka_unit_test(test_agreement),
	};
	const struct CMUnitTest vm[] = {
		cmocka_unit_test(test_this_vm),
	};
	const char *expect = getenv("PVS_LIVE_EXPECT");
	char drv[64];
	int rc;

	if (!is_kvm_guest()) {
		printf("probe_live: not an x86 KVM guest, skipped\n");
		return SKIP;
	}
	rc = cmocka_run_group_tests_name("probe_live_agreement", agree, NULL,
					 NULL);
	read_line("/sys/devices/system/cpu/cpuidle/current_driver", drv,
		  sizeof(drv));
	if ((expect == NULL || strcmp(expect, "0") != 0) &&
	    strcmp(drv, "haltpoll") == 0)
		rc |= cmocka_run_group_tests_name("probe_live_this_vm", vm,
						  NULL, NULL);
	return rc;
}
