// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * probe/cgroup.h: the cgroup CPU limit parsers over buffers (accepted
 * layouts, rejections with outputs untouched), the derivation of the
 * effective CPUs, and the reader over the cgroup fixture trees that
 * fixtures/malformed.sh derives (v1, v2, nested, unlimited, malformed).
 */
#include <stdio.h>
#include <stdlib.h>

#include "probe_test.h"

#define S(lit) lit, sizeof(lit) - 1

/* ---- cpu.max and cfs_quota_us --------------------------------------------- */

static void test_cpu_max(void **state)
{
	static const char *const bad[] = {
		"", "max", "max\n", "50000", "50000 ", " 50000 100000",
		"50000  100000", "50000 100000 100000", "fifty 100000",
		"50000 0\n", "0 100000\n", "-1 100000", "max 100000\n\n",
		"50000 100000x", "50000\t100000", "maxx 100000",
		"99999999999999999999 100000",
	};
	struct pvprobe_cpu_quota q;
	size_t i;

	(void)state;
	assert_int_equal(pvprobe_cpu_max_parse(S("max 100000\n"), &q), 0);
	assert_false(q.limited);
	assert_int_equal(q.period_us, 100000);
	assert_int_equal(pvprobe_cpu_max_parse(S("50000 100000"), &q), 0);
	assert_true(q.limited);
	assert_int_equal(q.quota_us, 50000);
	assert_int_equal(q.period_us, 100000);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		memset(&q, CANARY, sizeof(q));
		assert_true(pvprobe_cpu_max_parse(bad[i], strlen(bad[i]), &q) < 0);
		EXPECT_UNTOUCHED(q);
	}
	assert_int_equal(pvprobe_cpu_max_parse(NULL, 0, &q), -PVS_EINVAL);
	assert_int_equal(pvprobe_cpu_max_parse(S("max 1"), NULL), -PVS_EINVAL);
}

static void test_cfs_quota(void **state)
{
	struct pvprobe_cpu_quota q;

	(void)state;
	assert_int_equal(pvprobe_cfs_quota_parse(S("-1\n"), S("100000\n"), &q), 0);
	assert_false(q.limited);
	assert_int_equal(pvprobe_cfs_quota_parse(S("50000\n"), S("100000\n"),
						 &q), 0);
	assert_true(q.limited);
	assert_int_equal(q.quota_us, 50000);
	memset(&q, CANARY, sizeof(q));
	assert_true(pvprobe_cfs_quota_parse(S("-2\n"), S("100000\n"), &q) < 0);
	assert_true(pvprobe_cfs_quota_parse(S("0\n"), S("100000\n"), &q) < 0);
	assert_true(pvprobe_cfs_quota_parse(S("5\n"), S("0\n"), &q) < 0);
	assert_true(pvprobe_cfs_quota_parse(S("5\n"), S(""), &q) < 0);
	assert_true(pvprobe_cfs_quota_parse(S("5\n6\n"), S("1\n"), &q) < 0);
	assert_true(pvprobe_cfs_quota_parse(S("5"), NULL, 0, &q) < 0);
	EXPECT_UNTOUCHED(q);
}

/* ---- cpu.stat ---------------------------------------------------------------- */

