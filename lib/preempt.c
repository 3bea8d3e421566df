// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * vcpu_is_preempted() over a decoded core snapshot: validates it and
 * dispatches by hypervisor. The powerpc rule itself is pvs_ppc_rule_() in
 * internal/ppc64_rule.h, the same text the fast path over live lppaca bytes
 * (arch/ppc64.h) compiles from; the rule is docs/upstream-rules.md,
 * "powerpc/paravirt: Improve vcpu_is_preempted".
 */
#include <pvsched/preempt.h>
#include <pvsched/internal/ppc64_rule.h>

static bool pvs_core_state_valid(const struct pvs_core_state *cs,
				 unsigned int thread)
{
	if (!cs)
		return false;
	if ((unsigned int)cs->hv >= (unsigned int)PVS_HV_COUNT)
		return false;
	if ((unsigned int)cs->policy >= (unsigned int)PVS_PREEMPT_POLICY_COUNT)
		return false;
	if (cs->smt < 1 || cs->smt > PVS_MAX_SMT || thread >= cs->smt)
		return false;
	return cs->caller_thread >= PVS_CALLER_OTHER_CORE &&
	       cs->caller_thread < (int)cs->smt;
}

/* The accessors of pvs_ppc_rule_() over a snapshot (ctx is the core). */
static bool pvs_snap_yielded(const void *ctx, unsigned int i)
{
	return ((const struct pvs_core_state *)ctx)->threads[i].yield_count & 1;
}

static bool pvs_snap_idle(const void *ctx, unsigned int i)
{
	return ((const struct pvs_core_state *)ctx)->threads[i].idle != 0;
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
	case PVS_HV_POWERVM:
	case PVS_HV_KVM_PPC:
	default:
		return pvs_ppc_rule_(cs, thread, 0, cs->smt,
				     cs->caller_thread != PVS_CALLER_OTHER_CORE,
				     cs->shared, cs->hv == PVS_HV_POWERVM,
				     cs->policy, pvs_snap_yielded,
				     pvs_snap_idle);
	}
}

bool pvs_preempt_why_preempted(enum pvs_preempt_why why)
{
	return pvs_why_preempted_(why);
}

int pvs_is_preempted_checked(const struct pvs_core_state *cs,
			     unsigned int thread)
{
	int why = pvs_preempt_explain(cs, thread);

	if (why < 0)
		return why;
	return pvs_why_preempted_((enum pvs_preempt_why)why) ? 1 : 0;
}

bool pvs_is_preempted(const struct pvs_core_state *cs, unsigned int thread)
{
	return pvs_is_preempted_checked(cs, thread) > 0;
}
