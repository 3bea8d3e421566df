// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * A simulator plug-in that reimplements, in its own code, every decision
 * of a pause-loop exit under the bail-out kernel (docs/upstream-rules.md,
 * "sched: Bail out of yield_to when source and target runqueue has one
 * task", and the kvm_vcpu_on_spin candidate pass): yield_to()'s answer,
 * the candidate pass with its stop after three failures, the spinner's
 * spin-loop flags and the PLE window update. Run beside the built-in
 * policies it must give byte-identical numbers to "bail-out" (the CI
 * checks it):
 *
 *   pvsched sim run kvm-yield-bailout --plugin ./libbailout_again.so
 */
#include <pvsched/sim.h>

/* yield_to(): -ESRCH before the locks when both runqueues run one task. */
static int again_should_yield(void *user, const struct pvs_rq_lens *rq)
{
	(void)user;
	if (rq->src_nr_running == 1 && rq->dst_nr_running == 1)
		return -PVS_ESRCH;
	if (!rq->class_has_yield_to || !rq->same_class ||
	    rq->target_on_cpu || !rq->target_runnable || rq->hook_refuses)
		return PVS_YIELD_SKIP;
	return PVS_YIELD_BOOST;
}

/* Skipped before the eligibility check? Which counter, or NULL. */
static unsigned int *again_filter(const struct pvs_vcpu_snap *v,
				  bool kernel_mode, struct pvs_dy_result *st)
{
	if (!v->ready)
		return &st->skip_not_ready;
	if (v->blocking && !v->dy_runnable)
		return &st->skip_blocked;
	if (v->preempted && kernel_mode && !v->pending_interrupt &&
	    !v->preempted_in_kernel)
		return &st->skip_user_mode;
	return NULL;
}

/* kvm_vcpu_on_spin(): one round-robin pass after last_boosted. */
static int again_dy_on_spin(void *user, struct pvs_dy_vm *vm,
			    const struct pvs_dy_spinner *sp,
			    struct pvs_dy_result *res)
{
	struct pvs_dy_result st = { PVS_DY_NONE, 0, 0, 0, 0, 0, 0, 0,
				    PVS_DY_STOP_EXHAUSTED };
	unsigned int nr = vm->nr_vcpus, idx = vm->last_boosted, i;

	(void)user;
	for (i = 0; i + 1 < nr; i++) {
		struct pvs_vcpu_snap *v;
		unsigned int *skip;
		bool eligible;
		int ret;

		idx = idx + 1 < nr ? idx + 1 : 0;
		if (idx == sp->me)
			idx = idx + 1 < nr ? idx + 1 : 0;
		v = &vm->vcpus[idx];
		st.examined++;
		skip = again_filter(v, sp->yield_to_kernel_mode, &st);
		if (!skip) {
			/* a spinning vCPU is eligible every other look */
			eligible = !v->in_spin_loop || v->dy_eligible;
			if (v->in_spin_loop)
				v->dy_eligible = !v->dy_eligible;
			if (!eligible)
				skip = &st.skip_ineligible;
		}
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
		if (ret < 0 && ++st.failures >= PVS_DY_MAX_FAILURES) {
			st.stop = PVS_DY_STOP_FAILURES;
			break;
		}
	}
	*res = st;
	return st.stop == PVS_DY_STOP_BOOSTED;
}

/* kvm_vcpu_set_in_spin_loop(); at the end not eligible next time. */
static void again_spin_loop(void *user, struct pvs_vcpu_snap *me, bool enter)
{
	(void)user;
	me->in_spin_loop = enter;
	if (!enter)
		me->dy_eligible = false;
}

/* VMX's grow_ple_window() / shrink_ple_window(). */
static int again_ple_step(void *user, const struct pvs_ple_params *p,
			  enum pvs_ple_event ev, uint32_t *window)
{
	uint64_t w = *window;
	uint32_t mod = ev == PVS_PLE_EXIT ? p->grow : p->shrink;

	(void)user;
	if (!p->gap)
		return 0;
	if (mod < 1)
		w = p->window;
	else if (ev == PVS_PLE_EXIT)
		w = mod < p->window ? w * mod : w + mod;
	else
		w = mod < p->window ? w / mod : (w > mod ? w - mod : 0);
	if (ev == PVS_PLE_EXIT && w > p->window_max)
		w = p->window_max;
	if (ev == PVS_PLE_SCHED_IN && w < p->window)
		w = p->window;
	if (w == *window)
		return 0;
	*window = (uint32_t)w;
	return 1;
}

/** @brief The plug-in's policy: every kvm-yield-bailout hook its own. */
const struct pvsim_plugin pvsim_plugin = {
	PVSIM_PLUGIN_ABI,
	"the bail-out kernel, reimplemented outside the library (must equal "
	"bail-out)",
	{ .name = "bailout-again", .should_yield = again_should_yield,
	  .dy_on_spin = again_dy_on_spin, .dy_spin_loop = again_spin_loop,
	  .ple_step = again_ple_step },
};
