// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The directed-yield model of kvm-yield-bailout: one KVM guest on an x86 host
 * with at least as many hardware threads as vCPUs (vCPU thread i runs on host
 * CPU i), an AIM7 high_systime-like load whose guest kernel spins on ticket
 * spinlocks, pause-loop exits and the directed-yield pass.
 *
 * Guest: every vCPU loops over steps: work outside the lock, then a ticket
 * spinlock (FIFO: the lock is handed to the oldest waiter, who must be
 * executing guest code to notice), a critical section, the release. The
 * handoff costs more the more waiters spin on the lock's cache line. Now
 * and then a vCPU halts (HLT) for a while: the task blocked and nothing
 * else was runnable.
 *
 * PLE: a waiter that spins longer than its PLE window (cycles at tsc_mhz)
 * exits. The handler grows the window (pvs_ple_on_exit()), marks the vCPU
 * in its spin loop (pvs_dy_spin_enter()) and runs the library's candidate
 * pass (pvs_dy_on_spin()) whose yield function is kvm_vcpu_yield_to():
 * a target executing guest code (PF_VCPU) is skipped after the task
 * lookup, any other is handed to pvs_should_yield() over the model's
 * runqueue lengths. The handler lasts the exit cost plus a cost per
 * candidate examined, per task lookup, and per yield_to(): cheap for
 * -ESRCH (decided before the runqueue locks), else the double_rq_lock
 * cost plus a contention cost per other pass that is taking runqueue
 * locks at the same time (passes start at the VM's last boosted vCPU and
 * walk in the same order, so they queue on the same locks). The pass is
 * evaluated at the exit against the state of that moment. A waiter whose
 * ticket comes up while it is in the handler picks the lock up only when
 * it is back in the guest: this is how handler time turns into lost
 * throughput.
 *
 * Host: host tasks (kernel threads, QEMU threads) arrive now and then and
 * go to an idle CPU (no runnable vCPU thread, no host task) if there is
 * one, else to a busy one, where they preempt the vCPU thread
 * (EXTERNAL_INTERRUPT exit) for their burst. A vCPU thread that wakes
 * from HLT, or that yield_to() boosts, takes the CPU back from a host
 * task, which then waits at most host_slice_ns. Runqueue lengths are
 * what pvs_should_yield() sees: 1 on a CPU with only a vCPU thread, 2
 * with a host task as well. vCPU threads are sched-in after a halt or a
 * preemption: pvs_ple_on_sched_in() then shrinks the window.
 *
 * Each of these decisions goes through its pvsim_* wrapper (sim/engine/plugin.c):
 * a plug-in's hook when the run has one, else the library's function.
 */
#include <stdlib.h>
#include <string.h>

#include "models/dyield_int.h"

void pvsim_dy_sim_defaults(struct pvsim_dy_sim_params *p, uint32_t vcpus,
			 enum pvsim_dy_sim_policy pol)
{
	memset(p, 0, sizeof(*p));
	p->vcpus = vcpus;
	p->policy = pol;
	pvs_ple_params_default(&p->ple, PVS_PLE_VMX);
	/* every number from the parameter table (its defaults) */
	pvsim_yield_bailout_apply(NULL, p);
	p->runtime_ns = 200000000;
}

/* ---- exit statistics ---------------------------------------------------- */

void pvsim_dy_exit_add(struct pvsim_dy_exit_stat *s, uint64_t ns)
{
	uint64_t x = ns < 0xffffffffull ? ns : 0xffffffffull, sq = x * x;

	s->n++;
	s->sum_ns += ns;
	s->sq_lo += sq;
	s->sq_hi += s->sq_lo < sq;
}

void pvsim_dy_exit_merge(struct pvsim_dy_exit_stat *d,
		       const struct pvsim_dy_exit_stat *s)
{
	struct pvsim_dy_exit_stat x = *s;	/* d may be s */

	d->n += x.n;
	d->sum_ns += x.sum_ns;
	d->sq_lo += x.sq_lo;
	d->sq_hi += x.sq_hi + (d->sq_lo < x.sq_lo);
}

/* ---- helpers ------------------------------------------------------------ */

void dy_at(struct dy *k, uint64_t delay, uint32_t kind, uint32_t obj,
	   uint32_t epoch)
{
	pvsim_at(&k->s, k->s.now_ns + delay, kind, obj, epoch);
}

