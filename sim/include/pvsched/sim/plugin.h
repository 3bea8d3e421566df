/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file sim/plugin.h
 * @brief The plug-in ABI: the decision hooks a policy sets (struct
 *        pvsim_hooks), what a plug-in exports (struct pvsim_plugin), its
 *        loader, and the decision wrappers the models call.
 *
 * Part of <pvsched/sim.h> (userspace C11, pvsched::sim); a plug-in
 * includes <pvsched/sim.h> (docs/plugins.md). The hooks take the core's
 * types (<pvsched/pvsched.h>); a NULL hook is the library's rule.
 */
#ifndef PVSCHED_SIM_PLUGIN_H
#define PVSCHED_SIM_PLUGIN_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <pvsched/pvsched.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief The plug-in interface version (pvsim_plugin::abi).
 *
 * It goes up when struct pvsim_hooks gains a member, which is only ever
 * appended: a plug-in built for an older version, from
 * PVSIM_PLUGIN_ABI_OLDEST on, still loads (its hooks are a prefix of
 * today's; the members it does not have are NULL, the library's rule).
 * A plug-in for a version below that, or above this one, is refused with
 * both versions and what to rebuild against. Versions: 1, is_preempted
 * and pick_cpu; 2, the hooks up to ple_step; 3 adds asym_group_pull,
 * asym_skip_rq and asym_active_balance.
 */
#define PVSIM_PLUGIN_ABI 3

/** @brief The oldest plug-in ABI version this simulator still loads. */
#define PVSIM_PLUGIN_ABI_OLDEST 1

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
	 *        pvs_pack_pick_cpu(t, nr_running, task, policy) under the
	 *        scenario's rule (splpar-asym-pack: `pack_rule`,
	 *        PVS_PACK_BALANCER unless set; PVS_PACK_SPREAD for the fork
	 *        path of its balancer).
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
	/* splpar-asym-pack's load balancer (plug-in ABI 3) */
	/**
	 * @brief Is the source group an asym-packing candidate of the idle
	 *        destination (update_sg_lb_stats()' group_asym_packing)?
	 *        Asked for each non-local group with tasks. Library default:
	 *        pvs_asym_group_pull(s, PVS_ASYM_IDLE_CORE), the v6.5+ rule.
	 * @param user pvsim_hooks::user
	 * @param s    the balancer's view: domain, destination, local and
	 *             source groups (the src_cpu_* fields are 0)
	 * @return true: a candidate (the model pulls from the
	 *         lowest-priority candidate, as update_sd_pick_busiest())
	 */
	bool (*asym_group_pull)(void *user, const struct pvs_asym_snapshot *s);
	/**
	 * @brief Does find_busiest_queue() pass over this runqueue of the
	 *        chosen source group? Library default:
	 *        pvs_asym_skip_rq(s, PVS_ASYM_IDLE_CORE).
	 * @param user pvsim_hooks::user
	 * @param s    as for asym_group_pull, with the src_cpu_* fields of
	 *             the runqueue asked about
	 * @return true when skipped
	 */
	bool (*asym_skip_rq)(void *user, const struct pvs_asym_snapshot *s);
	/**
	 * @brief Must the destination force the migration of a task that
	 *        runs alone on the source runqueue (asym_active_balance())?
	 *        Without it that task stays. Library default:
	 *        pvs_asym_active_balance(s, PVS_ASYM_IDLE_CORE).
	 * @param user pvsim_hooks::user
	 * @param s    as for asym_skip_rq, for the runqueue chosen
	 * @return true: the task is moved
	 */
	bool (*asym_active_balance)(void *user,
				    const struct pvs_asym_snapshot *s);
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
 * @param handle what to hand to pvsim_plugin_unload()
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

/**
 * @brief The asym_group_pull decision: the hook when @p h has one, else
 *        the library (pvs_asym_group_pull() under @p rule).
 * @param h    hooks (NULL: the library)
 * @param s    the balancer's view
 * @param rule the built-in rule used without a hook
 * @return true when the source group is a candidate
 */
bool pvsim_asym_group_pull(const struct pvsim_hooks *h,
			   const struct pvs_asym_snapshot *s,
			   enum pvs_asym_rule rule);

/**
 * @brief The asym_skip_rq decision: the hook when @p h has one, else the
 *        library (pvs_asym_skip_rq() under @p rule).
 * @param h    hooks (NULL: the library)
 * @param s    the balancer's view, with the runqueue's src_cpu_* fields
 * @param rule the built-in rule used without a hook
 * @return true when the runqueue is passed over
 */
bool pvsim_asym_skip_rq(const struct pvsim_hooks *h,
			const struct pvs_asym_snapshot *s,
			enum pvs_asym_rule rule);

/**
 * @brief The asym_active_balance decision: the hook when @p h has one,
 *        else the library (pvs_asym_active_balance() under @p rule).
 * @param h    hooks (NULL: the library)
 * @param s    the balancer's view, with the runqueue's src_cpu_* fields
 * @param rule the built-in rule used without a hook
 * @return true when the task running alone is moved
 */
bool pvsim_asym_active_balance(const struct pvsim_hooks *h,
			       const struct pvs_asym_snapshot *s,
			       enum pvs_asym_rule rule);

#ifdef __cplusplus
}
#endif

#endif /* PVSCHED_SIM_PLUGIN_H */
