// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * probe.h parsers over buffers: accepted layouts, every rejection path
 * (with outputs untouched: they are pre-filled with a canary and compared
 * after), and property tests against straightforward reimplementations
 * written here (sscanf / 128-bit arithmetic), not against the library.
 */
#include <inttypes.h>
#include <stdlib.h>

#include "probe_test.h"

/* ---- lparcfg ------------------------------------------------------------- */

static const char lpar_shared[] =
	"lparcfg 1.9\n"
	"serial_number=IBM,02785C6AW\n"
	"system_type=IBM,9009-42A\n"
	"partition_id=7\n"
	"DesProcs=4\n"
	"partition_entitled_capacity=250\n"
	"pool=3\n"
	"pool_capacity=3200\n"
	"pool_idle_time=99\n"
	"pool_num_procs=32\n"
	"capacity_weight=128\n"
	"capped=1\n"
	"backing_memory=68719476736 bytes\n"
	"dispatches=1934586104\n"
	"dispatch_dispersions=219384745\n"
	"purr=52386391029581\n"
	"tbr=7926357402683812\n"
	"partition_active_processors=4\n"
	"partition_potential_processors=8\n"
	"shared_processor_mode=1\n"
	"power_mode_data=0000000000000000\n";

static void test_lparcfg_shared(void **state)
{
	struct pvprobe_lparcfg lp;

	(void)state;
	assert_int_equal(pvprobe_lparcfg_parse(lpar_shared, strlen(lpar_shared),
					   &lp), 0);
	assert_int_equal(lp.version_major, 1);
	assert_int_equal(lp.version_minor, 9);
	expect_lpar(&lp, true, true, 250, 4);
	assert_int_equal(lp.potential_processors, 8);
	assert_int_equal(lp.partition_id, 7);
	assert_int_equal(lp.capacity_weight, 128);
	assert_int_equal(lp.dispatches, 1934586104u);
	assert_int_equal(lp.dispatch_dispersions, 219384745u);
	assert_int_equal(lp.purr, 52386391029581ull);
	assert_int_equal(lp.tbr, 7926357402683812ull);
	assert_int_equal(lp.pool, 3);
	assert_int_equal(lp.pool_capacity, 3200);
	assert_int_equal(lp.pool_num_procs, 32);
	assert_string_equal(lp.system_type, "IBM,9009-42A");
	assert_int_equal(lp.have, PVPROBE_LPARCFG_HAVE_ENTITLEMENT |
					  PVPROBE_LPARCFG_HAVE_CAPPED |
					  PVPROBE_LPARCFG_HAVE_DISPATCH |
					  PVPROBE_LPARCFG_HAVE_PURR |
					  PVPROBE_LPARCFG_HAVE_POOL);
}

/* What a KVM pseries guest prints: no H_GET_PPP data at all. */
static void test_lparcfg_kvm_minimal(void **state)
{
	static const char t[] = "lparcfg 1.9\nserial_number=\n"
				"system_type=IBM pSeries (emulated by qemu)\n"
				"partition_id=0\ndispatches=5\n"
				"dispatch_dispersions=0\n"
				"partition_active_processors=2\n"
				"shared_processor_mode=1\n";
	struct pvprobe_lparcfg lp;

	(void)state;
	/* No trailing newline either: the last line still counts. */
	assert_int_equal(pvprobe_lparcfg_parse(t, strlen(t) - 1, &lp), 0);
	assert_true(lp.shared);
	assert_int_equal(lp.have, PVPROBE_LPARCFG_HAVE_DISPATCH);
	assert_int_equal(lp.active_processors, 2);
	assert_int_equal(lp.entitled_capacity, 0);
}

static void expect_lparcfg_err(const char *t, int err)
{
	struct pvprobe_lparcfg lp;

	memset(&lp, CANARY, sizeof(lp));
	assert_int_equal(pvprobe_lparcfg_parse(t, strlen(t), &lp), err);
	EXPECT_UNTOUCHED(lp);
}

