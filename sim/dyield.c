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
 * Each of these decisions goes through its pvsim_* wrapper (sim/plugin.c):
 * a plug-in's hook when the run has one, else the library's function.
 */
#include <stdlib.h>
#include <string.h>

#include "kvm_yield_bailout.h"
#include "sim_int.h"

enum dy_ev {
	EV_SEG,		/* obj = vCPU, epoch = gepoch: work segment done */
	EV_ACQ,		/* obj = vCPU, gepoch: sees the lock handed to it */
	EV_PLE,		/* obj = vCPU, gepoch: PLE window expired */
	EV_EXIT_END,	/* obj = vCPU, hepoch: pause-loop handler done */
	EV_WAKE,	/* obj = vCPU: halt over */
	EV_BOOST,	/* obj = vCPU: yield_to() boosted it */
	EV_HOST,	/* a host task arrives */
	EV_HOST_END,	/* obj = CPU, epoch: host task done */
	EV_HSLICE,	/* obj = CPU, epoch: a waiting host task's turn */
	EV_END
};

/* vCPU thread in the host */
enum { HS_RUN, HS_PREEMPTED, HS_HALTED };
/* what the guest does on the vCPU */
enum { G_FREE, G_SPIN, G_CS, G_IDLE };

struct dy_vcpu {
	uint8_t hs, gs, exit_reason;
	uint8_t lock;		/* waited for / held */
	bool in_guest;		/* executing guest code (PF_VCPU) */
	bool in_ple;		/* in its pause-loop handler */
	bool granted;		/* its ticket is served, not seen yet */
	bool locker;		/* its pass took runqueue locks */
	bool yield_pending;	/* its pass boosted: schedule() at the end */
	uint32_t gepoch, hepoch;
	uint32_t window;	/* PLE window, cycles */
	uint64_t left_ns;	/* work left in the segment (G_FREE, G_CS) */
	uint64_t seg_start_ns;	/* segment running since */
	uint64_t hend_ns;	/* handler ends (running) */
	uint64_t hleft_ns;	/* handler left (preempted) */
	uint64_t exit_start_ns;
};

struct dy_cpu {
	bool task;		/* a host task is on the runqueue */
	bool running;		/* ... and runs */
	uint32_t epoch;
	uint64_t left_ns, since_ns;
};

struct dy_lock {
	int32_t owner;		/* holder or granted waiter; -1 free */
	uint64_t seen_ns;	/* a spinning granted waiter sees it */
	uint32_t head, n;	/* waiters not yet granted, in ticket order */
	uint16_t q[PVSIM_DY_SIM_MAX_VCPUS];
};

struct dy {
	struct pvsim s;
	const struct pvsim_dy_sim_params *p;	/* = &pp */
	struct pvsim_dy_sim_params pp;	/* the caller's, this run's speed */
	struct pvsim_dy_sim_result *r;
	struct pvs_ple_params ple;
	bool ple_on;
	enum pvs_yield_policy ypol;
	uint32_t nv;
	uint32_t nple;		/* vCPUs running their pause-loop handler */
	uint32_t nlockers;	/* of those, whose pass took rq locks */
	uint64_t t_begin, t_end;
	uint64_t host_gap_ns;	/* mean gap between host tasks, this run */
	struct pvs_dy_vm vm;
	struct pvs_vcpu_snap snap[PVSIM_DY_SIM_MAX_VCPUS];
	struct dy_vcpu v[PVSIM_DY_SIM_MAX_VCPUS];
	struct dy_cpu c[PVSIM_DY_SIM_MAX_CPUS];
	struct dy_lock l[PVSIM_DY_SIM_MAX_LOCKS];
};

/* One pass: the context handed to the yield function. */
struct dy_pass {
	struct dy *k;
	uint32_t me;
	uint32_t passes;	/* other passes running at the start */
	uint32_t lockers;	/* of those, taking rq locks */
	uint32_t locked;	/* yield_to() calls that took rq locks */
	uint64_t cost_ns;	/* task lookups and yield_to() so far */
	uint64_t boost_ns;	/* cost_ns when the boost happened */
	uint64_t pid_cost_ns;	/* one task lookup */
	uint32_t src_nr_running;	/* the spinner's runqueue */
	bool measuring;
};

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

