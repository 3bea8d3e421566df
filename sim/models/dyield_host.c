// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* The directed-yield model (dyield.c): the host side, vCPU threads and host tasks on their CPUs, and the pause-loop exit handler with its yield_to(). */
#include <stdlib.h>
#include <string.h>

#include "models/dyield_int.h"

/* ---- host --------------------------------------------------------------- */

static void host_run(struct dy *k, uint32_t cpu)
{
	struct dy_cpu *c = &k->c[cpu];

	c->running = true;
	c->since_ns = k->s.now_ns;
	c->epoch++;
	dy_at(k, c->left_ns, EV_HOST_END, cpu, c->epoch);
}

/* A vCPU thread takes the CPU from the host task, which waits a slice. */
static void host_stop(struct dy *k, uint32_t cpu)
{
	struct dy_cpu *c = &k->c[cpu];
	uint64_t ran = k->s.now_ns - c->since_ns;

	c->left_ns -= ran < c->left_ns ? ran : c->left_ns;
	c->running = false;
	c->epoch++;
	dy_at(k, k->p->host_slice_ns, EV_HSLICE, cpu, c->epoch);
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
		dy_leave_guest(k, i);
		dy_exit_begin(k, v, PVSIM_DY_EXIT_EXTINT);
	} else if (v->in_ple) {
		v->hleft_ns = v->hend_ns > k->s.now_ns ?
			      v->hend_ns - k->s.now_ns : 0;
		v->hepoch++;
		pass_done(k, v);
		k->nple--;
	}
	v->hs = HS_PREEMPTED;
	dy_snap_update(k, i);
}

static void sched_in(struct dy *k, uint32_t i)
{
	k->v[i].hs = HS_RUN;
	dy_snap_update(k, i);
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
		dy_at(k, v->hleft_ns, EV_EXIT_END, i, v->hepoch);
		return;
	}
	dy_exit_end(k, v);
	dy_enter_guest(k, i);
}

void dy_vcpu_halt(struct dy *k, uint32_t i)
{
	struct dy_vcpu *v = &k->v[i];
	struct dy_cpu *c = &k->c[i];

	dy_leave_guest(k, i);
	v->gs = G_IDLE;
	v->hs = HS_HALTED;
	dy_snap_update(k, i);
	dy_exit_begin(k, v, PVSIM_DY_EXIT_HLT);
	if (c->task && !c->running)
		host_run(k, i);
	dy_at(k, dy_rnd(k, k->p->halt_min_ns, k->p->halt_max_ns), EV_WAKE, i, 0);
}

void dy_vcpu_wake(struct dy *k, uint32_t i)
{
	if (k->c[i].running)
		host_stop(k, i);	/* a sleeper preempts the host task */
	sched_in(k, i);
	dy_exit_end(k, &k->v[i]);
	dy_start_free(k, i);
	dy_enter_guest(k, i);
}

void dy_host_arrive(struct dy *k)
{
	const struct pvsim_dy_sim_params *p = k->p;
	uint32_t cpu, nidle = 0, nfree = 0, pick;
	struct dy_cpu *c;

	dy_at(k, dy_rnd(k, 1, 2 * k->host_gap_ns), EV_HOST, 0, 0);
	for (cpu = 0; cpu < p->host_cpus; cpu++) {
		nidle += !dy_nr_running(k, cpu);
		nfree += !k->c[cpu].task;
	}
	if (!nfree)
		return;
	/* select_idle_sibling(): an idle CPU if any, else anywhere */
	pick = (uint32_t)dy_rnd(k, 0, (nidle ? nidle : nfree) - 1);
	for (cpu = 0; cpu < p->host_cpus; cpu++) {
		if (nidle ? dy_nr_running(k, cpu) != 0 : k->c[cpu].task)
			continue;
		if (!pick--)
			break;
	}
	c = &k->c[cpu];
	c->task = true;
	c->left_ns = dy_rnd(k, p->host_min_ns, p->host_max_ns);
	if (cpu >= k->nv || k->v[cpu].hs != HS_RUN) {
		host_run(k, cpu);
		return;
	}
	/* no wake-up preemption: the vCPU thread goes on to the next tick */
	c->running = false;
	c->epoch++;
	dy_at(k, dy_rnd(k, 0, p->tick_ns), EV_HSLICE, cpu, c->epoch);
}

void dy_host_end(struct dy *k, uint32_t cpu)
{
	struct dy_cpu *c = &k->c[cpu];

	c->task = false;
	c->running = false;
	c->epoch++;
	if (cpu < k->nv && k->v[cpu].hs == HS_PREEMPTED)
		vcpu_resume(k, cpu);
}

/* The waiting host task's turn: it preempts the vCPU thread. */
void dy_host_slice(struct dy *k, uint32_t cpu)
{
	struct dy_cpu *c = &k->c[cpu];

	if (!c->task || c->running)
		return;
	if (cpu < k->nv && k->v[cpu].hs == HS_RUN) {
		vcpu_preempt(k, cpu);
		if (dy_measuring(k))
			k->r->host_preempts++;
	}
	host_run(k, cpu);
}

/* yield_to() boosted vCPU t: it runs at once, the host task waits. */
void dy_boost(struct dy *k, uint32_t t)
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
	rq.dst_nr_running = dy_nr_running(k, t);
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

void dy_ple_exit(struct dy *k, uint32_t i)
{
	const struct pvsim_dy_sim_params *p = k->p;
	struct dy_vcpu *v = &k->v[i];
	struct dy_pass ps = {
		k, i, k->nple, k->nlockers, 0, 0, 0,
		p->pid_ns + p->pid_contend_ns * k->nple, dy_nr_running(k, i),
		dy_measuring(k)
	};
	struct pvs_dy_spinner sp;
	struct pvs_dy_result res;
	bool m = dy_measuring(k);
	uint64_t cost;
	int ret;

	dy_leave_guest(k, i);
	dy_exit_begin(k, v, PVSIM_DY_EXIT_PAUSE);
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
		dy_at(k, res.examined * p->examine_ns + ps.boost_ns, EV_BOOST,
		   res.boosted, 0);
	}
	v->hend_ns = k->s.now_ns + cost;
	v->hepoch++;
	dy_at(k, cost, EV_EXIT_END, i, v->hepoch);
}

void dy_ple_exit_end(struct dy *k, uint32_t i)
{
	struct dy_vcpu *v = &k->v[i];

	if (v->yield_pending) {
		v->yield_pending = false;
		/* schedule() after a boost: a waiting host task runs */
		if (k->c[i].task && !k->c[i].running) {
			if (dy_measuring(k))
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
	dy_exit_end(k, v);
	dy_enter_guest(k, i);
}
