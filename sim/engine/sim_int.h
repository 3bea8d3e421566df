/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Internal interface between the simulator's scenario files (also used by
 * the tests, which run reduced cases).
 */
#ifndef PVSCHED_SIM_INT_H
#define PVSCHED_SIM_INT_H

#include <pvsched/sim.h>

#include "models/kvm.h"

#pragma GCC visibility push(hidden)

/* The prefix of every message and the name in the usage text, the same
 * for `pvsched sim` and the installed `pvsched-sim` (which takes the same
 * arguments). */
#define PVSIM_PROG "pvsched sim"

/* splitmix64's finaliser: a draw of a model's private stream, apart from
 * the engine's (nearby inputs give unrelated outputs). */
uint64_t pvsim_mix64(uint64_t z);
/* A run-to-run factor in per mille, uniform in 1000 +- spread_pm, from
 * the draw z. */
uint64_t pvsim_spread_pm(uint64_t z, uint64_t spread_pm);

/* A policy's name: builtin[pol] for the n built-in ones, else the
 * plug-in's (o->plugin). */
const char *pvsim_policy(const struct pvsim_opts *o,
			 const char *const *builtin, unsigned int n,
			 unsigned int pol);

/* v / 10^decimals with that many decimals (1..3: "12.3", "12.34",
 * "12.345"), into b of n bytes; returns b. */
const char *pvsim_fixed(char *b, size_t n, uint64_t v, unsigned int decimals);

/* A time in ns as whole us or ms, for printf's %llu (show()'s texts). */
#define PVSIM_US(ns) ((unsigned long long)(ns) / 1000)
#define PVSIM_MS(ns) ((unsigned long long)(ns) / 1000000)

/* A finished run's outcome into a model's result r (fields of the same
 * names): events handled, violations, the first one's name and record. */
#define PVSIM_TAKE_OUTCOME(r, s)					\
	do {								\
		(r)->events = (s)->events;				\
		(r)->failures = (s)->failures;				\
		(r)->first_failure = (s)->first_failure;		\
		(r)->fail = (s)->fail;					\
	} while (0)

/* A model's measured window of simulated time, [begin_ns, end_ns): what
 * the run counts, after its warm-up and for its length. */
struct pvsim_window {
	uint64_t begin_ns, end_ns;
};

/* The window after warmup_ns, runtime_ns long. */
static inline struct pvsim_window pvsim_window_of(uint64_t warmup_ns,
						  uint64_t runtime_ns)
{
	struct pvsim_window w = { warmup_ns, warmup_ns + runtime_ns };

	return w;
}

/* Whether time t_ns counts: within w. */
static inline bool pvsim_window_has(const struct pvsim_window *w,
				    uint64_t t_ns)
{
	return t_ns >= w->begin_ns && t_ns < w->end_ns;
}

/* pvsim_loop() with a horizon, for a model that measures a window: the
 * run also ends at the first event at or after end_ns (not dispatched).
 * pvsim_loop() is end_ns = UINT64_MAX (no model schedules there); a
 * model with no end event passes PVSIM_NO_END_KIND. */
#define PVSIM_NO_END_KIND UINT32_MAX
uint64_t pvsim_loop_until(struct pvsim *s, uint32_t end_kind,
			  uint64_t end_ns, pvsim_dispatch_fn dispatch,
			  pvsim_check_fn check, void *model);

/* A model as pvsim_run_model() runs it: its queue's size and end event;
 * setup (its state and first events for the run of seed; non-zero: the
 * run fails), event handler and invariant check; finish (its results
 * and PVSIM_TAKE_OUTCOME() from the ended run, before the queue goes). */
struct pvsim_model {
	uint32_t cap, end_kind;
	int (*setup)(void *model, uint64_t seed);
	pvsim_dispatch_fn dispatch;
	pvsim_check_fn check;
	void (*finish)(void *model, uint64_t seed);
};

/* One run of model m on its engine s (a member of model): pvsim_init()
 * with s->debug, setup, pvsim_loop() to the end event, finish,
 * pvsim_destroy(). Returns -1 when the engine or setup failed, or when
 * an invariant broke outside debug mode (a debug run reports its
 * violations instead of failing); else 0. */
int pvsim_run_model(struct pvsim *s, const struct pvsim_model *m,
		    uint64_t seed, bool debug, void *model);

/* The members of struct pvsim_hooks that are decisions, in its order (a
 * hook added there is added here and in pvsim_hooks_set()). */
#define PVSIM_NHOOKS 13
extern const char *const pvsim_hook_names[PVSIM_NHOOKS];
/* Which decisions h sets (set[i] for pvsim_hook_names[i]); how many. */
unsigned int pvsim_hooks_set(const struct pvsim_hooks *h,
			     bool set[PVSIM_NHOOKS]);

/* ppc-idle-hint: percentiles 50 75 90 95 99 99.5 99.9, three cases. */
#define PVSIM_IDLE_HINT_NPCT PVSIM_NPCT
#define PVSIM_IDLE_HINT_NCASES 3
#define PVSIM_IDLE_HINT_ITERS 20
#define PVSIM_IDLE_HINT_NPOL 3	/* baseline, patched, a plug-in's */
#define PVSIM_IDLE_HINT_MAXITER 1000	/* --iterations' limit */

