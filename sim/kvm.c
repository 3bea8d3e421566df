// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The KVM model of ppc-idle-hint: a POWER host whose hardware threads
 * time-slice vCPU threads, a 40-vCPU guest running schbench, optionally a
 * noise guest.
 *
 * Host: hardware thread h runs the vCPU threads pinned to it (benchmark
 * vCPU h, noise vCPU h) and a host kernel thread (bursts). By default its
 * scheduler is Linux 6.6's EEVDF (eevdf.h): the woken thread is placed by
 * its lag and preempts the current one only when pick_eevdf() chooses it;
 * a used-up slice is noticed at the next tick (host_sched = CFS: Linux
 * 6.1's rules on the same queues). host_sched = SHORTCUT
 * keeps the earlier fixed delays (not Linux): a benchmark vCPU thread
 * woken from cede is queued first and preempts the current thread (a
 * noise vCPU or a kernel burst) once that has run host_wakeup_gran_ns; a
 * woken noise vCPU (a CPU hog) waits for the slice end; runnable threads
 * take turns of host_slice_ns; a kernel burst runs at once and the thread
 * it interrupted resumes after. Per vCPU the lppaca is kept exactly:
 * yield_count is incremented at every dispatch and undispatch (odd = not
 * dispatched), the guest sets idle for its whole idle period (snooze and
 * cede, as pseries_idle_prolog/epilog do); steal = runnable, not running.
 *
 * Guest: per-vCPU FIFO run queue, a slice when tasks wait, wake-up
 * preemption once the current task has run guest_wakeup_gran_ns,
 * new-idle balance (an idle vCPU pulls the oldest waiting task of the
 * vCPU with most waiting), idle = snooze (dispatched, polling) then cede.
 * Wake-up placement is select_task_rq_fair() reduced to its core (see
 * select_cpu(): wake_affine by PELT-like load, then select_idle_sibling);
 * an idle vCPU is usable when not preempted, which is pvs_is_preempted()
 * over a pvs_core_state built from the simulated lppaca fields, with the
 * run's policy. Fixed latencies are spread by lat_jitter_pm.
 *
 * schbench (classic, as ppc-idle-hint ran it): a message thread wakes the
 * workers queued on it (stamping the wake time), waits for a post, sleeps
 * sleeptime + jitter, loops; a worker, once running, records its wake-up
 * latency, works cputime (CPU time when work_is_cpu, else wall clock),
 * queues itself on its message thread, posts it and waits. Message threads
 * cost msg_work_ns of CPU after their wake-ups, nothing else.
 */
#include <stdlib.h>
#include <string.h>

#include <pvsched/sim.h>

#include "eevdf.h"
#include "kvm.h"

enum kvm_ev {
	EV_SPIN_END,	/* obj = task */
	EV_MSG_TIMER,	/* obj = task */
	EV_ENTER,	/* obj = vcpu: guest code starts executing */
	EV_SNOOZE_END,	/* obj = vcpu */
	EV_GSLICE,	/* obj = vcpu */
	EV_KICK,	/* obj = vcpu: IPI reached the host */
	EV_HRESCHED,	/* obj = host thread */
	EV_NOISE,	/* obj = vcpu */
	EV_MSG_WORK,	/* obj = task: message thread done waking */
	EV_END
};

enum { HS_BLOCKED, HS_RUNNABLE, HS_RUNNING };
enum { GI_BUSY, GI_SNOOZE, GI_CEDED };
enum { MSG_TOP, MSG_WAKING, MSG_AFTER_WAIT };

/* Most threads sharing a hardware thread (benchmark and noise vCPUs,
 * other load, the kernel thread). */
#define HT_QMAX 16

struct task {
	int32_t vcpu;		/* queued/current on, or previous vCPU */
	int32_t qnext;		/* run-queue link */
	int32_t lnext;		/* message-list link (workers) */
	int32_t list;		/* message threads: queued workers */
	uint32_t msg;		/* workers: their message thread */
	uint32_t epoch;
	uint64_t wake_ns;
	uint64_t work_left_ns;	/* workers, CPU-time work: still to do */
	uint64_t run_since_ns;	/* workers: running since */
	bool is_msg;
	bool blocked;
	bool measure;
	bool spinning;
	bool done_pending;
	bool woken;		/* queued by a wake-up, not run since */
	uint8_t wclass;		/* enum pvsim_kvm_wake_class of the last wake */
	bool posted;		/* message threads: futex posted */
	uint32_t nposted;	/* message threads: posts this round */
	bool in_fwait;		/* message threads: blocked in fwait */
	uint8_t phase;
};

struct vcpu {
	uint32_t ht;
	uint32_t yield_count;
	uint8_t lp_idle;
	uint8_t hstate;
	uint8_t gidle;
	bool noise;
	bool kthread;		/* host kernel activity, not a vCPU */
	bool hwoken;		/* host-runnable by a wake-up, not run since */
	bool exec;
	bool noise_busy;
	uint32_t enter_epoch, slice_epoch, snooze_epoch;
	uint64_t since_ns;	/* start of the current host state */
	uint64_t run_ns, steal_ns;
	/* guest */
	int32_t cur;
	int32_t qhead, qtail;
	uint32_t qlen;
	uint32_t nwoken;	/* queued tasks with woken set */
	uint32_t nattached;	/* workers whose last vCPU this is (load) */
	uint64_t cur_since_ns;
	/* host scheduling entity (EEVDF) */
	struct pvsim_eevdf_se se;
	uint64_t charged_ns;	/* CPU time charged up to here */
};

struct hthread {
	int32_t cur;
	int32_t q[HT_QMAX];
	uint32_t nq;
	uint64_t picked_ns;
	uint32_t epoch;
	int64_t vmin_ns;	/* EEVDF: V when no thread is queued */
	uint64_t tick_phase_ns;	/* EEVDF: this CPU's tick offset */
};

struct kvm {
	struct pvsim s;
	const struct pvsim_kvm_params *p;
	struct pvsim_kvm_result *r;
	struct pvsim_eevdf eevdf;
	bool eevdf_on;
	uint64_t noise_scale_pm;	/* this run's host activity factor */
	uint32_t nht, nv, nt;
	uint64_t t_begin, t_end;
	struct hthread ht[PVSIM_KVM_MAX_HTHREADS];
	struct vcpu v[PVSIM_KVM_MAX_VCPUS];
	struct task t[PVSIM_KVM_MAX_TASKS];
};

static void at(struct kvm *k, uint64_t delay, uint32_t kind, uint32_t obj,
	       uint32_t epoch)
{
	pvsim_at(&k->s, k->s.now_ns + delay, kind, obj, epoch);
}

/* A latency of nominal value ns, spread by lat_jitter_pm. */
static uint64_t lat(struct kvm *k, uint64_t ns)
{
	uint64_t d;

	ns = ns * k->p->guest_cost_pm / 1000;
	d = ns * k->p->lat_jitter_pm / 1000;

	return d ? pvsim_rand_range(&k->s, ns - d, ns + d) : ns;
}

/* ---- host --------------------------------------------------------------- */

/*
 * EEVDF (eevdf.h): the host thread's queue as entities, the waiting ones
 * first and the running one last; its index in *cur (-1: none runs).
 */
static unsigned int ev_queue(struct kvm *k, uint32_t h,
			     struct pvsim_eevdf_se **q, int *cur)
{
	const struct hthread *ht = &k->ht[h];
	unsigned int i, n = 0;

	for (i = 0; i < ht->nq; i++)
		q[n++] = &k->v[ht->q[i]].se;
	*cur = ht->cur >= 0 ? (int)n : -1;
	if (ht->cur >= 0)
		q[n++] = &k->v[ht->cur].se;
	return n;
}

/* update_curr(): charge the running thread; true when its slice ran out. */
static bool ev_charge(struct kvm *k, uint32_t h)
{
	struct vcpu *v;
	bool renewed;

	if (k->ht[h].cur < 0)
		return false;
	v = &k->v[k->ht[h].cur];
	renewed = pvsim_eevdf_charge(&k->eevdf, &v->se,
				     k->s.now_ns - v->charged_ns);
	v->charged_ns = k->s.now_ns;
	return renewed;
}

/*
 * The running thread gives way: to the thread just queued last (woken),
 * or at a tick (EEVDF: pick_eevdf() takes another; CFS: its slice).
 */
static bool ev_preempts(struct kvm *k, uint32_t h, bool woken)
{
	struct pvsim_eevdf_se *q[HT_QMAX + 1];
	int cur;
	unsigned int n = ev_queue(k, h, q, &cur);

	if (woken)
		return pvsim_eevdf_wakeup_preempts(&k->eevdf, q, n, cur,
						   k->ht[h].nq - 1);
	return pvsim_eevdf_tick_preempts(&k->eevdf, q, n, cur,
					 k->s.now_ns - k->ht[h].picked_ns);
}

/* Wake the host thread when the running thread's deadline is noticed. */
static void ev_arm(struct kvm *k, uint32_t h)
{
	struct hthread *ht = &k->ht[h];

	if (ht->cur < 0 || !ht->nq)
		return;
	ht->epoch++;
	at(k, pvsim_eevdf_until_resched(&k->eevdf, &k->v[ht->cur].se,
					k->s.now_ns, ht->tick_phase_ns),
	   EV_HRESCHED, h, ht->epoch);
}

/* vi goes to sleep on its host thread: it keeps its lag (dequeue). */
static void ev_sleep(struct kvm *k, uint32_t vi)
{
	struct pvsim_eevdf_se *q[HT_QMAX + 1];
	struct hthread *ht = &k->ht[k->v[vi].ht];
	int cur;
	unsigned int n;

	ev_charge(k, k->v[vi].ht);
	n = ev_queue(k, k->v[vi].ht, q, &cur);
	pvsim_eevdf_sleep(&k->eevdf, &k->v[vi].se, q, n);
	if (n == 1 && k->v[vi].se.vruntime_ns > ht->vmin_ns)
		ht->vmin_ns = k->v[vi].se.vruntime_ns;
}

static void host_dispatch(struct kvm *k, uint32_t h, uint32_t vi)
{
	struct hthread *ht = &k->ht[h];
	struct vcpu *v = &k->v[vi];
	uint64_t now = k->s.now_ns;

	ht->cur = (int32_t)vi;
	ht->picked_ns = now;
	ht->epoch++;
	v->steal_ns += now - v->since_ns;
	v->since_ns = now;
	v->hstate = HS_RUNNING;
	v->hwoken = false;
	v->yield_count++;
	v->enter_epoch++;
	at(k, lat(k, v->gidle == GI_CEDED ? k->p->cede_exit_ns :
		  k->p->resume_ns), EV_ENTER, vi, v->enter_epoch);
	if (k->eevdf_on) {
		/* set_next_entity(): RUN_TO_PARITY's mark */
		v->charged_ns = now;
		v->se.protect = true;
		ev_arm(k, h);
	} else if (ht->nq) {
		at(k, k->p->host_slice_ns, EV_HRESCHED, h, ht->epoch);
	}
}

static void host_next(struct kvm *k, uint32_t h)
{
	struct hthread *ht = &k->ht[h];
	struct pvsim_eevdf_se *q[HT_QMAX + 1];
	uint32_t i, vi, first = 0;
	int cur;

	ht->cur = -1;
	if (!ht->nq)
		return;
	if (k->eevdf_on)	/* pick_eevdf(); FIFO for the shortcut */
		first = pvsim_eevdf_pick(&k->eevdf, q,
					 ev_queue(k, h, q, &cur), -1);
	vi = (uint32_t)ht->q[first];
	for (i = first + 1; i < ht->nq; i++)
		ht->q[i - 1] = ht->q[i];
	ht->nq--;
	host_dispatch(k, h, vi);
}

static void host_insert(struct hthread *ht, uint32_t vi, uint32_t pos);

/*
 * A worker doing CPU-time work stops running (switched out in the guest or
 * its vCPU undispatched): bank the work done, cancel its end.
 */
static void task_stop(struct kvm *k, int32_t ti)
{
	struct task *t;
	uint64_t ran;

	if (ti < 0 || !k->p->work_is_cpu || !k->t[ti].spinning)
		return;
	t = &k->t[ti];
	ran = k->s.now_ns - t->run_since_ns;
	t->work_left_ns -= ran < t->work_left_ns ? ran : t->work_left_ns;
	t->epoch++;
}

/*
 * vCPU vi leaves its hardware thread: ceded (blocked) or preempted. A
 * preempted one is queued at position pos (the tail for a slice end; right
 * behind a host kernel burst, which does not cost it its turn: CFS/EEVDF
 * keep its vruntime, so it runs again once the burst ends).
 */
static void host_undispatch_at(struct kvm *k, uint32_t vi, bool blocked,
			       uint32_t pos)
{
	struct vcpu *v = &k->v[vi];
	struct hthread *ht = &k->ht[v->ht];
	uint64_t now = k->s.now_ns;

	if (k->eevdf_on) {
		if (blocked)
			ev_sleep(k, vi);
		else
			ev_charge(k, v->ht);
	}
	v->run_ns += now - v->since_ns;
	v->since_ns = now;
	v->yield_count++;
	if (v->exec && !v->noise)
		task_stop(k, v->cur);
	v->exec = false;
	v->enter_epoch++;
	if (blocked) {
		v->hstate = HS_BLOCKED;
	} else {
		v->hstate = HS_RUNNABLE;
		host_insert(ht, vi, pos < ht->nq ? pos : ht->nq);
	}
	host_next(k, v->ht);
}

static void host_undispatch(struct kvm *k, uint32_t vi, bool blocked)
{
	host_undispatch_at(k, vi, blocked, HT_QMAX);
}

/* Queue position behind the woken threads waiting at the front. */
static uint32_t host_woken_pos(const struct kvm *k, const struct hthread *ht)
{
	uint32_t i = 0;

	while (i < ht->nq && k->v[ht->q[i]].hwoken)
		i++;
	return i;
}

/* Insert vi into host thread h's queue at position pos. */
static void host_insert(struct hthread *ht, uint32_t vi, uint32_t pos)
{
	memmove(&ht->q[pos + 1], &ht->q[pos],
		(ht->nq - pos) * sizeof(ht->q[0]));
	ht->q[pos] = (int32_t)vi;
	ht->nq++;
}

/*
 * A blocked thread becomes runnable. Host kernel work runs at once. A
 * vCPU thread that slept goes before the threads that used their slice
 * (CFS/EEVDF place a sleeper at a low vruntime) but behind earlier
 * sleepers, and preempts the current thread once that has run
 * host_wakeup_gran_ns: a noise vCPU or a host kernel burst alike (host
 * kernel work runs in threads the host scheduler preempts like any
 * other: kworkers, ksoftirqd, RCU).
 */
static void host_wake(struct kvm *k, uint32_t vi)
{
	struct vcpu *v = &k->v[vi];
	struct hthread *ht = &k->ht[v->ht];
	uint64_t now = k->s.now_ns, due;

	if (v->hstate != HS_BLOCKED)
		return;
	v->hstate = HS_RUNNABLE;
	v->hwoken = true;
	v->since_ns = now;
	if (k->eevdf_on) {
		struct pvsim_eevdf_se *q[HT_QMAX + 1];
		int cur;

		/* place_entity(), then check_preempt_wakeup() */
		ev_charge(k, v->ht);
		pvsim_eevdf_place(&k->eevdf, &v->se, q,
				  ev_queue(k, v->ht, q, &cur), ht->vmin_ns);
		if (ht->cur < 0) {
			host_dispatch(k, v->ht, vi);
			return;
		}
		host_insert(ht, vi, ht->nq);
		if (ev_preempts(k, v->ht, true))
			host_undispatch(k, (uint32_t)ht->cur, false);
		else
			ev_arm(k, v->ht);
		return;
	}
	if (ht->cur < 0) {
		host_dispatch(k, v->ht, vi);
		return;
	}
	if (v->kthread) {
		/* the preempted thread keeps its turn behind the sleepers */
		host_insert(ht, vi, 0);
		host_undispatch_at(k, (uint32_t)ht->cur, false,
				   host_woken_pos(k, ht));
		return;
	}
	if (v->noise && !k->p->noise_wakeup_preempt) {
		/* a CPU hog is not eligible: it waits for the slice end */
		host_insert(ht, vi, ht->nq);
		v->hwoken = false;
		if (ht->nq == 1) {
			due = ht->picked_ns + k->p->host_slice_ns;
			ht->epoch++;
			at(k, due > now ? due - now : 0, EV_HRESCHED, v->ht,
			   ht->epoch);
		}
		return;
	}
	host_insert(ht, vi, host_woken_pos(k, ht));
	due = ht->picked_ns + k->p->host_wakeup_gran_ns;
	ht->epoch++;
	at(k, due > now ? due - now : 0, EV_HRESCHED, v->ht, ht->epoch);
}

static void host_resched(struct kvm *k, uint32_t h)
{
	struct hthread *ht = &k->ht[h];

	if (ht->cur < 0 || !ht->nq)
		return;
	if (!k->eevdf_on) {
		host_undispatch(k, (uint32_t)ht->cur, false);
		return;
	}
	/* the tick that notices the slice used up: resched, pick again */
	ev_charge(k, h);
	if (ev_preempts(k, h, false))
		host_undispatch(k, (uint32_t)ht->cur, false);
	else
		ev_arm(k, h);
}

/* A vCPU going idle in the host: a blocked one leaves any host queue. */
static void host_block_runnable(struct kvm *k, uint32_t vi)
{
	struct vcpu *v = &k->v[vi];
	struct hthread *ht = &k->ht[v->ht];
	uint32_t i, j = 0;

	if (k->eevdf_on)
		ev_sleep(k, vi);
	for (i = 0; i < ht->nq; i++)
		if (ht->q[i] != (int32_t)vi)
			ht->q[j++] = ht->q[i];
	ht->nq = j;
	v->steal_ns += k->s.now_ns - v->since_ns;
	v->since_ns = k->s.now_ns;
	v->hstate = HS_BLOCKED;
}

/* ---- noise guest -------------------------------------------------------- */

/* A length uniform in [lo, hi], scaled by this run's host activity. */
static uint64_t noise_len(struct kvm *k, uint64_t lo, uint64_t hi)
{
	return pvsim_rand_range(&k->s, lo, hi) * k->noise_scale_pm / 1000;
}

/* The gap before the next busy period (the inverse of the activity). */
static uint64_t noise_gap(struct kvm *k, uint64_t lo, uint64_t hi)
{
	return pvsim_rand_range(&k->s, lo, hi) * 1000 /
	       (2000 - k->noise_scale_pm);
}

/*
 * Noise vCPUs and host kernel threads alternate busy and blocked; a run
 * with more host activity (noise_scale_pm > 1000) has longer noise bursts
 * and shorter gaps.
 */
static void noise_event(struct kvm *k, uint32_t vi)
{
	struct vcpu *v = &k->v[vi];
	const struct pvsim_kvm_params *p = k->p;
	bool kt = v->kthread;

	v->noise_busy = !v->noise_busy;
	if (v->noise_busy) {
		v->lp_idle = 0;
		host_wake(k, vi);
		at(k, kt ? pvsim_rand_range(&k->s, p->hnoise_min_ns,
					      p->hnoise_max_ns) :
			   noise_len(k, p->noise_busy_min_ns,
				     p->noise_busy_max_ns),
		   EV_NOISE, vi, 0);
	} else {
		v->lp_idle = 1;
		if (v->hstate == HS_RUNNING)
			host_undispatch(k, vi, true);
		else if (v->hstate == HS_RUNNABLE)
			host_block_runnable(k, vi);
		at(k, kt ? noise_gap(k, p->hnoise_gap_min_ns,
				     p->hnoise_gap_max_ns) :
			   noise_gap(k, p->noise_idle_min_ns,
				     p->noise_idle_max_ns),
		   EV_NOISE, vi, 0);
	}
}

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

/*
 * The current task is switched out when its slice ends, or earlier when a
 * woken task waits and the current one has run guest_wakeup_gran_ns
 * (check_preempt_wakeup: a sleeper preempts a task that ran long enough).
 */
static void arm_slice(struct kvm *k, uint32_t vi)
{
	struct vcpu *v = &k->v[vi];
	uint64_t due = v->cur_since_ns + (v->nwoken ?
					  k->p->guest_wakeup_gran_ns :
					  k->p->guest_slice_ns);

	v->slice_epoch++;
	at(k, due > k->s.now_ns ? due - k->s.now_ns : 0, EV_GSLICE, vi,
	   v->slice_epoch);
}

/* Make ti current on the executing vCPU vi and run it. */
static void vcpu_set_cur(struct kvm *k, uint32_t vi, uint32_t ti)
{
	struct vcpu *v = &k->v[vi];

	v->cur = (int32_t)ti;
	v->cur_since_ns = k->s.now_ns;
	task_set_vcpu(k, ti, vi);
	if (v->qlen)
		arm_slice(k, vi);
	task_run(k, ti);
}

/* The current task left executing vCPU vi: pick the next one. */
static void vcpu_schedule(struct kvm *k, uint32_t vi)
{
	struct vcpu *v = &k->v[vi];
	uint32_t best = 0, most = 0, u, i;
	int32_t ti;

	v->cur = -1;
	ti = rq_pop(k, vi);
	if (ti < 0) {
		/* new-idle balance: pull from the vCPU with most waiting */
		for (i = 1; i < k->p->vcpus; i++) {
			u = (vi + i) % k->p->vcpus;
			if (k->v[u].qlen > most) {
				most = k->v[u].qlen;
				best = u;
			}
		}
		if (most)
			ti = rq_pop(k, best);
	}
	if (ti >= 0) {
		vcpu_set_cur(k, vi, (uint32_t)ti);
		return;
	}
	/* idle: pseries_idle_prolog sets lppaca idle, then snooze */
	v->gidle = GI_SNOOZE;
	v->lp_idle = 1;
	v->snooze_epoch++;
	at(k, k->p->snooze_ns, EV_SNOOZE_END, vi, v->snooze_epoch);
}

/* Guest code starts executing on vi (after dispatch or a snooze wake). */
static void vcpu_enter(struct kvm *k, uint32_t vi)
{
	struct vcpu *v = &k->v[vi];

	v->exec = true;
	if (v->cur >= 0) {
		v->gidle = GI_BUSY;
		v->lp_idle = 0;
		if (v->qlen)
			arm_slice(k, vi);
		task_run(k, (uint32_t)v->cur);
		return;
	}
	if (v->qlen) {
		v->gidle = GI_BUSY;
		v->lp_idle = 0;
		vcpu_schedule(k, vi);
		return;
	}
	/* nothing to do (preempted while snoozing): snooze again */
	v->gidle = GI_SNOOZE;
	v->lp_idle = 1;
	v->snooze_epoch++;
	at(k, k->p->snooze_ns, EV_SNOOZE_END, vi, v->snooze_epoch);
}

static void snooze_end(struct kvm *k, uint32_t vi)
{
	struct vcpu *v = &k->v[vi];

	if (!v->exec || v->gidle != GI_SNOOZE || v->cur >= 0)
		return;
	v->gidle = GI_CEDED;	/* H_CEDE: the vCPU thread blocks */
	host_undispatch(k, vi, true);
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
	if (v->cur >= 0 || v->qlen) {
		k->t[ti].wclass = PVSIM_KVM_WAKE_QUEUED;
		rq_push(k, vi, ti);
		k->t[ti].woken = true;
		v->nwoken++;
		/* the first waiter sets the deadline: slice or wake-up gran */
		if (v->exec && v->cur >= 0 && (v->qlen == 1 || v->nwoken == 1))
			arm_slice(k, vi);
		return;
	}
	v->cur = (int32_t)ti;
	v->cur_since_ns = k->s.now_ns;
	k->t[ti].wclass = v->hstate == HS_BLOCKED ? PVSIM_KVM_WAKE_CEDED :
			  v->hstate == HS_RUNNABLE ? PVSIM_KVM_WAKE_PREEMPTED :
			  PVSIM_KVM_WAKE_POLLING;
	if (v->gidle == GI_SNOOZE) {
		/* polling vCPU notices need_resched */
		v->snooze_epoch++;
		if (v->exec) {
			v->exec = false;
			v->enter_epoch++;
			at(k, lat(k, k->p->snooze_wake_ns), EV_ENTER, vi,
			   v->enter_epoch);
		}
	} else if (v->gidle == GI_CEDED && v->hstate == HS_BLOCKED) {
		at(k, lat(k, k->p->ipi_ns), EV_KICK, vi, 0);
	}
}

static void task_wake(struct kvm *k, uint32_t ti, int32_t waker)
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
	vcpu_schedule(k, (uint32_t)t->vcpu);
}

