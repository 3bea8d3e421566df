/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file pvsched/sim.h
 * @brief pvsched_sim: a deterministic discrete-event simulator of a
 *        virtualized host that evaluates libpvsched's own heuristics.
 *
 * Userspace C11 (allocates, prints), not part of the kernel-safe core.
 * Time is integer nanoseconds everywhere; there is no floating point in the
 * engine. All state lives in a context (struct pvsim and the models'
 * structs): no global mutable state, so runs are reentrant and the same
 * seed and configuration give the same output.
 *
 * Pieces:
 *  - the engine: a bounded binary-heap event queue ordered by (time,
 *    insertion sequence), a seeded xorshift64* PRNG, invariant bookkeeping;
 *  - schbench's latency histogram (fio's "plat" buckets);
 *  - the host and guest models, each behind the decision hooks a plug-in
 *    can replace (struct pvsim_hooks);
 *  - the scenarios, one per upstream change, listed by `pvsched sim list`
 *    (sim/scenarios/scenarios.def), each with `show`, `run`, `compare` and `sweep`;
 *  - the reports: tables, JSON, ministat comparisons, SVG pictures.
 */
#ifndef PVSCHED_SIM_H
#define PVSCHED_SIM_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <pvsched/pvsched.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- engine ------------------------------------------------------------- */

/** @brief One scheduled event. */
struct pvsim_event {
	/** @brief When it fires, ns of simulated time. */
	uint64_t t_ns;
	/** @brief Insertion order: breaks ties so that runs are reproducible. */
	uint64_t seq;
	/** @brief Model-defined event kind. */
	uint32_t kind;
	/** @brief Model-defined object index (a vCPU, a task, a core). */
	uint32_t obj;
	/** @brief Object epoch at scheduling time: a stale event is skipped. */
	uint32_t epoch;
};

/**
 * @brief Where and when an invariant was first violated in one model run:
 *        which invariant, the simulated time, and the event being handled
 *        (its model-defined kind and object: a vCPU, a VP, a task).
 */
struct pvsim_failure {
	/** @brief The violated invariant (static text), NULL when none. */
	const char *what;
	/** @brief Simulated time of the violation, ns. */
	uint64_t t_ns;
	/** @brief Kind of the event being handled (see pvsim_event::kind). */
	uint32_t kind;
	/** @brief Its object index (see pvsim_event::obj). */
	uint32_t obj;
	/** @brief Events popped before it (the violation's event number). */
	uint64_t event_nr;
	/** @brief The event kind's name (pvsim::kind_names), or NULL. */
	const char *kind_name;
	/** @brief What the object index counts ("VP", "vCPU"), or NULL. */
	const char *obj_name;
};

/** @brief The engine: clock, event queue, PRNG and invariant bookkeeping. */
struct pvsim {
	/** @brief Current simulated time, ns (never decreases). */
	uint64_t now_ns;
	/** @brief Binary min-heap of pending events (cap entries). */
	struct pvsim_event *heap;
	/** @brief Pending events. */
	uint32_t n;
	/** @brief Heap capacity: scheduling beyond it fails. */
	uint32_t cap;
	/** @brief Next insertion sequence number. */
	uint64_t seq;
	/** @brief Events popped so far. */
	uint64_t events;
	/** @brief xorshift64* state (never 0). */
	uint64_t rng;
	/** @brief Check the models' invariants after every event. */
	bool debug;
	/** @brief Invariant violations (and engine misuse) seen. */
	uint64_t failures;
	/** @brief Description of the first violation, or NULL. */
	const char *first_failure;
	/** @brief The first violation: what, when, during which event. */
	struct pvsim_failure fail;
	/** @brief The event being handled (the last one popped): its kind
	 *         and obj only. */
	struct pvsim_event cur;
	/** @brief Self-test of the checks: record a violation named
	 *         "injected violation" when event number inject_event is
	 *         popped (0 = never). */
	uint64_t inject_event;
	/** @brief Names of the model's event kinds, for violation reports
	 *         (NULL: numbers only). */
	const char *const *kind_names;
	/** @brief Entries in kind_names. */
	uint32_t nkinds;
	/** @brief What event objects are ("VP", "vCPU"), or NULL. */
	const char *obj_name;
};

/**
 * @brief Initialise an engine.
 * @param s    the engine
 * @param cap  most pending events (the heap is allocated once)
 * @param seed PRNG seed (mixed with splitmix64; any value is fine)
 * @return 0, or -1 when the allocation fails
 */
int pvsim_init(struct pvsim *s, uint32_t cap, uint64_t seed);

/**
 * @brief Free an engine's queue.
 * @param s the engine
 */
void pvsim_destroy(struct pvsim *s);

