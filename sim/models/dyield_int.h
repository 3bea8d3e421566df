/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Internal to dyield.c and its parts (dyield_host.c):
 * the model's state and the functions one part calls in another.
 */
#ifndef PVSCHED_SIM_DYIELD_INT_H
#define PVSCHED_SIM_DYIELD_INT_H

#include "scenarios/kvm_yield_bailout.h"
#include "engine/sim_int.h"

#pragma GCC visibility push(hidden)

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
	struct pvsim_window measured;
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

bool dy_measuring(const struct dy *k);
uint32_t dy_nr_running(const struct dy *k, uint32_t cpu);
uint64_t dy_rnd(struct dy *k, uint64_t lo, uint64_t hi);
void dy_at(struct dy *k, uint64_t delay, uint32_t kind, uint32_t obj, uint32_t epoch);
void dy_boost(struct dy *k, uint32_t t);
void dy_enter_guest(struct dy *k, uint32_t i);
void dy_exit_begin(struct dy *k, struct dy_vcpu *v, unsigned int why);
void dy_exit_end(struct dy *k, struct dy_vcpu *v);
void dy_host_arrive(struct dy *k);
void dy_host_end(struct dy *k, uint32_t cpu);
void dy_host_slice(struct dy *k, uint32_t cpu);
void dy_leave_guest(struct dy *k, uint32_t i);
void dy_ple_exit(struct dy *k, uint32_t i);
void dy_ple_exit_end(struct dy *k, uint32_t i);
void dy_snap_update(struct dy *k, uint32_t i);
void dy_start_free(struct dy *k, uint32_t i);
void dy_vcpu_halt(struct dy *k, uint32_t i);
void dy_vcpu_wake(struct dy *k, uint32_t i);

#pragma GCC visibility pop

#endif