static void test_cpu_stat(void **state)
{
	static const char v2[] = "usage_usec 10\nnr_periods 4\n"
				 "nr_throttled 1\nthrottled_usec 7\n";
	static const char v1[] = "nr_periods 4\nnr_throttled 1\n"
				 "throttled_time 7000\nnr_bursts 0\n";
	static const char *const bad[] = {
		"nr_periods 4\nnr_throttled 1\n",	/* only some */
		"nr_periods 4\nnr_periods 4\nnr_throttled 1\nthrottled_usec 7\n",
		"nr_periods x\n", "nr_periods\n", " 4\n", "\n",
		"nr_periods 4\nnr_throttled 1\nthrottled_usec 18446744073709552\n",
	};
	struct pvprobe_cpu_throttle t;
	size_t i;

	(void)state;
	assert_int_equal(pvprobe_cpu_stat_parse(S(v2), PVPROBE_CGROUP_V2, &t), 1);
	assert_int_equal(t.nr_periods, 4);
	assert_int_equal(t.nr_throttled, 1);
	assert_int_equal(t.throttled_ns, 7000);
	assert_int_equal(pvprobe_cpu_stat_parse(S(v1), PVPROBE_CGROUP_V1, &t), 1);
	assert_int_equal(t.throttled_ns, 7000);
	memset(&t, CANARY, sizeof(t));
	/* No cpu controller: usage only, nothing written. */
	assert_int_equal(pvprobe_cpu_stat_parse(S("usage_usec 10\n"),
						PVPROBE_CGROUP_V2, &t), 0);
	EXPECT_UNTOUCHED(t);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_true(pvprobe_cpu_stat_parse(bad[i], strlen(bad[i]),
						   PVPROBE_CGROUP_V2, &t) < 0);
		EXPECT_UNTOUCHED(t);
	}
	assert_int_equal(pvprobe_cpu_stat_parse(S(v2), PVPROBE_CGROUP_NONE, &t),
			 -PVS_EINVAL);
}

/* ---- /proc/self/cgroup and mountinfo ------------------------------------- */

static void test_cgroup_self(void **state)
{
	char p[64];

	(void)state;
	assert_int_equal(pvprobe_cgroup_self_parse(S("0::/a/b\n"), p, sizeof(p)),
			 PVPROBE_CGROUP_V2);
	assert_string_equal(p, "/a/b");
	/* A v1 cpu hierarchy wins over the v2 line, wherever it is. */
	assert_int_equal(pvprobe_cgroup_self_parse(
		S("0::/x\n5:cpuacct:/y\n3:cpu,cpuacct:/z\n"), p, sizeof(p)),
		PVPROBE_CGROUP_V1);
	assert_string_equal(p, "/z");
	assert_int_equal(pvprobe_cgroup_self_parse(
		S("2:cpuacct:/y\n1:name=systemd:/\n"), p, sizeof(p)),
		PVPROBE_CGROUP_NONE);
	memset(p, CANARY, sizeof(p));
	assert_int_equal(pvprobe_cgroup_self_parse(S("0:/x\n"), p, sizeof(p)),
			 -PVS_EBADMSG);
	assert_int_equal(pvprobe_cgroup_self_parse(S("x::/x\n"), p, sizeof(p)),
			 -PVS_EBADMSG);
	assert_int_equal(pvprobe_cgroup_self_parse(S("0::x\n"), p, sizeof(p)),
			 -PVS_EBADMSG);
	assert_int_equal(pvprobe_cgroup_self_parse(S("0::/abc\n"), p, 4),
			 -PVS_EBADMSG);
	assert_int_equal(pvprobe_cgroup_self_parse(S("0::/a\n\n"), p, sizeof(p)),
			 -PVS_EBADMSG);
	EXPECT_UNTOUCHED(p);
}