/* Worker finished its spin: msg_and_wait(). */
static void worker_post(struct kvm *k, uint32_t ti)
{
	struct task *t = &k->t[ti], *m = &k->t[t->msg];

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
		task_wake(k, t->msg, t->vcpu);
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

	if (t->measure) {
		t->measure = false;
		if (t->wake_ns >= k->t_begin && t->wake_ns < k->t_end) {
			uint64_t us = (now - t->wake_ns) / 1000;

			pvsim_hist_add(&k->r->wake, us);
			k->r->wake_n[t->wclass]++;
			k->r->wake_us[t->wclass] += us;
			k->r->wake_slow[t->wclass] += us >= 1000;
		}
	}
	if (!t->is_msg) {
		if (t->done_pending) {
			worker_post(k, ti);
		} else if (!t->spinning || p->work_is_cpu) {
			/* start, or resume CPU-time work */
			if (!t->spinning)
				t->work_left_ns = p->cputime_ns;
			t->spinning = true;
			t->run_since_ns = now;
			at(k, p->work_is_cpu ? t->work_left_ns : p->cputime_ns,
			   EV_SPIN_END, ti, t->epoch);
		}
		return;
	}
	if (t->phase == MSG_TOP) {
		/* xlist_wake_all(): msg_work_ns of CPU, then fwait() */
		t->posted = false;
		while ((w = t->list) >= 0) {
			t->list = k->t[w].lnext;
			task_wake(k, (uint32_t)w, t->vcpu);
		}
		t->phase = MSG_WAKING;
		t->done_pending = false;
		at(k, lat(k, p->msg_work_ns), EV_MSG_WORK, ti, 0);
		return;
	}
	if (t->phase == MSG_WAKING) {
		if (t->done_pending)
			msg_fwait(k, ti);
		return;
	}
	/* usleep(sleeptime + jitter), late by up to the timer slack */
	t->phase = MSG_TOP;
	at(k, p->sleeptime_ns +
	   (p->sleep_jitter_pm ? pvsim_rand_range(&k->s, 0, p->sleeptime_ns *
						  p->sleep_jitter_pm / 1000 -
						  1) : 0) +
	   (p->timer_slack_ns ? pvsim_rand_range(&k->s, 0, p->timer_slack_ns) :
	    0),
	   EV_MSG_TIMER, ti, 0);
	task_block(k, ti);
}

