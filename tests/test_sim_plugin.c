// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The plug-in ABI (<pvsched/sim/plugin.h>): plug-ins built for ABI 1 and
 * 2, before the later hooks, still load and run with those hooks NULL
 * (the library's rule); versions below PVSIM_PLUGIN_ABI_OLDEST or above
 * PVSIM_PLUGIN_ABI are refused with both versions and what to rebuild
 * against; every hook has its name, in struct order. The objects are
 * tests/sim_plugin_abi.c built for ABI 0, 1, 2 and one past today's.
 */
#define _POSIX_C_SOURCE 200809L /* fmemopen */
#include <stddef.h>
#include <string.h>

#include "pvs_test.h"
#include "engine/sim_int.h"

/* Load @p path; the diagnostics into @p msg (n bytes). */
static int load(const char *path, const struct pvsim_plugin **pl,
		void **handle, char *msg, size_t n)
{
	FILE *err = fmemopen(msg, n, "w");
	int ret;

	assert_non_null(err);
	ret = pvsim_plugin_load(path, pl, handle, err);
	fclose(err);
	return ret;
}

/* An old plug-in loads: its pick_cpu, every later hook NULL; it runs as
 * one more policy of the scenario it fits. */
static void old_loads_and_runs(const char *path, uint32_t abi)
{
	static char out[65536];
	char *argv[] = { "pvsched-sim", "run", "splpar-asym-pack", "--plugin",
			 (char *)path, "--iterations", "1", "--runtime-ms",
			 "100" };
	const struct pvsim_plugin *pl;
	bool set[PVSIM_NHOOKS];
	char msg[512] = "";
	FILE *o, *e;
	void *handle;

	assert_int_equal(load(path, &pl, &handle, msg, sizeof(msg)), 0);
	assert_string_equal(msg, "");
	assert_int_equal(pl->abi, abi);
	assert_string_equal(pl->hooks.name, "old-spread");
	assert_int_equal(pvsim_hooks_set(&pl->hooks, set), 1);
	assert_true(set[1]);	/* pick_cpu */
	assert_non_null(pl->hooks.pick_cpu);
	assert_null(pl->hooks.ple_step);
	assert_null(pl->hooks.asym_group_pull);
	assert_null(pl->hooks.asym_active_balance);
	pvsim_plugin_unload(handle);

	o = fmemopen(out, sizeof(out), "w");
	e = tmpfile();
	assert_non_null(o);
	assert_non_null(e);
	assert_int_equal(pvsim_main(9, argv, o, e), 0);
	fclose(o);
	fclose(e);
	assert_non_null(strstr(out, "\nold-spread 1 "));
}

static void test_old_abis_load(void **state)
{
	(void)state;
	old_loads_and_runs(PVS_PLUGIN_ABI1, 1);
	old_loads_and_runs(PVS_PLUGIN_ABI2, 2);
}

static void refused(const char *path, unsigned int abi)
{
	const struct pvsim_plugin *pl;
	char msg[512], want[256];
	void *handle;

	assert_int_equal(load(path, &pl, &handle, msg, sizeof(msg)), -1);
	assert_null(pl);
	assert_null(handle);
	snprintf(want, sizeof(want), "was built for plug-in ABI %u; this "
		 "simulator loads ABI %u to %u: rebuild it against this "
		 "simulator's <pvsched/sim.h>\n", abi, PVSIM_PLUGIN_ABI_OLDEST,
		 PVSIM_PLUGIN_ABI);
	assert_non_null(strstr(msg, want));
}

static void test_other_abis_refused(void **state)
{
	(void)state;
	refused(PVS_PLUGIN_ABI0, 0);
	refused(PVS_PLUGIN_ABI_NEXT, PVSIM_PLUGIN_ABI + 1);
}

/* pvsim_hook_names and pvsim_hooks_set() follow struct pvsim_hooks. */
static void test_hook_names(void **state)
{
	struct pvsim_hooks h;
	bool set[PVSIM_NHOOKS];
	unsigned int i;

	(void)state;
	assert_int_equal(sizeof(h), offsetof(struct pvsim_hooks, is_preempted) +
			 PVSIM_NHOOKS * sizeof(h.is_preempted));
	memset(&h, 0, sizeof(h));
	h.asym_skip_rq = (bool (*)(void *, const struct pvs_asym_snapshot *))1;
	assert_int_equal(pvsim_hooks_set(&h, set), 1);
	for (i = 0; i < PVSIM_NHOOKS; i++)
		assert_int_equal(set[i], !strcmp(pvsim_hook_names[i],
						 "asym_skip_rq"));
	assert_string_equal(pvsim_hook_names[0], "is_preempted");
	assert_string_equal(pvsim_hook_names[PVSIM_NHOOKS - 1],
			    "asym_active_balance");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_old_abis_load),
		cmocka_unit_test(test_other_abis_refused),
		cmocka_unit_test(test_hook_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