static void test_lparcfg_errors(void **state)
{
	char buf[2048];
	struct pvprobe_lparcfg lp;
	size_t n;

	(void)state;
	expect_lparcfg_err("", -PVS_EBADMSG);
	expect_lparcfg_err("lparcfg\n", -PVS_EBADMSG);
	expect_lparcfg_err("lparcfg 1\n", -PVS_EBADMSG);
	expect_lparcfg_err("lparcfg 2.0\nshared_processor_mode=1\n"
			   "partition_active_processors=1\n", -PVS_ERANGE);
	expect_lparcfg_err("lparcfg 1.9x\n", -PVS_EBADMSG);
	expect_lparcfg_err("serial_number=1\n", -PVS_EBADMSG);
	/* Truncated before the required last lines. */
	n = (size_t)(strstr(lpar_shared, "partition_active") - lpar_shared);
	memcpy(buf, lpar_shared, n);
	buf[n] = '\0';
	expect_lparcfg_err(buf, -PVS_EBADMSG);
	/* Truncated in the middle of a line: "dispatches=19" is a valid
	 * number, but dispatch_dispersions is then missing. */
	n = (size_t)(strstr(lpar_shared, "dispatches=") - lpar_shared) + 13;
	memcpy(buf, lpar_shared, n);
	strcpy(buf + n, "\npartition_active_processors=4\n"
			"shared_processor_mode=1\n");
	expect_lparcfg_err(buf, -PVS_EBADMSG);
	/* purr without tbr: an incomplete group. */
	expect_lparcfg_err(
		"lparcfg 1.9\npurr=5\npartition_active_processors=1\n"
		"shared_processor_mode=0\n",
		-PVS_EBADMSG);
	expect_lparcfg_err("lparcfg 1.9\ndispatches=12ab\n", -PVS_EBADMSG);
	expect_lparcfg_err("lparcfg 1.9\ndispatches=-1\n", -PVS_EBADMSG);
	expect_lparcfg_err("lparcfg 1.9\ndispatches=\n", -PVS_EBADMSG);
	expect_lparcfg_err("lparcfg 1.9\ndispatches=18446744073709551616\n",
			   -PVS_ERANGE);
	expect_lparcfg_err("lparcfg 1.9\nshared_processor_mode=2\n",
			   -PVS_ERANGE);
	expect_lparcfg_err("lparcfg 1.9\nno equals sign\n", -PVS_EBADMSG);
	expect_lparcfg_err("lparcfg 1.9\n=5\n", -PVS_EBADMSG);
	expect_lparcfg_err("lparcfg 1.9\nsystem_type=a\x01z\n", -PVS_EBADMSG);
	/* 2^64 - 1 is still a counter. */
	strcpy(buf, "lparcfg 1.9\ndispatches=18446744073709551615\n"
		    "dispatch_dispersions=0\npartition_active_processors=1\n"
		    "shared_processor_mode=0\n");
	assert_int_equal(pvprobe_lparcfg_parse(buf, strlen(buf), &lp), 0);
	assert_true(lp.dispatches == UINT64_MAX);
	assert_int_equal(pvprobe_lparcfg_parse(NULL, 0, &lp), -PVS_EINVAL);
	assert_int_equal(pvprobe_lparcfg_parse("x", 1, NULL), -PVS_EINVAL);
}

/* ---- /proc/stat ---------------------------------------------------------- */

static const char stat_text[] =
	"cpu  100 1 50 1000 7 0 3 40 5 0\n"
	"cpu0 60 1 30 500 4 0 2 25 5 0\n"
	"cpu1 40 0 20 500 3 0 1 15 0 0\n"
	"intr 12 0 0 0\n"
	"ctxt 9\n";

static void test_stat_basic(void **state)
{
	struct pvprobe_cpu_times cpus[4];
	struct pvprobe_stat st = { .cpus = cpus, .cap = 4 };

	(void)state;
	assert_int_equal(pvprobe_stat_parse(stat_text, strlen(stat_text), &st), 2);
	assert_int_equal(st.nr_cpus, 2);
	assert_int_equal(st.total.cpu, -1);
	assert_int_equal(st.total.steal, 40);
	assert_int_equal(st.total.nr_fields, 10);
	assert_int_equal(cpus[0].cpu, 0);
	assert_int_equal(cpus[0].user, 60);
	assert_int_equal(cpus[0].steal, 25);
	assert_int_equal(cpus[0].guest, 5);
	assert_int_equal(cpus[1].cpu, 1);
	assert_int_equal(cpus[1].idle, 500);
}

/* Linux 2.6.0 printed 7 columns; absent ones read as 0. Sparse CPU
 * numbers (offline CPUs are not listed) are fine. */
static void test_stat_old_and_sparse(void **state)
{
	static const char t[] = "cpu 1 2 3 4 5 6 7\ncpu3 1 2 3 4 5 6 7\n"
				"cpu7  1 2 3 4\n";
	struct pvprobe_cpu_times cpus[2];
	struct pvprobe_stat st = { .cpus = cpus, .cap = 2 };

	(void)state;
	assert_int_equal(pvprobe_stat_parse(t, strlen(t), &st), 2);
	assert_int_equal(cpus[0].cpu, 3);
	assert_int_equal(cpus[0].nr_fields, 7);
	assert_int_equal(cpus[0].steal, 0);
	assert_int_equal(cpus[1].cpu, 7);
	assert_int_equal(cpus[1].nr_fields, 4);
}

static void expect_stat_err(const char *t, unsigned int cap, int err)
{
	struct pvprobe_cpu_times cpus[4];
	struct pvprobe_stat st;

	memset(&st, CANARY, sizeof(st));
	memset(cpus, CANARY, sizeof(cpus));
	st.cpus = cpus;
	st.cap = cap;
	assert_int_equal(pvprobe_stat_parse(t, strlen(t), &st), err);
	EXPECT_UNTOUCHED(cpus);
	assert_ptr_equal(st.cpus, cpus);
	assert_int_equal(st.cap, cap);
	{
		unsigned char c[sizeof(st.total)];

		memset(c, CANARY, sizeof(c));
		assert_memory_equal(&st.total, c, sizeof(c));
	}
}