uint64_t dy_rnd(struct dy *k, uint64_t lo, uint64_t hi)
{
	return pvsim_rand_range(&k->s, lo, hi);
}

bool dy_measuring(const struct dy *k)
{
	return pvsim_window_has(&k->measured, k->s.now_ns);
}

/* rq->nr_running of host CPU cpu: its vCPU thread and a host task. */
uint32_t dy_nr_running(const struct dy *k, uint32_t cpu)
{
	return (cpu < k->nv && k->v[cpu].hs != HS_HALTED) + k->c[cpu].task;
}

/* What kvm_vcpu_on_spin() reads about vCPU i (not the spin-loop flags). */
void dy_snap_update(struct dy *k, uint32_t i)
{
	struct pvs_vcpu_snap *s = &k->snap[i];
	const struct dy_vcpu *v = &k->v[i];

	s->preempted = v->hs == HS_PREEMPTED;
	s->blocking = v->hs == HS_HALTED;
	/* v3.7 skipped halted vCPUs only (waitqueue_active()) */
	s->ready = k->p->v37_candidates ? v->hs != HS_HALTED : s->preempted;
	s->preempted_in_kernel = s->preempted && v->gs != G_FREE;
	s->dy_runnable = false;
	s->pending_interrupt = false;
}

static uint64_t window_ns(const struct dy *k, const struct dy_vcpu *v)
{
	return (uint64_t)v->window * 1000 / k->p->tsc_mhz;
}

void dy_exit_begin(struct dy *k, struct dy_vcpu *v, unsigned int why)
{
	v->exit_start_ns = k->s.now_ns;
	v->exit_reason = (uint8_t)why;
}

void dy_exit_end(struct dy *k, struct dy_vcpu *v)
{
	if (dy_measuring(k))
		pvsim_dy_exit_add(&k->r->exits[v->exit_reason],
				k->s.now_ns - v->exit_start_ns);
}

/* ---- guest -------------------------------------------------------------- */

/*
 * A waiter whose turn came while it was out of the guest sees the lock
 * pickup_ns after it is back, and not before the handoff would have
 * reached it had it spun.
 */
static uint64_t pickup_ns(const struct dy *k, const struct dy_vcpu *v)
{
	uint64_t seen = k->l[v->lock].seen_ns, now = k->s.now_ns;

	return seen > now + k->p->pickup_ns ? seen - now : k->p->pickup_ns;
}

/* Schedule what vCPU i, executing guest code, does next. */
static void guest_arm(struct dy *k, uint32_t i)
{
	struct dy_vcpu *v = &k->v[i];

	v->gepoch++;
	if (v->gs == G_FREE || v->gs == G_CS) {
		v->seg_start_ns = k->s.now_ns;
		dy_at(k, v->left_ns, EV_SEG, i, v->gepoch);
	} else if (v->gs == G_SPIN) {
		if (v->granted)
			dy_at(k, pickup_ns(k, v), EV_ACQ, i, v->gepoch);
		else if (k->ple_on)
			dy_at(k, window_ns(k, v), EV_PLE, i, v->gepoch);
	}
}

void dy_enter_guest(struct dy *k, uint32_t i)
{
	k->v[i].in_guest = true;
	guest_arm(k, i);
}

/* vCPU i stops executing guest code: bank the work done. */
void dy_leave_guest(struct dy *k, uint32_t i)
{
	struct dy_vcpu *v = &k->v[i];
	uint64_t ran = k->s.now_ns - v->seg_start_ns;

	if (v->gs == G_FREE || v->gs == G_CS)
		v->left_ns -= ran < v->left_ns ? ran : v->left_ns;
	v->in_guest = false;
	v->gepoch++;
}

void dy_start_free(struct dy *k, uint32_t i)
{
	struct dy_vcpu *v = &k->v[i];

	v->gs = G_FREE;
	v->left_ns = dy_rnd(k, k->p->free_min_ns, k->p->free_max_ns);
}

static void lock_try(struct dy *k, uint32_t i)
{
	struct dy_vcpu *v = &k->v[i];
	struct dy_lock *l;

	v->lock = (uint8_t)dy_rnd(k, 0, k->p->locks - 1);
	l = &k->l[v->lock];
	if (l->owner < 0 && !l->n) {
		l->owner = (int32_t)i;
		v->gs = G_CS;
		v->left_ns = dy_rnd(k, k->p->cs_min_ns, k->p->cs_max_ns);
	} else {
		l->q[(l->head + l->n) % PVSIM_DY_SIM_MAX_VCPUS] = (uint16_t)i;
		l->n++;
		v->gs = G_SPIN;
		v->granted = false;
	}
	guest_arm(k, i);
}

