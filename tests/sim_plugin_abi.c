// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * A plug-in as a build for an older plug-in ABI left it (tests/
 * test_sim_plugin.c loads it): compiled with PVS_TEST_ABI = 1 or 2, its
 * struct pvsim_plugin has exactly that version's hooks (2 or 10), so a
 * loader reading today's larger struct would read past the object
 * (AddressSanitizer says so); other values only set the version field,
 * which the loader must refuse.
 */
#include <pvsched/sim.h>

#ifndef PVS_TEST_ABI
#error "PVS_TEST_ABI: the plug-in ABI version this object claims"
#endif

/* ABI 2's hooks, in order: is_preempted, pick_cpu, idle_state_latency,
 * poll_action, halt_poll_window_ns, halt_poll_step, should_yield,
 * dy_on_spin, dy_spin_loop, ple_step; ABI 1's the first two. */
#if PVS_TEST_ABI == 1
#define OLD_NHOOKS 2
#else
#define OLD_NHOOKS 10
#endif
typedef void (*hook_fn)(void);

struct plugin_old {
	uint32_t abi;
	const char *summary;
	struct {
		const char *name;
		void *user;
		hook_fn fn[OLD_NHOOKS];
	} hooks;
};

static int spread_pick_cpu(void *user, const struct pvs_pack_topology *t,
			   const uint32_t *nr_running,
			   const struct pvs_pack_task *task)
{
	(void)user;
	return pvs_pack_pick_cpu(t, nr_running, task, PVS_PACK_SPREAD);
}

/** @brief An old layout: pick_cpu (the second hook) only. */
const struct plugin_old pvsim_plugin = {
	PVS_TEST_ABI,
	"an old plug-in: spread placement through pick_cpu",
	{ "old-spread", 0, { 0, (hook_fn)spread_pick_cpu } },
};