/* Malformed /proc/stat texts, with room for 4 CPUs: -PVS_EBADMSG ... */
static const char *const stat_badmsg[] = {
	"cpu0 1 2 3 4\n", /* no "cpu" */
	"cpu 1 2 3\n",
	"cpu 1 2 3 4\ncpu0 1 2 x 4\n",
	"cpu 1 2 3 4\ncpu0 1 2 3 4x\n",
	"cpu 1 2 3 4\ncpu0 1 2 3 -4\n",
	"cpu 1 2 3 4\ncpux 1 2 3 4\n",
	"cpu 1 2 3 4\ncpu0 1 2 3 4\ncpu0 1 2 3 4\n",
	"cpu 1 2 3 4\ncpu 1 2 3 4\n",
	"",
};

/* ... and -PVS_ERANGE (a value or a CPU number out of range). */
static const char *const stat_erange[] = {
	"cpu 1 2 3 18446744073709551616\n",
	"cpu 1 2 3 99999999999999999999999\n",
	"cpu 1 2 3 4\ncpu8192 1 2 3 4\n",
};

static void test_stat_errors(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(stat_badmsg) / sizeof(stat_badmsg[0]); i++)
		expect_stat_err(stat_badmsg[i], 4, -PVS_EBADMSG);
	for (i = 0; i < sizeof(stat_erange) / sizeof(stat_erange[0]); i++)
		expect_stat_err(stat_erange[i], 4, -PVS_ERANGE);
	/* two CPU lines, room for one */
	expect_stat_err("cpu 1 2 3 4\ncpu0 1 2 3 4\ncpu1 1 2 3 4\n", 1,
			-PVS_ERANGE);
}

/* Independent reference: sscanf the numbers, compare with the parser
 * over random valid files with random widths and blanks. */
static void test_stat_property(void **state)
{
	struct pvprobe_cpu_times cpus[16];
	struct pvprobe_stat st = { .cpus = cpus, .cap = 16 };
	char text[4096];
	unsigned int iter;

	(void)state;
	pvs_test_rand_seed(12345);
	for (iter = 0; iter < 2000; iter++) {
		unsigned long long v[17][10];
		unsigned int nf[17],
			ncpu = (unsigned int)pvs_test_rand31() % 16, i, k;
		size_t off = 0;

		for (i = 0; i <= ncpu; i++) {
			nf[i] = 4 + (unsigned int)pvs_test_rand31() % 7;
			off += (size_t)snprintf(text + off, sizeof(text) - off,
						i == 0 ? "cpu" : "cpu%u",
						i - 1);
			for (k = 0; k < nf[i]; k++) {
				v[i][k] = ((unsigned long long)pvs_test_rand31()
						   << 32 |
					   (unsigned int)pvs_test_rand31()) >>
					  (pvs_test_rand31() % 64);
				off += (size_t)snprintf(
					text + off, sizeof(text) - off,
					pvs_test_rand31() % 4 ? " %llu"
							      : "  \t%llu",
					v[i][k]);
			}
			off += (size_t)snprintf(text + off, sizeof(text) - off,
						pvs_test_rand31() % 3 ? "\n"
								      : " \n");
		}
		assert_int_equal(pvprobe_stat_parse(text, off, &st), (int)ncpu);
		for (i = 0; i <= ncpu; i++) {
			const struct pvprobe_cpu_times *t = i ? &cpus[i - 1] :
							    &st.total;
			const uint64_t got[10] = { t->user, t->nice, t->system,
						   t->idle, t->iowait, t->irq,
						   t->softirq, t->steal,
						   t->guest, t->guest_nice };
			unsigned long long ref[10] = { 0 };
			char line[512], *nl;
			const char *ls = text;
			unsigned int skip = i, n;

			while (skip--)
				ls = strchr(ls, '\n') + 1;
			nl = strchr(ls, '\n');
			memcpy(line, ls, (size_t)(nl - ls));
			line[nl - ls] = '\0';
			n = (unsigned int)sscanf(
				strchr(line, ' '),
				"%llu %llu %llu %llu %llu %llu %llu %llu %llu %llu",
				&ref[0], &ref[1], &ref[2], &ref[3], &ref[4],
				&ref[5], &ref[6], &ref[7], &ref[8], &ref[9]);
			assert_int_equal(n, nf[i]);
			assert_int_equal(t->nr_fields, nf[i]);
			assert_int_equal(t->cpu, (int)i - 1);
			for (k = 0; k < 10; k++)
				assert_true(got[k] == ref[k]);
		}
	}
}

/* ---- steal rate ---------------------------------------------------------- */

