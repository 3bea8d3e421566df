// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* The KVM model (kvm.c): the guest scheduler and the schbench workload. */
#include <stdlib.h>
#include <string.h>

#include <pvsched/sim.h>

#include "models/kvm_int.h"

/* ---- guest scheduler ---------------------------------------------------- */

static void task_run(struct kvm *k, uint32_t ti);
static void vcpu_schedule(struct kvm *k, uint32_t vi);

/* ti now belongs to vCPU vi (queued or current there, or last ran there). */
static void task_set_vcpu(struct kvm *k, uint32_t ti, uint32_t vi)
{
	struct task *t = &k->t[ti];

	if (!t->is_msg) {
		k->v[t->vcpu].nattached--;
		k->v[vi].nattached++;
	}
	t->vcpu = (int32_t)vi;
}

static void rq_push(struct kvm *k, uint32_t vi, uint32_t ti)
{
	struct vcpu *v = &k->v[vi];

	k->t[ti].qnext = -1;
	if (v->qtail >= 0)
		k->t[v->qtail].qnext = (int32_t)ti;
	else
		v->qhead = (int32_t)ti;
	v->qtail = (int32_t)ti;
	v->qlen++;
}

static int32_t rq_pop(struct kvm *k, uint32_t vi)
{
	struct vcpu *v = &k->v[vi];
	int32_t ti = v->qhead;

	if (ti < 0)
		return -1;
	v->qhead = k->t[ti].qnext;
	if (v->qhead < 0)
		v->qtail = -1;
	v->qlen--;
	if (k->t[ti].woken) {
		k->t[ti].woken = false;
		v->nwoken--;
	}
	return ti;
}

/* Take task ti from anywhere in vCPU vi's waiting list. */
static void rq_take(struct kvm *k, uint32_t vi, uint32_t ti)
{
	struct vcpu *v = &k->v[vi];
	int32_t *link = &v->qhead, prev = -1;

	while (*link != (int32_t)ti) {
		prev = *link;
		link = &k->t[*link].qnext;
	}
	*link = k->t[ti].qnext;
	if (v->qtail == (int32_t)ti)
		v->qtail = prev;
	v->qlen--;
	if (k->t[ti].woken) {
		k->t[ti].woken = false;
		v->nwoken--;
	}
}

/*
 * FIFO guest (guest_sched=1): the current task is switched out when its
 * slice ends, or earlier when a woken task waits and the current one has
 * run guest_wakeup_gran_ns. EEVDF guest: at once when pick_eevdf() would
 * run a waiting task instead (check_preempt_wakeup()), else when its
 * deadline is noticed at the guest's tick.
 */
static void arm_slice(struct kvm *k, uint32_t vi)
{
	struct vcpu *v = &k->v[vi];
	uint64_t due = v->cur_since_ns + (v->nwoken ?
					  k->p->guest_wakeup_gran_ns :
					  k->p->guest_slice_ns);

	if (k->geevdf_on)
		due = k->s.now_ns + (kvm_grq_pick(k, vi, true) >= 0 ? 0 :
				     kvm_grq_until_resched(k, vi));
	v->slice_epoch++;
	kvm_at(k, due > k->s.now_ns ? due - k->s.now_ns : 0, EV_GSLICE, vi,
	   v->slice_epoch);
}

/* Make ti current on the executing vCPU vi and run it. */
static void vcpu_set_cur(struct kvm *k, uint32_t vi, uint32_t ti)
{
	struct vcpu *v = &k->v[vi];

	v->cur = (int32_t)ti;
	v->cur_since_ns = k->s.now_ns;
	task_set_vcpu(k, ti, vi);
	if (k->geevdf_on)
		kvm_grq_set_cur(k, ti);
	if (v->qlen)
		arm_slice(k, vi);
	task_run(k, ti);
}

/* vi's guest goes idle: lppaca idle set, snooze until snooze_ns ends. */
static void vcpu_snooze(struct kvm *k, uint32_t vi)
{
	struct vcpu *v = &k->v[vi];

	v->gidle = GI_SNOOZE;
	v->lp_idle = 1;
	v->snooze_epoch++;
	kvm_at(k, k->p->snooze_ns, EV_SNOOZE_END, vi, v->snooze_epoch);
}

