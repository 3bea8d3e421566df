// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Directed yield (kvm-yield-bailout): Linux's yield_to() decision and the candidate
 * pass of kvm_vcpu_on_spin(), over caller-supplied snapshots.
 */
#include <pvsched/yield.h>

static bool pvs_yield_policy_ok(enum pvs_yield_policy policy)
{
	return policy == PVS_YIELD_BASELINE || policy == PVS_YIELD_BAILOUT;
}

int pvs_should_yield(const struct pvs_rq_lens *r)
{
	if (!r || !pvs_yield_policy_ok(r->policy) || r->src_nr_running == 0)
		return -PVS_EINVAL;

	/* Before the runqueue locks: nobody else could use this CPU. */
	if (r->policy == PVS_YIELD_BAILOUT && r->src_nr_running == 1 &&
	    r->dst_nr_running == 1)
		return -PVS_ESRCH;
	if (!r->class_has_yield_to || !r->same_class)
		return PVS_YIELD_SKIP;
	if (r->target_on_cpu || !r->target_runnable)
		return PVS_YIELD_SKIP;
	return r->hook_refuses ? PVS_YIELD_SKIP : PVS_YIELD_BOOST;
}

/*
 * The filters of kvm_vcpu_on_spin() before the eligibility check, in the
 * kernel's order. Returns the counter of the filter that rejects @v, or
 * NULL when @v gets as far as the eligibility check.
 */
static unsigned int *pvs_dy_filter(const struct pvs_vcpu_snap *v,
				   bool yield_to_kernel_mode,
				   struct pvs_dy_result *st)
{
	if (!v->ready)
		return &st->skip_not_ready;
	if (v->blocking && !v->dy_runnable)
		return &st->skip_blocked;
	/* A pending interrupt counts as in-kernel: the spinner may wait on it. */
	if (v->preempted && yield_to_kernel_mode && !v->pending_interrupt &&
	    !v->preempted_in_kernel)
		return &st->skip_user_mode;
	return NULL;
}

/* kvm_vcpu_eligible_for_directed_yield(): every other look while spinning. */
static bool pvs_dy_eligible(struct pvs_vcpu_snap *v)
{
	bool eligible = !v->in_spin_loop || v->dy_eligible;

	if (v->in_spin_loop)
		v->dy_eligible = !v->dy_eligible;
	return eligible;
}

int pvs_dy_on_spin(struct pvs_dy_vm *vm, const struct pvs_dy_spinner *sp,
		   struct pvs_dy_result *res)
{
	struct pvs_dy_result st = { PVS_DY_NONE, 0, 0, 0, 0, 0, 0, 0,
				    PVS_DY_STOP_EXHAUSTED };
	unsigned int nr, i, idx;

	if (!vm || !sp || !res || !vm->vcpus || !sp->yield_to ||
	    !pvs_yield_policy_ok(sp->policy))
		return -PVS_EINVAL;
	nr = vm->nr_vcpus;
	if (nr > PVS_MAX_VCPUS)
		return -PVS_ERANGE;
	if (nr == 0 || sp->me >= nr || vm->last_boosted >= nr)
		return -PVS_EINVAL;

	idx = vm->last_boosted;
	for (i = 0; i < nr - 1 && i < PVS_MAX_VCPUS; i++) {
		struct pvs_vcpu_snap *v;
		unsigned int *skip;
		int ret;

		/* Round robin: next after idx, wrapping; the spinner once. */
		idx = idx + 1 < nr ? idx + 1 : 0;
		if (idx == sp->me)
			idx = idx + 1 < nr ? idx + 1 : 0;
		v = &vm->vcpus[idx];
		st.examined++;
		skip = pvs_dy_filter(v, sp->yield_to_kernel_mode, &st);
		if (!skip && !pvs_dy_eligible(v))
			skip = &st.skip_ineligible;
		if (skip) {
			(*skip)++;
			continue;
		}

		st.attempts++;
		ret = sp->yield_to(sp->ctx, idx);
		if (ret > 0) {
			st.boosted = idx;
			st.stop = PVS_DY_STOP_BOOSTED;
			vm->last_boosted = idx;
			break;
		}
		if (ret < 0) {
			st.failures++;
			if (sp->policy == PVS_YIELD_BAILOUT &&
			    st.failures >= PVS_DY_MAX_FAILURES) {
				st.stop = PVS_DY_STOP_FAILURES;
				break;
			}
		}
	}
	*res = st;
	return st.stop == PVS_DY_STOP_BOOSTED;
}
