// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * spin_rt.h's throttle view: the cgroup source over the fixture trees
 * (v1, v2, nested, unlimited: fixtures/malformed.sh), the share between
 * two samples, a copy of the v2 tree whose cpu.stat moves, and throttling
 * counted as steal: a throttled context gives pvs_spin_decide() the steal
 * a host taking the same share would. No timing is asserted: the refresh
 * periods are set to 0, so every question refreshes.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "pvs_test.h"
#include <pvsched/spin_rt.h>

/* ---- the cgroup source over the fixture trees ------------------------- */

static int read_tree(const char *tree, struct pvrt_throttle_sample *out)
{
	static char root[512];
	const struct pvrt_throttle_source *src = pvrt_throttle_source_cgroup();

	snprintf(root, sizeof(root), "%s/%s", PVS_FIXTURES, tree);
	memset(out, 0, sizeof(*out));
	return src->read(root, out);
}

static void test_cgroup_trees(void **state)
{
	struct pvrt_throttle_sample t;

	(void)state;
	/* v2, 1.5 CPUs, throttled_usec 20000000 over 1000 periods. */
	assert_int_equal(read_tree("cgroup-v2", &t), 1);
	assert_int_equal(t.nr_periods, 1000);
	assert_true(t.throttled_ns == 20000000000ull);
	assert_int_equal(t.period_us, 100000);
	assert_int_equal(t.nr_cpus, 2);
	assert_int_equal(t.quota_mcpus, 1500);
	/* v1: throttled_time is ns already. */
	assert_int_equal(read_tree("cgroup-v1", &t), 1);
	assert_int_equal(t.nr_periods, 480);
	assert_true(t.throttled_ns == 9000000000ull);
	assert_int_equal(t.period_us, 100000);
	assert_int_equal(t.quota_mcpus, 500);
	/* nested: the parent's 25000/50000 binds; its counters, its period. */
	assert_int_equal(read_tree("cgroup-nested", &t), 1);
	assert_int_equal(t.nr_periods, 200);
	assert_true(t.throttled_ns == 1000000000ull);
	assert_int_equal(t.period_us, 50000);
	assert_int_equal(t.quota_mcpus, 500);
	/* unlimited: nothing can be throttled. */
	assert_int_equal(read_tree("cgroup-unlimited", &t), 0);
}

/* ---- a source of listed samples ------------------------------------------ */

struct seq {
	const struct pvrt_throttle_sample *v;
	const int *rc;
	unsigned int n, next;
};

static int seq_read(void *arg, struct pvrt_throttle_sample *out)
{
	struct seq *q = (struct seq *)arg;
	unsigned int i = q->next < q->n ? q->next : q->n - 1;

	q->next++;
	if (q->rc[i] == 1)
		*out = q->v[i];
	return q->rc[i];
}

/* A steal source reporting a fixed share on every CPU (ticks: 100 per
 * read, steal_ppm / 10000 of them stolen). */
struct fixed_steal {
	uint32_t ppm;
	uint64_t reads;
};

static int fixed_read(void *arg, pvrt_steal_fn fn, void *fn_arg)
{
	struct fixed_steal *f = (struct fixed_steal *)arg;
	unsigned int cpu;

	f->reads++;
	for (cpu = 0; cpu < 2; cpu++)
		fn(fn_arg, cpu, f->reads * f->ppm / 10000, f->reads * 100);
	return 2;
}

static struct pvrt_spin base;
static struct fixed_steal no_steal = { 0, 0 };
static const struct pvrt_steal_source quiet = { fixed_read, &no_steal,
						 "quiet" };

static int setup(void **state)
{
	(void)state;
	return pvrt_spin_init(&base, PVS_SPIN_POLICY_PV) == 0 ? 0 : -1;
}

/* A copy of the measured context with @steal (NULL: a host that steals
 * nothing, not this machine's /proc/stat) and @thr as sources, every
 * refresh period 0 (fresh() before each question: a refresh sets the
 * throttle's period again). */