/**
 * @brief Schedule an event.
 * @param s     the engine
 * @param t_ns  firing time, not before now_ns
 * @param kind  model event kind
 * @param obj   model object index
 * @param epoch object epoch (see pvsim_event::epoch)
 * @return 0, or -1 (recorded as a failure) when the queue is full or
 *         @p t_ns is in the past
 */
int pvsim_at(struct pvsim *s, uint64_t t_ns, uint32_t kind, uint32_t obj,
	       uint32_t epoch);

/**
 * @brief Pop the earliest event and advance the clock to it.
 * @param s  the engine
 * @param ev where to store the event
 * @return true when an event was popped, false when the queue is empty
 */
bool pvsim_next(struct pvsim *s, struct pvsim_event *ev);

/** @brief A model's handler of one event (see pvsim_loop()). */
typedef void (*pvsim_dispatch_fn)(void *model,
				    const struct pvsim_event *ev);

/** @brief A model's invariant check, run after every event in debug mode. */
typedef void (*pvsim_check_fn)(void *model);

/**
 * @brief Run a model: pop events and hand them to @p dispatch until the
 *        queue is empty or an event of kind @p end_kind fires (not
 *        dispatched); when s->debug is set, call @p check after every
 *        dispatched event.
 * @param s        the engine
 * @param end_kind event kind that ends the run
 * @param dispatch the model's event handler
 * @param check    the model's invariant check (NULL: none)
 * @param model    handed to @p dispatch and @p check
 * @return s->failures after the run
 */
uint64_t pvsim_loop(struct pvsim *s, uint32_t end_kind,
		      pvsim_dispatch_fn dispatch, pvsim_check_fn check,
		      void *model);

/**
 * @brief Record an invariant violation.
 * @param s    the engine
 * @param what static description of the violated invariant
 */
void pvsim_fail(struct pvsim *s, const char *what);

/**
 * @brief Record an invariant violation about object @p obj (a VP, a vCPU)
 *        rather than the object of the event being handled.
 * @param s    the engine
 * @param what static description of the violated invariant
 * @param obj  the object index the violation is about
 */
void pvsim_fail_obj(struct pvsim *s, const char *what, uint32_t obj);

/**
 * @brief The next 64 pseudo-random bits (xorshift64*).
 * @param s the engine
 * @return the bits
 */
static inline uint64_t pvsim_rand(struct pvsim *s)
{
	s->rng ^= s->rng >> 12;
	s->rng ^= s->rng << 25;
	s->rng ^= s->rng >> 27;
	return s->rng * 0x2545f4914f6cdd1dull;
}

/**
 * @brief A pseudo-random value in lo .. hi inclusive (lo when hi <= lo).
 * @param s  the engine
 * @param lo smallest value
 * @param hi largest value
 * @return the value
 */
static inline uint64_t pvsim_rand_range(struct pvsim *s, uint64_t lo,
					  uint64_t hi)
{
	if (hi <= lo)
		return lo;
	return lo + (pvsim_rand(s) >> 1) % (hi - lo + 1);
}

/* ---- schbench latency histogram ----------------------------------------- */

/** @brief fio/schbench: significant bits kept per bucket group. */
#define PVSIM_PLAT_BITS 8
/** @brief Buckets per group (2^PLAT_BITS). */
#define PVSIM_PLAT_VAL (1u << PVSIM_PLAT_BITS)
/** @brief Bucket groups. */
#define PVSIM_PLAT_GROUP_NR 19
/** @brief Buckets in all (4864). */
#define PVSIM_PLAT_NR (PVSIM_PLAT_GROUP_NR * PVSIM_PLAT_VAL)

/**
 * @brief A schbench wake-up latency histogram, in microseconds.
 *
 * Values below 512 us are exact; above, a value whose top bit is m keeps
 * its top 8 bits after it (m - 8 low bits dropped); values from 2^26 us
 * land in the last bucket. min and max are exact.
 */
struct pvsim_hist {
	/** @brief Count per bucket. */
	uint64_t buckets[PVSIM_PLAT_NR];
	/** @brief Samples. */
	uint64_t n;
	/** @brief Smallest sample, us (UINT64_MAX when empty). */
	uint64_t min_us;
	/** @brief Largest sample, us. */
	uint64_t max_us;
};

/**
 * @brief Bucket index of a value (fio's plat_val_to_idx()).
 * @param us the value, us
 * @return 0 .. PVSIM_PLAT_NR - 1
 */
unsigned int pvsim_hist_idx(uint64_t us);

/**
 * @brief Value reported for a bucket (fio's plat_idx_to_val()): the value
 *        itself below 512, else the bucket's midpoint.
 * @param idx bucket index, below PVSIM_PLAT_NR
 * @return the value, us
 */
uint64_t pvsim_hist_val(unsigned int idx);

