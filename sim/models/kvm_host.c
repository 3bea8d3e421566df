// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* The KVM model (kvm.c): the host scheduler of each hardware thread and the noise guest. */
#include <stdlib.h>
#include <string.h>

#include <pvsched/sim.h>

#include "models/kvm_int.h"

void kvm_at(struct kvm *k, uint64_t delay, uint32_t kind, uint32_t obj,
	    uint32_t epoch)
{
	pvsim_at(&k->s, k->s.now_ns + delay, kind, obj, epoch);
}

/* A latency of nominal value ns, spread by lat_jitter_pm. */
uint64_t kvm_lat(struct kvm *k, uint64_t ns)
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
	kvm_at(k, pvsim_eevdf_until_resched(&k->eevdf, &k->v[ht->cur].se,
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
	kvm_at(k, kvm_lat(k, v->gidle == GI_CEDED ? k->p->cede_exit_ns :
		  k->p->resume_ns), EV_ENTER, vi, v->enter_epoch);
	if (k->eevdf_on) {
		/* set_next_entity(): RUN_TO_PARITY's mark */
		v->charged_ns = now;
		v->se.protect = true;
		ev_arm(k, h);
	} else if (ht->nq) {
		kvm_at(k, k->p->host_slice_ns, EV_HRESCHED, h, ht->epoch);
	}
}

/* A host thread with nothing to run (available_idle_cpu()). */
static bool ht_idle(const struct kvm *k, uint32_t h)
{
	return k->ht[h].cur < 0 && !k->ht[h].nq;
}

/*
 * select_idle_sibling() for a vCPU thread waking (target = its previous
 * host thread): that one when idle, else the first idle host thread of
 * its LLC (scanning onwards) within the affinity set, else the previous.
 */
static uint32_t host_select(const struct kvm *k, uint32_t vi)
{
	const struct vcpu *v = &k->v[vi];
	uint32_t prev = v->ht, llc = k->p->host_llc, first, c, i;

	if (ht_idle(k, prev))
		return prev;
	llc = llc && llc < k->nht ? llc : k->nht;
	first = prev - prev % llc;
	for (i = 1; i < llc; i++) {
		c = first + (prev - first + i) % llc;
		if (c < v->aff_n && ht_idle(k, c))
			return c;
	}
	if (k->ht[prev].nq + 2 < HT_QMAX)
		return prev;
	/* the model's queue bound: the least queued of the set instead */
	for (c = 0, first = prev; c < v->aff_n; c++)
		first = k->ht[c].nq < k->ht[first].nq ? c : first;
	return first;
}

/* A waiting vCPU thread on host thread src that h may take, or -1. */
static int32_t host_movable(const struct kvm *k, uint32_t src, uint32_t h)
{
	const struct hthread *ht = &k->ht[src];
	uint32_t i;

	for (i = 0; i < ht->nq; i++)
		if (!k->v[ht->q[i]].pinned && h < k->v[ht->q[i]].aff_n)
			return (int32_t)i;
	return -1;
}

/*
 * newidle_balance(): host thread h goes idle and pulls a waiting vCPU
 * thread from the host thread with most waiting, in its LLC first, then
 * in the whole host (the affinity sets bound what may move).
 */
static void host_newidle(struct kvm *k, uint32_t h)
{
	uint32_t llc = k->p->host_llc && k->p->host_llc < k->nht ?
		       k->p->host_llc : k->nht, lvl, c, best = 0, most = 0;
	uint32_t first = h - h % llc, span;
	struct hthread *src;
	int32_t pos;
	uint32_t vi, i;

	for (lvl = 0; lvl < 2 && !most; lvl++) {
		span = lvl ? k->nht : llc;
		for (i = 0; i < span; i++) {
			c = lvl ? i : first + i;
			if (c == h || c >= k->nht || k->ht[c].nq <= most ||
			    host_movable(k, c, h) < 0)
				continue;
			most = k->ht[c].nq;
			best = c;
		}
	}
	if (!most)
		return;
	src = &k->ht[best];
	pos = host_movable(k, best, h);
	vi = (uint32_t)src->q[pos];
	if (k->eevdf_on) {
		struct pvsim_eevdf_se *q[HT_QMAX + 1];
		int cur;

		/* dequeue keeps its lag; enqueue on the idle CPU places it */
		ev_charge(k, best);
		pvsim_eevdf_sleep(&k->eevdf, &k->v[vi].se, q,
				  ev_queue(k, best, q, &cur));
		pvsim_eevdf_place(&k->eevdf, &k->v[vi].se, q, 0,
				  k->ht[h].vmin_ns);
	}
	for (i = (uint32_t)pos + 1; i < src->nq; i++)
		src->q[i - 1] = src->q[i];
	src->nq--;
	k->v[vi].ht = h;
	k->r->migrations++;
	host_dispatch(k, h, vi);
}

static void host_next(struct kvm *k, uint32_t h)
{
	struct hthread *ht = &k->ht[h];
	struct pvsim_eevdf_se *q[HT_QMAX + 1];
	uint32_t i, vi, first = 0;
	int cur;

	ht->cur = -1;
	if (!ht->nq) {
		if (k->p->host_migrate && k->p->host_newidle)
			host_newidle(k, h);
		return;
	}
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
void kvm_task_stop(struct kvm *k, int32_t ti)
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
		kvm_task_stop(k, v->cur);
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

void kvm_host_undispatch(struct kvm *k, uint32_t vi, bool blocked)
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
void kvm_host_wake(struct kvm *k, uint32_t vi)
{
	struct vcpu *v = &k->v[vi];
	struct hthread *ht = &k->ht[v->ht];
	uint64_t now = k->s.now_ns, due;

	if (v->hstate != HS_BLOCKED)
		return;
	if (k->p->host_migrate && !v->pinned) {
		uint32_t to = host_select(k, vi);

		k->r->migrations += to != v->ht;
		v->ht = to;
		ht = &k->ht[to];
	}
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
			kvm_host_undispatch(k, (uint32_t)ht->cur, false);
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
			kvm_at(k, due > now ? due - now : 0, EV_HRESCHED, v->ht,
			   ht->epoch);
		}
		return;
	}
	host_insert(ht, vi, host_woken_pos(k, ht));
	due = ht->picked_ns + k->p->host_wakeup_gran_ns;
	ht->epoch++;
	kvm_at(k, due > now ? due - now : 0, EV_HRESCHED, v->ht, ht->epoch);
}