/* Ticket unlock: the oldest waiter's turn; it sees it if it spins. */
static void lock_release(struct dy *k, uint32_t i)
{
	struct dy_lock *l = &k->l[k->v[i].lock];
	struct dy_vcpu *w;

	l->owner = -1;
	if (dy_measuring(k))
		k->r->steps++;
	if (!l->n)
		return;
	w = &k->v[l->q[l->head]];
	l->owner = l->q[l->head];
	l->head = (l->head + 1) % PVSIM_DY_SIM_MAX_VCPUS;
	l->n--;
	w->granted = true;
	l->seen_ns = k->s.now_ns + k->p->handoff_ns +
		     k->p->handoff_per_waiter_ns * l->n;
	if (w->in_guest)
		dy_at(k, l->seen_ns - k->s.now_ns, EV_ACQ, (uint32_t)l->owner,
		   w->gepoch);
}

static void acquire(struct dy *k, uint32_t i)
{
	struct dy_vcpu *v = &k->v[i];

	if (v->gs != G_SPIN || !v->granted) {
		pvsim_fail(&k->s, "lock seen by a vCPU it was not handed to");
		return;
	}
	v->granted = false;
	v->gs = G_CS;
	v->left_ns = dy_rnd(k, k->p->cs_min_ns, k->p->cs_max_ns);
	guest_arm(k, i);
}

/* ---- invariants --------------------------------------------------------- */

static void check(void *model)
{
	struct dy *k = model;
	uint32_t i, j, seen[PVSIM_DY_SIM_MAX_VCPUS], lockers = 0, nple = 0;

	memset(seen, 0, sizeof(seen));
	for (i = 0; i < k->p->locks; i++) {
		const struct dy_lock *l = &k->l[i];

		if (l->owner >= 0) {
			const struct dy_vcpu *o = &k->v[l->owner];

			seen[l->owner]++;
			if (o->lock != i || !(o->gs == G_CS ||
					      (o->gs == G_SPIN && o->granted)))
				pvsim_fail(&k->s, "owner not holding");
		} else if (l->n) {
			pvsim_fail(&k->s, "free lock with waiters");
		}
		for (j = 0; j < l->n; j++) {
			uint32_t w = l->q[(l->head + j) % PVSIM_DY_SIM_MAX_VCPUS];

			seen[w]++;
			if (k->v[w].gs != G_SPIN || k->v[w].lock != i ||
			    k->v[w].granted)
				pvsim_fail(&k->s, "queued vCPU not waiting");
		}
	}
	for (i = 0; i < k->nv; i++) {
		const struct dy_vcpu *v = &k->v[i];
		const struct pvs_vcpu_snap *s = &k->snap[i];
		const struct dy_cpu *c = &k->c[i];

		if (seen[i] != (v->gs == G_SPIN || v->gs == G_CS))
			pvsim_fail(&k->s, "vCPU in a lock queue != waiting");
		if (v->in_guest && (v->hs != HS_RUN || v->in_ple))
			pvsim_fail(&k->s, "guest code runs off the CPU");
		if ((v->hs == HS_HALTED) != (v->gs == G_IDLE))
			pvsim_fail(&k->s, "halted != guest idle");
		/* a halted vCPU's CPU may run a host task, or idle */
		if ((v->hs == HS_PREEMPTED && !(c->task && c->running)) ||
		    (v->hs == HS_RUN && c->running))
			pvsim_fail(&k->s, "preempted != host task runs");
		if (v->hs == HS_RUN && !v->in_guest && !v->in_ple)
			pvsim_fail(&k->s, "running vCPU idle");
		if (v->in_ple && (v->gs != G_SPIN || !k->ple_on))
			pvsim_fail(&k->s, "handler, no spinner");
		/* a plug-in's dy_spin_loop may keep other flags */
		if (s->in_spin_loop != v->in_ple &&
		    !(k->p->hooks && k->p->hooks->dy_spin_loop))
			pvsim_fail(&k->s, "in_spin_loop != in the handler");
		if (s->blocking != (v->hs == HS_HALTED) ||
		    s->preempted != (v->hs == HS_PREEMPTED) ||
		    s->ready != (k->p->v37_candidates ?
				 v->hs != HS_HALTED : v->hs == HS_PREEMPTED))
			pvsim_fail(&k->s, "snapshot out of date");
		if (k->ple_on && (v->window < k->ple.window ||
				  v->window > k->ple.window_max))
			pvsim_fail(&k->s, "PLE window out of bounds");
		lockers += v->locker;
		nple += v->in_ple && v->hs == HS_RUN;
		if (v->locker && !(v->in_ple && v->hs == HS_RUN))
			pvsim_fail(&k->s, "locking pass outside a handler");
	}
	for (i = 0; i < k->p->host_cpus; i++) {
		if (k->c[i].running && !k->c[i].task)
			pvsim_fail(&k->s, "host CPU runs no task");
		/* a host task waits only behind a running vCPU thread */
		if (k->c[i].task && !k->c[i].running &&
		    (i >= k->nv || k->v[i].hs != HS_RUN))
			pvsim_fail(&k->s, "host task waits on a free CPU");
	}
	if (lockers != k->nlockers || nple != k->nple)
		pvsim_fail(&k->s, "running passes miscounted");
	if (!k->ple_on && k->r->exits[PVSIM_DY_EXIT_PAUSE].n)
		pvsim_fail(&k->s, "PAUSE exit with PLE off");
	if (k->vm.last_boosted >= k->nv)
		pvsim_fail(&k->s, "last_boosted out of range");
}