/* The current task left executing vCPU vi: pick the next one. */
static void vcpu_schedule(struct kvm *k, uint32_t vi)
{
	struct vcpu *v = &k->v[vi];
	uint32_t best = 0, most = 0, u, i;
	int32_t ti;

	v->cur = -1;
	ti = k->geevdf_on ? kvm_grq_pick(k, vi, false) : rq_pop(k, vi);
	if (ti >= 0 && k->geevdf_on)
		rq_take(k, vi, (uint32_t)ti);
	if (ti < 0) {
		/* new-idle balance: pull from the vCPU with most waiting */
		for (i = 1; i < k->p->vcpus; i++) {
			u = (vi + i) % k->p->vcpus;
			if (k->v[u].qlen > most) {
				most = k->v[u].qlen;
				best = u;
			}
		}
		if (most && k->geevdf_on) {
			/* migrate: leave best's queue, join the idle one */
			kvm_grq_leave(k, best, (uint32_t)k->v[best].qhead);
			ti = rq_pop(k, best);
			kvm_grq_place(k, vi, (uint32_t)ti);
		} else if (most) {
			ti = rq_pop(k, best);
		}
	}
	if (ti >= 0) {
		vcpu_set_cur(k, vi, (uint32_t)ti);
		return;
	}
	/* idle: pseries_idle_prolog sets lppaca idle, then snooze */
	vcpu_snooze(k, vi);
}

/* Guest code starts executing on vi (after dispatch or a snooze wake). */
void kvm_vcpu_enter(struct kvm *k, uint32_t vi)
{
	struct vcpu *v = &k->v[vi];

	v->exec = true;
	if (v->cur < 0 && !v->qlen) {
		/* nothing to do (preempted while snoozing): snooze again */
		vcpu_snooze(k, vi);
		return;
	}
	v->gidle = GI_BUSY;
	v->lp_idle = 0;
	if (v->cur < 0) {
		vcpu_schedule(k, vi);
		return;
	}
	if (v->qlen)
		arm_slice(k, vi);
	task_run(k, (uint32_t)v->cur);
}

void kvm_snooze_end(struct kvm *k, uint32_t vi)
{
	struct vcpu *v = &k->v[vi];

	if (!v->exec || v->gidle != GI_SNOOZE || v->cur >= 0)
		return;
	v->gidle = GI_CEDED;	/* H_CEDE: the vCPU thread blocks */
	kvm_host_undispatch(k, vi, true);
}

/* Build the lppaca snapshot of vi's guest core, as seen from caller. */
static void core_state(const struct kvm *k, uint32_t vi, int32_t caller,
		       struct pvs_core_state *cs, unsigned int *thread)
{
	uint32_t smt = k->p->guest_smt, first = vi - vi % smt, i;

	cs->hv = PVS_HV_KVM_PPC;
	cs->policy = k->p->policy;
	cs->shared = true;
	cs->smt = smt;
	cs->caller_thread = caller >= 0 && (uint32_t)caller / smt == vi / smt ?
			    (int)((uint32_t)caller % smt) :
			    PVS_CALLER_OTHER_CORE;
	for (i = 0; i < smt; i++) {
		cs->threads[i].yield_count = k->v[first + i].yield_count;
		cs->threads[i].idle = k->v[first + i].lp_idle;
		cs->threads[i].preempted = 0;
	}
	*thread = vi % smt;
}

/* available_idle_cpu(): idle in the guest and not preempted (counted). */
static bool avail_idle(struct kvm *k, uint32_t vi, int32_t caller)
{
	struct pvs_core_state cs;
	unsigned int th;

	if (k->v[vi].cur >= 0 || k->v[vi].qlen)
		return false;
	core_state(k, vi, caller, &cs, &th);
	k->r->decisions++;
	if (pvsim_is_preempted(k->p->hooks, &cs, th)) {
		k->r->answered_preempted++;
		return false;
	}
	return true;
}

/* sched_domain imbalance_pct of the guest's LLC/MC level (sd_init()). */
#define KVM_IMBALANCE_PCT 117

/*
 * wake_affine_weight(): the waker's vCPU when its load plus the wakee's
 * is below the previous vCPU's load without the wakee, the latter scaled
 * by half the domain's imbalance margin. Load is PELT's, which keeps a
 * blocked task's load on the vCPU it last ran on; here a worker (busy
 * about half the time) weighs 1 and a message thread (busy a thousandth
 * of the time) 0, so a vCPU's load is its attached workers.
 */
static bool affine_weight(const struct kvm *k, uint32_t ti, uint32_t this_v,
			  uint32_t prev)
{
	uint32_t w = k->t[ti].is_msg ? 0 : 1;
	uint64_t this_load = k->v[this_v].nattached + w;
	uint64_t prev_load = k->v[prev].nattached - w;

	return this_load * 100 <
	       prev_load * (100 + (KVM_IMBALANCE_PCT - 100) / 2);
}

/*
 * select_task_rq_fair(): wake_affine() keeps the previous vCPU when it is
 * an available idle one (wake_affine_idle()), else picks by load
 * (wake_affine_weight()); then select_idle_sibling(): target, previous
 * vCPU, first available idle vCPU scanning onwards, else the target.
 */
