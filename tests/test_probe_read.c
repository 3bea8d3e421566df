// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * probe.h readers over the fixture trees of tests/fixtures/ (values written
 * by hand from the trees, see synth.py) and over small trees built here;
 * every error names its file and leaves the output untouched.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "probe_test.h"


static struct pvprobe_ctx ctx;

/* The error site ends with @suffix (the fixture root differs per checkout). */
static void expect_site(const char *suffix, unsigned int line)
{
	size_t n = strlen(ctx.bad_path), m = strlen(suffix);

	if (n < m || strcmp(ctx.bad_path + n - m, suffix) != 0)
		fail_msg("error site '%s', want '...%s'", ctx.bad_path, suffix);
	assert_int_equal(ctx.bad_line, line);
}

static void test_baremetal(void **state)
{
	struct pvprobe_cpuinfo ci;
	struct pvprobe_cpu_times cpus[16];
	struct pvprobe_stat st = { .cpus = cpus, .cap = 16 };
	struct pvprobe_cpuidle idle;
	struct pvprobe_kvm_host_params kvm;
	struct pvs_halt_poll_params hp;
	struct pvprobe_topology topo;
	struct pvprobe_x86_hv hv;
	struct pvprobe_rseq_slice rs;

	(void)state;
	probe_fixture(&ctx, "x86-baremetal-intel");
	assert_int_equal(pvprobe_read_cpuinfo(&ctx, &ci), 0);
	assert_int_equal(ci.arch, PVPROBE_ARCH_X86);
	assert_int_equal(ci.nr_processors, 8);
	assert_false(ci.hypervisor_flag);
	assert_string_equal(ci.vendor, "GenuineIntel");
	assert_int_equal(pvprobe_read_stat(&ctx, &st), 8);
	assert_int_equal(cpus[3].user, 91234 + 3000);
	assert_int_equal(st.total.steal, 0);
	assert_int_equal(pvprobe_read_cpuidle(&ctx, 0, &idle), 0);
	assert_string_equal(idle.driver, "intel_idle");
	assert_string_equal(idle.governor, "menu");
	assert_int_equal(idle.nr_states, 4);
	assert_string_equal(idle.states[3].name, "C6");
	assert_int_equal(idle.states[3].latency_us, 133);
	assert_int_equal(idle.states[3].residency_us, 600);
	assert_int_equal(pvprobe_read_kvm_host(&ctx, &kvm), 0);
	assert_int_equal(kvm.halt_poll.flavour, PVS_HALT_POLL_KVM_HOST);
	assert_int_equal(kvm.halt_poll.max_ns, 200000);
	assert_int_equal(kvm.halt_poll.grow_start_ns, 10000);
	assert_int_equal(kvm.halt_poll.shrink, 0);
	assert_true(kvm.has_ple);
	assert_int_equal(kvm.ple.vendor, PVS_PLE_VMX);
	assert_int_equal(kvm.ple.gap, 128);
	assert_int_equal(kvm.ple.window, 4096);
	assert_true(kvm.ple.window_max == 4294967295u);
	memset(&hp, CANARY, sizeof(hp));
	assert_int_equal(pvprobe_read_guest_haltpoll(&ctx, &hp), -PVS_ENOENT);
	EXPECT_UNTOUCHED(hp);
	expect_site("/sys/module/haltpoll/parameters/guest_halt_poll_ns", 0);
	assert_int_equal(pvprobe_read_topology(&ctx, &topo), 0);
	assert_int_equal(topo.nr_online, 8);
	assert_int_equal(topo.nr_cores, 4);
	assert_int_equal(topo.threads_per_core, 2);
	assert_int_equal(topo.nr_packages, 1);
	assert_int_equal(topo.nr_nodes, 1);
	assert_string_equal(topo.smt_control, "on");
	assert_int_equal(topo.via, PVPROBE_TOPO_VIA_SYSFS);
	assert_int_equal(pvprobe_read_x86_hv(&ctx, &hv), 0);
	assert_int_equal(hv.kind, PVPROBE_HV_NONE);
	assert_false(hv.hypervisor_bit);
	assert_int_equal(hv.via, PVPROBE_CPUID_VIA_FILE);
	assert_int_equal(hv.kvm_base, 0);
	assert_int_equal(pvprobe_read_rseq_slice(&ctx, &rs), -PVS_ENOENT);
}

