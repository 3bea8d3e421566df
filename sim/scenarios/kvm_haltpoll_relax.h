/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * kvm-haltpoll-relax's model (sim/models/hpoll.c) and scenario (sim/scenarios/kvm_haltpoll_relax.c): KVM host
 * halt polling of one vCPU whose SMT sibling runs a dhry-like loop. The
 * internal interface the scenario and tests/test_sim_kvm_haltpoll_relax.c share.
 */
#ifndef PVSCHED_SIM_KVM_HALTPOLL_RELAX_H
#define PVSCHED_SIM_KVM_HALTPOLL_RELAX_H

#include <pvsched/sim.h>

#pragma GCC visibility push(hidden)

/* Sibling speed, parts per million of the dhry loop alone (kvm-haltpoll-relax). */
#define PVSIM_HP_PPM_ONE 1000000u
#define PVSIM_HP_PPM_PLAIN 499054u	/* 1583 / 3172 beside `i++` */
#define PVSIM_HP_PPM_PAUSE_VM 545208u	/* 1729.4 / 3172, PAUSE in a VM */
#define PVSIM_HP_PPM_PAUSE_BM 909836u	/* 2886 / 3172, on bare metal */
/* dhry2reg index alone (kvm-haltpoll-relax), in hundredths. */
#define PVSIM_HP_DHRY_ALONE_CENTI 317200u

/* What the guest vCPU does. */
enum pvsim_hp_workload {
	PVSIM_HP_WL_REDIS,	/* open-loop requests (the published redis) */
	PVSIM_HP_WL_IDLE,		/* nothing: it halts at once, for good */
	PVSIM_HP_WL_SPIN,		/* guest code for good (i++, PAUSE) */
	PVSIM_HP_WL_SCRIPT	/* requests from params.script */
};

/* Where the vCPU's hardware thread spends its time (sibling speed each). */
enum pvsim_hp_class {
	PVSIM_HP_C_GUEST,		/* guest code (redis, or the spin) */
	PVSIM_HP_C_HOST,		/* host paths: exit, sched, entry */
	PVSIM_HP_C_POLL_PLAIN,	/* halt polling, plain loop */
	PVSIM_HP_C_POLL_RELAX,	/* halt polling with cpu_relax() */
	PVSIM_HP_C_IDLE,		/* halted: idle (or waking up) */
	PVSIM_HP_C_KTHREAD,	/* host kernel work preempting the vCPU */
	PVSIM_HP_C_NR
};

/* How a wake-up found the vCPU. */
enum pvsim_hp_wake {
	PVSIM_HP_W_EXIT,		/* still in the HLT exit path */
	PVSIM_HP_W_POLL,		/* caught by the host poll loop */
	PVSIM_HP_W_SLEPT,		/* after a real halt (block, wake) */
	PVSIM_HP_W_NR
};

/* One scripted request: arrival time and guest CPU work. */
struct pvsim_hp_req {
	uint64_t at_ns;
	uint64_t work_ns;
};

/* One halt as the host handled it (window trace). */
struct pvsim_hp_halt {
	uint64_t start_ns;	/* kvm_vcpu_halt() entered (HLT exit done) */
	uint64_t window_ns;	/* pvs_halt_poll_window_ns() at the start */
	uint64_t poll_ns;	/* time spent in the poll loop */
	uint64_t block_ns;	/* whole halt: what pvs_halt_poll_step saw */
	uint64_t after_ns;	/* the state's window after the step */
	int stop;		/* enum pvs_poll_action that ended the poll */
	int event;		/* enum pvs_halt_poll_event of the step */
};

struct pvsim_hp_params {
	/* host halt polling: window rule and poll-loop policy */
	struct pvs_halt_poll_params hp;
	enum pvs_poll_policy poll;
	/* sibling speed (ppm of alone) beside each class */
	uint32_t guest_ppm;	/* beside guest code */
	uint32_t plain_ppm;	/* beside plain spin, host code, kthread */
	uint32_t pause_ppm;	/* beside a PAUSE spin */
	/* poll loop: iteration length, of which PAUSE (relax only) */
	uint64_t plain_iter_ns, relax_iter_ns, pause_ns;
	/* host path costs */
	uint64_t exit_ns;	/* guest idle + HLT exit, to kvm_vcpu_halt() */
	uint64_t sched_out_ns;	/* poll over: schedule() to idle */
	uint64_t cexit_min_ns, cexit_max_ns; /* kick IPI + C-state exit */
	uint64_t sched_in_ns;	/* schedule() back, vcpu_load, block end */
	uint64_t entry_ns;	/* halt return to guest code (VM entry) */
	/* workload */
	enum pvsim_hp_workload wl;
	uint32_t load_pm;	/* offered guest load, per mille */
	uint64_t work_min_ns, work_max_ns; /* per request, uniform */
	uint32_t long_gap_pm;	/* share of long gaps between arrivals */
	uint64_t long_gap_ns;	/* their mean (exponential) */
	const struct pvsim_hp_req *script;
	uint32_t script_n;
	/* host kernel work on the vCPU's CPU (0 = none) */
	uint64_t kt_gap_ns;	/* mean gap (exponential) */
	uint64_t kt_min_ns, kt_max_ns; /* burst, uniform */
	/* sibling: busy/idle periods, exponential (idle 0 = always busy) */
	uint64_t sib_busy_ns, sib_idle_ns;
	/* run */
	uint64_t warmup_ns, runtime_ns;
	/* run-to-run spread: the sibling's speed this run, 1000 +- this per
	 * mille (drawn from seed and run_noise_key); 0 = none */
	uint32_t run_noise_pm;
	uint32_t run_noise_key;	/* the policy: each is a separate run */
	/* 0..this ns added to each wake-up from a real halt (timer/IPI) */
	uint64_t timer_jitter_ns;
	bool poll_iter_events;	/* an event per poll iteration (tests) */
	const struct pvsim_hooks *hooks; /* a plug-in's decisions, or NULL */
	struct pvsim_hp_halt *trace;	/* optional, trace_cap entries */
	uint32_t trace_cap;
};