static uint32_t select_cpu(struct kvm *k, uint32_t ti, int32_t waker)
{
	uint32_t prev = (uint32_t)k->t[ti].vcpu, target = prev, i, c;
	uint32_t llc = k->p->llc_vcpus ? k->p->llc_vcpus : k->p->vcpus;
	uint32_t first;

	if (waker >= 0 && (uint32_t)waker != prev &&
	    !avail_idle(k, prev, waker) &&
	    affine_weight(k, ti, (uint32_t)waker, prev))
		target = (uint32_t)waker;
	if (avail_idle(k, target, waker))
		return target;
	/* the previous vCPU and the scan only within target's LLC */
	first = target - target % llc;
	if (target != prev && prev / llc == target / llc &&
	    avail_idle(k, prev, waker))
		return prev;
	for (i = 1; i < llc; i++) {
		c = first + (target - first + i) % llc;
		if (c < k->p->vcpus && avail_idle(k, c, waker))
			return c;
	}
	return target;
}

static void enqueue(struct kvm *k, uint32_t ti, uint32_t vi)
{
	struct vcpu *v = &k->v[vi];

	task_set_vcpu(k, ti, vi);
	if (k->geevdf_on)
		kvm_grq_place(k, vi, ti);
	if (v->cur >= 0 || v->qlen) {
		k->t[ti].wclass = PVSIM_KVM_WAKE_QUEUED;
		rq_push(k, vi, ti);
		k->t[ti].woken = true;
		v->nwoken++;
		/* the first waiter sets the deadline: slice or wake-up gran;
		 * under EEVDF every wake-up is checked */
		if (v->exec && v->cur >= 0 && (v->qlen == 1 || v->nwoken == 1 ||
					       k->geevdf_on))
			arm_slice(k, vi);
		return;
	}
	v->cur = (int32_t)ti;
	v->cur_since_ns = k->s.now_ns;
	if (k->geevdf_on)
		kvm_grq_set_cur(k, ti);
	k->t[ti].wclass = v->hstate == HS_BLOCKED ? PVSIM_KVM_WAKE_CEDED :
			  v->hstate == HS_RUNNABLE ? PVSIM_KVM_WAKE_PREEMPTED :
			  PVSIM_KVM_WAKE_POLLING;
	if (v->gidle == GI_SNOOZE) {
		/* polling vCPU notices need_resched */
		v->snooze_epoch++;
		if (v->exec) {
			v->exec = false;
			v->enter_epoch++;
			kvm_at(k, kvm_lat(k, k->p->snooze_wake_ns), EV_ENTER, vi,
			   v->enter_epoch);
		}
	} else if (v->gidle == GI_CEDED && v->hstate == HS_BLOCKED) {
		kvm_at(k, kvm_lat(k, k->p->ipi_ns), EV_KICK, vi, 0);
	}
}

void kvm_task_wake(struct kvm *k, uint32_t ti, int32_t waker)
{
	struct task *t = &k->t[ti];

	t->blocked = false;
	t->wake_ns = k->s.now_ns;
	t->measure = !t->is_msg;
	enqueue(k, ti, select_cpu(k, ti, waker));
}

static void task_block(struct kvm *k, uint32_t ti)
{
	struct task *t = &k->t[ti];

	t->blocked = true;
	if (k->geevdf_on)
		kvm_grq_leave(k, (uint32_t)t->vcpu, ti);
	vcpu_schedule(k, (uint32_t)t->vcpu);
}

/* A measured worker wake-up of us microseconds, by where it was placed. */
static void record_lat(struct kvm *k, struct task *t, uint64_t us)
{
	t->measure = false;
	if (!pvsim_window_has(&k->measured, t->wake_ns))
		return;
	pvsim_hist_add(&k->r->wake, us);
	k->r->wake_n[t->wclass]++;
	k->r->wake_us[t->wclass] += us;
	k->r->wake_slow[t->wclass] += us >= 1000;
}

/* Worker finished its spin: msg_and_wait(). */
static void worker_post(struct kvm *k, uint32_t ti)
{
	struct task *t = &k->t[ti], *m = &k->t[t->msg];

	if (t->measure && k->p->lat_at_spin_end) {
		/* schbench's add_lat(): wake to now, minus cputime, >= 1 */
		uint64_t us = (k->s.now_ns - t->wake_ns) / 1000,
			 c = k->p->cputime_ns / 1000;

		record_lat(k, t, us > c ? us - c : 1);
	}
	t->spinning = false;
	t->done_pending = false;
	t->epoch++;
	t->lnext = m->list;
	m->list = (int32_t)ti;
	if (k->p->msg_wait_all && ++m->nposted < k->p->workers) {
		task_block(k, ti);
		return;
	}
	m->nposted = 0;
	if (m->in_fwait) {
		m->in_fwait = false;
		m->phase = MSG_AFTER_WAIT;
		kvm_task_wake(k, t->msg, t->vcpu);
	} else {
		m->posted = true;
	}
	task_block(k, ti);
}