static void msg_work_end(struct kvm *k, uint32_t ti)
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

static void spin_end(struct kvm *k, uint32_t ti)
{
	struct task *t = &k->t[ti];
	struct vcpu *v = &k->v[t->vcpu];

	if (v->cur == (int32_t)ti && v->exec)
		worker_post(k, ti);
	else
		t->done_pending = true;	/* posts when it next runs */
}

static void guest_slice(struct kvm *k, uint32_t vi)
{
	struct vcpu *v = &k->v[vi];
	int32_t ti = v->cur;

	if (!v->exec || ti < 0 || !v->qlen)
		return;
	task_stop(k, ti);
	rq_push(k, vi, (uint32_t)ti);
	vcpu_schedule(k, vi);
}

/* ---- invariants --------------------------------------------------------- */

static void check(struct kvm *k)
{
	uint64_t now = k->s.now_ns;
	uint64_t used[PVSIM_KVM_MAX_HTHREADS];
	uint32_t attached[PVSIM_KVM_MAX_VCPUS];
	uint32_t i;

	for (i = 0; i < k->nht; i++) {
		used[i] = 0;
		if (k->ht[i].cur >= 0 &&
		    k->v[k->ht[i].cur].hstate != HS_RUNNING)
			pvsim_fail(&k->s, "host thread runs a non-running vCPU");
	}
	for (i = 0; i < k->nv; i++) {
		const struct vcpu *v = &k->v[i];
		uint64_t run = v->run_ns;

		if ((v->yield_count & 1) != (v->hstate != HS_RUNNING))
			pvsim_fail(&k->s, "yield_count parity != dispatch");
		if (v->hstate == HS_RUNNING) {
			run += now - v->since_ns;
			if (k->ht[v->ht].cur != (int32_t)i)
				pvsim_fail(&k->s, "running vCPU not current");
		}
		if (v->exec && v->hstate != HS_RUNNING)
			pvsim_fail(&k->s, "guest executes undispatched");
		if (!v->noise && v->cur < 0 && v->qlen)
			pvsim_fail(&k->s, "idle vCPU with waiting tasks");
		used[v->ht] += run;
	}
	for (i = 0; i < k->nht; i++)
		if (used[i] > now)
			pvsim_fail(&k->s, "dispatched time exceeds capacity");
	for (i = 0; i < k->p->vcpus; i++)
		attached[i] = 0;
	for (i = 0; i < k->nt; i++)
		if (!k->t[i].is_msg)
			attached[k->t[i].vcpu]++;
	for (i = 0; i < k->p->vcpus; i++)
		if (attached[i] != k->v[i].nattached)
			pvsim_fail(&k->s, "vCPU load != its workers");
}