/**
 * @brief Empty a histogram.
 * @param h the histogram
 */
void pvsim_hist_clear(struct pvsim_hist *h);

/**
 * @brief Add one sample.
 * @param h  the histogram
 * @param us the sample, us
 */
void pvsim_hist_add(struct pvsim_hist *h, uint64_t us);

/**
 * @brief Merge @p src into @p dst (bucket-wise sum, min of mins, max of maxes).
 * @param dst accumulating histogram
 * @param src histogram to add
 */
void pvsim_hist_merge(struct pvsim_hist *dst,
			const struct pvsim_hist *src);

/**
 * @brief schbench's percentile: the reported value of the first bucket
 *        whose cumulative count reaches per_mille / 1000 x n.
 * @param h         the histogram
 * @param per_mille percentile in thousandths (500, 750, 900, 950, 990,
 *                  995, 999)
 * @return the value, us (0 for an empty histogram)
 */
uint64_t pvsim_hist_pct(const struct pvsim_hist *h, unsigned int per_mille);

/** @brief Percentiles the latency scenarios print and record (ppc-idle-hint's
 *         rows: 50, 75, 90, 95, 99, 99.5, 99.9). */
#define PVSIM_NPCT 7

/** @brief The percentiles, in thousandths (500 .. 999). */
extern const unsigned int pvsim_pct_pm[PVSIM_NPCT];

/** @brief Their record names (pvsim_record()): "p50_us" .. "p99.9_us",
 *         the form `--plot` puts on its x axis. */
extern const char *const pvsim_pct_metric[PVSIM_NPCT];

/**
 * @brief Seed of iteration @p iter of a run whose base seed is @p seed
 *        (every policy of an iteration uses the same one).
 * @param seed base seed (`--seed`)
 * @param iter iteration, from 0
 * @return the iteration's seed
 */
uint64_t pvsim_iter_seed(uint64_t seed, uint32_t iter);

/**
 * @brief Print hundredths as a signed decimal: +12.34, -0.05, +0.00.
 * @param f     output stream
 * @param centi the value, in hundredths
 */
void pvsim_print_centi(FILE *f, int64_t centi);

/* ---- decision hooks and plug-ins ---------------------------------------- */

/**
 * @brief The plug-in interface version: a plug-in built against another
 *        one is refused (pvsim_plugin::abi).
 */
#define PVSIM_PLUGIN_ABI 2

/**
 * @brief A scenario's decision points as functions: a policy to try
 *        beside the built-in ones.
 *
 * The models ask the hooks where the kernel asks the library; a NULL hook
 * is the library's answer under the scenario's current (patched) rule, so
 * a policy only writes the decisions it changes. Every hook must be a
 * pure function of its arguments (and of what @p user points to, if that
 * does not change during a run): the simulator is deterministic only if
 * the hooks are. Which hooks a scenario consults is its
 * pvsim_scenario::hooks (a plug-in that sets another is refused with
 * that list); docs/sim-NAME.md says when the model asks each of them.
 */