/* Message thread after its wake-ups: fwait() unless already posted. */
static void msg_fwait(struct kvm *k, uint32_t ti)
{
	struct task *t = &k->t[ti];

	t->done_pending = false;
	if (t->posted) {
		t->phase = MSG_AFTER_WAIT;
		task_run(k, ti);
		return;
	}
	t->in_fwait = true;
	task_block(k, ti);
}

static void task_run(struct kvm *k, uint32_t ti)
{
	struct task *t = &k->t[ti];
	const struct pvsim_kvm_params *p = k->p;
	uint64_t now = k->s.now_ns;
	int32_t w;

	if (t->measure && !p->lat_at_spin_end)
		record_lat(k, t, (now - t->wake_ns) / 1000);
	if (!t->is_msg) {
		if (t->done_pending) {
			worker_post(k, ti);
		} else if (!t->spinning || p->work_is_cpu) {
			/* start, or resume CPU-time work */
			if (!t->spinning)
				t->work_left_ns = p->cputime_ns;
			t->spinning = true;
			t->run_since_ns = now;
			kvm_at(k, p->work_is_cpu ? t->work_left_ns : p->cputime_ns,
			   EV_SPIN_END, ti, t->epoch);
		}
		return;
	}
	if (t->phase == MSG_TOP) {
		/* xlist_wake_all(): msg_work_ns of CPU, then fwait() */
		t->posted = false;
		while ((w = t->list) >= 0) {
			t->list = k->t[w].lnext;
			kvm_task_wake(k, (uint32_t)w, t->vcpu);
		}
		t->phase = MSG_WAKING;
		t->done_pending = false;
		kvm_at(k, kvm_lat(k, p->msg_work_ns), EV_MSG_WORK, ti, 0);
		return;
	}
	if (t->phase == MSG_WAKING) {
		if (t->done_pending)
			msg_fwait(k, ti);
		return;
	}
	if (t->phase == MSG_AFTER_WAIT && p->msg_spin_ns) {
		/* usec_spin(message_cputime): wall clock, ends when seen */
		t->phase = MSG_SPIN;
		t->done_pending = false;
		kvm_at(k, p->msg_spin_ns, EV_SPIN_END, ti, t->epoch);
		return;
	}
	if (t->phase == MSG_SPIN && !t->done_pending)
		return;		/* resumed within its spin */
	t->done_pending = false;
	/* usleep(sleeptime + jitter), late by up to the timer slack */
	t->phase = MSG_TOP;
	kvm_at(k, p->sleeptime_ns +
	   (p->sleep_jitter_pm ? pvsim_rand_range(&k->s, 0, p->sleeptime_ns *
						  p->sleep_jitter_pm / 1000 -
						  1) : 0) +
	   (p->timer_slack_ns ? pvsim_rand_range(&k->s, 0, p->timer_slack_ns) :
	    0),
	   EV_MSG_TIMER, ti, 0);
	task_block(k, ti);
}

void kvm_msg_work_end(struct kvm *k, uint32_t ti)
{
	struct task *t = &k->t[ti];
	struct vcpu *v = &k->v[t->vcpu];

	if (t->phase != MSG_WAKING)
		return;
	if (v->cur == (int32_t)ti && v->exec)
		msg_fwait(k, ti);
	else
		t->done_pending = true;	/* goes on when it next runs */
}

void kvm_spin_end(struct kvm *k, uint32_t ti)
{
	struct task *t = &k->t[ti];
	struct vcpu *v = &k->v[t->vcpu];

	if (v->cur != (int32_t)ti || !v->exec) {
		t->done_pending = true;	/* goes on when it next runs */
	} else if (t->is_msg) {
		t->done_pending = true;	/* the message thread's spin ended */
		task_run(k, ti);
	} else {
		worker_post(k, ti);
	}
}

void kvm_guest_slice(struct kvm *k, uint32_t vi)
{
	struct vcpu *v = &k->v[vi];
	int32_t ti = v->cur;

	if (!v->exec || ti < 0 || !v->qlen)
		return;
	if (k->geevdf_on) {
		int32_t next = kvm_grq_pick(k, vi, true);

		if (next < 0) {		/* the current task keeps the vCPU */
			arm_slice(k, vi);
			return;
		}
		kvm_task_stop(k, ti);
		k->t[ti].se.protect = false;
		rq_take(k, vi, (uint32_t)next);
		rq_push(k, vi, (uint32_t)ti);
		vcpu_set_cur(k, vi, (uint32_t)next);
		return;
	}
	kvm_task_stop(k, ti);
	rq_push(k, vi, (uint32_t)ti);
	vcpu_schedule(k, vi);
}