static void ctx_with(struct pvrt_spin *s, const struct pvrt_steal_source *steal,
		     const struct pvrt_throttle_source *thr)
{
	memcpy(s, &base, sizeof(*s));
	s->observe_gaps = false;
	s->oracle = NULL;
	s->steal_period_ns = 0;
	assert_int_equal(pvrt_spin_set_steal_source(s, steal ? steal : &quiet),
			 0);
	assert_int_equal(pvrt_spin_set_throttle_source(s, thr), 0);
	s->throttle_period_ns = 0;
}

static struct pvrt_spin *fresh(struct pvrt_spin *s)
{
	s->throttle_period_ns = 0;
	return s;
}

static void test_share_between_samples(void **state)
{
	/* 2 CPUs, 100 ms periods: 10 periods are 2 s of runqueue time. The
	 * quota follows the samples that report one. */
	static const struct pvrt_throttle_sample v[] = {
		{ 1000, 20000000000ull, 100000, 2, 1500 },
		{ 1010, 20500000000ull, 100000, 2, 1500 }, /* +0.5 s: 25 % */
		{ 1010, 20500000000ull, 100000, 2, 0 },	/* no period: 0 */
		{ 1020, 23500000000ull, 100000, 2, 2000 }, /* +3 s: capped */
		{ 5, 0, 100000, 2, 2000 },		/* reset: 0 */
		{ 0, 0, 0, 0, 0 },			/* limit lifted */
	};
	static const int rc[] = { 1, 1, 1, 1, 1, 0 };
	struct seq q = { v, rc, 6, 0 };
	struct pvrt_throttle_source src = { seq_read, &q, "seq" };
	struct pvrt_spin s;

	(void)state;
	ctx_with(&s, NULL, &src);
	assert_true(s.throttle_src == &src);
	assert_int_equal(s.quota_mcpus, 1500);
	assert_int_equal(pvrt_spin_throttled_ppm(fresh(&s)), 250000);
	assert_int_equal(pvrt_spin_throttled_ppm(fresh(&s)), 0);
	assert_int_equal(s.quota_mcpus, 1500);	/* the sample did not say */
	assert_int_equal(pvrt_spin_throttled_ppm(fresh(&s)), PVS_SPIN_FULL_PPM);
	assert_int_equal(s.quota_mcpus, 2000);
	assert_int_equal(pvrt_spin_throttled_ppm(fresh(&s)), 0);
	assert_int_equal(pvrt_spin_throttled_ppm(fresh(&s)), 0);
	assert_int_equal(s.quota_mcpus, 0);	/* lifted */
	/* Without a source: 0, and none is read. */
	ctx_with(&s, NULL, NULL);
	assert_null(s.throttle_src);
	assert_int_equal(pvrt_spin_throttled_ppm(fresh(&s)), 0);
	assert_int_equal(pvrt_spin_throttled_ppm(NULL), 0);
}

static void test_refresh_waits_for_the_period(void **state)
{
	static const struct pvrt_throttle_sample v[] = {
		{ 10, 0, 100000, 1, 0 }, { 20, 500000000ull, 100000, 1, 0 },
	};
	static const int rc[] = { 1, 1 };
	struct seq q = { v, rc, 2, 0 };
	struct pvrt_throttle_source src = { seq_read, &q, "seq" };
	struct pvrt_spin s;

	(void)state;
	ctx_with(&s, NULL, &src);
	s.throttle_period_ns = UINT64_MAX;	/* never due */
	assert_int_equal(pvrt_spin_throttled_ppm(&s), 0);
	assert_int_equal(q.next, 1);	/* only the first sample was read */
	s.throttle_period_ns = 0;
	assert_int_equal(pvrt_spin_throttled_ppm(fresh(&s)), 500000);
	assert_int_equal(q.next, 2);
}

/* ---- the live path over a copy of the v2 tree --------------------------- */