struct pvsim_hooks {
	/** @brief The policy's name in tables, records, pictures and
	 *         compare (letters, digits, '-' and '_'; at most 24). */
	const char *name;
	/** @brief Handed to every hook. */
	void *user;
	/**
	 * @brief Is hardware thread @p thread of core @p cs preempted by the
	 *        hypervisor (true: a woken task should not be placed there)?
	 *        Library default: pvs_is_preempted(cs, thread) (cs->policy
	 *        holds the scenario's built-in rule).
	 * @param user   pvsim_hooks::user
	 * @param cs     the core's decoded lppaca snapshot
	 * @param thread the thread asked about, below cs->smt
	 * @return true when preempted
	 */
	bool (*is_preempted)(void *user, const struct pvs_core_state *cs,
			     unsigned int thread);
	/**
	 * @brief Where to place a newly runnable task. Library default:
	 *        pvs_pack_pick_cpu(t, nr_running, task, PVS_PACK_CORES).
	 * @param user       pvsim_hooks::user
	 * @param t          the topology
	 * @param nr_running tasks per CPU (t->nr_cpus entries)
	 * @param task       the task's constraints (NULL: none)
	 * @return a CPU below t->nr_cpus, or a negative value when none fits
	 */
	int (*pick_cpu)(void *user, const struct pvs_pack_topology *t,
			const uint32_t *nr_running,
			const struct pvs_pack_task *task);
	/* pseries-cede-latency */
	/**
	 * @brief The CEDE state the cpuidle governor believes at one boot:
	 *        exit latency and target residency (and where they came
	 *        from). Library default: pvs_idle_state_latency(platform,
	 *        fw_table, PVS_IDLE_KERNEL, out), today's rule, with
	 *        platform->compensation_ns = pvs_idle_compensation_ns(IPI
	 *        p99, firmware latency) of this boot's selftest.
	 * @param user     pvsim_hooks::user
	 * @param platform the partition (processor, dedicated, timebase,
	 *                 the library's compensation of this boot)
	 * @param fw_table the firmware's token-45 records as
	 *                 pvs_xcede_parse() decoded them (NULL: the image
	 *                 did not parse, as when RTAS fails)
	 * @param timer    this boot's timer selftest (pvs_lat_stats(), ns)
	 * @param ipi      this boot's IPI selftest (pvs_lat_stats(), ns)
	 * @param out      the decision (name, exit_latency_us,
	 *                 target_residency_us, source, fw_latency_ns)
	 * @return 0, or negative to refuse (the run fails)
	 */
	int (*idle_state_latency)(void *user,
				  const struct pvs_idle_platform *platform,
				  const struct pvs_xcede_table *fw_table,
				  const struct pvs_lat_stats *timer,
				  const struct pvs_lat_stats *ipi,
				  struct pvs_idle_latency *out);
	/* kvm-haltpoll-relax */
	/**
	 * @brief What the host's halt-poll loop does at this check: stop
	 *        (a PVS_POLL_ACT_STOP_* reason) or spin, plainly
	 *        (PVS_POLL_ACT_SPIN: the SMT sibling loses issue slots) or
	 *        with cpu_relax() (PVS_POLL_ACT_SPIN_RELAX: PAUSE, the
	 *        sibling gets them). The model blocks the vCPU on any stop
	 *        but a wake-up. Library default: pvs_poll_action(in)
	 *        (in->policy holds the scenario's built-in rule).
	 * @param user pvsim_hooks::user
	 * @param in   the loop's inputs at this check
	 * @return an enum pvs_poll_action
	 */
	enum pvs_poll_action (*poll_action)(void *user,
					    const struct pvs_poll_in *in);
	/**
	 * @brief The window to poll for as a halt starts, ns. Library
	 *        default: pvs_halt_poll_window_ns(p, st).
	 * @param user pvsim_hooks::user
	 * @param p    the host's halt_poll_ns module parameters
	 * @param st   the vCPU's window state
	 * @return the window, ns
	 */
	uint64_t (*halt_poll_window_ns)(void *user,
					const struct pvs_halt_poll_params *p,
					const struct pvs_halt_poll_state *st);
	/**
	 * @brief Adapt the window after a halt of @p block_ns (polling
	 *        included, to the vCPU running again; the wake-up is
	 *        always valid). Library default:
	 *        pvs_halt_poll_step(p, st, block_ns, true).
	 * @param user     pvsim_hooks::user
	 * @param p        the host's halt_poll_ns module parameters
	 * @param st       the vCPU's window state, to update
	 * @param block_ns the halt's whole length, ns
	 * @return the enum pvs_halt_poll_event that fired (>= 0; counted in
	 *         the "window steps" line), or negative on failure
	 */
	int (*halt_poll_step)(void *user, const struct pvs_halt_poll_params *p,
			      struct pvs_halt_poll_state *st,
			      uint64_t block_ns);
	/* kvm-yield-bailout */
	/**
	 * @brief What yield_to() answers for a directed yield to a vCPU
	 *        thread that is not executing guest code. Library default:
	 *        pvs_should_yield(rq) (rq->policy holds the scenario's
	 *        built-in rule).
	 * @param user pvsim_hooks::user
	 * @param rq   both runqueues and the target, as yield_to() sees them
	 * @return > 0 boosted, 0 not, -PVS_ESRCH for the cheap bail-out
	 *         (decided before the runqueue locks; any other < 0 costs the
	 *         locks), as pvs_should_yield()
	 */
	int (*should_yield)(void *user, const struct pvs_rq_lens *rq);
	/**
	 * @brief The candidate pass of a pause-loop exit
	 *        (kvm_vcpu_on_spin()). Library default:
	 *        pvs_dy_on_spin(vm, sp, res) (sp->policy holds the built-in
	 *        rule; sp->yield_to reaches should_yield through the model).
	 * @param user pvsim_hooks::user
	 * @param vm   the VM's snapshots and last_boosted (updated in place)
	 * @param sp   the spinner and the yield function to call
	 * @param res  the outcome and its counters (the model charges a
	 *             cost per res->examined)
	 * @return 1 boosted (res->boosted), 0 not, < 0 an error (recorded
	 *         as a violation)
	 */
	int (*dy_on_spin)(void *user, struct pvs_dy_vm *vm,
			  const struct pvs_dy_spinner *sp,
			  struct pvs_dy_result *res);
	/**
	 * @brief The spinner's own spin-loop flags when its pause-loop
	 *        handler starts (@p enter true) and ends. Library default:
	 *        pvs_dy_spin_enter(me) / pvs_dy_spin_exit(me).
	 * @param user  pvsim_hooks::user
	 * @param me    the spinner's snapshot
	 * @param enter true at the start of the handler, false at its end
	 */
	void (*dy_spin_loop)(void *user, struct pvs_vcpu_snap *me,
			     bool enter);
	/**
	 * @brief A vCPU's PLE window at a pause-loop exit or a sched-in.
	 *        Library default: pvs_ple_step(p, ev, window).
	 * @param user   pvsim_hooks::user
	 * @param p      the host's PLE parameters
	 * @param ev     PVS_PLE_EXIT (grow) or PVS_PLE_SCHED_IN (shrink)
	 * @param window in/out: the vCPU's window, cycles (the model keeps
	 *               it within p->window .. p->window_max)
	 * @return as pvs_ple_step(): 1 changed, 0 not, < 0 an error
	 */
	int (*ple_step)(void *user, const struct pvs_ple_params *p,
			enum pvs_ple_event ev, uint32_t *window);
};

