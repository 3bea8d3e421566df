// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * A simulator plug-in that reimplements, in its own code, the library's
 * idle-hint rule of vcpu_is_preempted() for a KVM guest on powerpc
 * (docs/upstream-rules.md, "powerpc/paravirt: Improve vcpu_is_preempted"):
 * a thread is preempted when the hypervisor has not dispatched it
 * (yield_count odd) and it had not asked to cede (the lppaca idle byte is
 * clear). Run beside the built-in policies it must give byte-identical
 * numbers to "idle-hint" (the CI checks it):
 *
 *   pvsched sim run ppc-idle-hint --plugin ./libidle_hint_again.so
 */
#include <pvsched/sim.h>

static bool again_is_preempted(void *user, const struct pvs_core_state *cs,
			       unsigned int thread)
{
	const struct pvs_thread_state *t = &cs->threads[thread];

	(void)user;
	if (!cs->shared)
		return false;	/* a dedicated core is never taken */
	if (!(t->yield_count & 1))
		return false;		/* dispatched: running */
	return !t->idle;		/* not dispatched and not ceding */
}

/** @brief The plug-in's policy: only is_preempted is its own. */
const struct pvsim_plugin pvsim_plugin = {
	PVSIM_PLUGIN_ABI,
	"idle hint, reimplemented outside the library (must equal idle-hint)",
	{ .name = "idle-hint-again", .is_preempted = again_is_preempted },
};
