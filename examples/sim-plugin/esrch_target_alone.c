// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * A simulator plug-in with a yield_to() rule of its own: bail out with
 * -ESRCH, before the runqueue locks, whenever the target runs alone on
 * its CPU (its runqueue holds one task and that task is on the CPU),
 * whatever the source runqueue holds. The upstream rule also needs the
 * source runqueue to hold one task; when a host task waits behind the
 * spinner, every candidate then costs the locks. A boost to a running
 * target is refused anyway, so the question is only what the pass costs
 * and when it stops. Try it:
 *
 *   pvsched sim run kvm-yield-bailout --plugin ./libesrch_target_alone.so
 *   pvsched sim compare kvm-yield-bailout --base bail-out \
 *       --plugin ./libesrch_target_alone.so
 */
#include <pvsched/sim.h>

static int alone_should_yield(void *user, const struct pvs_rq_lens *rq)
{
	(void)user;
	if (rq->dst_nr_running == 1 && rq->target_on_cpu)
		return -PVS_ESRCH;
	return pvs_should_yield(rq);	/* the library's bail-out rule */
}

/** @brief The plug-in's policy: only should_yield is its own. */
const struct pvsim_plugin pvsim_plugin = {
	PVSIM_PLUGIN_ABI,
	"-ESRCH whenever the target runs alone on its CPU, busy source or not",
	{ .name = "esrch-target-alone", .should_yield = alone_should_yield },
};