static void test_steal_rate(void **state)
{
	struct pvprobe_cpu_times a = { 0 }, b = { 0 };
	struct pvprobe_steal_rate r;

	(void)state;
	a.cpu = b.cpu = 2;
	a.user = 100; b.user = 160;   /* +60 busy */
	a.idle = 1000; b.idle = 1020; /* +20 idle */
	a.steal = 5; b.steal = 25;    /* +20 steal */
	assert_int_equal(pvprobe_steal_rate(&a, &b, &r), 0);
	assert_int_equal(r.cpu, 2);
	assert_int_equal(r.steal_ticks, 20);
	assert_int_equal(r.total_ticks, 100);
	assert_int_equal(r.steal_ppm, 200000);   /* 20 / 100 */
	assert_int_equal(r.preempt_ppm, 250000); /* 20 / (60 + 20) */
	/* guest is inside user: not counted twice. */
	b.guest = 50;
	assert_int_equal(pvprobe_steal_rate(&a, &b, &r), 0);
	assert_int_equal(r.total_ticks, 100);
	/* idle stepping back (NO_HZ) saturates at 0. */
	b.idle = 990;
	assert_int_equal(pvprobe_steal_rate(&a, &b, &r), 0);
	assert_int_equal(r.total_ticks, 80);
	assert_int_equal(r.steal_ppm, 250000);
	/* Nothing happened: 0, not a division by zero. */
	assert_int_equal(pvprobe_steal_rate(&a, &a, &r), 0);
	assert_int_equal(r.steal_ppm, 0);
	assert_int_equal(r.preempt_ppm, 0);
	/* Since boot. */
	assert_int_equal(pvprobe_steal_rate(NULL, &a, &r), 0);
	assert_int_equal(r.steal_ticks, 5);
	assert_int_equal(r.total_ticks, 1105);
	/* Mismatched CPUs and NULLs. */
	b.cpu = 3;
	memset(&r, CANARY, sizeof(r));
	assert_int_equal(pvprobe_steal_rate(&a, &b, &r), -PVS_EINVAL);
	EXPECT_UNTOUCHED(r);
	assert_int_equal(pvprobe_steal_rate(&a, NULL, &r), -PVS_EINVAL);
	assert_int_equal(pvprobe_steal_rate(&a, &a, NULL), -PVS_EINVAL);
}

/* Counters near 2^64 (a fixture can hold them): no overflow, a ppm that
 * still matches a 128-bit reference. */
static void test_steal_rate_huge(void **state)
{
	struct pvprobe_cpu_times b = { 0 };
	struct pvprobe_steal_rate r;
	unsigned int i;

	(void)state;
	pvs_test_rand_seed(777);
	for (i = 0; i < 10000; i++) {
		__extension__ typedef unsigned __int128 u128;
		u128 busy, total;
		uint64_t ref;

		b.user = (uint64_t)pvs_test_rand31() << 40 ^
			 (uint64_t)pvs_test_rand31();
		b.system = (uint64_t)pvs_test_rand31() << 33;
		b.idle = (uint64_t)pvs_test_rand31()
			 << (pvs_test_rand31() % 40);
		b.steal = (uint64_t)pvs_test_rand31()
			  << (pvs_test_rand31() % 42);
		assert_int_equal(pvprobe_steal_rate(NULL, &b, &r), 0);
		busy = (u128)b.user + b.system;
		total = busy + b.idle + b.steal;
		if (total > UINT64_MAX)
			continue; /* saturated: checked below */
		ref = (uint64_t)((u128)b.steal * 1000000 / total);
		assert_int_equal(r.steal_ppm, ref);
		ref = (uint64_t)((u128)b.steal * 1000000 / (busy + b.steal));
		assert_int_equal(r.preempt_ppm, ref);
		assert_true(r.steal_ppm <= 1000000 && r.preempt_ppm <= 1000000);
	}
	b.user = UINT64_MAX;
	b.steal = UINT64_MAX;
	assert_int_equal(pvprobe_steal_rate(NULL, &b, &r), 0);
	assert_true(r.total_ticks == UINT64_MAX);
	assert_int_equal(r.steal_ppm, 1000000);
}

/* ---- schedstat ----------------------------------------------------------- */

static void test_schedstat(void **state)
{
	struct pvprobe_schedstat s;

	(void)state;
	assert_int_equal(pvprobe_schedstat_parse("123 456 7\n", 10, &s), 0);
	assert_int_equal(s.run_ns, 123);
	assert_int_equal(s.wait_ns, 456);
	assert_int_equal(s.timeslices, 7);
	assert_int_equal(pvprobe_schedstat_parse("0 56044 1", 9, &s), 0);
	assert_int_equal(s.wait_ns, 56044);
	memset(&s, CANARY, sizeof(s));
	assert_int_equal(pvprobe_schedstat_parse("1 2\n", 4, &s), -PVS_EBADMSG);
	assert_int_equal(pvprobe_schedstat_parse("1 2 3 4\n", 8, &s), -PVS_EBADMSG);
	assert_int_equal(pvprobe_schedstat_parse("1 2 3\n4\n", 8, &s),
			 -PVS_EBADMSG);
	assert_int_equal(pvprobe_schedstat_parse("1 2x 3\n", 7, &s), -PVS_EBADMSG);
	assert_int_equal(pvprobe_schedstat_parse("123", 2, &s), -PVS_EBADMSG);
	assert_int_equal(
		pvprobe_schedstat_parse("1 18446744073709551616 3", 24, &s),
		-PVS_ERANGE);
	assert_int_equal(pvprobe_schedstat_parse("", 0, &s), -PVS_EBADMSG);
	EXPECT_UNTOUCHED(s);
	/* Not NUL-terminated: the parser must stop at len ("1 2 3" + junk). */
	assert_int_equal(pvprobe_schedstat_parse("1 2 3999", 5, &s), 0);
	assert_int_equal(s.timeslices, 3);
}

