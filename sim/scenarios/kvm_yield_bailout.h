/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Internal interface of scenario kvm-yield-bailout and its directed-yield model
 * (sim/models/dyield.c), shared with tests/test_sim_kvm_yield_bailout.c.
 */
#ifndef PVSCHED_SIM_KVM_YIELD_BAILOUT_H
#define PVSCHED_SIM_KVM_YIELD_BAILOUT_H

#include <pvsched/sim.h>

#pragma GCC visibility push(hidden)

/* Largest guest / host the model accepts. */
#define PVSIM_DY_SIM_MAX_VCPUS 128
#define PVSIM_DY_SIM_MAX_CPUS 128
#define PVSIM_DY_SIM_MAX_LOCKS 16

/* The scenario's cases and policies. */
#define PVSIM_YIELD_BAILOUT_NCASES 3
#define PVSIM_YIELD_BAILOUT_ITERS 5

/* What the pause-loop exit handler does (the published three kernels). */
enum pvsim_dy_sim_policy {
	PVSIM_DY_SIM_PLE_OFF = 0,	/* ple_gap=0: no PAUSE exits at all */
	PVSIM_DY_SIM_STOCK,	/* v3.7: pass walks every vCPU */
	PVSIM_DY_SIM_BAILOUT,	/* -ESRCH from yield_to, stop after 3 */
	PVSIM_DY_SIM_NPOL
};

/* Exit reasons the model produces, perf kvm stat's names. */
enum pvsim_dy_exit {
	PVSIM_DY_EXIT_PAUSE = 0,	/* PAUSE_INSTRUCTION: pause-loop exit */
	PVSIM_DY_EXIT_HLT,	/* HLT: guest idle until woken */
	PVSIM_DY_EXIT_EXTINT,	/* EXTERNAL_INTERRUPT: host task preempts */
	PVSIM_DY_EXIT_NR
};

/* Samples, sum and sum of squares (128 bits: hi, lo) of exit times, ns. */
struct pvsim_dy_exit_stat {
	uint64_t n;
	uint64_t sum_ns;
	uint64_t sq_hi, sq_lo;
};

struct pvsim_dy_sim_params {
	uint32_t host_cpus;	/* hardware threads; vCPU i runs on CPU i */
	uint32_t vcpus;
	uint32_t tsc_mhz;	/* PLE window cycles -> ns */
	enum pvsim_dy_sim_policy policy;
	/*
	 * The published kernel (v3.7): every vCPU that is not halted is a
	 * candidate (no vcpu->preempted filter yet) and there is no
	 * user-mode filter. false: today's candidates (preempted only,
	 * kernel-mode spinner on VMX).
	 */
	bool v37_candidates;
	struct pvs_ple_params ple;	/* gap 0 is forced for PLE_OFF */
	/* guest: AIM7 high_systime-like steps on ticket spinlocks */
	uint32_t locks;
	uint32_t steps_per_job;
	uint64_t free_min_ns, free_max_ns;	/* work outside the lock */
	uint64_t cs_min_ns, cs_max_ns;		/* critical section */
	uint64_t handoff_ns;		/* release -> next owner sees it */
	uint64_t handoff_per_waiter_ns;	/* + per waiter still queued */
	uint64_t pickup_ns;		/* granted while out: after re-entry */
	uint32_t halt_pm;		/* per step, the vCPU halts */
	uint64_t halt_min_ns, halt_max_ns;
	/* pause-loop exit handler costs */
	uint64_t exit_ns;		/* exit + entry + handle_pause() */
	uint64_t examine_ns;		/* per candidate looked at */
	uint64_t pid_ns;		/* kvm_vcpu_yield_to(): task ref */
	uint64_t pid_contend_ns;	/* + per other pass running */
	uint64_t esrch_ns;		/* yield_to() bailing out early */
	uint64_t rqlock_ns;		/* yield_to() under double_rq_lock */
	uint64_t rqlock_contend_ns;	/* + per other locking pass */
	/* host activity */
	/* mean gap between host tasks, drawn per run (uniform) */
	uint64_t host_gap_min_ns, host_gap_max_ns;
	uint64_t host_min_ns, host_max_ns;	/* host task burst */
	uint64_t host_slice_ns;		/* vCPU runs before a waiting one */
	uint64_t tick_ns;		/* host tick: a busy vCPU yields */
	uint64_t warmup_ns, runtime_ns;
	/* guest speed per run: 1000 +- this per mille (0: nominal) */
	uint32_t run_noise_pm;
	/* a plug-in's decisions (NULL: the library under policy) */
	const struct pvsim_hooks *hooks;
};