struct pvsim_hp_result {
	struct pvsim_hist lat;	/* wake-up latency, in ns (not us) */
	uint64_t wakes[PVSIM_HP_W_NR];
	uint64_t class_ns[PVSIM_HP_C_NR];	/* measured window only */
	uint64_t sib_busy_ns;		/* sibling running dhry */
	uint64_t sib_work;		/* sum of ns x ppm while it ran */
	uint64_t dhry_centi;		/* index x 100 */
	uint64_t halts;
	uint64_t stops[PVS_POLL_ACT_SPIN];	/* by pvs_poll_action stop */
	uint64_t steps[PVS_HALT_POLL_NR_EVENTS];
	uint64_t requests;
	uint64_t poll_sib_busy_ns;	/* polling while the sibling ran */
	uint64_t sib_on_in_poll;	/* sibling woke during a poll */
	uint32_t trace_n;
	uint64_t events;
	uint64_t failures;
	const char *first_failure;
	struct pvsim_failure fail;	/* where and when */
};

/* Sibling speed (ppm) beside a cpu_relax() poll loop: the iteration mix. */
uint32_t pvsim_hp_relax_ppm(const struct pvsim_hp_params *p);
/* dhry2reg index x 100 from the sibling's work and busy time. */
uint64_t pvsim_hp_dhry_centi(uint64_t work, uint64_t busy_ns);
/* -ln(r / 2^64) in 32.32 fixed point, r != 0 (exponential draws). */
uint64_t pvsim_hp_neg_ln_q32(uint64_t r);
/* Run once: 0, or -1 on bad parameters (debug: check every event). */
int pvsim_hp_run(const struct pvsim_hp_params *p, uint64_t seed, bool debug,
	       struct pvsim_hp_result *r);

/* The scenario: cases (90 %, 33 % load) and policies in print order. */
#define PVSIM_HALTPOLL_RELAX_NCASES 2
#define PVSIM_HALTPOLL_RELAX_NPOL 5
#define PVSIM_HALTPOLL_RELAX_NPCT PVSIM_NPCT
#define PVSIM_HALTPOLL_RELAX_ITERS 20

enum pvsim_haltpoll_relax_pol {
	PVSIM_HPR_PLAIN,		/* baseline: before Linux 5.14 */
	PVSIM_HPR_RELAX,		/* 5.14+: cpu_relax() (seed's v2) */
	PVSIM_HPR_STOP,		/* stop when the sibling is busy (v1) */
	PVSIM_HPR_NONE,		/* halt_poll_ns = 0 */
	PVSIM_HPR_RELAX_BM		/* cpu_relax(), PAUSE as on bare metal */
};

struct pvsim_haltpoll_relax_cell {
	struct pvsim_hist lat;	/* merged over iterations, ns */
	uint64_t dhry_centi[64];	/* per iteration (first 64) */
	uint64_t wakes[PVSIM_HP_W_NR];
	uint64_t class_ns[PVSIM_HP_C_NR];
	uint64_t stops[PVS_POLL_ACT_SPIN];
	uint64_t steps[PVS_HALT_POLL_NR_EVENTS];
	uint64_t halts;
};

/* The built-in policies and, with --plugin, the plug-in's after them. */
#define PVSIM_HALTPOLL_RELAX_MAXPOL (PVSIM_HALTPOLL_RELAX_NPOL + 1)

struct pvsim_haltpoll_relax_case {
	struct pvsim_haltpoll_relax_cell pol[PVSIM_HALTPOLL_RELAX_MAXPOL];
	uint32_t iterations;
	unsigned int npol;
};

/* dhry2reg x 100 beside calibration state i (0 halted, 1 i++, 2 PAUSE
 * in a VM, 3 PAUSE on bare metal), from a 100 ms run (o: seed, debug,
 * the parameters). */
uint64_t pvsim_haltpoll_relax_calib(const struct pvsim_opts *o, unsigned int i,
				    struct pvsim_totals *tot);
void pvsim_haltpoll_relax_params(struct pvsim_hp_params *p, unsigned int c,
			unsigned int pol, uint64_t runtime_ns);
int pvsim_haltpoll_relax_case(const struct pvsim_opts *o, unsigned int c,
		     struct pvsim_haltpoll_relax_case *out, struct pvsim_totals *tot);

#pragma GCC visibility pop

#endif /* PVSCHED_SIM_KVM_HALTPOLL_RELAX_H */