/* ---- run ---------------------------------------------------------------- */

static int setup(struct kvm *k)
{
	const struct pvsim_kvm_params *p = k->p;
	uint32_t i, j, x, nmsg = p->msg_threads, nnoise;
	uint32_t perm[PVSIM_KVM_MAX_VCPUS];

	k->nht = p->cores * p->smt;
	if (!k->nht || k->nht > PVSIM_KVM_MAX_HTHREADS)
		return -1;
	nnoise = p->noise_vcpus + p->load_per_hthread * k->nht;
	k->nv = p->vcpus + nnoise + (p->hnoise_max_ns ? k->nht : 0);
	k->nt = p->msg_threads * (1 + p->workers);
	/* per host thread: its vCPUs, noise, load and kernel thread */
	if (!p->vcpus || (p->vcpus + k->nht - 1) / k->nht +
			 (nnoise + k->nht - 1) / k->nht + 1 > HT_QMAX ||
	    k->nv > PVSIM_KVM_MAX_VCPUS || !nmsg || k->nt > PVSIM_KVM_MAX_TASKS ||
	    !p->guest_smt || p->guest_smt > PVS_MAX_SMT ||
	    p->vcpus % p->guest_smt || p->sleeptime_ns < 4 ||
	    (p->policy != PVS_PREEMPT_IDLE_HINT &&
	     p->policy != PVS_PREEMPT_PARITY) ||
	    p->host_sched > PVSIM_KVM_HOST_CFS || !p->host_slice_ns ||
	    p->iter_noise_pm >= 1000 || !p->guest_cost_pm ||
	    (p->sleep_jitter_pm &&
	     p->sleeptime_ns * p->sleep_jitter_pm / 1000 < 1))
		return -1;
	/* drawn first, from the run's seed: both policies of an iteration
	 * see the same host */
	k->noise_scale_pm = 1000;
	if (p->iter_noise_pm)
		k->noise_scale_pm = pvsim_rand_range(&k->s,
						     1000 - p->iter_noise_pm,
						     1000 + p->iter_noise_pm);
	k->eevdf_on = p->host_sched != PVSIM_KVM_HOST_SHORTCUT;
	k->eevdf.cfs = p->host_sched == PVSIM_KVM_HOST_CFS;
	k->eevdf.latency_ns = p->host_cfs_latency_ns;
	k->eevdf.wakeup_gran_ns = p->host_cfs_wakeup_gran_ns;
	k->eevdf.slice_ns = p->host_slice_ns;
	k->eevdf.tick_ns = p->host_tick_ns;
	k->eevdf.run_to_parity = p->host_run_to_parity;
	for (i = 0; i < k->nht; i++) {
		k->ht[i].cur = -1;
		k->ht[i].nq = 0;
		k->ht[i].picked_ns = 0;
		k->ht[i].epoch = 0;
		k->ht[i].vmin_ns = 0;
		/* the CPUs' ticks are not in step */
		k->ht[i].tick_phase_ns = p->host_tick_ns * i / k->nht;
	}
	for (i = 0; i < k->nv; i++) {
		struct vcpu *v = &k->v[i];

		memset(v, 0, sizeof(*v));
		v->noise = i >= p->vcpus;
		v->kthread = i >= p->vcpus + nnoise;
		v->ht = v->kthread ? i - p->vcpus - nnoise :
			(v->noise ? i - p->vcpus : i) % k->nht;
		v->yield_count = 1;	/* starts ceded */
		v->lp_idle = 1;
		v->hstate = HS_BLOCKED;
		v->gidle = GI_CEDED;
		v->cur = -1;
		v->qhead = -1;
		v->qtail = -1;
		if (v->noise)
			at(k, pvsim_rand_range(&k->s, 0, v->kthread ?
						 p->hnoise_gap_max_ns :
						 p->noise_idle_max_ns),
			   EV_NOISE, i, 0);
	}
	/*
	 * Fork balancing spreads schbench's threads one per idle vCPU: task i
	 * on vCPU i mod vcpus, or on a permutation of them drawn per run.
	 */
	for (i = 0; i < p->vcpus; i++)
		perm[i] = i;
	for (i = p->vcpus - 1; p->random_start && i > 0; i--) {
		j = (uint32_t)pvsim_rand_range(&k->s, 0, i);
		x = perm[i];
		perm[i] = perm[j];
		perm[j] = x;
	}
	for (i = 0; i < k->nt; i++) {
		struct task *t = &k->t[i];

		memset(t, 0, sizeof(*t));
		t->is_msg = i < nmsg;
		t->msg = t->is_msg ? i : (i - nmsg) % nmsg;
		t->vcpu = (int32_t)perm[i % p->vcpus];
		if (!t->is_msg)
			k->v[t->vcpu].nattached++;
		t->qnext = -1;
		t->lnext = -1;
		t->list = -1;
		t->blocked = true;
		t->phase = MSG_TOP;
	}
	/* workers start queued on their message thread (msg_and_wait) */
	for (i = nmsg; i < k->nt; i++) {
		struct task *m = &k->t[k->t[i].msg];

		k->t[i].lnext = m->list;
		m->list = (int32_t)i;
	}
	for (i = 0; i < nmsg; i++)
		at(k, pvsim_rand_range(&k->s, 0, p->sleeptime_ns), EV_MSG_TIMER,
		   i, 0);
	k->t_begin = p->warmup_ns;
	k->t_end = p->warmup_ns + p->runtime_ns;
	pvsim_at(&k->s, k->t_end, EV_END, 0, 0);
	return 0;
}

