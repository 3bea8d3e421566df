/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Internal to kvm.c and its parts (kvm_host.c, kvm_guest.c):
 * the model's state and the functions one part calls in another.
 */
#ifndef PVSCHED_SIM_KVM_INT_H
#define PVSCHED_SIM_KVM_INT_H

#include <pvsched/sim.h>

#include "engine/sim_int.h"
#include "models/eevdf.h"
#include "models/kvm.h"

#pragma GCC visibility push(hidden)

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
enum { MSG_TOP, MSG_WAKING, MSG_AFTER_WAIT, MSG_SPIN };

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
	/* guest scheduling entity (EEVDF) */
	struct pvsim_eevdf_se se;
	uint64_t charged_ns;	/* CPU time charged up to here */
};

struct vcpu {
	uint32_t ht;
	uint32_t yield_count;
	uint8_t lp_idle;
	uint8_t hstate;
	uint8_t gidle;
	bool noise;
	bool kthread;		/* host kernel activity, not a vCPU */
	bool pinned;		/* stays on ht (kernel threads, other load) */
	uint32_t aff_n;		/* affinity set: host threads [0, aff_n) */
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
	int64_t gvmin_ns;	/* guest EEVDF: V when no task is queued */
	uint64_t gtick_phase_ns;	/* guest EEVDF: this vCPU's tick offset */
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
	struct pvsim_eevdf geevdf;	/* the guest's run queues */
	bool geevdf_on;
	uint64_t noise_scale_pm;	/* this run's host activity factor */
	uint32_t nht, nv, nt;
	struct pvsim_window measured;
	struct hthread ht[PVSIM_KVM_MAX_HTHREADS];
	struct vcpu v[PVSIM_KVM_MAX_VCPUS];
	struct task t[PVSIM_KVM_MAX_TASKS];
};

/* Most tasks one vCPU's guest run queue is walked for (EEVDF). */
#define PVSIM_KVM_GRQ_MAX 64

uint64_t kvm_lat(struct kvm *k, uint64_t ns);
void kvm_grq_charge(struct kvm *k, uint32_t vi);
void kvm_grq_set_cur(struct kvm *k, uint32_t ti);
void kvm_grq_place(struct kvm *k, uint32_t vi, uint32_t ti);
void kvm_grq_leave(struct kvm *k, uint32_t vi, uint32_t ti);
int32_t kvm_grq_pick(struct kvm *k, uint32_t vi, bool with_cur);
uint64_t kvm_grq_until_resched(struct kvm *k, uint32_t vi);
void kvm_at(struct kvm *k, uint64_t delay, uint32_t kind, uint32_t obj, uint32_t epoch);
void kvm_guest_slice(struct kvm *k, uint32_t vi);
void kvm_host_resched(struct kvm *k, uint32_t h);
void kvm_host_undispatch(struct kvm *k, uint32_t vi, bool blocked);
void kvm_host_wake(struct kvm *k, uint32_t vi);
void kvm_msg_work_end(struct kvm *k, uint32_t ti);
void kvm_noise_event(struct kvm *k, uint32_t vi);
void kvm_snooze_end(struct kvm *k, uint32_t vi);
void kvm_spin_end(struct kvm *k, uint32_t ti);
void kvm_task_stop(struct kvm *k, int32_t ti);
void kvm_task_wake(struct kvm *k, uint32_t ti, int32_t waker);
void kvm_vcpu_enter(struct kvm *k, uint32_t vi);

#pragma GCC visibility pop

#endif