static void test_mountinfo(void **state)
{
	static const char mi[] =
		"22 1 252:1 / / rw - ext4 /dev/vda1 rw\n"
		"25 22 0:22 / /sys/fs/cgroup/uni\\040fied rw shared:4 - cgroup2 cgroup2 rw\n"
		"31 22 0:28 / /sys/fs/cgroup/cpuacct rw - cgroup cgroup rw,cpuacct\n"
		"32 22 0:29 / /sys/fs/cgroup/cpu rw - cgroup cgroup rw,cpu\n"
		"33 22 0:29 /kube /mnt/k rw - cgroup cgroup rw,cpu\n";
	char m[64], r[64];

	(void)state;
	assert_int_equal(pvprobe_mountinfo_cgroup_parse(S(mi), PVPROBE_CGROUP_V2,
							"/", m, r, sizeof(m)), 1);
	assert_string_equal(m, "/sys/fs/cgroup/uni fied");
	assert_string_equal(r, "/");
	assert_int_equal(pvprobe_mountinfo_cgroup_parse(S(mi), PVPROBE_CGROUP_V1,
							"/a", m, r, sizeof(m)), 1);
	assert_string_equal(m, "/sys/fs/cgroup/cpu");
	/* The mount whose root holds the cgroup is preferred. */
	assert_int_equal(pvprobe_mountinfo_cgroup_parse(S(mi), PVPROBE_CGROUP_V1,
							"/kube/p", m, r, sizeof(m)), 1);
	assert_string_equal(m, "/sys/fs/cgroup/cpu");
	memset(m, CANARY, sizeof(m));
	memset(r, CANARY, sizeof(r));
	/* Only cpuacct among the v1 hierarchies: no mount found. */
	assert_int_equal(pvprobe_mountinfo_cgroup_parse(mi,
			 (size_t)(strstr(mi, "32 22") - mi), PVPROBE_CGROUP_V1,
			 "/", m, r, sizeof(m)), 0);
	assert_int_equal(pvprobe_mountinfo_cgroup_parse(
		S("25 22 0:22 / /sys/fs/cgroup\n"), PVPROBE_CGROUP_V2, "/", m,
		r, sizeof(m)), -PVS_EBADMSG);
	assert_int_equal(pvprobe_mountinfo_cgroup_parse(
		S("1 2 0:1 / /a\\04 rw - cgroup2 c rw\n"), PVPROBE_CGROUP_V2,
		"/", m, r, sizeof(m)), -PVS_EBADMSG);
	assert_int_equal(pvprobe_mountinfo_cgroup_parse(
		S("1 2 0:1 / /abcdef rw - cgroup2 c rw\n"), PVPROBE_CGROUP_V2,
		"/", m, r, 4), -PVS_EBADMSG);
	EXPECT_UNTOUCHED(m);
	EXPECT_UNTOUCHED(r);
}

/* ---- derivation ---------------------------------------------------------------- */

static void test_derive(void **state)
{
	static const struct {
		uint32_t aff;
		bool lim;
		uint64_t q, p;
		uint32_t mcpus, eff_m, eff;
	} v[] = {
		{ 2, false, 0, 100000, 0, 2000, 2 },
		{ 2, true, 50000, 100000, 500, 500, 1 },
		{ 2, true, 150000, 100000, 1500, 1500, 2 },
		{ 2, true, 400000, 100000, 4000, 2000, 2 },	/* affinity binds */
		{ 8, true, 1, 1000000, 1, 1, 1 },		/* rounds up */
		{ 8, true, 333333, 100000, 3334, 3334, 4 },
		{ 1, true, UINT64_MAX, 1, UINT32_MAX, 1000, 1 },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		struct pvprobe_cpus c;

		memset(&c, 0, sizeof(c));
		c.nr_affinity = v[i].aff;
		c.quota.limited = v[i].lim;
		c.quota.quota_us = v[i].q;
		c.quota.period_us = v[i].p;
		pvprobe_cpus_derive(&c);
		assert_int_equal(c.quota_mcpus, v[i].mcpus);
		assert_int_equal(c.effective_mcpus, v[i].eff_m);
		assert_int_equal(c.effective_cpus, v[i].eff);
	}
}

/* ---- reader over the fixture trees ----------------------------------------- */

static int read_tree(const char *name, struct pvprobe_ctx *ctx,
		     struct pvprobe_cpus *c)
{
	probe_fixture(ctx, name);
	return pvprobe_read_cpus(ctx, c);
}

