// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The KVM model (kvm.c): the guest's run queue of one vCPU under Linux
 * 6.6's EEVDF (eevdf.h, the same rules the host's queues follow), used
 * when guest_sched is PVSIM_KVM_GUEST_EEVDF. Tasks are the entities; a
 * task is charged the wall-clock time it is current, dispatched or not
 * (the guest's rq clock without steal-time accounting); the waiting tasks
 * are the vCPU's list (qhead..), the current one is v->cur.
 */
#include <pvsched/sim.h>

#include "models/kvm_int.h"

/* The vCPU's entities: the waiting tasks first, the current one last. */
static unsigned int grq_queue(struct kvm *k, uint32_t vi,
			      struct pvsim_eevdf_se **q, int32_t *ti, int *cur)
{
	const struct vcpu *v = &k->v[vi];
	unsigned int n = 0;
	int32_t t;

	for (t = v->qhead; t >= 0 && n < PVSIM_KVM_GRQ_MAX; t = k->t[t].qnext) {
		ti[n] = t;
		q[n++] = &k->t[t].se;
	}
	*cur = v->cur >= 0 ? (int)n : -1;
	if (v->cur >= 0) {
		ti[n] = v->cur;
		q[n++] = &k->t[v->cur].se;
	}
	return n;
}

/* update_curr(): charge the current task up to now. */
void kvm_grq_charge(struct kvm *k, uint32_t vi)
{
	struct vcpu *v = &k->v[vi];
	struct task *t;

	if (v->cur < 0)
		return;
	t = &k->t[v->cur];
	pvsim_eevdf_charge(&k->geevdf, &t->se, k->s.now_ns - t->charged_ns);
	t->charged_ns = k->s.now_ns;
}

/* set_next_entity(): ti becomes current (RUN_TO_PARITY's mark). */
void kvm_grq_set_cur(struct kvm *k, uint32_t ti)
{
	k->t[ti].charged_ns = k->s.now_ns;
	k->t[ti].se.protect = true;
}

/* place_entity(): ti wakes onto vCPU vi (not yet on its list). */
void kvm_grq_place(struct kvm *k, uint32_t vi, uint32_t ti)
{
	struct pvsim_eevdf_se *q[PVSIM_KVM_GRQ_MAX + 1];
	int32_t tix[PVSIM_KVM_GRQ_MAX + 1];
	int cur;

	kvm_grq_charge(k, vi);
	pvsim_eevdf_place(&k->geevdf, &k->t[ti].se, q,
			  grq_queue(k, vi, q, tix, &cur), k->v[vi].gvmin_ns);
}

/* dequeue on sleep or migration: ti (waiting or current on vi) keeps
 * its lag; an emptied queue keeps V. */
void kvm_grq_leave(struct kvm *k, uint32_t vi, uint32_t ti)
{
	struct pvsim_eevdf_se *q[PVSIM_KVM_GRQ_MAX + 1];
	int32_t tix[PVSIM_KVM_GRQ_MAX + 1];
	struct vcpu *v = &k->v[vi];
	int cur;
	unsigned int n;

	kvm_grq_charge(k, vi);
	n = grq_queue(k, vi, q, tix, &cur);
	pvsim_eevdf_sleep(&k->geevdf, &k->t[ti].se, q, n);
	if (n == 1 && k->t[ti].se.vruntime_ns > v->gvmin_ns)
		v->gvmin_ns = k->t[ti].se.vruntime_ns;
}

/* The waiting task pick_eevdf() would run next, or -1 (none waits). With
 * the current task among the candidates: -1 when it keeps the vCPU. */
int32_t kvm_grq_pick(struct kvm *k, uint32_t vi, bool with_cur)
{
	struct pvsim_eevdf_se *q[PVSIM_KVM_GRQ_MAX + 1];
	int32_t tix[PVSIM_KVM_GRQ_MAX + 1];
	int cur;
	unsigned int n, i;

	kvm_grq_charge(k, vi);
	n = grq_queue(k, vi, q, tix, &cur);
	if (!with_cur && cur >= 0) {
		n--;
		cur = -1;
	}
	if (!n || (cur >= 0 && n == 1))
		return -1;
	i = pvsim_eevdf_pick(&k->geevdf, q, n, cur);
	return (int)i == cur ? -1 : tix[i];
}

/* ns until the current task's deadline is noticed (the guest's tick). */
uint64_t kvm_grq_until_resched(struct kvm *k, uint32_t vi)
{
	const struct vcpu *v = &k->v[vi];

	return pvsim_eevdf_until_resched(&k->geevdf, &k->t[v->cur].se,
					 k->s.now_ns, v->gtick_phase_ns);
}