/**
 * @brief What a plug-in shared object exports, under the name
 *        PVSIM_PLUGIN_SYMBOL: `const struct pvsim_plugin pvsim_plugin`.
 */
struct pvsim_plugin {
	/** @brief PVSIM_PLUGIN_ABI when the plug-in was built. */
	uint32_t abi;
	/** @brief One line: what the policy does (`--plugin` prints it). */
	const char *summary;
	/** @brief The policy (pvsim_hooks::name is its name). */
	struct pvsim_hooks hooks;
};

/** @brief The symbol a plug-in defines (see struct pvsim_plugin). */
#define PVSIM_PLUGIN_SYMBOL "pvsim_plugin"

/**
 * @brief Load a plug-in: dlopen() @p path and check its ABI and name.
 * @param path   the shared object (a path; "./x.so" for the current
 *               directory)
 * @param out    the plug-in's description (valid until unloaded)
 * @param handle the dlopen() handle, for pvsim_plugin_unload()
 * @param err    diagnostics ("pvsched sim: ..." lines)
 * @return 0, or -1 after a message
 */
int pvsim_plugin_load(const char *path, const struct pvsim_plugin **out,
		      void **handle, FILE *err);

/**
 * @brief Unload a plug-in.
 * @param handle from pvsim_plugin_load() (NULL: no-op)
 */
void pvsim_plugin_unload(void *handle);

/**
 * @brief The is_preempted decision: the hook when @p h has one, else the
 *        library (pvs_is_preempted()).
 * @param h      hooks (NULL: the library)
 * @param cs     core snapshot
 * @param thread thread of @p cs
 * @return true when preempted
 */
bool pvsim_is_preempted(const struct pvsim_hooks *h,
			const struct pvs_core_state *cs, unsigned int thread);

/**
 * @brief The pick_cpu decision: the hook when @p h has one, else the
 *        library (pvs_pack_pick_cpu() under @p policy).
 * @param h          hooks (NULL: the library)
 * @param t          topology
 * @param nr_running tasks per CPU
 * @param task       constraints (NULL: none)
 * @param policy     the built-in rule used without a hook
 * @return a CPU, or negative when none fits
 */
int pvsim_pick_cpu(const struct pvsim_hooks *h,
		   const struct pvs_pack_topology *t,
		   const uint32_t *nr_running,
		   const struct pvs_pack_task *task,
		   enum pvs_pack_policy policy);

/**
 * @brief The idle_state_latency decision: the hook when @p h has one, else
 *        the library (pvs_idle_state_latency() under @p policy).
 * @param h        hooks (NULL: the library)
 * @param platform the partition
 * @param fw_table decoded records (NULL: none)
 * @param timer    the boot's timer selftest statistics
 * @param ipi      the boot's IPI selftest statistics
 * @param policy   the built-in rule used without a hook
 * @param out      the decision
 * @return 0, or negative (the library's error, or the hook's refusal)
 */
int pvsim_idle_state_latency(const struct pvsim_hooks *h,
			     const struct pvs_idle_platform *platform,
			     const struct pvs_xcede_table *fw_table,
			     const struct pvs_lat_stats *timer,
			     const struct pvs_lat_stats *ipi,
			     enum pvs_idle_policy policy,
			     struct pvs_idle_latency *out);

/**
 * @brief The poll_action decision: the hook when @p h has one, else the
 *        library (pvs_poll_action()).
 * @param h  hooks (NULL: the library)
 * @param in the poll loop's inputs (in->policy: the built-in rule)
 * @return an enum pvs_poll_action
 */
enum pvs_poll_action pvsim_poll_action(const struct pvsim_hooks *h,
				       const struct pvs_poll_in *in);