static void test_kvm_haltpoll_capture(void **state)
{
	struct pvs_halt_poll_params hp;
	struct pvprobe_cpuidle idle;
	struct pvprobe_x86_hv hv;
	struct pvprobe_topology topo;

	(void)state;
	probe_fixture(&ctx, "x86-kvm-haltpoll");
	assert_int_equal(pvprobe_read_guest_haltpoll(&ctx, &hp), 0);
	assert_int_equal(hp.flavour, PVS_HALT_POLL_GUEST);
	assert_int_equal(hp.max_ns, 0); /* haltpoll.guest_halt_poll_ns=0 */
	assert_int_equal(hp.grow, 2);
	assert_int_equal(hp.grow_start_ns, 50000);
	assert_int_equal(hp.shrink, 2);
	assert_true(hp.allow_shrink);
	assert_int_equal(pvprobe_read_cpuidle(&ctx, 1, &idle), 0);
	assert_int_equal(idle.cpu, 1);
	assert_string_equal(idle.driver, "haltpoll");
	assert_string_equal(idle.governor, "haltpoll");
	assert_int_equal(idle.nr_states, 2);
	assert_string_equal(idle.states[0].name, "POLL");
	assert_string_equal(idle.states[1].name, "haltpoll idle");
	assert_int_equal(idle.states[1].latency_us, 1);
	assert_int_equal(pvprobe_read_x86_hv(&ctx, &hv), 0);
	assert_int_equal(hv.kind, PVPROBE_HV_KVM);
	assert_string_equal(hv.signature, "KVMKVMKVM");
	assert_int_equal(hv.kvm_base, 0x40000000);
	assert_int_equal(hv.kvm_features, 0x01007efb);
	assert_true(hv.kvm_features >> PVPROBE_KVM_FEATURE_STEAL_TIME & 1);
	assert_true(hv.kvm_features >> PVPROBE_KVM_FEATURE_PV_UNHALT & 1);
	assert_true(hv.kvm_features >> PVPROBE_KVM_FEATURE_PV_SCHED_YIELD & 1);
	assert_false(hv.kvm_hints >> PVPROBE_KVM_HINT_REALTIME & 1);
	assert_int_equal(pvprobe_read_topology(&ctx, &topo), 0);
	assert_int_equal(topo.nr_online, 2);
	assert_string_equal(topo.smt_control, "notsupported");
}

static void test_p9_shared(void **state)
{
	struct pvprobe_cpuinfo ci;
	struct pvprobe_ppc_platform pp;
	struct pvprobe_lparcfg lp;
	struct pvprobe_topology topo;
	struct pvprobe_cpuidle idle;
	struct pvprobe_x86_hv hv;

	(void)state;
	probe_fixture(&ctx, "ppc64-p9-shared");
	assert_int_equal(pvprobe_read_cpuinfo(&ctx, &ci), 0);
	assert_int_equal(ci.arch, PVPROBE_ARCH_PPC64);
	assert_int_equal(ci.nr_processors, 32);
	assert_int_equal(ci.power_gen, 9);
	assert_int_equal(pvprobe_read_ppc_platform(&ctx, &ci, &pp), 0);
	assert_int_equal(pp.hv, PVPROBE_HV_POWERVM);
	assert_true(pp.groups.big_cores);
	assert_int_equal(pp.groups.threads_per_core, 8);
	assert_int_equal(pvprobe_read_lparcfg(&ctx, &lp), 0);
	expect_lpar(&lp, true, false, 200, 4);
	assert_int_equal(lp.pool_capacity, 3200);
	assert_int_equal(lp.dispatches, 1934586104);
	assert_int_equal(pvprobe_read_topology(&ctx, &topo), 0);
	assert_int_equal(topo.nr_online, 32);
	assert_int_equal(topo.nr_cores, 4);
	assert_int_equal(topo.threads_per_core, 8);
	assert_int_equal(topo.nr_packages, 1); /* every id is -1 */
	assert_int_equal(pvprobe_read_cpuidle(&ctx, 31, &idle), 0);
	assert_string_equal(idle.states[1].name, "Shared Cede");
	assert_int_equal(idle.states[1].latency_us, 10);
	assert_int_equal(idle.states[1].residency_us, 100);
	/* No CPUID in a POWER tree. */
	assert_int_equal(pvprobe_read_x86_hv(&ctx, &hv), -PVS_ENOENT);
}