void kvm_host_resched(struct kvm *k, uint32_t h)
{
	struct hthread *ht = &k->ht[h];

	if (ht->cur < 0 || !ht->nq)
		return;
	if (!k->eevdf_on) {
		kvm_host_undispatch(k, (uint32_t)ht->cur, false);
		return;
	}
	/* the tick that notices the slice used up: resched, pick again */
	ev_charge(k, h);
	if (ev_preempts(k, h, false))
		kvm_host_undispatch(k, (uint32_t)ht->cur, false);
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
void kvm_noise_event(struct kvm *k, uint32_t vi)
{
	struct vcpu *v = &k->v[vi];
	const struct pvsim_kvm_params *p = k->p;
	bool kt = v->kthread;

	v->noise_busy = !v->noise_busy;
	if (v->noise_busy) {
		v->lp_idle = 0;
		kvm_host_wake(k, vi);
		kvm_at(k, kt ? pvsim_rand_range(&k->s, p->hnoise_min_ns,
					      p->hnoise_max_ns) :
			   noise_len(k, p->noise_busy_min_ns,
				     p->noise_busy_max_ns),
		   EV_NOISE, vi, 0);
	} else {
		v->lp_idle = 1;
		if (v->hstate == HS_RUNNING)
			kvm_host_undispatch(k, vi, true);
		else if (v->hstate == HS_RUNNABLE)
			host_block_runnable(k, vi);
		kvm_at(k, kt ? noise_gap(k, p->hnoise_gap_min_ns,
				     p->hnoise_gap_max_ns) :
			   noise_gap(k, p->noise_idle_min_ns,
				     p->noise_idle_max_ns),
		   EV_NOISE, vi, 0);
	}
}