/**
 * @brief The halt_poll_window_ns decision: the hook when @p h has one,
 *        else the library (pvs_halt_poll_window_ns()).
 * @param h  hooks (NULL: the library)
 * @param p  halt-poll parameters
 * @param st window state
 * @return the window, ns
 */
uint64_t pvsim_halt_poll_window_ns(const struct pvsim_hooks *h,
				   const struct pvs_halt_poll_params *p,
				   const struct pvs_halt_poll_state *st);

/**
 * @brief The halt_poll_step decision: the hook when @p h has one, else
 *        the library (pvs_halt_poll_step() with a valid wake-up).
 * @param h        hooks (NULL: the library)
 * @param p        halt-poll parameters
 * @param st       window state, updated
 * @param block_ns the halt's whole length, ns
 * @return the enum pvs_halt_poll_event, or negative on failure
 */
int pvsim_halt_poll_step(const struct pvsim_hooks *h,
			 const struct pvs_halt_poll_params *p,
			 struct pvs_halt_poll_state *st, uint64_t block_ns);

/**
 * @brief The should_yield decision: the hook when @p h has one, else the
 *        library (pvs_should_yield()).
 * @param h  hooks (NULL: the library)
 * @param rq runqueues and target (rq->policy: the built-in rule)
 * @return as pvs_should_yield()
 */
int pvsim_should_yield(const struct pvsim_hooks *h,
		       const struct pvs_rq_lens *rq);

/**
 * @brief The directed-yield pass: the hook when @p h has one, else the
 *        library (pvs_dy_on_spin()).
 * @param h   hooks (NULL: the library)
 * @param vm  the VM
 * @param sp  the spinner (sp->policy: the built-in rule)
 * @param res outcome
 * @return as pvs_dy_on_spin()
 */
int pvsim_dy_on_spin(const struct pvsim_hooks *h, struct pvs_dy_vm *vm,
		     const struct pvs_dy_spinner *sp,
		     struct pvs_dy_result *res);

/**
 * @brief The spinner's spin-loop flags: the hook when @p h has one, else
 *        the library (pvs_dy_spin_enter() / pvs_dy_spin_exit()).
 * @param h     hooks (NULL: the library)
 * @param me    the spinner's snapshot
 * @param enter true when its handler starts, false when it ends
 */
void pvsim_dy_spin_loop(const struct pvsim_hooks *h,
			struct pvs_vcpu_snap *me, bool enter);

/**
 * @brief The PLE window update: the hook when @p h has one, else the
 *        library (pvs_ple_step()).
 * @param h      hooks (NULL: the library)
 * @param p      PLE parameters
 * @param ev     the event
 * @param window in/out: the window, cycles
 * @return as pvs_ple_step()
 */
int pvsim_ple_step(const struct pvsim_hooks *h,
		   const struct pvs_ple_params *p, enum pvs_ple_event ev,
		   uint32_t *window);

/* ---- parameters as data ------------------------------------------------- */

/** @brief Where a parameter's value comes from (`show` prints it). */
enum pvsim_prov {
	/** @brief Taken from a source (the published setup, a datasheet,
	 *         the kernel's code): pvsim_param::source says which. */
	PVSIM_PROV_MEASURED,
	/** @brief An input fitted to a measured speed or distribution (not
	 *         to the result the scenario compares). */
	PVSIM_PROV_CALIBRATED,
	/** @brief Chosen to reproduce a published result: that result is
	 *         no prediction. */
	PVSIM_PROV_FITTED,
	/** @brief A modelling choice, neither measured nor fitted (its
	 *         effect is what `--robustness` shows). */
	PVSIM_PROV_ASSUMED
};

/** @brief Most parameters a scenario declares. */
#define PVSIM_MAX_PARAMS 64

/**
 * @brief One settable parameter of a scenario (`--set key=value`,
 *        `--params FILE`, `sweep --vary`): an integer in its unit.
 */
struct pvsim_param {
	/** @brief Key, its unit in the name ("slot_us", "jitter_pm"). */
	const char *key;
	/** @brief Unit, for messages ("us", "per mille", "cores"). */
	const char *unit;
	/** @brief Default value. */
	uint64_t def;
	/** @brief Smallest valid value. */
	uint64_t lo;
	/** @brief Largest valid value. */
	uint64_t hi;
	/** @brief Where the default comes from. */
	enum pvsim_prov prov;
	/** @brief The source (measured), what it was fitted or calibrated
	 *         to, or why it was chosen (assumed). */
	const char *source;
};

/**
 * @brief The name of a provenance ("measured", "calibrated", "fitted",
 *        "assumed").
 * @param p the provenance
 * @return its name
 */
const char *pvsim_prov_name(enum pvsim_prov p);

/* ---- scenarios ---------------------------------------------------------- */