static void test_trees(void **state)
{
	struct pvprobe_ctx ctx;
	struct pvprobe_cpus c;

	(void)state;
	assert_int_equal(read_tree("cgroup-v1", &ctx, &c), 0);
	assert_int_equal(c.ver, PVPROBE_CGROUP_V1);
	assert_int_equal(c.affinity_via, PVPROBE_AFFINITY_STATUS);
	assert_string_equal(c.cgroup, "/app");
	assert_int_equal(c.effective_mcpus, 500);
	assert_int_equal(c.effective_cpus, 1);
	assert_int_equal(c.throttled_ppm, 187500);
	assert_int_equal(c.periods_throttled_ppm, 250000);

	assert_int_equal(read_tree("cgroup-v2", &ctx, &c), 0);
	assert_int_equal(c.ver, PVPROBE_CGROUP_V2);
	assert_int_equal(c.quota_mcpus, 1500);
	assert_int_equal(c.effective_cpus, 2);
	assert_int_equal(c.quota_depth, 0);
	assert_int_equal(c.throttled_ppm, 200000);

	assert_int_equal(read_tree("cgroup-nested", &ctx, &c), 0);
	assert_int_equal(c.quota.quota_us, 25000);
	assert_int_equal(c.quota.period_us, 50000);
	assert_int_equal(c.quota_depth, 1);
	assert_int_equal(c.effective_cpus, 1);
	/* The counters of the level whose limit binds. */
	assert_int_equal(c.throttle.nr_periods, 200);
	assert_int_equal(c.throttled_ppm, 100000);

	assert_int_equal(read_tree("cgroup-unlimited", &ctx, &c), 0);
	assert_false(c.quota.limited);
	assert_false(c.have_throttle);
	assert_int_equal(c.effective_mcpus, 2000);

	assert_int_equal(read_tree("x86-kvm-haltpoll", &ctx, &c), 0);
	assert_int_equal(c.ver, PVPROBE_CGROUP_NONE);
	assert_int_equal(c.affinity_via, PVPROBE_AFFINITY_ONLINE);
	assert_int_equal(c.effective_cpus, 2);
}

static void test_bad_trees(void **state)
{
	static const char *const bad[][2] = {
		{ "bad-cgroup-max", "/cpu.max" },
		{ "bad-cgroup-period", "/cpu.cfs_period_us" },
		{ "bad-cgroup-stat", "/cpu.stat" },
		{ "bad-cgroup-self", "/proc/self/cgroup" },
		{ "bad-cgroup-mountinfo", "/proc/self/mountinfo" },
	};
	struct pvprobe_ctx ctx;
	struct pvprobe_cpus c;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		const char *at;

		memset(&c, CANARY, sizeof(c));
		assert_int_equal(read_tree(bad[i][0], &ctx, &c), -PVS_EBADMSG);
		EXPECT_UNTOUCHED(c);
		at = strstr(ctx.bad_path, bad[i][1]);
		assert_non_null(at);
		assert_int_equal(strlen(at), strlen(bad[i][1]));
	}
}

static void test_live(void **state)
{
	struct pvprobe_ctx ctx;
	struct pvprobe_cpus c;

	(void)state;
	pvprobe_ctx_init(&ctx, NULL);
	/* Whatever cgroup runs the tests: a consistent answer. */
	assert_int_equal(pvprobe_read_cpus(&ctx, &c), 0);
	assert_int_equal(c.affinity_via, PVPROBE_AFFINITY_SYSCALL);
	assert_true(c.nr_affinity >= 1);
	assert_true(c.effective_cpus >= 1 && c.effective_cpus <= c.nr_affinity);
	assert_true(c.effective_mcpus <= c.nr_affinity * 1000u);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cpu_max),
		cmocka_unit_test(test_cfs_quota),
		cmocka_unit_test(test_cpu_stat),
		cmocka_unit_test(test_cgroup_self),
		cmocka_unit_test(test_mountinfo),
		cmocka_unit_test(test_derive),
		cmocka_unit_test(test_trees),
		cmocka_unit_test(test_bad_trees),
		cmocka_unit_test(test_live),
	};

	return cmocka_run_group_tests_name("probe_cgroup", tests, NULL, NULL);
}
