// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The KVM model of ppc-idle-hint: a POWER host whose hardware threads
 * time-slice vCPU threads, a 40-vCPU guest running schbench, optionally a
 * noise guest.
 *
 * Host: hardware thread h runs the vCPU threads queued on it (benchmark
 * vCPU h and noise vCPU h start there; with host_migrate they move within
 * their guest's affinity set, placed at wake-up by select_idle_sibling()
 * over host_llc threads and pulled by a thread going idle, kvm_host.c)
 * and a host kernel thread (bursts, pinned). By default its
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
 * Guest: a run queue per vCPU under Linux 6.6's EEVDF (kvm_grq.c, the
 * host's rules), or (guest_sched = FIFO) a FIFO with a slice when tasks
 * wait and wake-up preemption once the current task has run
 * guest_wakeup_gran_ns;
 * new-idle balance (an idle vCPU pulls the oldest waiting task of the
 * vCPU with most waiting), idle = snooze (dispatched, polling) then cede.
 * Wake-up placement is select_task_rq_fair() reduced to its core (see
 * select_cpu(): wake_affine by PELT-like load, then select_idle_sibling);
 * an idle vCPU is usable when not preempted, which is pvs_is_preempted()
 * over a pvs_core_state built from the simulated lppaca fields, with the
 * run's policy. Fixed latencies are spread by lat_jitter_pm.
 *
 * schbench (the classic loop of the thread's commit): a message thread
 * wakes the workers queued on it (stamping the wake time), waits for a
 * post, spins msg_spin_ns (wall clock), sleeps sleeptime + jitter, loops;
 * a worker works cputime (CPU time when work_is_cpu, else wall clock),
 * records its latency (at its first run, or with lat_at_spin_end at the
 * end of its work minus cputime), queues itself on its message thread,
 * posts it and waits. Message threads also cost msg_work_ns of CPU after
 * their wake-ups.
 */
#include <stdlib.h>
#include <string.h>

#include <pvsched/sim.h>

#include "engine/sim_int.h"
#include "models/kvm_int.h"

/* ---- invariants --------------------------------------------------------- */

static void check(void *model)
{
	struct kvm *k = model;
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
		used[k->p->host_migrate ? 0 : v->ht] += run;
	}
	/* moving threads: only the whole host's capacity is known */
	for (i = 0; i < k->nht; i++)
		if (used[i] > now * (k->p->host_migrate && !i ? k->nht : 1))
			pvsim_fail(&k->s, "dispatched time exceeds capacity");
	for (i = 0; i < k->nv; i++)
		if (k->v[i].ht >= k->nht || (!k->v[i].pinned &&
					     k->v[i].ht >= k->v[i].aff_n))
			pvsim_fail(&k->s, "vCPU thread outside its affinity");
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

static int setup(void *model, uint64_t seed)
{
	struct kvm *k = model;
	const struct pvsim_kvm_params *p = k->p;
	uint32_t i, j, x, nmsg = p->msg_threads, nnoise;
	uint32_t perm[PVSIM_KVM_MAX_VCPUS];

	(void)seed;	/* the engine's stream is the run's */
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
	    p->guest_sched > PVSIM_KVM_GUEST_FIFO || !p->guest_slice_ns ||
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
	k->geevdf_on = p->guest_sched == PVSIM_KVM_GUEST_EEVDF;
	k->geevdf.slice_ns = p->guest_slice_ns;
	k->geevdf.tick_ns = p->guest_tick_ns;
	k->geevdf.run_to_parity = true;
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
		/* the guests' affinity sets: the benchmark's all host
		 * threads, the noise guest's as many as it has vCPUs */
		v->pinned = v->kthread || i >= p->vcpus + p->noise_vcpus;
		v->aff_n = !v->noise ? k->nht : p->noise_vcpus < k->nht ?
			   p->noise_vcpus : k->nht;
		v->yield_count = 1;	/* starts ceded */
		v->lp_idle = 1;
		v->hstate = HS_BLOCKED;
		v->gidle = GI_CEDED;
		v->cur = -1;
		v->qhead = -1;
		v->qtail = -1;
		v->gtick_phase_ns = p->guest_tick_ns * i / (p->vcpus + nnoise + 1);
		if (v->noise)
			kvm_at(k, pvsim_rand_range(&k->s, 0, v->kthread ?
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
		kvm_at(k, pvsim_rand_range(&k->s, 0, p->sleeptime_ns), EV_MSG_TIMER,
		   i, 0);
	k->measured = pvsim_window_of(p->warmup_ns, p->runtime_ns);
	pvsim_at(&k->s, k->measured.end_ns, EV_END, 0, 0);
	return 0;
}

static void dispatch_event(void *model, const struct pvsim_event *ev)
{
	struct kvm *k = model;
	struct vcpu *v;

	switch (ev->kind) {
	case EV_SPIN_END:
		if (ev->epoch == k->t[ev->obj].epoch)
			kvm_spin_end(k, ev->obj);
		break;
	case EV_MSG_TIMER:
		kvm_task_wake(k, ev->obj, k->t[ev->obj].vcpu);
		break;
	case EV_ENTER:
		v = &k->v[ev->obj];
		if (ev->epoch != v->enter_epoch || v->hstate != HS_RUNNING)
			break;
		if (v->noise)
			v->exec = true;
		else
			kvm_vcpu_enter(k, ev->obj);
		break;
	case EV_SNOOZE_END:
		if (ev->epoch == k->v[ev->obj].snooze_epoch)
			kvm_snooze_end(k, ev->obj);
		break;
	case EV_GSLICE:
		if (ev->epoch == k->v[ev->obj].slice_epoch)
			kvm_guest_slice(k, ev->obj);
		break;
	case EV_KICK:
		kvm_host_wake(k, ev->obj);
		break;
	case EV_HRESCHED:
		if (ev->epoch == k->ht[ev->obj].epoch)
			kvm_host_resched(k, ev->obj);
		break;
	case EV_NOISE:
		kvm_noise_event(k, ev->obj);
		break;
	case EV_MSG_WORK:
		kvm_msg_work_end(k, ev->obj);
		break;
	default:
		break;
	}
}

/* The run's steal (what is still runnable at the end counts) and
 * outcome. */
static void finish(void *model, uint64_t seed)
{
	struct kvm *k = model;
	uint32_t i;

	(void)seed;
	for (i = 0; i < k->p->vcpus; i++) {
		k->r->steal_ns += k->v[i].steal_ns;
		if (k->v[i].hstate == HS_RUNNABLE)
			k->r->steal_ns += k->s.now_ns - k->v[i].since_ns;
	}
	PVSIM_TAKE_OUTCOME(k->r, &k->s);
}

static const struct pvsim_model kvm_model = {
	8 * PVSIM_KVM_MAX_VCPUS + 2 * PVSIM_KVM_MAX_TASKS, EV_END, setup,
	dispatch_event, check, finish
};

int pvsim_kvm_run(const struct pvsim_kvm_params *p, uint64_t seed, bool debug,
		struct pvsim_kvm_result *out)
{
	struct kvm *k;
	int ret;

	k = calloc(1, sizeof(*k));
	if (!k)
		return -1;
	k->p = p;
	k->r = out;
	memset(out, 0, sizeof(*out));
	pvsim_hist_clear(&out->wake);
	ret = pvsim_run_model(&k->s, &kvm_model, seed, debug, k);
	free(k);
	return ret;
}