/* ---- per-iteration records (compare, plots) ----------------------------- */

/**
 * @brief One measured value of one iteration of one case under one policy.
 *
 * Scenarios record every per-iteration number they print (a percentile, a
 * throughput, physc) with pvsim_record(); `compare` runs Student's t on
 * them and `--plot` draws them. Strings are copied.
 */
struct pvsim_rec {
	/** @brief Case, e.g. "overcommit" or "80 threads, 128 VPs". */
	char *case_name;
	/** @brief Policy, e.g. "parity" or "idle-hint". */
	char *policy;
	/** @brief Metric, e.g. "p99_us", "records_per_s", "physc". */
	char *metric;
	/** @brief Iteration, from 0. */
	uint32_t iter;
	/** @brief The value (the tool may use doubles; the engine does not). */
	double value;
};

/** @brief A growable list of records (owned by whoever set it up). */
struct pvsim_sink {
	/** @brief Records, in recording order. */
	struct pvsim_rec *v;
	/** @brief Records held. */
	size_t n;
	/** @brief Allocated entries. */
	size_t cap;
	/** @brief An allocation failed: some records were lost. */
	bool lost;
};

/** @brief How `--plot` draws a scenario's records. */
enum pvsim_plot_kind {
	/** @brief No picture. */
	PVSIM_PLOT_NONE,
	/** @brief Latency percentile curves: metrics named p<N>_us (p50_us,
	 *         p99.9_us...) on the x axis, one line per case and policy,
	 *         the mean over iterations on a log y axis. */
	PVSIM_PLOT_PCT_CURVES,
	/** @brief Bars: one panel per metric listed in plot_metrics, one
	 *         group per case, one bar per policy (mean over iterations,
	 *         min-max whisker). */
	PVSIM_PLOT_BARS
};

/** @brief Options of `pvsched-sim run`. */
struct pvsim_opts {
	/** @brief Base seed; iteration i uses a seed derived from it and i. */
	uint64_t seed;
	/** @brief Iterations (0 = the scenario's default). */
	uint32_t iterations;
	/** @brief Measured run time per iteration, ns (0 = default). */
	uint64_t runtime_ns;
	/** @brief Print JSON instead of the published text tables. */
	bool json;
	/** @brief Check invariants at every event. */
	bool debug;
	/** @brief Print schbench's own output (2023+ three-table format)
	 *         where the scenario measures schbench-like latencies. */
	bool schbench;
	/** @brief Where pvsim_record() stores values (NULL: nowhere). */
	struct pvsim_sink *sink;
	/** @brief Self-test of the invariant checks: each model run records
	 *         a violation at this event number (0 = never;
	 *         see pvsim::inject_event). */
	uint64_t inject_event;
	/** @brief A policy to run beside the built-in ones (`--plugin`;
	 *         NULL: none). */
	const struct pvsim_hooks *plugin;
	/** @brief Values of the scenario's parameters, indexed like its
	 *         table (pvsim_scenario::params); NULL: the defaults. */
	const uint64_t *param;
};

/**
 * @brief A parameter's value in a run: @p o->param[i] when set, else the
 *        table's default.
 * @param o   run options
 * @param tab the scenario's parameter table
 * @param i   index in @p tab
 * @return the value, in the parameter's unit
 */
static inline uint64_t pvsim_param_value(const struct pvsim_opts *o,
					 const struct pvsim_param *tab,
					 unsigned int i)
{
	return o->param ? o->param[i] : tab[i].def;
}

/**
 * @brief Record one per-iteration value into o->sink (no-op without one).
 * @param o         run options
 * @param case_name case
 * @param policy    policy
 * @param metric    metric (units in the name: _us, _per_s)
 * @param iter      iteration, from 0
 * @param value     the value
 */
void pvsim_record(const struct pvsim_opts *o, const char *case_name,
		    const char *policy, const char *metric, uint32_t iter,
		    double value);

/**
 * @brief Free a sink's records and empty it.
 * @param k the sink
 */
void pvsim_sink_free(struct pvsim_sink *k);

/** @brief Totals of a scenario run (for tests and the benchmark). */
struct pvsim_totals {
	/** @brief Events processed over all runs. */
	uint64_t events;
	/** @brief Invariant violations over all runs. */
	uint64_t failures;
	/** @brief Model runs. */
	uint32_t runs;
	/** @brief The first violation over all runs (what, when, event). */
	struct pvsim_failure fail;
	/** @brief Its case ("" when the scenario did not say). */
	char fail_case[64];
	/** @brief Its policy ("" when the scenario did not say). */
	char fail_policy[32];
	/** @brief Its iteration. */
	uint32_t fail_iter;
	/** @brief Its run's seed. */
	uint64_t fail_seed;
};