static void test_rq_schedstat(void **state)
{
	static const char t[] =
		"version 15\ntimestamp 4295032832\n"
		"cpu0 0 0 0 0 0 0 1000 2000 30\n"
		"domain0 00000003 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17\n"
		"cpu1 0 0 0 0 0 0 4000 5000 60\n";
	struct pvprobe_rq_schedstat rq[4];

	(void)state;
	assert_int_equal(pvprobe_rq_schedstat_parse(t, strlen(t), rq, 4), 2);
	assert_int_equal(rq[0].cpu, 0);
	assert_int_equal(rq[0].run_ns, 1000);
	assert_int_equal(rq[0].wait_ns, 2000);
	assert_int_equal(rq[0].timeslices, 30);
	assert_int_equal(rq[1].cpu, 1);
	assert_int_equal(rq[1].wait_ns, 5000);
	memset(rq, CANARY, sizeof(rq));
	assert_int_equal(pvprobe_rq_schedstat_parse(t, strlen(t), rq, 1),
			 -PVS_ERANGE);
	assert_int_equal(pvprobe_rq_schedstat_parse("version 14\n", 11, rq, 4),
			 -PVS_ERANGE);
	assert_int_equal(pvprobe_rq_schedstat_parse("cpu0 1\n", 7, rq, 4),
			 -PVS_EBADMSG);
	assert_int_equal(pvprobe_rq_schedstat_parse("version 15\ncpu0 1 2 3\n", 22,
						rq, 4), -PVS_EBADMSG);
	assert_int_equal(pvprobe_rq_schedstat_parse("version 15\nbogus\n", 17, rq,
						4), -PVS_EBADMSG);
	EXPECT_UNTOUCHED(rq);
}

/* ---- cpuidle state ------------------------------------------------------- */

static void test_idle_state(void **state)
{
	const char *text[PVPROBE_CPUIDLE_ATTR_COUNT] = { "C1E\n", "MWAIT 0x01\n",
						  "10\n", "20\n", "502134\n",
						  "98123456\n", "1\n" };
	struct pvprobe_cpuidle_state s;

	(void)state;
	assert_int_equal(pvprobe_cpuidle_state_parse(text, &s), 0);
	assert_string_equal(s.name, "C1E");
	assert_string_equal(s.desc, "MWAIT 0x01");
	assert_int_equal(s.latency_us, 10);
	assert_int_equal(s.residency_us, 20);
	assert_int_equal(s.usage, 502134);
	assert_int_equal(s.time_us, 98123456);
	assert_true(s.disabled);
	/* Optional attributes absent; a name with a blank. */
	text[PVPROBE_CPUIDLE_ATTR_NAME] = "Shared Cede\n";
	text[PVPROBE_CPUIDLE_ATTR_DESC] = NULL;
	text[PVPROBE_CPUIDLE_ATTR_USAGE] = NULL;
	text[PVPROBE_CPUIDLE_ATTR_TIME] = NULL;
	text[PVPROBE_CPUIDLE_ATTR_DISABLE] = NULL;
	assert_int_equal(pvprobe_cpuidle_state_parse(text, &s), 0);
	assert_string_equal(s.name, "Shared Cede");
	assert_int_equal(s.usage, 0);
	assert_false(s.disabled);
	memset(&s, CANARY, sizeof(s));
	text[PVPROBE_CPUIDLE_ATTR_LATENCY] = NULL;
	assert_int_equal(pvprobe_cpuidle_state_parse(text, &s), -PVS_ENOENT);
	text[PVPROBE_CPUIDLE_ATTR_LATENCY] = "ten\n";
	assert_int_equal(pvprobe_cpuidle_state_parse(text, &s), -PVS_EBADMSG);
	text[PVPROBE_CPUIDLE_ATTR_LATENCY] = "99999999999999999999999\n";
	assert_int_equal(pvprobe_cpuidle_state_parse(text, &s), -PVS_ERANGE);
	text[PVPROBE_CPUIDLE_ATTR_LATENCY] = "1";
	text[PVPROBE_CPUIDLE_ATTR_NAME] = "\n";
	assert_int_equal(pvprobe_cpuidle_state_parse(text, &s), -PVS_EBADMSG);
	text[PVPROBE_CPUIDLE_ATTR_NAME] =
		"a-name-much-longer-than-thirty-one-bytes";
	assert_int_equal(pvprobe_cpuidle_state_parse(text, &s), -PVS_EBADMSG);
	text[PVPROBE_CPUIDLE_ATTR_NAME] = "C\x1b[2J";
	assert_int_equal(pvprobe_cpuidle_state_parse(text, &s), -PVS_EBADMSG);
	assert_int_equal(pvprobe_cpuidle_state_parse(NULL, &s), -PVS_EINVAL);
	EXPECT_UNTOUCHED(s);
}

