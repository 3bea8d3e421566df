// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * A simulator plug-in that runs splpar-asym-pack's balancer under the
 * load balancer's asym-packing rules as they were before v6.5 (the
 * library's policy variant PVS_ASYM_SMT_DELTA, asym_smt_can_pull_tasks()):
 * between cores an idle CPU follows priorities whether or not its SMT
 * siblings are busy, so the pulls fill the highest-priority cores
 * thread by thread. What would the shared-processor change have done on
 * a kernel without "sched/fair: Only do asym_packing load balancing from
 * fully idle SMT cores"? Try it:
 *
 *   pvsched sim run splpar-asym-pack --plugin ./libasym_smt_delta.so
 */
#include <pvsched/sim.h>

static bool smt_delta_group_pull(void *user,
				 const struct pvs_asym_snapshot *s)
{
	(void)user;
	return pvs_asym_group_pull(s, PVS_ASYM_SMT_DELTA);
}

static bool smt_delta_skip_rq(void *user,
			      const struct pvs_asym_snapshot *s)
{
	(void)user;
	return pvs_asym_skip_rq(s, PVS_ASYM_SMT_DELTA);
}

static bool smt_delta_active_balance(void *user,
				     const struct pvs_asym_snapshot *s)
{
	(void)user;
	return pvs_asym_active_balance(s, PVS_ASYM_SMT_DELTA);
}

/** @brief The plug-in's policy: the three pull decisions, v5.16 .. v6.4. */
const struct pvsim_plugin pvsim_plugin = {
	PVSIM_PLUGIN_ABI,
	"the balancer under the v5.16..v6.4 asym-packing rules (SMT_DELTA)",
	{ .name = "asym-smt-delta", .asym_group_pull = smt_delta_group_pull,
	  .asym_skip_rq = smt_delta_skip_rq,
	  .asym_active_balance = smt_delta_active_balance },
};
