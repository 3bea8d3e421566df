// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The load balancer's asym-packing rules (kernel/sched/fair.c) over a plain
 * snapshot: which group an idle CPU pulls from, which runqueue it passes
 * over, when it forces the migration. Rationale: docs/upstream-rules.md,
 * "Asym-packing pull decision".
 */
#include <pvsched/pack.h>

/* sched_asym_prefer(a, b): strictly higher priority. */
static bool prefer(int32_t a, int32_t b)
{
	return a > b;
}

bool pvs_asym_use_prio(const struct pvs_asym_snapshot *s,
		       uint32_t busy_siblings, enum pvs_asym_rule rule)
{
	if (!s || !(s->sd_flags & PVS_SDF_ASYM_PACKING))
		return false;
	switch (rule) {
	case PVS_ASYM_SMT_DELTA:
		return true;
	case PVS_ASYM_IDLE_CORE:
		if (!s->smt_active)
			return true;
		return (s->sd_flags & PVS_SDF_SHARE_CPUCAPACITY) ||
		       busy_siblings == 0;
	default:
		return false;
	}
}

/* asym_smt_can_pull_tasks(), v5.16 .. v6.4, with CONFIG_SCHED_SMT. */
static bool smt_delta_can_pull(const struct pvs_asym_snapshot *s)
{
	/* int sg_busy_cpus = sgs->group_weight - sgs->idle_cpus; */
	int32_t sg_busy = (int32_t)(s->src_weight - s->src_idle_cpus);
	int32_t local_busy;

	if (!(s->local_flags & PVS_SDF_SHARE_CPUCAPACITY)) {
		if (sg_busy >= 2)
			return true;
		return prefer(s->dst_prio, s->src_prio);
	}
	if (s->src_flags & PVS_SDF_SHARE_CPUCAPACITY) {
		local_busy = (int32_t)(s->local_weight - s->local_idle_cpus);
		if (sg_busy - local_busy == 1)
			return prefer(s->dst_prio, s->src_prio);
		return false;
	}
	if (s->local_nr_running == 0)
		return prefer(s->dst_prio, s->src_prio);
	return false;
}

bool pvs_asym_group_pull(const struct pvs_asym_snapshot *s,
			 enum pvs_asym_rule rule)
{
	if (!s || !(s->sd_flags & PVS_SDF_ASYM_PACKING) || !s->dst_idle ||
	    s->src_nr_running == 0)
		return false;
	switch (rule) {
	case PVS_ASYM_SMT_DELTA:
		if ((s->local_flags | s->src_flags) & PVS_SDF_SHARE_CPUCAPACITY)
			return smt_delta_can_pull(s);
		return prefer(s->dst_prio, s->src_prio);
	case PVS_ASYM_IDLE_CORE:
		/* Priorities mean nothing for an SMT core with >1 busy CPU. */
		if ((s->src_flags & PVS_SDF_SHARE_CPUCAPACITY) &&
		    s->src_weight - s->src_idle_cpus != 1)
			return false;
		return pvs_asym_use_prio(s, s->dst_busy_siblings, rule) &&
		       prefer(s->dst_prio, s->src_prio);
	default:
		return false;
	}
}

bool pvs_asym_skip_rq(const struct pvs_asym_snapshot *s,
		      enum pvs_asym_rule rule)
{
	if (!s || s->src_cpu_nr_running != 1 ||
	    !prefer(s->src_cpu_prio, s->dst_prio))
		return false;
	return pvs_asym_use_prio(s, s->src_cpu_busy_siblings, rule);
}

bool pvs_asym_active_balance(const struct pvs_asym_snapshot *s,
			     enum pvs_asym_rule rule)
{
	if (!s || !s->dst_idle ||
	    !pvs_asym_use_prio(s, s->dst_busy_siblings, rule))
		return false;
	if (prefer(s->dst_prio, s->src_cpu_prio))
		return true;
	return rule == PVS_ASYM_IDLE_CORE &&
	       !pvs_asym_use_prio(s, s->src_cpu_busy_siblings, rule);
}