/* ---- cpuinfo ------------------------------------------------------------- */

static void test_cpuinfo_x86(void **state)
{
	static const char t[] =
		"processor\t: 0\nvendor_id\t: AuthenticAMD\n"
		"model name\t: AMD EPYC\nflags\t\t: fpu hypervisor lahf_lm\n"
		"power management:\n\n"
		"processor\t: 1\nvendor_id\t: AuthenticAMD\n"
		"model name\t: AMD EPYC\nflags\t\t: fpu hypervisorx\n";
	struct pvprobe_cpuinfo ci;
	const char *second;

	(void)state;
	assert_int_equal(pvprobe_cpuinfo_parse(t, strlen(t), &ci), 0);
	assert_int_equal(ci.arch, PVPROBE_ARCH_X86);
	assert_int_equal(ci.nr_processors, 2);
	assert_true(ci.hypervisor_flag);
	assert_string_equal(ci.vendor, "AuthenticAMD");
	assert_string_equal(ci.model, "AMD EPYC");
	assert_int_equal(ci.power_gen, 0);
	/* "hypervisorx" is not the flag. */
	second = strstr(t + 1, "processor");
	assert_int_equal(pvprobe_cpuinfo_parse(second, strlen(second), &ci), 0);
	assert_int_equal(ci.nr_processors, 1);
	assert_false(ci.hypervisor_flag);
}

static void test_cpuinfo_power(void **state)
{
	static const char p10_in_p9[] =
		"processor\t: 0\ncpu\t\t: POWER9 (architected), altivec supported\n"
		"revision\t: 2.0 (pvr 0080 0200)\n\ntimebase\t: 512000000\n"
		"platform\t: pSeries\nmachine\t\t: CHRP IBM,9105-22A\n";
	static const char p8[] =
		"processor\t: 0\ncpu\t\t: POWER8E (raw), altivec supported\n"
		"revision\t: 2.1 (pvr 004b 0201)\n";
	static const char nopvr[] = "processor\t: 0\ncpu\t\t: POWER11\n";
	struct pvprobe_cpuinfo ci;

	(void)state;
	assert_int_equal(pvprobe_cpuinfo_parse(p10_in_p9, strlen(p10_in_p9), &ci),
			 0);
	assert_int_equal(ci.arch, PVPROBE_ARCH_PPC64);
	assert_int_equal(ci.power_gen, 10);
	assert_true(ci.power_compat);
	assert_true(ci.timebase_hz == 512000000);
	assert_string_equal(ci.platform, "pSeries");
	assert_int_equal(pvprobe_cpuinfo_parse(p8, strlen(p8), &ci), 0);
	assert_int_equal(ci.power_gen, 8);
	assert_false(ci.power_compat);
	assert_int_equal(pvprobe_cpuinfo_parse(nopvr, strlen(nopvr), &ci), 0);
	assert_int_equal(ci.power_gen, 11);
}

static void test_cpuinfo_errors(void **state)
{
	struct pvprobe_cpuinfo ci;

	(void)state;
	memset(&ci, CANARY, sizeof(ci));
	assert_int_equal(pvprobe_cpuinfo_parse("", 0, &ci), -PVS_EBADMSG);
	assert_int_equal(pvprobe_cpuinfo_parse("vendor_id : x\n", 14, &ci),
			 -PVS_EBADMSG); /* no processor */
	assert_int_equal(pvprobe_cpuinfo_parse("processor : 0\ngarbage\n", 22, &ci),
			 -PVS_EBADMSG);
	assert_int_equal(pvprobe_cpuinfo_parse("processor : 0\ntimebase : 5x\n", 28,
					   &ci), -PVS_EBADMSG);
	assert_int_equal(
		pvprobe_cpuinfo_parse("processor : 0\nrevision : 2 (pvr 4e)\n", 36,
				  &ci),
		-PVS_EBADMSG);
	EXPECT_UNTOUCHED(ci);
	/* An unknown layout is still a cpuinfo. */
	assert_int_equal(pvprobe_cpuinfo_parse("processor : 0\nBogoMIPS : 50.00\n",
					   31, &ci), 0);
	assert_int_equal(ci.arch, PVPROBE_ARCH_OTHER);
}

/* arm64 and riscv64 layouts (arch/arm64/kernel/cpuinfo.c,
 * arch/riscv/kernel/cpu.c); a 32-bit arm one stays OTHER. */