static void test_p10_dedicated_and_kvm(void **state)
{
	struct pvprobe_cpuinfo ci;
	struct pvprobe_ppc_platform pp;
	struct pvprobe_lparcfg lp;

	(void)state;
	probe_fixture(&ctx, "ppc64-p10-dedicated");
	assert_int_equal(pvprobe_read_cpuinfo(&ctx, &ci), 0);
	assert_int_equal(ci.power_gen, 10);
	assert_false(ci.power_compat);
	assert_int_equal(pvprobe_read_ppc_platform(&ctx, &ci, &pp), 0);
	assert_int_equal(pp.hv, PVPROBE_HV_POWERVM);
	assert_int_equal(pvprobe_read_lparcfg(&ctx, &lp), 0);
	assert_false(lp.shared);
	assert_true(lp.capped);
	assert_false(lp.have & PVPROBE_LPARCFG_HAVE_POOL);

	probe_fixture(&ctx, "ppc64-kvm-guest");
	assert_int_equal(pvprobe_read_cpuinfo(&ctx, &ci), 0);
	assert_int_equal(pvprobe_read_ppc_platform(&ctx, &ci, &pp), 0);
	assert_int_equal(pp.hv, PVPROBE_HV_KVM);
	assert_int_equal(pp.groups.threads_per_core, 0); /* qemu: none */
	assert_false(pp.groups.big_cores);
	assert_int_equal(pvprobe_read_lparcfg(&ctx, &lp), 0);
	assert_true(lp.shared);
	assert_false(lp.have & PVPROBE_LPARCFG_HAVE_ENTITLEMENT);
	/* A ppc64 platform needs a ppc64 cpuinfo. */
	ci.arch = PVPROBE_ARCH_X86;
	assert_int_equal(pvprobe_read_ppc_platform(&ctx, &ci, &pp), -PVS_EINVAL);
}

/* The readers a malformed tree breaks, and what each writes. */
enum reader { R_STAT, R_CPUINFO, R_CPUIDLE, R_KVM, R_TOPO, R_LPARCFG,
	      R_PPC, R_X86 };

union reader_out {
	struct pvprobe_cpu_times cpus[16];	/* R_STAT's rows */
	struct pvprobe_cpuinfo ci;
	struct pvprobe_cpuidle idle;
	struct pvprobe_kvm_host_params kvm;
	struct pvprobe_topology topo;
	struct pvprobe_lparcfg lp;
	struct pvprobe_ppc_platform pp;
	struct pvprobe_x86_hv hv;
};

/* Every malformed tree: the error, and the site (file suffix, line). */
static const struct bad_tree {
	const char *fixture;
	enum reader reader;
	int rc;
	const char *site;
	unsigned int line;
} bad_trees[] = {
	{ "bad-stat-garbage", R_STAT, -PVS_EBADMSG, "/proc/stat", 3 },
	{ "bad-stat-truncated", R_STAT, -PVS_EBADMSG, "/proc/stat", 5 },
	{ "bad-stat-overflow", R_STAT, -PVS_ERANGE, "/proc/stat", 4 },
	{ "bad-stat-missing", R_STAT, -PVS_ENOENT, "/proc/stat", 0 },
	{ "bad-cpuinfo-garbage", R_CPUINFO, -PVS_EBADMSG, "/proc/cpuinfo", 3 },
	{ "bad-cpuidle-garbage", R_CPUIDLE, -PVS_EBADMSG,
	  "/cpu0/cpuidle/state2/latency", 1 },
	{ "bad-cpuidle-missing", R_CPUIDLE, -PVS_EBADMSG,
	  "/cpu0/cpuidle/state1/residency", 0 },
	{ "bad-kvm-param", R_KVM, -PVS_EBADMSG,
	  "/sys/module/kvm_intel/parameters/ple_window", 1 },
	{ "bad-topology-reversed", R_TOPO, -PVS_EBADMSG,
	  "/sys/devices/system/cpu/online", 1 },
	{ "bad-lparcfg-truncated", R_LPARCFG, -PVS_EBADMSG,
	  "/proc/powerpc/lparcfg", 0 },
	{ "bad-lparcfg-garbage", R_LPARCFG, -PVS_EBADMSG,
	  "/proc/powerpc/lparcfg", 43 },
	{ "bad-thread-groups", R_PPC, -PVS_EBADMSG,
	  "/cpus/PowerPC,POWER9@0/ibm,thread-groups", 0 },
	{ "bad-cpuid-garbage", R_X86, -PVS_EBADMSG, "/cpuid", 2 },
};

