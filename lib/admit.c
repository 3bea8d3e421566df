// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Concurrency restriction: the size of a lock's active set from the CPUs
 * the process really has, and the rotation that bounds how long a parked
 * waiter is passed over. Rationale: docs/heuristics.md, "admit.h".
 */
#include <pvsched/admit.h>

/*
 * The CPUs the process may use, mCPUs: its affinity, or its quota if
 * smaller; before steal and throttling take their share.
 */
static uint64_t granted_mcpus(const struct pvs_admit_in *in)
{
	uint64_t cap = in->nr_affinity ? in->nr_affinity : 1u;

	cap *= PVS_ADMIT_MCPUS_PER_CPU;
	if (in->quota_mcpus != 0 && in->quota_mcpus < cap)
		cap = in->quota_mcpus;
	return cap;
}

uint32_t pvs_admit_effective_mcpus(const struct pvs_admit_in *in)
{
	uint64_t cap = granted_mcpus(in);

	cap = pvs_spin_scale_ppm(cap, in->steal_ppm);
	cap = pvs_spin_scale_ppm(cap, in->throttled_ppm);
	return cap > 0xffffffffu ? 0xffffffffu : (uint32_t)cap;
}

bool pvs_admit_one_cpu(const struct pvs_admit_in *in)
{
	return granted_mcpus(in) < 2u * PVS_ADMIT_MCPUS_PER_CPU;
}

/* Step 2: the releaser is back before a woken sleeper could run. */
static bool releaser_back(const struct pvs_admit_in *in)
{
	uint64_t ctxsw = pvs_spin_default_budget_ns(in->ctxsw_ns);

	return in->since_release_ns != 0 && in->since_release_ns < ctxsw;
}

int pvs_admit_decide(const struct pvs_admit_in *in, struct pvs_admit_out *out)
{
	uint64_t bound;
	uint32_t eff, limit;
	bool off, back = false;

	if (!in || !out ||
	    (unsigned int)in->owner >= (unsigned int)PVS_SPIN_OWNER_COUNT)
		return -PVS_EINVAL;
	if (in->nr_affinity > PVS_MAX_CPUS ||
	    in->steal_ppm > PVS_SPIN_FULL_PPM ||
	    in->throttled_ppm > PVS_SPIN_FULL_PPM ||
	    in->rotate_ns > PVS_ADMIT_ROTATE_MAX_NS)
		return -PVS_ERANGE;

	eff = pvs_admit_effective_mcpus(in);
	limit = eff / PVS_ADMIT_MCPUS_PER_CPU;
	if (limit > 1)
		limit--;
	else {
		back = pvs_admit_one_cpu(in) && releaser_back(in);
		limit = back ? 0 : 1;
	}
	off = in->owner == PVS_SPIN_OWNER_PREEMPTED ||
	      in->owner == PVS_SPIN_OWNER_SLEEPING;
	if (off) {
		limit = 1;
		back = false;
	}
	bound = in->rotate_ns ? in->rotate_ns : PVS_ADMIT_ROTATE_NS;

	out->effective_mcpus = eff;
	out->limit = limit;
	out->park_ns = 0;
	if (in->nr_passive != 0 && in->waited_ns >= bound) {
		out->action = PVS_ADMIT_ROTATE;
		out->reason = PVS_ADMIT_REASON_BYPASS_BOUND;
	} else if (in->nr_active < limit) {
		out->action = PVS_ADMIT_ACTIVE;
		out->reason = PVS_ADMIT_REASON_ROOM;
	} else {
		out->action = PVS_ADMIT_PASSIVE;
		out->reason = off  ? PVS_ADMIT_REASON_OWNER_OFF :
			      back ? PVS_ADMIT_REASON_RELEASER_BACK :
				     PVS_ADMIT_REASON_FULL;
		out->park_ns = bound - (in->waited_ns < bound ? in->waited_ns :
								 0);
	}
	return 0;
}
