// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * vcpu_is_preempted() over a decoded core snapshot (seed 000). The rule
 * steps follow arch/powerpc/include/asm/paravirt.h; the lazy fast path over
 * raw lppaca bytes is pvs_ppc64_is_preempted() in arch/ppc64.h, and
 * tests/test_preempt.c proves both equal on every state of an SMT8 core.
 */
#include <pvsched/preempt.h>

static bool pvs_core_state_valid(const struct pvs_core_state *cs,
				 unsigned int thread)
{
	if (!cs)
		return false;
	if ((unsigned int)cs->hv > (unsigned int)PVS_HV_PREEMPT_FLAG)
		return false;
	if ((unsigned int)cs->policy > (unsigned int)PVS_PREEMPT_PARITY)
		return false;
	if (cs->smt < 1 || cs->smt > PVS_MAX_SMT || thread >= cs->smt)
		return false;
	return cs->caller_thread >= PVS_CALLER_OTHER_CORE &&
	       cs->caller_thread < (int)cs->smt;
}

/* Odd yield_count: the hypervisor has not dispatched the thread. */
static bool pvs_thread_yielded(const struct pvs_thread_state *t)
{
	return t->yield_count & 1;
}

/* Steps 4b and 5: the other threads of a PowerVM core, in index order. */
static enum pvs_preempt_why pvs_sibling_walk(const struct pvs_core_state *cs,
					     unsigned int thread)
{
	unsigned int i;

	for (i = 0; i < PVS_MAX_SMT && i < cs->smt; i++) {
		if (i == thread)
			continue;
		if (!pvs_thread_yielded(&cs->threads[i]))
			return PVS_PREEMPT_WHY_SIBLING_DISPATCHED;
		if (!cs->threads[i].idle)
			return PVS_PREEMPT_WHY_SIBLING_PREEMPTED;
	}
	return PVS_PREEMPT_WHY_CEDED;
}

/* The powerpc lppaca rule, both policies; cs is valid. */
static enum pvs_preempt_why pvs_ppc_explain(const struct pvs_core_state *cs,
					    unsigned int thread)
{
	const struct pvs_thread_state *t = &cs->threads[thread];
	bool powervm = cs->hv == PVS_HV_POWERVM;
	bool caller_here = cs->caller_thread != PVS_CALLER_OTHER_CORE;

	if (!cs->shared)
		return PVS_PREEMPT_WHY_DEDICATED;		/* step 1 */
	if (cs->policy == PVS_PREEMPT_PARITY) {
		if (powervm && caller_here)
			return PVS_PREEMPT_WHY_SAME_CORE;	/* step 4a */
		return pvs_thread_yielded(t) ? PVS_PREEMPT_WHY_YIELD_ODD :
					       PVS_PREEMPT_WHY_DISPATCHED;
	}
	if (!pvs_thread_yielded(t))
		return PVS_PREEMPT_WHY_DISPATCHED;		/* step 2 */
	if (!t->idle)
		return PVS_PREEMPT_WHY_NOT_IDLE;		/* step 3 */
	if (!powervm)
		return PVS_PREEMPT_WHY_CEDED;		/* KVM: step 5 */
	if (caller_here)
		return PVS_PREEMPT_WHY_SAME_CORE;		/* step 4a */
	return pvs_sibling_walk(cs, thread);			/* 4b, 5 */
}

int pvs_preempt_explain(const struct pvs_core_state *cs, unsigned int thread)
{
	if (!pvs_core_state_valid(cs, thread))
		return -PVS_EINVAL;
	switch (cs->hv) {
	case PVS_HV_NONE:
		return PVS_PREEMPT_WHY_NO_HV;
	case PVS_HV_PREEMPT_FLAG:
		return cs->threads[thread].preempted ?
			       PVS_PREEMPT_WHY_FLAG_SET :
			       PVS_PREEMPT_WHY_FLAG_CLEAR;
	default:
		return pvs_ppc_explain(cs, thread);
	}
}

bool pvs_preempt_why_preempted(enum pvs_preempt_why why)
{
	switch (why) {
	case PVS_PREEMPT_WHY_FLAG_SET:
	case PVS_PREEMPT_WHY_NOT_IDLE:
	case PVS_PREEMPT_WHY_SIBLING_PREEMPTED:
	case PVS_PREEMPT_WHY_YIELD_ODD:
		return true;
	default:
		return false;
	}
}

int pvs_is_preempted_checked(const struct pvs_core_state *cs,
			     unsigned int thread)
{
	int why = pvs_preempt_explain(cs, thread);

	if (why < 0)
		return why;
	return pvs_preempt_why_preempted((enum pvs_preempt_why)why) ? 1 : 0;
}

bool pvs_is_preempted(const struct pvs_core_state *cs, unsigned int thread)
{
	return pvs_is_preempted_checked(cs, thread) > 0;
}