static void put_stat(const char *root, uint64_t periods, uint64_t usec)
{
	char path[640];
	FILE *f;

	snprintf(path, sizeof(path),
		 "%s/sys/fs/cgroup/kubepods/pod1/ctr/cpu.stat", root);
	f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "usage_usec 0\nuser_usec 0\nsystem_usec 0\n"
		   "nr_periods %llu\nnr_throttled 1\nthrottled_usec %llu\n",
		(unsigned long long)periods, (unsigned long long)usec);
	fclose(f);
}

static void test_cgroup_tree_moving(void **state)
{
	char dir[] = "/tmp/pvs-throttle-XXXXXX", cmd[1024];
	struct pvrt_throttle_source src = *pvrt_throttle_source_cgroup();
	struct pvrt_spin s;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(cmd, sizeof(cmd), "cp -R %s/cgroup-v2/. %s", PVS_FIXTURES,
		 dir);
	assert_int_equal(system(cmd), 0);
	put_stat(dir, 100, 0);
	src.arg = dir;
	ctx_with(&s, NULL, &src);
	/* 4 periods x 100 ms x 2 CPUs = 800 ms; 200 ms throttled: 25 %. */
	put_stat(dir, 104, 200000);
	assert_int_equal(pvrt_spin_throttled_ppm(fresh(&s)), 250000);
	/* Counted as steal on every CPU of the process. */
	assert_int_equal(pvrt_spin_steal_ppm(&s, 0), 250000);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	assert_int_equal(system(cmd), 0);
}

/* ---- throttling is steal to the decision -------------------------------- */

static void test_throttle_is_steal(void **state)
{
	static const struct pvrt_throttle_sample v[] = {
		{ 0, 0, 100000, 2, 0 }, { 10, 800000000ull, 100000, 2, 0 }, /* 40 % */
		{ 20, 1600000000ull, 100000, 2, 0 },
	};
	static const int rc[] = { 1, 1, 1 };
	struct seq q = { v, rc, 3, 0 };
	struct pvrt_throttle_source thr = { seq_read, &q, "seq" };
	struct fixed_steal host = { 400000, 0 }, host2 = { 100000, 0 };
	struct pvrt_steal_source hs = { fixed_read, &host, "fixed" },
				 hs2 = { fixed_read, &host2, "fixed" };
	struct pvrt_spin throttled, stolen, both;
	struct pvs_spin_in in;
	struct pvs_spin_out a, b;
	uint32_t t;

	(void)state;
	ctx_with(&throttled, NULL, &thr);
	ctx_with(&stolen, &hs, NULL);
	t = pvrt_spin_steal_ppm(&throttled, 1);
	assert_int_equal(t, 400000);
	assert_int_equal(pvrt_spin_steal_ppm(&stolen, 1), t);
	/* The same input to pvs_spin_decide(): the same budget. */
	memset(&in, 0, sizeof(in));
	in.policy = PVS_SPIN_POLICY_PV;
	in.nr_cpus = 2;
	in.owner_steal_ppm = in.self_steal_ppm = t;
	pvs_spin_decide(&in, &a);
	memset(&in, 0, sizeof(in));
	in.policy = PVS_SPIN_POLICY_PV;
	in.nr_cpus = 2;
	in.owner_steal_ppm = in.self_steal_ppm = 0;
	pvs_spin_decide(&in, &b);
	assert_true(a.pauses < b.pauses);	/* throttling shrank it */
	/* Steal and throttling together: time taken by either. */
	q.next = 0;
	ctx_with(&both, &hs2, &thr);
	assert_int_equal(pvrt_spin_steal_ppm(&both, 0),
			 100000 + 400000 - 40000);
	/* Only the process's CPUs: beyond them nothing is known. */
	assert_int_equal(pvrt_spin_steal_ppm(&both, -1), 0);
	assert_int_equal(pvrt_spin_steal_ppm(&throttled, PVS_MAX_CPUS), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cgroup_trees),
		cmocka_unit_test(test_share_between_samples),
		cmocka_unit_test(test_refresh_waits_for_the_period),
		cmocka_unit_test(test_cgroup_tree_moving),
		cmocka_unit_test(test_throttle_is_steal),
	};

	return cmocka_run_group_tests(tests, setup, NULL);
}