static void at(struct dy *k, uint64_t delay, uint32_t kind, uint32_t obj,
	       uint32_t epoch)
{
	pvsim_at(&k->s, k->s.now_ns + delay, kind, obj, epoch);
}

static uint64_t rnd(struct dy *k, uint64_t lo, uint64_t hi)
{
	return pvsim_rand_range(&k->s, lo, hi);
}

static bool measuring(const struct dy *k)
{
	return k->s.now_ns >= k->t_begin && k->s.now_ns < k->t_end;
}

/* rq->nr_running of host CPU cpu: its vCPU thread and a host task. */
static uint32_t nr_running(const struct dy *k, uint32_t cpu)
{
	return (cpu < k->nv && k->v[cpu].hs != HS_HALTED) + k->c[cpu].task;
}

/* What kvm_vcpu_on_spin() reads about vCPU i (not the spin-loop flags). */
static void snap_update(struct dy *k, uint32_t i)
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

static void exit_begin(struct dy *k, struct dy_vcpu *v, unsigned int why)
{
	v->exit_start_ns = k->s.now_ns;
	v->exit_reason = (uint8_t)why;
}

static void exit_end(struct dy *k, struct dy_vcpu *v)
{
	if (measuring(k))
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
		at(k, v->left_ns, EV_SEG, i, v->gepoch);
	} else if (v->gs == G_SPIN) {
		if (v->granted)
			at(k, pickup_ns(k, v), EV_ACQ, i, v->gepoch);
		else if (k->ple_on)
			at(k, window_ns(k, v), EV_PLE, i, v->gepoch);
	}
}

static void enter_guest(struct dy *k, uint32_t i)
{
	k->v[i].in_guest = true;
	guest_arm(k, i);
}

/* vCPU i stops executing guest code: bank the work done. */
static void leave_guest(struct dy *k, uint32_t i)
{
	struct dy_vcpu *v = &k->v[i];
	uint64_t ran = k->s.now_ns - v->seg_start_ns;

	if (v->gs == G_FREE || v->gs == G_CS)
		v->left_ns -= ran < v->left_ns ? ran : v->left_ns;
	v->in_guest = false;
	v->gepoch++;
}

static void start_free(struct dy *k, uint32_t i)
{
	struct dy_vcpu *v = &k->v[i];

	v->gs = G_FREE;
	v->left_ns = rnd(k, k->p->free_min_ns, k->p->free_max_ns);
}

