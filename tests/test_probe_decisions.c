// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The Decisions section of `pvsched probe --json` on the fixture trees,
 * against values derived by hand from the kernel rules
 * (docs/upstream-rules.md: idle-state exit latency, halt polling and
 * packing; the spin rule of spin.h), not from the tool's output:
 *  - KVM host halt polling (halt_poll_ns 200000, grow 2, grow_start 10000):
 *    halts of 20 us settle at 10000 -> 20000 (covers 20 us); 150 us at
 *    10000 -> ... -> 160000; 2 ms outlast the maximum and leave 0.
 *  - POWER10 dedicated with firmware records of 12 and 100 us: exit 12 us,
 *    residency 120 us from firmware; the pre-fix rule keeps 10 us because
 *    min(10, 12, 100) is not below 10.
 *  - POWER9 shared with big cores: pack; asym packing at CACHE and PKG and
 *    no MC level (splpar-asym-pack); 4 tasks on 4 SMT8 cores fill 1 core.
 *  - Bare metal: dedicated, the full 9 us budget (225 PAUSEs at the 40 ns
 *    default), 7 spinners of 8 CPUs before the next parks.
 */
#define _GNU_SOURCE
#include <stdlib.h>

#include "probe_test.h"

static char out[1 << 17];

static void probe(const char *fixture)
{
	char cmd[1024];
	FILE *p;
	size_t n;

	snprintf(cmd, sizeof(cmd), "%s probe --json --window 0 --sysroot %s/%s",
		 PVS_PVSCHED, PVS_FIXTURES, fixture);
	p = popen(cmd, "r");
	assert_non_null(p);
	n = fread(out, 1, sizeof(out) - 1, p);
	out[n] = '\0';
	assert_int_equal(pclose(p), 0);
}

/* @text appears inside object @obj of the decisions. */
static void expect_in(const char *obj, const char *text)
{
	const char *d = strstr(out, "\"decisions\": {"), *o, *end;

	assert_non_null(d);
	o = strstr(d, obj);
	if (o == NULL)
		fail_msg("no %s in the decisions", obj);
	/* The object ends at the first line closing it at its depth. */
	end = strstr(o, "\n    }");
	if (end == NULL)
		end = out + strlen(out);
	if (!memmem(o, (size_t)(end - o), text, strlen(text)))
		fail_msg("%s: '%s' not found in:\n%.*s", obj, text,
			 (int)(end - o), o);
}

static void test_host_halt_poll(void **state)
{
	(void)state;
	probe("x86-baremetal-intel");
	expect_in("\"kvm_host\": {", "\"block_ns\": 20000,\n"
		  "            \"window_ns\": 20000");
	expect_in("\"kvm_host\": {", "\"block_ns\": 150000,\n"
		  "            \"window_ns\": 160000");
	expect_in("\"kvm_host\": {", "\"block_ns\": 2000000,\n"
		  "            \"window_ns\": 0");
	expect_in("\"halt_poll\": {", "\"guest\": null");
	expect_in("\"spin\": {", "\"dedicated\": true");
	expect_in("\"spin\": {", "\"budget_ns\": 9000");
	expect_in("\"spin\": {", "\"pauses\": 225");
	expect_in("\"spin\": {", "\"safe\": \"yes\"");
	expect_in("\"spin\": {", "\"max_spinners\": 7");
	assert_non_null(strstr(out, "\"idle_latency\": null"));
}

static void test_p10_firmware_latency(void **state)
{
	(void)state;
	probe("ppc64-p10-dedicated");
	expect_in("\"idle_latency\": {", "\"state\": \"CEDE\"");
	expect_in("\"idle_latency\": {", "\"exit_latency_us\": 12");
	expect_in("\"idle_latency\": {", "\"target_residency_us\": 120");
	expect_in("\"idle_latency\": {", "\"source\": \"firmware\"");
	expect_in("\"idle_latency\": {", "\"firmware_min_latency_ns\": 12000");
	expect_in("\"idle_latency\": {", "\"old_rule_exit_latency_us\": 10");
	expect_in("\"idle_latency\": {", "\"sysfs_exit_latency_us\": 12");
	expect_in("\"pack\": {", "\"policy\": \"spread\"");
}

static void test_p9_shared_pack(void **state)
{
	(void)state;
	probe("ppc64-p9-shared");
	/* Where the kernel's asym-packing balancer converges: one busy
	 * thread per idle small core (SMT4 half) of the first big cores. */
	expect_in("\"pack\": {", "\"policy\": \"balancer\"");
	expect_in("\"pack\": {", "\"asym_packing_levels\": [\n"
		  "        \"CACHE\",\n        \"PKG\"\n      ]");
	expect_in("\"pack\": {", "\"tasks\": 4,\n"
		  "        \"cores_used\": 2,\n"
		  "        \"cores_used_spread\": 4");
	{
		/* splpar-asym-pack: no MC level on shared processors. */
		const char *l = strstr(out, "\"levels\": ["), *e;

		assert_non_null(l);
		e = strchr(l, ']');
		assert_non_null(memmem(l, (size_t)(e - l), "\"PKG\"", 5));
		assert_null(memmem(l, (size_t)(e - l), "\"MC\"", 4));
	}
	/* Shared, uncapped, POWER9: the Shared Cede default. */
	expect_in("\"idle_latency\": {", "\"state\": \"Shared Cede\"");
	expect_in("\"idle_latency\": {", "\"exit_latency_us\": 10");
	expect_in("\"idle_latency\": {", "\"source\": \"default\"");
	expect_in("\"spin\": {", "\"dedicated\": false");
}

static void test_kvm_guests(void **state)
{
	(void)state;
	probe("ppc64-kvm-guest");
	/* Shared processors but no big cores (qemu has no thread groups). */
	expect_in("\"pack\": {", "\"policy\": \"spread\"");
	expect_in("\"spin\": {", "\"max_spinners\": 3");
	expect_in("\"spin\": {", "\"safe\": \"shortened\"");
	probe("x86-kvm-haltpoll");
	/* guest_halt_poll_ns=0 on this VM: the guest never polls. */
	expect_in("\"guest\": {", "\"window_ns\": 0");
	expect_in("\"idle_latency\": {", "\"state\": \"haltpoll idle\"");
	expect_in("\"idle_latency\": {", "\"exit_latency_us\": 1");
	expect_in("\"spin\": {", "\"max_spinners\": 1");
	expect_in("\"spin\": {", "\"dedicated\": false");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_host_halt_poll),
		cmocka_unit_test(test_p10_firmware_latency),
		cmocka_unit_test(test_p9_shared_pack),
		cmocka_unit_test(test_kvm_guests),
	};

	return cmocka_run_group_tests_name("probe_decisions", tests, NULL,
					   NULL);
}