static void test_cpuinfo_arm64_riscv(void **state)
{
	static const char a64[] =
		"processor\t: 0\nBogoMIPS\t: 50.00\n"
		"Features\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 cpuid\n"
		"CPU implementer\t: 0x41\nCPU architecture: 8\n"
		"CPU variant\t: 0x0\nCPU part\t: 0xd0c\nCPU revision\t: 1\n\n"
		"processor\t: 1\nBogoMIPS\t: 50.00\n"
		"CPU implementer\t: 0x41\nCPU architecture: 8\n";
	static const char a32[] =
		"processor\t: 0\nmodel name\t: ARMv7 Processor rev 4 (v7l)\n"
		"CPU implementer\t: 0x41\nCPU architecture: 7\n";
	static const char rv[] =
		"processor\t: 0\nhart\t\t: 0\n"
		"isa\t\t: rv64imafdc_zicntr_zicsr_zifencei_zihintpause_zihpm\n"
		"mmu\t\t: sv39\nmvendorid\t: 0x0\n\n"
		"processor\t: 1\nhart\t\t: 1\n"
		"isa\t\t: rv64imafdc_zicntr_zicsr_zifencei_zihintpause_zihpm\n"
		"mmu\t\t: sv39\n";
	static const char rv_uarch[] =
		"processor\t: 0\nhart\t\t: 4\nisa\t\t: rv64imafdc\n"
		"mmu\t\t: sv39\nuarch\t\t: sifive,u74-mc\n";
	struct pvprobe_cpuinfo ci;

	(void)state;
	assert_int_equal(pvprobe_cpuinfo_parse(a64, strlen(a64), &ci), 0);
	assert_int_equal(ci.arch, PVPROBE_ARCH_AARCH64);
	assert_int_equal(ci.nr_processors, 2);
	assert_string_equal(ci.model, "");
	assert_int_equal(pvprobe_cpuinfo_parse(a32, strlen(a32), &ci), 0);
	assert_int_equal(ci.arch, PVPROBE_ARCH_OTHER);
	assert_int_equal(pvprobe_cpuinfo_parse(rv, strlen(rv), &ci), 0);
	assert_int_equal(ci.arch, PVPROBE_ARCH_RISCV64);
	assert_int_equal(ci.nr_processors, 2);
	assert_string_equal(ci.model,
			    "rv64imafdc_zicntr_zicsr_zifencei_zihintpause_zihpm");
	assert_int_equal(pvprobe_cpuinfo_parse(rv_uarch, strlen(rv_uarch), &ci), 0);
	assert_int_equal(ci.arch, PVPROBE_ARCH_RISCV64);
	assert_string_equal(ci.model, "sifive,u74-mc");
}

/* ---- CPUID dumps --------------------------------------------------------- */

static void test_cpuid_dump(void **state)
{
	static const char t[] =
		"CPU:\n"
		"   0x00000001 0x00: eax=0x00a00f11 ebx=0x01020800 ecx=0xfffa3203 edx=0x178bfbff\n"
		"# comment\n\n"
		"   0x40000000 0x00: eax=0x40000001 ebx=0x4b4d564b ecx=0x564b4d56 edx=0x0000004d\n"
		"CPU 1:\n"
		"   0x40000001 0x00: eax=0xdeadbeef ebx=0 ecx=0 edx=0\n";
	struct pvprobe_cpuid_dump *d = malloc(sizeof(*d));
	uint32_t r[4];

	(void)state;
	assert_int_equal(pvprobe_cpuid_dump_parse(t, strlen(t), d), 2);
	assert_int_equal(d->leaves[1].leaf, 0x40000000);
	assert_int_equal(d->leaves[1].ebx, 0x4b4d564b);
	assert_int_equal(pvprobe_cpuid_from_dump(d, 0x40000000, 0, r), 0);
	assert_int_equal(r[0], 0x40000001);
	assert_int_equal(r[3], 0x4d);
	/* The second CPU's block is ignored; absent leaves read as 0. */
	assert_int_equal(pvprobe_cpuid_from_dump(d, 0x40000001, 0, r), 0);
	assert_int_equal(r[0] | r[1] | r[2] | r[3], 0);
	memset(d, CANARY, sizeof(*d));
	assert_int_equal(pvprobe_cpuid_dump_parse("0x1 0x0: eax=0x1\n", 17, d),
			 -PVS_EBADMSG);
	assert_int_equal(pvprobe_cpuid_dump_parse(
		"0x1 0x0: eax=0x1 ebx=0x2 ecx=0x3 edx=0x100000000\n", 49, d),
		-PVS_ERANGE);
	assert_int_equal(pvprobe_cpuid_dump_parse(
		"0x1 0x0 eax=0x1 ebx=0x2 ecx=0x3 edx=0x4\n", 40, d),
		-PVS_EBADMSG);
	assert_int_equal(pvprobe_cpuid_dump_parse(
		"0x1 0x0: eax=0x1 ebx=0x2 ecx=0x3 edx=0x4 extra\n", 47, d),
		-PVS_EBADMSG);
	{
		unsigned char c[sizeof(*d)];

		memset(c, CANARY, sizeof(c));
		assert_memory_equal(d, c, sizeof(c));
	}
	free(d);
}

