// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * A simulator plug-in with a packing heuristic of its own: pack like the
 * library's CORES rule, but onto at most the first four threads of each
 * SMT8 core while any of those is idle (per-thread speed stays near the
 * SMT4 rate), and only then onto the other four. Try it:
 *
 *   pvsched sim run splpar-asym-pack --plugin ./libpack_smt4.so
 *   pvsched sim compare splpar-asym-pack --plugin ./libpack_smt4.so \
 *       --metric records_per_s
 */
#include <string.h>

#include <pvsched/sim.h>

#define SMT4_LIMIT 4

static int smt4_pick_cpu(void *user, const struct pvs_pack_topology *t,
			 const uint32_t *nr_running,
			 const struct pvs_pack_task *task)
{
	uint64_t mask[PVS_PACK_MASK_WORDS];
	struct pvs_pack_task lower;
	uint32_t c;
	int cpu;

	(void)user;
	memset(mask, 0, sizeof(mask));
	for (c = 0; c < t->nr_cpus; c++)
		if (c % t->threads_per_core < SMT4_LIMIT &&
		    (!task || !task->allowed ||
		     pvs_pack_mask_test(task->allowed, c)))
			mask[c / 64] |= 1ull << (c % 64);
	if (task)
		lower = *task;
	else
		pvs_pack_task_init(&lower);
	lower.allowed = mask;
	lower.idle_only = true;
	cpu = pvs_pack_pick_cpu(t, nr_running, &lower, PVS_PACK_CORES);
	if (cpu >= 0)
		return cpu;
	return pvs_pack_pick_cpu(t, nr_running, task, PVS_PACK_CORES);
}

/** @brief The plug-in's policy: only pick_cpu is its own. */
const struct pvsim_plugin pvsim_plugin = {
	PVSIM_PLUGIN_ABI,
	"pack onto the first 4 threads of each core first, then the rest",
	{ .name = "pack-smt4", .pick_cpu = smt4_pick_cpu },
};