static void lock_try(struct dy *k, uint32_t i)
{
	struct dy_vcpu *v = &k->v[i];
	struct dy_lock *l;

	v->lock = (uint8_t)rnd(k, 0, k->p->locks - 1);
	l = &k->l[v->lock];
	if (l->owner < 0 && !l->n) {
		l->owner = (int32_t)i;
		v->gs = G_CS;
		v->left_ns = rnd(k, k->p->cs_min_ns, k->p->cs_max_ns);
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
	if (measuring(k))
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
		at(k, l->seen_ns - k->s.now_ns, EV_ACQ, (uint32_t)l->owner,
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
	v->left_ns = rnd(k, k->p->cs_min_ns, k->p->cs_max_ns);
	guest_arm(k, i);
}

/* ---- host --------------------------------------------------------------- */

static void host_run(struct dy *k, uint32_t cpu)
{
	struct dy_cpu *c = &k->c[cpu];

	c->running = true;
	c->since_ns = k->s.now_ns;
	c->epoch++;
	at(k, c->left_ns, EV_HOST_END, cpu, c->epoch);
}

/* A vCPU thread takes the CPU from the host task, which waits a slice. */
static void host_stop(struct dy *k, uint32_t cpu)
{
	struct dy_cpu *c = &k->c[cpu];
	uint64_t ran = k->s.now_ns - c->since_ns;

	c->left_ns -= ran < c->left_ns ? ran : c->left_ns;
	c->running = false;
	c->epoch++;
	at(k, k->p->host_slice_ns, EV_HSLICE, cpu, c->epoch);
}

static void pass_done(struct dy *k, struct dy_vcpu *v)
{
	if (v->locker) {
		v->locker = false;
		k->nlockers--;
	}
}

/* The running vCPU thread i is preempted by the host task on its CPU. */
static void vcpu_preempt(struct dy *k, uint32_t i)
{
	struct dy_vcpu *v = &k->v[i];

	if (v->in_guest) {
		leave_guest(k, i);
		exit_begin(k, v, PVSIM_DY_EXIT_EXTINT);
	} else if (v->in_ple) {
		v->hleft_ns = v->hend_ns > k->s.now_ns ?
			      v->hend_ns - k->s.now_ns : 0;
		v->hepoch++;
		pass_done(k, v);
		k->nple--;
	}
	v->hs = HS_PREEMPTED;
	snap_update(k, i);
}

static void sched_in(struct dy *k, uint32_t i)
{
	k->v[i].hs = HS_RUN;
	snap_update(k, i);
	if (pvsim_ple_step(k->p->hooks, &k->ple, PVS_PLE_SCHED_IN,
			   &k->v[i].window) < 0)
		pvsim_fail(&k->s, "PLE window update at sched-in failed");
}

static void vcpu_resume(struct dy *k, uint32_t i)
{
	struct dy_vcpu *v = &k->v[i];

	sched_in(k, i);
	if (v->in_ple) {
		k->nple++;
		v->hend_ns = k->s.now_ns + v->hleft_ns;
		v->hepoch++;
		at(k, v->hleft_ns, EV_EXIT_END, i, v->hepoch);
		return;
	}
	exit_end(k, v);
	enter_guest(k, i);
}

static void vcpu_halt(struct dy *k, uint32_t i)
{
	struct dy_vcpu *v = &k->v[i];
	struct dy_cpu *c = &k->c[i];

	leave_guest(k, i);
	v->gs = G_IDLE;
	v->hs = HS_HALTED;
	snap_update(k, i);
	exit_begin(k, v, PVSIM_DY_EXIT_HLT);
	if (c->task && !c->running)
		host_run(k, i);
	at(k, rnd(k, k->p->halt_min_ns, k->p->halt_max_ns), EV_WAKE, i, 0);
}

static void vcpu_wake(struct dy *k, uint32_t i)
{
	if (k->c[i].running)
		host_stop(k, i);	/* a sleeper preempts the host task */
	sched_in(k, i);
	exit_end(k, &k->v[i]);
	start_free(k, i);
	enter_guest(k, i);
}

static void host_arrive(struct dy *k)
{
	const struct pvsim_dy_sim_params *p = k->p;
	uint32_t cpu, nidle = 0, nfree = 0, pick;
	struct dy_cpu *c;

	at(k, rnd(k, 1, 2 * k->host_gap_ns), EV_HOST, 0, 0);
	for (cpu = 0; cpu < p->host_cpus; cpu++) {
		nidle += !nr_running(k, cpu);
		nfree += !k->c[cpu].task;
	}
	if (!nfree)
		return;
	/* select_idle_sibling(): an idle CPU if any, else anywhere */
	pick = (uint32_t)rnd(k, 0, (nidle ? nidle : nfree) - 1);
	for (cpu = 0; cpu < p->host_cpus; cpu++) {
		if (nidle ? nr_running(k, cpu) != 0 : k->c[cpu].task)
			continue;
		if (!pick--)
			break;
	}
	c = &k->c[cpu];
	c->task = true;
	c->left_ns = rnd(k, p->host_min_ns, p->host_max_ns);
	if (cpu >= k->nv || k->v[cpu].hs != HS_RUN) {
		host_run(k, cpu);
		return;
	}
	/* no wake-up preemption: the vCPU thread goes on to the next tick */
	c->running = false;
	c->epoch++;
	at(k, rnd(k, 0, p->tick_ns), EV_HSLICE, cpu, c->epoch);
}

static void host_end(struct dy *k, uint32_t cpu)
{
	struct dy_cpu *c = &k->c[cpu];

	c->task = false;
	c->running = false;
	c->epoch++;
	if (cpu < k->nv && k->v[cpu].hs == HS_PREEMPTED)
		vcpu_resume(k, cpu);
}

/* The waiting host task's turn: it preempts the vCPU thread. */
static void host_slice(struct dy *k, uint32_t cpu)
{
	struct dy_cpu *c = &k->c[cpu];

	if (!c->task || c->running)
		return;
	if (cpu < k->nv && k->v[cpu].hs == HS_RUN) {
		vcpu_preempt(k, cpu);
		if (measuring(k))
			k->r->host_preempts++;
	}
	host_run(k, cpu);
}

/* yield_to() boosted vCPU t: it runs at once, the host task waits. */
static void boost(struct dy *k, uint32_t t)
{
	if (k->v[t].hs != HS_PREEMPTED || !k->c[t].running)
		return;
	host_stop(k, t);
	vcpu_resume(k, t);
}

/* ---- the pause-loop exit handler ---------------------------------------- */

/*
 * kvm_vcpu_yield_to(): the target's task is looked up; one executing
 * guest code (PF_VCPU) is left alone; otherwise yield_to(), whose answer
 * is the library's pvs_should_yield() over the model's runqueues.
 */
static int dy_yield_to(void *ctx, unsigned int t)
{
	struct dy_pass *ps = ctx;
	struct dy *k = ps->k;
	const struct pvsim_dy_sim_params *p = k->p;
	const struct dy_vcpu *tv = &k->v[t];
	struct pvs_rq_lens rq;
	bool m = ps->measuring;
	int ret;

	ps->cost_ns += ps->pid_cost_ns;
	if (tv->in_guest)
		return 0;
	rq.policy = k->ypol;
	rq.src_nr_running = ps->src_nr_running;
	rq.dst_nr_running = nr_running(k, t);
	rq.target_on_cpu = tv->hs == HS_RUN;
	rq.target_runnable = tv->hs != HS_HALTED;
	rq.same_class = true;
	rq.class_has_yield_to = true;
	rq.hook_refuses = false;
	ret = pvsim_should_yield(p->hooks, &rq);
	k->r->yield_to += m;
	if (ret == -PVS_ESRCH) {
		ps->cost_ns += p->esrch_ns;
		k->r->esrch += m;
	} else {
		ps->cost_ns += p->rqlock_ns +
			       p->rqlock_contend_ns * ps->lockers;
		ps->locked++;
		k->r->rqlocks += m;
	}
	if (ret > 0) {
		ps->boost_ns = ps->cost_ns;
		k->r->boosts += m;
	}
	return ret;
}

static void ple_exit(struct dy *k, uint32_t i)
{
	const struct pvsim_dy_sim_params *p = k->p;
	struct dy_vcpu *v = &k->v[i];
	struct dy_pass ps = {
		k, i, k->nple, k->nlockers, 0, 0, 0,
		p->pid_ns + p->pid_contend_ns * k->nple, nr_running(k, i),
		measuring(k)
	};
	struct pvs_dy_spinner sp;
	struct pvs_dy_result res;
	bool m = measuring(k);
	uint64_t cost;
	int ret;

	leave_guest(k, i);
	exit_begin(k, v, PVSIM_DY_EXIT_PAUSE);
	v->in_ple = true;
	k->nple++;
	k->r->window_sum += m ? v->window : 0;
	if (pvsim_ple_step(p->hooks, &k->ple, PVS_PLE_EXIT, &v->window) < 0)
		pvsim_fail(&k->s, "PLE window update at the exit failed");
	pvsim_dy_spin_loop(p->hooks, &k->snap[i], true);
	sp.policy = k->ypol;
	sp.me = i;
	/* v3.7 had no user-mode filter; VMX passes true today */
	sp.yield_to_kernel_mode = !p->v37_candidates;
	sp.yield_to = dy_yield_to;
	sp.ctx = &ps;
	ret = pvsim_dy_on_spin(p->hooks, &k->vm, &sp, &res);
	if (ret < 0 || (ret == 1 && res.boosted >= k->nv)) {
		pvsim_fail(&k->s, "directed-yield pass failed");
		res.examined = 0;
		ret = 0;
	}
	cost = p->exit_ns + res.examined * p->examine_ns + ps.cost_ns;
	if (m) {
		k->r->passes++;
		k->r->examined += res.examined;
		k->r->yield_calls += res.attempts;
		k->r->stop_failures += res.stop == PVS_DY_STOP_FAILURES;
		k->r->src_busy += ps.src_nr_running > 1;
	}
	if (ps.locked) {
		v->locker = true;
		k->nlockers++;
	}
	if (ret == 1) {
		v->yield_pending = true;
		at(k, res.examined * p->examine_ns + ps.boost_ns, EV_BOOST,
		   res.boosted, 0);
	}
	v->hend_ns = k->s.now_ns + cost;
	v->hepoch++;
	at(k, cost, EV_EXIT_END, i, v->hepoch);
}

static void ple_exit_end(struct dy *k, uint32_t i)
{
	struct dy_vcpu *v = &k->v[i];

	if (v->yield_pending) {
		v->yield_pending = false;
		/* schedule() after a boost: a waiting host task runs */
		if (k->c[i].task && !k->c[i].running) {
			if (measuring(k))
				k->r->yield_sched++;
			v->hend_ns = k->s.now_ns;
			vcpu_preempt(k, i);
			host_run(k, i);
			return;
		}
	}
	pass_done(k, v);
	v->in_ple = false;
	k->nple--;
	pvsim_dy_spin_loop(k->p->hooks, &k->snap[i], false);
	exit_end(k, v);
	enter_guest(k, i);
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

static int setup(struct dy *k)
{
	const struct pvsim_dy_sim_params *p = k->p;
	int en;
	uint32_t i;

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
		snap_update(k, i);
		/* start at a random point of the first step */
		k->v[i].gs = G_FREE;
		k->v[i].left_ns = rnd(k, 0, p->free_max_ns);
		enter_guest(k, i);
	}
	/* how busy the host is this run */
	k->host_gap_ns = rnd(k, p->host_gap_min_ns, p->host_gap_max_ns);
	k->r->host_gap_ns = k->host_gap_ns;
	if (k->host_gap_ns)
		at(k, rnd(k, 0, 2 * k->host_gap_ns), EV_HOST, 0, 0);
	k->t_begin = p->warmup_ns;
	k->t_end = p->warmup_ns + p->runtime_ns;
	pvsim_at(&k->s, k->t_end, EV_END, 0, 0);
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
		if (rnd(k, 0, 999) < k->p->halt_pm) {
			vcpu_halt(k, ev->obj);
			break;
		}
		start_free(k, ev->obj);
		guest_arm(k, ev->obj);
		break;
	case EV_ACQ:
		if (ev->epoch == v->gepoch)
			acquire(k, ev->obj);
		break;
	case EV_PLE:
		if (ev->epoch == v->gepoch)
			ple_exit(k, ev->obj);
		break;
	case EV_EXIT_END:
		if (ev->epoch == v->hepoch && v->hs == HS_RUN)
			ple_exit_end(k, ev->obj);
		break;
	case EV_WAKE:
		vcpu_wake(k, ev->obj);
		break;
	case EV_BOOST:
		boost(k, ev->obj);
		break;
	case EV_HOST:
		host_arrive(k);
		break;
	case EV_HOST_END:
		if (ev->epoch == c->epoch)
			host_end(k, ev->obj);
		break;
	case EV_HSLICE:
		if (ev->epoch == c->epoch)
			host_slice(k, ev->obj);
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

int pvsim_dy_sim_run(const struct pvsim_dy_sim_params *p, uint64_t seed,
		   bool debug, struct pvsim_dy_sim_result *r)
{
	struct dy *k;
	int ret = 0;

	memset(r, 0, sizeof(*r));
	k = calloc(1, sizeof(*k));
	if (!k)
		return -1;
	k->pp = *p;
	run_speed(&k->pp, seed);
	k->p = &k->pp;
	k->r = r;
	if (pvsim_init(&k->s, 64 * PVSIM_DY_SIM_MAX_VCPUS +
			 4 * PVSIM_DY_SIM_MAX_CPUS + 16, seed)) {
		free(k);
		return -1;
	}
	k->s.debug = debug;
	ret = setup(k);
	if (!ret) {
		pvsim_loop(&k->s, EV_END, dispatch, check, k);
		r->jobs_per_min = r->steps * 60000000000ull /
				  ((uint64_t)p->steps_per_job * p->runtime_ns);
		r->events = k->s.events;
		r->failures = k->s.failures;
		r->first_failure = k->s.first_failure;
		r->fail = k->s.fail;
		/* a debug run reports its violations instead of failing */
		ret = k->s.failures && !debug ? -1 : 0;
	}
	pvsim_destroy(&k->s);
	free(k);
	return ret;
}