/* Run @r over the current fixture into @out. */
static int run_reader(enum reader r, union reader_out *out)
{
	struct pvprobe_stat st = { .cpus = out->cpus, .cap = 16 };
	struct pvprobe_cpuinfo ci;

	switch (r) {
	case R_STAT:
		return pvprobe_read_stat(&ctx, &st);
	case R_CPUINFO:
		return pvprobe_read_cpuinfo(&ctx, &out->ci);
	case R_CPUIDLE:
		return pvprobe_read_cpuidle(&ctx, 0, &out->idle);
	case R_KVM:
		return pvprobe_read_kvm_host(&ctx, &out->kvm);
	case R_TOPO:
		return pvprobe_read_topology(&ctx, &out->topo);
	case R_LPARCFG:
		return pvprobe_read_lparcfg(&ctx, &out->lp);
	case R_PPC:
		/* the tree's cpuinfo is good; the device tree is not */
		assert_int_equal(pvprobe_read_cpuinfo(&ctx, &ci), 0);
		return pvprobe_read_ppc_platform(&ctx, &ci, &out->pp);
	case R_X86:
		return pvprobe_read_x86_hv(&ctx, &out->hv);
	}
	fail_msg("reader %d", (int)r);
	return 0;
}

/* Every malformed tree: the reader fails, names the file (and line), and
 * leaves its output untouched. */
static void test_malformed_trees(void **state)
{
	struct pvprobe_cpuidle idle;
	union reader_out out;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad_trees) / sizeof(bad_trees[0]); i++) {
		const struct bad_tree *b = &bad_trees[i];

		print_message("%s\n", b->fixture);
		memset(&out, CANARY, sizeof(out));
		probe_fixture(&ctx, b->fixture);
		assert_int_equal(run_reader(b->reader, &out), b->rc);
		expect_site(b->site, b->line);
		EXPECT_UNTOUCHED(out);
	}
	/* The other CPUs of the tree with a broken cpu0 are intact. */
	probe_fixture(&ctx, "bad-cpuidle-missing");
	assert_int_equal(pvprobe_read_cpuidle(&ctx, 1, &idle), 0);
}

/* ---- trees built here: schedstat, /proc/schedstat, rseq, edge cases ------ */

static char tmp_root[64];