/* The directed-yield counters of struct pvsim_dy_sim_result, passes to
 * yield_sched. */
#define PVSIM_DY_NCOUNTS 12

struct pvsim_dy_sim_result {
	uint64_t steps;			/* lock sections completed (measured) */
	uint64_t jobs_per_min;
	uint64_t events;
	uint64_t failures;
	const char *first_failure;
	struct pvsim_failure fail;	/* where and when */
	struct pvsim_dy_exit_stat exits[PVSIM_DY_EXIT_NR];
	/* directed yield, measured window: by name, and as one array that
	 * iterations are summed over (add_result()) */
	union {
		struct {
			uint64_t passes;	/* pvs_dy_on_spin() calls */
			uint64_t examined;	/* candidates looked at */
			uint64_t yield_calls;	/* yield function calls */
			uint64_t yield_to;	/* of those, to yield_to() */
			uint64_t esrch;		/* yield_to() == -ESRCH */
			uint64_t rqlocks;	/* yield_to() taking rq locks */
			uint64_t boosts;	/* yield_to() > 0 */
			/* passes stopped by 3 failures */
			uint64_t stop_failures;
			uint64_t window_sum;	/* exits' PLE windows, cycles */
			/* host tasks that preempted a vCPU */
			uint64_t host_preempts;
			uint64_t src_busy;	/* passes from a 2-task rq */
			uint64_t yield_sched;	/* spinners yielding the CPU */
		};
		uint64_t dy_counts[PVSIM_DY_NCOUNTS];
	};
	uint64_t host_gap_ns;		/* this run's mean host task gap */
};

void pvsim_dy_sim_defaults(struct pvsim_dy_sim_params *p, uint32_t vcpus,
			 enum pvsim_dy_sim_policy pol);
int pvsim_dy_sim_run(const struct pvsim_dy_sim_params *p, uint64_t seed,
		   bool debug, struct pvsim_dy_sim_result *r);

/* Exit-time statistics (perf kvm stat's Avg time and +-%). */
void pvsim_dy_exit_add(struct pvsim_dy_exit_stat *s, uint64_t ns);
void pvsim_dy_exit_merge(struct pvsim_dy_exit_stat *d,
		       const struct pvsim_dy_exit_stat *s);
double pvsim_dy_exit_rel_stddev(const struct pvsim_dy_exit_stat *s);
void pvsim_dy_print_kvm_stat(FILE *f, const struct pvsim_dy_exit_stat *ex);

/* The settable parameters (sim/scenarios/kvm_yield_bailout_params.c), in `show`'s
 * order. */
enum {
	BAIL_HOST_CPUS, BAIL_TSC_MHZ, BAIL_HOST_GAP_MIN, BAIL_HOST_GAP_MAX,
	BAIL_HOST_MIN, BAIL_HOST_MAX, BAIL_TICK, BAIL_HOST_SLICE, BAIL_FREE_MIN,
	BAIL_FREE_MAX, BAIL_LOCKS, BAIL_CS_MIN, BAIL_CS_MAX, BAIL_HANDOFF,
	BAIL_HANDOFF_WAITER, BAIL_PICKUP, BAIL_HALT_PM, BAIL_HALT_MIN,
	BAIL_HALT_MAX, BAIL_STEPS_PER_JOB, BAIL_PLE_GAP, BAIL_PLE_WINDOW,
	BAIL_PLE_GROW, BAIL_PLE_SHRINK, BAIL_EXIT, BAIL_EXAMINE, BAIL_PID,
	BAIL_PID_CONTEND, BAIL_ESRCH, BAIL_RQLOCK, BAIL_RQLOCK_CONTEND, BAIL_V37,
	BAIL_WARMUP, BAIL_RUN_NOISE, BAIL_NPARAMS
};

extern const struct pvsim_param pvsim_yield_bailout_params[BAIL_NPARAMS];

/* Set the table's parameters in p: the run's values (o->param), or the
 * defaults when o is NULL or has none. */
void pvsim_yield_bailout_apply(const struct pvsim_opts *o,
			       struct pvsim_dy_sim_params *p);

/* The rule the run's values break together (min <= max), or NULL. */
const char *pvsim_yield_bailout_invalid(const struct pvsim_opts *o);

/* Policy names as recorded ("ple-off", "stock", "bail-out"). */
const char *pvsim_yield_bailout_policy_name(enum pvsim_dy_sim_policy pol);

#pragma GCC visibility pop

#endif /* PVSCHED_SIM_KVM_YIELD_BAILOUT_H */