/* ---- run ---------------------------------------------------------------- */

static bool params_ok(const struct pvsim_dy_sim_params *p)
{
	return p->host_cpus && p->host_cpus <= PVSIM_DY_SIM_MAX_CPUS &&
	       p->vcpus >= 2 && p->vcpus <= p->host_cpus &&
	       p->vcpus <= PVSIM_DY_SIM_MAX_VCPUS && p->tsc_mhz &&
	       p->locks && p->locks <= PVSIM_DY_SIM_MAX_LOCKS &&
	       p->steps_per_job && p->policy < PVSIM_DY_SIM_NPOL &&
	       p->free_min_ns <= p->free_max_ns && p->cs_min_ns &&
	       p->cs_min_ns <= p->cs_max_ns && p->halt_pm <= 1000 &&
	       p->halt_min_ns <= p->halt_max_ns &&
	       p->host_gap_min_ns <= p->host_gap_max_ns &&
	       p->host_min_ns <= p->host_max_ns && p->host_slice_ns &&
	       p->tick_ns &&
	       p->exit_ns && p->runtime_ns;
}

static int setup(void *model, uint64_t seed)
{
	struct dy *k = model;
	const struct pvsim_dy_sim_params *p = k->p;
	int en;
	uint32_t i;

	(void)seed;	/* the engine's stream is the run's */
	if (!params_ok(p))
		return -1;
	k->ple = p->ple;
	if (p->policy == PVSIM_DY_SIM_PLE_OFF)
		k->ple.gap = 0;	/* ple_gap=0, as the published run ran it */
	en = pvs_ple_enabled(&k->ple);
	if (en < 0 || (en == 0) != (p->policy == PVSIM_DY_SIM_PLE_OFF))
		return -1;
	k->ple_on = en;
	k->ypol = p->policy == PVSIM_DY_SIM_BAILOUT ? PVS_YIELD_BAILOUT :
						    PVS_YIELD_BASELINE;
	k->nv = p->vcpus;
	k->vm.vcpus = k->snap;
	k->vm.nr_vcpus = k->nv;
	k->vm.last_boosted = 0;
	for (i = 0; i < p->locks; i++)
		k->l[i].owner = -1;
	for (i = 0; i < k->nv; i++) {
		k->v[i].window = k->ple.window;
		dy_snap_update(k, i);
		/* start at a random point of the first step */
		k->v[i].gs = G_FREE;
		k->v[i].left_ns = dy_rnd(k, 0, p->free_max_ns);
		dy_enter_guest(k, i);
	}
	/* how busy the host is this run */
	k->host_gap_ns = dy_rnd(k, p->host_gap_min_ns, p->host_gap_max_ns);
	k->r->host_gap_ns = k->host_gap_ns;
	if (k->host_gap_ns)
		dy_at(k, dy_rnd(k, 0, 2 * k->host_gap_ns), EV_HOST, 0, 0);
	k->measured = pvsim_window_of(p->warmup_ns, p->runtime_ns);
	pvsim_at(&k->s, k->measured.end_ns, EV_END, 0, 0);
	return 0;
}