static void put(const char *rel, const char *text)
{
	char path[512], *p;
	FILE *f;

	snprintf(path, sizeof(path), "%s%s", tmp_root, rel);
	for (p = path + strlen(tmp_root) + 1; (p = strchr(p, '/')); p++) {
		*p = '\0';
		mkdir(path, 0755);
		*p = '/';
	}
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static int setup_tmp(void **state)
{
	(void)state;
	strcpy(tmp_root, "/tmp/pvs-probe-XXXXXX");
	if (mkdtemp(tmp_root) == NULL)
		return -1;
	pvprobe_ctx_init(&ctx, tmp_root);
	return 0;
}

static int teardown_tmp(void **state)
{
	char cmd[128];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf %s", tmp_root);
	return system(cmd) == 0 ? 0 : -1;
}

static void test_schedstat_reader(void **state)
{
	struct pvprobe_schedstat s;
	struct pvprobe_rq_schedstat rq[4];
	struct pvprobe_rseq_slice rs;

	(void)state;
	put("/proc/42/task/43/schedstat", "1000 2500 12\n");
	put("/proc/42/schedstat", "1 2 3\n");
	put("/proc/self/schedstat", "4 5 6\n");
	assert_int_equal(pvprobe_read_schedstat(&ctx, 42, 43, &s), 0);
	assert_int_equal(s.wait_ns, 2500);
	assert_int_equal(pvprobe_read_schedstat(&ctx, 42, 0, &s), 0);
	assert_int_equal(s.wait_ns, 2);
	assert_int_equal(pvprobe_read_schedstat(&ctx, 0, 0, &s), 0);
	assert_int_equal(s.wait_ns, 5);
	memset(&s, CANARY, sizeof(s));
	assert_int_equal(pvprobe_read_schedstat(&ctx, 42, 44, &s), -PVS_ENOENT);
	expect_site("/proc/42/task/44/schedstat", 0);
	assert_int_equal(pvprobe_read_schedstat(&ctx, -1, 0, &s), -PVS_EINVAL);
	put("/proc/42/task/45/schedstat", "1000 x 12\n");
	assert_int_equal(pvprobe_read_schedstat(&ctx, 42, 45, &s), -PVS_EBADMSG);
	expect_site("/proc/42/task/45/schedstat", 1);
	EXPECT_UNTOUCHED(s);

	assert_int_equal(pvprobe_read_rq_schedstat(&ctx, rq, 4), -PVS_ENOENT);
	put("/proc/schedstat", "version 17\ntimestamp 1\n"
			       "cpu0 0 0 0 0 0 0 10 20 30\n"
			       "cpu1 0 0 0 0 0 0 11 21 31\n");
	assert_int_equal(pvprobe_read_rq_schedstat(&ctx, rq, 4), 2);
	assert_int_equal(rq[1].wait_ns, 21);
	put("/proc/schedstat", "version 17\ncpu0 0 0 0 0 0 0 10 20\n");
	assert_int_equal(pvprobe_read_rq_schedstat(&ctx, rq, 4), -PVS_EBADMSG);
	expect_site("/proc/schedstat", 2);

	memset(&rs, CANARY, sizeof(rs));
	assert_int_equal(pvprobe_read_rseq_slice(&ctx, &rs), -PVS_ENOENT);
	EXPECT_UNTOUCHED(rs);
	put("/proc/sys/kernel/rseq_slice_extension_nsec", "30000\n");
	assert_int_equal(pvprobe_read_rseq_slice(&ctx, &rs), 0);
	assert_true(rs.available);
	assert_int_equal(rs.max_ns, 30000);
	assert_false(rs.prctl_checked);
	put("/proc/sys/kernel/rseq_slice_extension_nsec", "3e4\n");
	assert_int_equal(pvprobe_read_rseq_slice(&ctx, &rs), -PVS_EBADMSG);
}

/* Incomplete module parameter sets and cpuidle without states. */
static void test_partial_sources(void **state)
{
	struct pvprobe_kvm_host_params kvm;
	struct pvs_halt_poll_params hp;
	struct pvprobe_cpuidle idle;

	(void)state;
	/* Before Linux 5.1 there was no halt_poll_ns_grow_start. */
	put("/sys/module/kvm/parameters/halt_poll_ns", "400000\n");
	put("/sys/module/kvm/parameters/halt_poll_ns_grow", "2\n");
	put("/sys/module/kvm/parameters/halt_poll_ns_shrink", "0\n");
	assert_int_equal(pvprobe_read_kvm_host(&ctx, &kvm), 0);
	assert_int_equal(kvm.halt_poll.grow_start_ns, 10000);
	assert_int_equal(kvm.halt_poll.max_ns, 400000);
	assert_false(kvm.has_ple);
	put("/sys/module/kvm_amd/parameters/pause_filter_thresh", "128\n");
	assert_int_equal(pvprobe_read_kvm_host(&ctx, &kvm), -PVS_EBADMSG);
	expect_site("/sys/module/kvm_amd/parameters/pause_filter_count", 0);
	put("/sys/module/kvm_amd/parameters/pause_filter_count", "3000\n");
	put("/sys/module/kvm_amd/parameters/pause_filter_count_grow", "2\n");
	put("/sys/module/kvm_amd/parameters/pause_filter_count_shrink", "0\n");
	put("/sys/module/kvm_amd/parameters/pause_filter_count_max", "65535\n");
	assert_int_equal(pvprobe_read_kvm_host(&ctx, &kvm), 0);
	assert_true(kvm.has_ple);
	assert_int_equal(kvm.ple.vendor, PVS_PLE_SVM);
	assert_int_equal(kvm.ple.window, 3000);
	assert_int_equal(kvm.ple.window_max, 65535);
	/* Wider than its 32-bit field. */
	put("/sys/module/kvm_amd/parameters/pause_filter_count_max",
	    "4294967296\n");
	assert_int_equal(pvprobe_read_kvm_host(&ctx, &kvm), -PVS_ERANGE);
	expect_site("/sys/module/kvm_amd/parameters/pause_filter_count_max", 1);

	put("/sys/module/haltpoll/parameters/guest_halt_poll_ns", "200000\n");
	memset(&hp, CANARY, sizeof(hp));
	assert_int_equal(pvprobe_read_guest_haltpoll(&ctx, &hp), -PVS_EBADMSG);
	EXPECT_UNTOUCHED(hp);
	put("/sys/module/haltpoll/parameters/guest_halt_poll_grow", "2\n");
	put("/sys/module/haltpoll/parameters/guest_halt_poll_grow_start",
	    "50000\n");
	put("/sys/module/haltpoll/parameters/guest_halt_poll_shrink", "2\n");
	put("/sys/module/haltpoll/parameters/guest_halt_poll_allow_shrink",
	    "maybe\n");
	assert_int_equal(pvprobe_read_guest_haltpoll(&ctx, &hp), -PVS_EBADMSG);
	expect_site("guest_halt_poll_allow_shrink", 1);
	put("/sys/module/haltpoll/parameters/guest_halt_poll_allow_shrink",
	    "N\n");
	assert_int_equal(pvprobe_read_guest_haltpoll(&ctx, &hp), 0);
	assert_false(hp.allow_shrink);
	assert_int_equal(hp.max_ns, 200000);

	/* No driver registered: "none", no states. */
	put("/sys/devices/system/cpu/cpuidle/current_driver", "none\n");
	assert_int_equal(pvprobe_read_cpuidle(&ctx, 0, &idle), 0);
	assert_string_equal(idle.driver, "none");
	assert_string_equal(idle.governor, "");
	assert_int_equal(idle.nr_states, 0);
	/* Governor from the read-only file of older kernels. */
	put("/sys/devices/system/cpu/cpuidle/current_governor_ro", "ladder\n");
	assert_int_equal(pvprobe_read_cpuidle(&ctx, 0, &idle), 0);
	assert_string_equal(idle.governor, "ladder");
	put("/sys/devices/system/cpu/cpuidle/current_driver", "\n");
	assert_int_equal(pvprobe_read_cpuidle(&ctx, 0, &idle), -PVS_EBADMSG);
}

/* A sysroot so long the paths do not fit: an error, not an overflow. */
static void test_long_sysroot(void **state)
{
	char root[PVPROBE_PATH_MAX + 16];
	struct pvprobe_ctx c;
	struct pvprobe_cpuinfo ci;

	(void)state;
	memset(root, 'a', sizeof(root) - 1);
	root[0] = '/';
	root[sizeof(root) - 1] = '\0';
	pvprobe_ctx_init(&c, root);
	memset(&ci, CANARY, sizeof(ci));
	assert_int_equal(pvprobe_read_cpuinfo(&c, &ci), -PVS_ERANGE);
	EXPECT_UNTOUCHED(ci);
	assert_true(strlen(c.bad_path) < PVPROBE_PATH_MAX);
	assert_false(pvprobe_ctx_live(&c));
	pvprobe_ctx_init(&c, "/");
	assert_true(pvprobe_ctx_live(&c));
	pvprobe_ctx_init(&c, NULL);
	assert_true(pvprobe_ctx_live(&c));
	assert_int_equal(pvprobe_read_cpuinfo(NULL, &ci), -PVS_EINVAL);
}

int main(void)
{
	const struct CMUnitTest fixtures[] = {
		cmocka_unit_test(test_baremetal),
		cmocka_unit_test(test_kvm_haltpoll_capture),
		cmocka_unit_test(test_p9_shared),
		cmocka_unit_test(test_p10_dedicated_and_kvm),
		cmocka_unit_test(test_malformed_trees),
		cmocka_unit_test(test_long_sysroot),
	};
	const struct CMUnitTest built[] = {
		cmocka_unit_test_setup_teardown(test_schedstat_reader,
						setup_tmp, teardown_tmp),
		cmocka_unit_test_setup_teardown(test_partial_sources,
						setup_tmp, teardown_tmp),
	};

	return cmocka_run_group_tests_name("probe_read_fixtures", fixtures,
					   NULL, NULL) |
	       cmocka_run_group_tests_name("probe_read_built", built, NULL,
					   NULL);
}