static void dispatch_event(struct kvm *k, const struct pvsim_event *ev)
{
	struct vcpu *v;

	switch (ev->kind) {
	case EV_SPIN_END:
		if (ev->epoch == k->t[ev->obj].epoch)
			spin_end(k, ev->obj);
		break;
	case EV_MSG_TIMER:
		task_wake(k, ev->obj, k->t[ev->obj].vcpu);
		break;
	case EV_ENTER:
		v = &k->v[ev->obj];
		if (ev->epoch != v->enter_epoch || v->hstate != HS_RUNNING)
			break;
		if (v->noise)
			v->exec = true;
		else
			vcpu_enter(k, ev->obj);
		break;
	case EV_SNOOZE_END:
		if (ev->epoch == k->v[ev->obj].snooze_epoch)
			snooze_end(k, ev->obj);
		break;
	case EV_GSLICE:
		if (ev->epoch == k->v[ev->obj].slice_epoch)
			guest_slice(k, ev->obj);
		break;
	case EV_KICK:
		host_wake(k, ev->obj);
		break;
	case EV_HRESCHED:
		if (ev->epoch == k->ht[ev->obj].epoch)
			host_resched(k, ev->obj);
		break;
	case EV_NOISE:
		noise_event(k, ev->obj);
		break;
	case EV_MSG_WORK:
		msg_work_end(k, ev->obj);
		break;
	default:
		break;
	}
}