/**
 * @brief Add one model run to the totals; the first run with a violation
 *        also gives where it happened.
 * @param tot       totals (NULL: no-op)
 * @param events    the run's events
 * @param failures  its violations
 * @param fail      its first violation (NULL: not known)
 * @param case_name its case (NULL: "")
 * @param policy    its policy (NULL: "")
 * @param iter      its iteration
 * @param seed      its seed
 */
void pvsim_totals_add(struct pvsim_totals *tot, uint64_t events,
		      uint64_t failures, const struct pvsim_failure *fail,
		      const char *case_name, const char *policy,
		      uint32_t iter, uint64_t seed);

/**
 * @brief Print the first violation of @p tot in one line: which invariant,
 *        when (simulated ms), the event, the case, policy, iteration and
 *        seed, and the count (nothing when there is none).
 * @param f    output stream
 * @param prog message prefix ("pvsched sim")
 * @param tot  totals
 */
void pvsim_totals_print_failure(FILE *f, const char *prog,
				const struct pvsim_totals *tot);

/**
 * @brief A published number a picture marks beside the simulated bar of
 *        the same case, policy and metric.
 */
struct pvsim_published {
	/** @brief Case, as recorded. */
	const char *case_name;
	/** @brief Policy, as recorded. */
	const char *policy;
	/** @brief Metric, as recorded. */
	const char *metric;
	/** @brief The value; with change_pct, a change in percent against
	 *         the first policy's simulated mean (drawn at that mean x
	 *         (1 + value / 100)). */
	double value;
	/** @brief value is a published change, not a level. */
	bool change_pct;
	/** @brief How the simulator relates to it: "predicted",
	 *         "calibrated" or "fitted" (the picture prints it). */
	const char *label;
};

/** @brief A named scenario. */
struct pvsim_scenario {
	/** @brief Name used on the command line. */
	const char *name;
	/** @brief One-line summary for `list`. */
	const char *summary;
	/**
	 * @brief Print the model assumptions and parameters, with the
	 *        numbers of the parameter values @p o holds.
	 * @param o run options (o->param: the values, NULL: the table's
	 *          defaults)
	 * @param f output stream
	 */
	void (*show)(const struct pvsim_opts *o, FILE *f);
	/**
	 * @brief Run every case, iteration and policy and print the tables.
	 * @param o   options
	 * @param f   output stream
	 * @param tot totals (may be NULL)
	 * @return 0, or -1 on failure
	 */
	int (*run)(const struct pvsim_opts *o, FILE *f,
		   struct pvsim_totals *tot);
	/** @brief How `--plot` draws the records. */
	enum pvsim_plot_kind plot_kind;
	/** @brief PVSIM_PLOT_BARS: comma-separated metrics, one panel
	 *         each (e.g. "records_per_s,physc"); NULL otherwise. */
	const char *plot_metrics;
	/** @brief The upstream change modelled: subject, year, kernel
	 *         version (`show` prints it first). */
	const char *upstream;
	/** @brief The published experiment followed: benchmark, machine,
	 *         the published numbers. */
	const char *experiment;
	/** @brief The pvsim_hooks members the scenario consults, comma
	 *         separated ("pick_cpu"); NULL: it takes no plug-in yet. */
	const char *hooks;
	/** @brief Its settable parameters (NULL: none yet). */
	const struct pvsim_param *params;
	/** @brief Entries in params (at most PVSIM_MAX_PARAMS). */
	unsigned int nparams;
	/**
	 * @brief Check values that are each within range but may not fit
	 *        together (NULL: any combination runs).
	 * @param o run options (o->param: the values)
	 * @return NULL, or the rule they break (static text)
	 */
	const char *(*params_invalid)(const struct pvsim_opts *o);
	/** @brief Published numbers the picture marks (NULL: none). */
	const struct pvsim_published *published;
	/** @brief Entries in published. */
	unsigned int npublished;
};

/**
 * @brief The scenario table, entry by entry.
 * @param i index, from 0
 * @return the scenario, or NULL past the last one
 */
const struct pvsim_scenario *pvsim_scenario_at(unsigned int i);

/**
 * @brief Look a scenario up by name.
 * @param name scenario name
 * @return the scenario, or NULL
 */
const struct pvsim_scenario *pvsim_find(const char *name);

/**
 * @brief The `pvsched-sim` command line: list | show NAME | run NAME
 *        [options] | compare NAME [options] (see `help`; report.h).
 * @param argc argument count (argv[0] is the program or sub-command name)
 * @param argv arguments
 * @param out  normal output
 * @param err  diagnostics
 * @return process exit status
 */
int pvsim_main(int argc, char **argv, FILE *out, FILE *err);

#ifdef __cplusplus
}
#endif

#endif /* PVSCHED_SIM_H */
