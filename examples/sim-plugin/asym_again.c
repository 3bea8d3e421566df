// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * A simulator plug-in that writes out, in its own code, the v6.5+ load
 * balancer's asym-packing pull rule (kernel/sched/fair.c, sched_group_asym()
 * and sched_use_asym_prio(); docs/upstream-rules.md, "Asym-packing pull
 * decision"): an idle CPU takes a group as a candidate only when its own
 * SMT siblings are all idle, the group is not an SMT core with more than
 * one busy CPU, and the group has a strictly lower priority. Setting a
 * pull hook runs it in splpar-asym-pack's balancer, where it must give
 * byte-identical rows to "balancer", whose pulls are the library's
 * pvs_asym_group_pull() (the CI checks it):
 *
 *   pvsched sim run splpar-asym-pack --plugin ./libasym_again.so
 */
#include <pvsched/sim.h>

static bool again_group_pull(void *user, const struct pvs_asym_snapshot *s)
{
	(void)user;
	if (!(s->sd_flags & PVS_SDF_ASYM_PACKING) || !s->dst_idle ||
	    !s->src_nr_running)
		return false;
	/* priorities mean nothing for an SMT core with several busy CPUs */
	if ((s->src_flags & PVS_SDF_SHARE_CPUCAPACITY) &&
	    s->src_weight - s->src_idle_cpus != 1)
		return false;
	/* the destination follows priorities only from an idle SMT core */
	if (s->smt_active && !(s->sd_flags & PVS_SDF_SHARE_CPUCAPACITY) &&
	    s->dst_busy_siblings)
		return false;
	return s->dst_prio > s->src_prio;
}

/** @brief The plug-in's policy: only asym_group_pull is its own. */
const struct pvsim_plugin pvsim_plugin = {
	PVSIM_PLUGIN_ABI,
	"v6.5+ asym-packing pull, written outside the library (must equal balancer)",
	{ .name = "asym-again", .asym_group_pull = again_group_pull },
};