int pvsim_kvm_run(const struct pvsim_kvm_params *p, uint64_t seed, bool debug,
		struct pvsim_kvm_result *out)
{
	struct pvsim_event ev;
	struct kvm *k;
	uint32_t i;
	int ret = 0;

	k = calloc(1, sizeof(*k));
	if (!k)
		return -1;
	k->p = p;
	k->r = out;
	memset(out, 0, sizeof(*out));
	pvsim_hist_clear(&out->wake);
	if (pvsim_init(&k->s, 8 * PVSIM_KVM_MAX_VCPUS + 2 * PVSIM_KVM_MAX_TASKS,
			 seed)) {
		free(k);
		return -1;
	}
	k->s.debug = debug;
	if (setup(k)) {
		ret = -1;
		goto out;
	}
	while (pvsim_next(&k->s, &ev)) {
		if (ev.kind == EV_END)
			break;
		dispatch_event(k, &ev);
		if (debug)
			check(k);
	}
	for (i = 0; i < p->vcpus; i++) {
		out->steal_ns += k->v[i].steal_ns;
		if (k->v[i].hstate == HS_RUNNABLE)
			out->steal_ns += k->s.now_ns - k->v[i].since_ns;
	}
	out->events = k->s.events;
	out->failures = k->s.failures;
	out->first_failure = k->s.first_failure;
	out->fail = k->s.fail;
	if (k->s.failures && !debug)
		ret = -1;
out:
	pvsim_destroy(&k->s);
	free(k);
	return ret;
}