/* ---- cpulist, thread groups ---------------------------------------------- */

static void test_cpulist(void **state)
{
	uint8_t *map = calloc(PVPROBE_MAX_CPUS / 8, 1);

	(void)state;
	assert_int_equal(pvprobe_cpulist_parse("0-3,8,10-11\n", 12, map), 7);
	assert_int_equal(map[0], 0x0f);
	assert_int_equal(map[1], 0x0d);
	assert_int_equal(pvprobe_cpulist_parse("\n", 1, NULL), 0);
	assert_int_equal(pvprobe_cpulist_parse("0-1,1-2", 7, NULL), 3);
	assert_int_equal(pvprobe_cpulist_parse("8191", 4, NULL), 1);
	memset(map, 0, PVPROBE_MAX_CPUS / 8);
	assert_int_equal(pvprobe_cpulist_parse("3-1", 3, map), -PVS_EBADMSG);
	assert_int_equal(pvprobe_cpulist_parse("1,", 2, map), -PVS_EBADMSG);
	assert_int_equal(pvprobe_cpulist_parse("1;2", 3, map), -PVS_EBADMSG);
	assert_int_equal(pvprobe_cpulist_parse("-1", 2, map), -PVS_EBADMSG);
	assert_int_equal(pvprobe_cpulist_parse("0-8192", 6, map), -PVS_ERANGE);
	assert_int_equal(map[0], 0);
	free(map);
}

static size_t tg_build(uint8_t *b, const uint32_t *cells, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		pvs_be32_st(b + 4 * i, cells[i]);
	return 4 * n;
}

static void test_thread_groups(void **state)
{
	/* POWER9 big core: L1 groups {0,2,4,6} {1,3,5,7}, then L2. */
	static const uint32_t big[] = { 1, 2, 4, 0, 2, 4, 6, 1, 3, 5, 7,
					2, 2, 4, 0, 2, 4, 6, 1, 3, 5, 7 };
	/* Only an L2 property: not big cores. */
	static const uint32_t l2only[] = { 2, 1, 4, 0, 1, 2, 3 };
	static const uint32_t inconsistent[] = { 1, 2, 4, 0, 2, 4, 6, 1, 3, 5,
						 7, 2, 1, 4, 0, 1, 2, 3 };
	uint8_t b[256];
	struct pvprobe_thread_groups tg;
	size_t n;

	(void)state;
	n = tg_build(b, big, 22);
	assert_int_equal(pvprobe_thread_groups_parse(b, n, &tg), 0);
	assert_true(tg.big_cores);
	assert_int_equal(tg.threads_per_core, 8);
	assert_int_equal(tg.l1_group_threads, 4);
	n = tg_build(b, l2only, 7);
	assert_int_equal(pvprobe_thread_groups_parse(b, n, &tg), 0);
	assert_false(tg.big_cores);
	assert_int_equal(tg.l1_group_threads, 0);
	memset(&tg, CANARY, sizeof(tg));
	n = tg_build(b, big, 22);
	assert_int_equal(pvprobe_thread_groups_parse(b, n - 4, &tg), -PVS_EBADMSG);
	assert_int_equal(pvprobe_thread_groups_parse(b, n - 2, &tg), -PVS_EBADMSG);
	assert_int_equal(pvprobe_thread_groups_parse(b, 8, &tg), -PVS_EBADMSG);
	assert_int_equal(pvprobe_thread_groups_parse(b, 0, &tg), -PVS_EBADMSG);
	n = tg_build(b, inconsistent, 18);
	assert_int_equal(pvprobe_thread_groups_parse(b, n, &tg), -PVS_EBADMSG);
	pvs_be32_st(b + 4, 0xffffffffu); /* absurd group count */
	assert_int_equal(pvprobe_thread_groups_parse(b, n, &tg), -PVS_ERANGE);
	EXPECT_UNTOUCHED(tg);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lparcfg_shared),
		cmocka_unit_test(test_lparcfg_kvm_minimal),
		cmocka_unit_test(test_lparcfg_errors),
		cmocka_unit_test(test_stat_basic),
		cmocka_unit_test(test_stat_old_and_sparse),
		cmocka_unit_test(test_stat_errors),
		cmocka_unit_test(test_stat_property),
		cmocka_unit_test(test_steal_rate),
		cmocka_unit_test(test_steal_rate_huge),
		cmocka_unit_test(test_schedstat),
		cmocka_unit_test(test_rq_schedstat),
		cmocka_unit_test(test_idle_state),
		cmocka_unit_test(test_cpuinfo_x86),
		cmocka_unit_test(test_cpuinfo_power),
		cmocka_unit_test(test_cpuinfo_errors),
		cmocka_unit_test(test_cpuinfo_arm64_riscv),
		cmocka_unit_test(test_cpuid_dump),
		cmocka_unit_test(test_cpulist),
		cmocka_unit_test(test_thread_groups),
	};

	return cmocka_run_group_tests_name("probe_parse", tests, NULL, NULL);
}