/* One ppc-idle-hint case over all iterations, every policy. */
struct pvsim_idle_hint_case {
	/* index 0 = baseline (parity), 1 = patched (idle hint), 2 = plug-in */
	struct pvsim_hist hist[PVSIM_IDLE_HINT_NPOL];
	uint64_t steal_ns[PVSIM_IDLE_HINT_NPOL];
	/* worker wake-ups per target class: count, summed us, >= 1 ms */
	uint64_t wake_n[PVSIM_IDLE_HINT_NPOL][PVSIM_KVM_WAKE_NR];
	uint64_t wake_us[PVSIM_IDLE_HINT_NPOL][PVSIM_KVM_WAKE_NR];
	uint64_t wake_slow[PVSIM_IDLE_HINT_NPOL][PVSIM_KVM_WAKE_NR];
	/* compare% in hundredths per percentile, averaged over iterations */
	int64_t compare_centi[PVSIM_IDLE_HINT_NPCT];
	/* the same for the plug-in against the baseline */
	int64_t plugin_centi[PVSIM_IDLE_HINT_NPCT];
	uint32_t npol;		/* 2, or 3 with a plug-in */
	uint32_t iterations;
	/* is-preempted decisions, and those answered preempted */
	uint64_t decisions[PVSIM_IDLE_HINT_NPOL];
	uint64_t answered[PVSIM_IDLE_HINT_NPOL];
	/* each iteration's samples, min, max and percentiles (us) */
	struct {
		uint64_t n, min_us, max_us, pct_us[PVSIM_IDLE_HINT_NPCT];
	} iter[PVSIM_IDLE_HINT_NPOL][PVSIM_IDLE_HINT_MAXITER];
};

/* The KVM model's parameters of case c under a policy: the scenario's
 * table's defaults (its only source), the published run's length. */
void pvsim_idle_hint_params(struct pvsim_kvm_params *p, unsigned int c,
			enum pvs_preempt_policy policy);
int pvsim_idle_hint_case(const struct pvsim_opts *o, unsigned int c,
		     struct pvsim_idle_hint_case *out, struct pvsim_totals *tot);

/* splpar-asym-pack: the PowerVM shared-processor LPAR model. */
#define PVSIM_LPAR_SMT 8
#define PVSIM_LPAR_MAX_VPS 128

struct pvsim_lpar_params {
	uint32_t vps, ent_cores, pool_cores, threads;
	uint32_t pack_limit;	/* busy threads per core packing aims at */
	uint32_t jitter_pm;	/* per-CPU speed spread per run, per mille */
	uint32_t run_noise_pm;	/* whole-partition speed spread per run */
	uint32_t excess_loss_pm; /* mean slot share lost beyond entitlement */
	bool capped;
	bool debug;		/* check every invariant after every event */
	uint64_t inject_event;	/* self-test: a violation at this event */
	const struct pvsim_hooks *hooks; /* pick_cpu (NULL: the library) */
	uint64_t slot_ns, dispatch_cost_ns, record_ns, runtime_ns;
	enum pvs_pack_policy policy;
	/*
	 * The balancer policy: the fork path spreads the threads over the
	 * thread groups, then Linux's asym-packing load balancer pulls them
	 * towards lower-numbered cores (sim/models/lpar.c).
	 */
	bool balancer;
	uint32_t asym_group_threads; /* is_core_idle() span: a thread group */
	uint32_t lb_max_x;	/* max_interval / min_interval */
	uint64_t lb_ns_per_cpu;	/* min_interval per CPU of the domain */
	/* run-to-run variance beyond run_noise_pm (0: off) */
	uint32_t place_miss_pm;	/* threads the fork path puts anywhere idle */
	uint64_t slot_jitter_ns; /* each slot boundary moves +- this much */
	uint32_t smt_split;	/* threads sharing one SMT speed (8: core) */
};

struct pvsim_lpar_result {
	uint64_t records, events, vcsw, vp_busy_ns, thread_busy_ns;
	uint64_t migrations;		/* the balancer's pulls */
	uint64_t settled_ns;		/* when the balancer's last pull was */
	uint64_t elapsed_ns, failures;
	uint32_t max_dispatched;	/* most VPs dispatched at once */
	const char *first_failure;
	struct pvsim_failure fail;	/* where and when */
};

void pvsim_lpar_params(struct pvsim_lpar_params *p, uint32_t vps,
		     uint32_t threads, enum pvs_pack_policy pol,
		     uint64_t runtime_ns);
void pvsim_lpar_run(const struct pvsim_lpar_params *p, uint64_t seed,
		  struct pvsim_lpar_result *r);


#define PVSIM_SCENARIO(name) extern const struct pvsim_scenario pvsim_##name;
#include "scenarios/scenarios.def"
#undef PVSIM_SCENARIO

#pragma GCC visibility pop

#endif /* PVSCHED_SIM_INT_H */