static void dispatch(void *model, const struct pvsim_event *ev)
{
	struct dy *k = model;
	struct dy_vcpu *v = ev->kind < EV_HOST ? &k->v[ev->obj] : NULL;
	struct dy_cpu *c = ev->kind >= EV_HOST_END ? &k->c[ev->obj] : NULL;

	switch (ev->kind) {
	case EV_SEG:
		if (ev->epoch != v->gepoch)
			break;
		if (v->gs == G_FREE) {
			lock_try(k, ev->obj);
			break;
		}
		lock_release(k, ev->obj);
		if (dy_rnd(k, 0, 999) < k->p->halt_pm) {
			dy_vcpu_halt(k, ev->obj);
			break;
		}
		dy_start_free(k, ev->obj);
		guest_arm(k, ev->obj);
		break;
	case EV_ACQ:
		if (ev->epoch == v->gepoch)
			acquire(k, ev->obj);
		break;
	case EV_PLE:
		if (ev->epoch == v->gepoch)
			dy_ple_exit(k, ev->obj);
		break;
	case EV_EXIT_END:
		if (ev->epoch == v->hepoch && v->hs == HS_RUN)
			dy_ple_exit_end(k, ev->obj);
		break;
	case EV_WAKE:
		dy_vcpu_wake(k, ev->obj);
		break;
	case EV_BOOST:
		dy_boost(k, ev->obj);
		break;
	case EV_HOST:
		dy_host_arrive(k);
		break;
	case EV_HOST_END:
		if (ev->epoch == c->epoch)
			dy_host_end(k, ev->obj);
		break;
	case EV_HSLICE:
		if (ev->epoch == c->epoch)
			dy_host_slice(k, ev->obj);
		break;
	default:
		break;
	}
}

/*
 * Run-to-run noise of the guest's speed (the host's memory placement,
 * turbo, what else the testbed ran): the work outside and inside the lock
 * is scaled by one factor per run, 1000 +- run_noise_pm per mille, drawn
 * from its own stream (the seed and the policy) so that the model's other draws stay as
 * they are. 0: every run at the nominal speed (nothing drawn).
 */
static void run_speed(struct pvsim_dy_sim_params *p, uint64_t seed)
{
	/* each kernel is another boot: the policy is in the stream */
	uint64_t z = seed ^ (0x3c6ef372fe94f82bull * (1 + p->policy)), pm;

	if (!p->run_noise_pm || p->run_noise_pm >= 1000)
		return;
	pm = pvsim_spread_pm(pvsim_mix64(z), p->run_noise_pm);
	p->free_min_ns = p->free_min_ns * pm / 1000;
	p->free_max_ns = p->free_max_ns * pm / 1000;
	p->cs_min_ns = p->cs_min_ns * pm / 1000;
	p->cs_max_ns = p->cs_max_ns * pm / 1000;
	if (!p->cs_min_ns)
		p->cs_min_ns = 1;
	if (p->cs_max_ns < p->cs_min_ns)
		p->cs_max_ns = p->cs_min_ns;
}

/* The run's AIM7 jobs per minute and outcome. */
static void finish(void *model, uint64_t seed)
{
	struct dy *k = model;
	struct pvsim_dy_sim_result *r = k->r;

	(void)seed;
	r->jobs_per_min = r->steps * 60000000000ull /
			  ((uint64_t)k->p->steps_per_job * k->p->runtime_ns);
	PVSIM_TAKE_OUTCOME(r, &k->s);
}

static const struct pvsim_model dy_model = {
	64 * PVSIM_DY_SIM_MAX_VCPUS + 4 * PVSIM_DY_SIM_MAX_CPUS + 16, EV_END,
	setup, dispatch, check, finish
};

int pvsim_dy_sim_run(const struct pvsim_dy_sim_params *p, uint64_t seed,
		   bool debug, struct pvsim_dy_sim_result *r)
{
	struct dy *k;
	int ret;

	memset(r, 0, sizeof(*r));
	k = calloc(1, sizeof(*k));
	if (!k)
		return -1;
	k->pp = *p;
	run_speed(&k->pp, seed);
	k->p = &k->pp;
	k->r = r;
	ret = pvsim_run_model(&k->s, &dy_model, seed, debug, k);
	free(k);
	return ret;
}
