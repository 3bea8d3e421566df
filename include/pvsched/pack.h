/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file pack.h
 * @brief Packing work onto the fewest big cores of a shared-processor LPAR.
 *
 * Rationale: docs/heuristics.md, "pack.h".
 */
#ifndef PVSCHED_PACK_H
#define PVSCHED_PACK_H

#include <pvsched/env.h>
#include <pvsched/errors.h>
#include <pvsched/limits.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief 64-bit words of a CPU bitmap covering @ref PVS_MAX_CPUS CPUs. */
#define PVS_PACK_MASK_WORDS ((PVS_MAX_CPUS + 63) / 64)

/** @brief "No CPU": the value of an absent pvs_pack_task hint. */
#define PVS_PACK_NO_CPU (-1)

/**
 * @brief Which packing rule to apply.
 *
 * Linux's rule changed with "powerpc/smp: Shared processor sched optimizations"; both stay available so the simulator
 * and users can compare them.
 */
enum pvs_pack_policy {
	/**
	 * The upstream change's baseline (v6.5 .. v6.7): no asym packing on shared
	 * LPARs, the MC level kept, arch_asym_cpu_priority() is the generic
	 * `-cpu` (only consulted where a level has SD_ASYM_PACKING, i.e. the
	 * SMT level of CPU_FTR_ASYM_SMT POWER7s, where it prefers lower
	 * threads). Placement spreads: an idle CPU on the least-loaded core,
	 * as CFS's select_idle_sibling() idle-core search does.
	 */
	PVS_PACK_SPREAD = 0,
	/**
	 * Today's kernel ("powerpc/smp: Shared processor sched optimizations", v6.8+): on a shared-processor LPAR with
	 * big cores, priority `-cpu / threads_per_core`, SD_ASYM_PACKING at
	 * the CACHE and PKG levels, and no MC level on shared processors.
	 * Placement (pvs_pack_pick_cpu()) is the LIBRARY'S OWN RULE, not the
	 * kernel's: fill the busiest open core, open the lowest-numbered
	 * empty core only when the open ones are full. The kernel applies no
	 * such rule; where its load balancer puts work is
	 * @ref PVS_PACK_BALANCER. Kept, unchanged, for comparison.
	 */
	PVS_PACK_CORES = 1,
	/**
	 * Today's kernel as PVS_PACK_CORES (same priorities and levels), with
	 * the placement where its load balancer's asym-packing rules
	 * (pvs_asym_group_pull() with PVS_ASYM_IDLE_CORE) converge: one busy
	 * thread per idle small core (SMT level) of the highest-priority big
	 * cores, then the generic balancer evening busy threads out over the
	 * small cores.
	 */
	PVS_PACK_BALANCER = 2,
	/** Number of values (not a value): range checks use it. */
	PVS_PACK_POLICY_COUNT
};

/** @enum_name{pvs_pack_policy} */
const char *pvs_pack_policy_name(enum pvs_pack_policy v);

/** @brief How the CPUs are numbered into cores. */
struct pvs_pack_topology {
	/**
	 * Number of CPUs, 1 .. @ref PVS_MAX_CPUS, a multiple of
	 * threads_per_core (powerpc numbers CPUs in whole cores).
	 */
	uint32_t nr_cpus;
	/** Hardware threads per core (threads_per_core), 1 .. @ref PVS_MAX_SMT. */
	uint32_t threads_per_core;
};

/** @brief The task being placed: optional hints and constraints. */
struct pvs_pack_task {
	/**
	 * The CPU the task last ran on, or @ref PVS_PACK_NO_CPU. Preferred
	 * among equally good idle CPUs (warm caches).
	 */
	int32_t prev_cpu;
	/**
	 * The waker's CPU, or @ref PVS_PACK_NO_CPU; the second preference,
	 * after prev_cpu.
	 */
	int32_t waker_cpu;
	/**
	 * Optional affinity bitmap (NULL = every CPU): CPU `c` is allowed
	 * when bit `c % 64` of word `c / 64` is set. At least
	 * `(nr_cpus + 63) / 64` words; bits at or past nr_cpus are ignored.
	 */
	const uint64_t *allowed;
	/**
	 * When no allowed CPU is idle: true = fail with -PVS_EAGAIN, false =
	 * take the least-loaded allowed CPU.
	 */
	bool idle_only;
};

/**
 * @brief Fill a pvs_pack_task with its defaults: no hints, every CPU
 *        allowed, fall back to the least-loaded CPU.
 * @param task the task to initialise
 */
static inline void pvs_pack_task_init(struct pvs_pack_task *task)
{
	task->prev_cpu = PVS_PACK_NO_CPU;
	task->waker_cpu = PVS_PACK_NO_CPU;
	task->allowed = NULL;
	task->idle_only = false;
}

/**
 * @brief Is @p cpu set in the CPU bitmap @p mask?
 * @param mask bitmap, bit `cpu % 64` of word `cpu / 64`
 * @param cpu  CPU number, below the bitmap's size (not checked)
 * @return true when the bit is set
 */
static inline bool pvs_pack_mask_test(const uint64_t *mask, uint32_t cpu)
{
	return (mask[cpu / 64] >> (cpu % 64)) & 1u;
}

/**
 * @brief Is @p t a topology this module accepts?
 *
 * threads_per_core 1 .. @ref PVS_MAX_SMT, nr_cpus 1 .. @ref PVS_MAX_CPUS
 * and a multiple of threads_per_core.
 * @param t topology (may be NULL)
 * @return true when valid
 */
static inline bool pvs_pack_topology_ok(const struct pvs_pack_topology *t)
{
	return t && t->threads_per_core >= 1 &&
	       t->threads_per_core <= PVS_MAX_SMT && t->nr_cpus >= 1 &&
	       t->nr_cpus <= PVS_MAX_CPUS &&
	       t->nr_cpus % t->threads_per_core == 0;
}

/**
 * @brief The priority rule the kernel actually applies on a machine.
 *
 * Today's kernel enables its packing branch (`splpar_asym_pack`) only when
 * `is_shared_processor() && has_big_cores` (build_sched_topology() in
 * arch/powerpc/kernel/smp.c); the baseline never does. Feed the result to
 * pvs_asym_prio() to get the priority that machine's kernel computes, or to
 * pvs_pack_pick_cpu() to place work the way it would end up.
 * @param kernel           which kernel: PVS_PACK_SPREAD (baseline),
 *                         PVS_PACK_CORES or PVS_PACK_BALANCER (today)
 * @param shared_processor is_shared_processor(): a shared-processor LPAR
 *                         (also true in KVM guests, as noted in review)
 * @param big_cores        has_big_cores: the firmware reports each core as
 *                         two thread groups (POWER9/POWER10 SMT8)
 * @return @p kernel when it is PVS_PACK_CORES or PVS_PACK_BALANCER on a
 *         shared partition with big cores, otherwise PVS_PACK_SPREAD (also
 *         for an unknown @p kernel)
 */
static inline enum pvs_pack_policy
pvs_pack_effective_policy(enum pvs_pack_policy kernel, bool shared_processor,
			  bool big_cores)
{
	if ((kernel == PVS_PACK_CORES || kernel == PVS_PACK_BALANCER) &&
	    shared_processor && big_cores)
		return kernel;
	return PVS_PACK_SPREAD;
}

/**
 * @brief Asym-packing priority of a CPU (arch_asym_cpu_priority()).
 *
 * The load balancer moves work towards the CPU with the higher priority
 * (sched_asym_prefer() in kernel/sched/fair.c compares these values).
 *  - PVS_PACK_CORES and PVS_PACK_BALANCER: `-(cpu / threads_per_core)`,
 *    the powerpc rule with `splpar_asym_pack` on: core 0 first, all
 *    threads of a core equal.
 *  - PVS_PACK_SPREAD: `-cpu`, the generic `__weak` default and powerpc's
 *    value when packing is off. No level of a shared LPAR then carries
 *    SD_ASYM_PACKING, so the value only matters on a POWER7 with
 *    CPU_FTR_ASYM_SMT, whose SMT level prefers lower-numbered threads.
 *
 * Use pvs_pack_effective_policy() to pick the policy a given machine's
 * kernel applies. Cheap enough for a balancer's inner loop.
 * @param t      topology (see pvs_pack_topology_ok())
 * @param cpu    CPU number, below t->nr_cpus
 * @param policy a pvs_pack_policy value
 * @param prio   where to store the priority (higher = preferred); left
 *               untouched on error
 * @return 0, or -PVS_EINVAL for a NULL pointer, a bad topology, an
 *         out-of-range @p cpu or an unknown @p policy
 */
static inline int pvs_asym_prio(const struct pvs_pack_topology *t,
				uint32_t cpu, enum pvs_pack_policy policy,
				int32_t *prio)
{
	if (!prio || !pvs_pack_topology_ok(t) || cpu >= t->nr_cpus)
		return -PVS_EINVAL;
	switch (policy) {
	case PVS_PACK_SPREAD:
		*prio = -(int32_t)cpu;
		return 0;
	case PVS_PACK_CORES:
	case PVS_PACK_BALANCER:
		*prio = -(int32_t)(cpu / t->threads_per_core);
		return 0;
	default:
		return -PVS_EINVAL;
	}
}

/**
 * @brief Sched-domain levels of the powerpc topology table, lowest first.
 *
 * Mirrors build_sched_topology() in arch/powerpc/kernel/smp.c; the NUMA
 * levels are appended by the generic code (sched_init_numa()).
 */
enum pvs_sd_level {
	/** SMT: the threads of one (small) core. */
	PVS_SD_SMT = 0,
	/** CACHE: the CPUs sharing an L2 beyond the SMT level. */
	PVS_SD_CACHE = 1,
	/** MC: a core group reported by firmware (dedicated LPARs only). */
	PVS_SD_MC = 2,
	/** PKG (called DIE before v6.7): the CPUs of a node. */
	PVS_SD_PKG = 3,
	/** NUMA: one or more levels spanning nodes. */
	PVS_SD_NUMA = 4,
	/** Number of levels. */
	PVS_SD_NR_LEVELS = 5
};

/** @enum_name{pvs_sd_level} */
const char *pvs_sd_level_name(enum pvs_sd_level v);

/**
 * @brief Bit of a level in pvs_pack_domains::present and
 *        pvs_pack_domains::asym.
 */
#define PVS_SD_BIT(level) (1u << (level))

/** @brief SD_SHARE_CPUCAPACITY: members share a core's capacity (SMT). */
#define PVS_SDF_SHARE_CPUCAPACITY 0x1u
/** @brief SD_SHARE_LLC (SD_SHARE_PKG_RESOURCES before v6.9): shared cache. */
#define PVS_SDF_SHARE_LLC 0x2u
/** @brief SD_ASYM_PACKING: the balancer packs towards higher priority. */
#define PVS_SDF_ASYM_PACKING 0x4u
/** @brief SD_NUMA: the level spans NUMA nodes. */
#define PVS_SDF_NUMA 0x8u

/** @brief What the kernel learns about the machine before building domains. */
struct pvs_pack_machine {
	/** is_shared_processor(): shared-processor LPAR (or KVM guest). */
	bool shared_processor;
	/**
	 * has_big_cores: each core is two thread groups (small cores) of
	 * threads_per_core / 2 threads; the SMT level spans a small core.
	 */
	bool big_cores;
	/** Hardware threads per core, 1 .. @ref PVS_MAX_SMT (even with big cores). */
	uint32_t threads_per_core;
	/**
	 * shared_caches: a CPU's L2 spans more CPUs than its SMT level
	 * (e.g. a POWER9 big core's two halves), so a CACHE level is built.
	 */
	bool shared_caches;
	/** coregroup_enabled: firmware reports core groups (MC level). */
	bool coregroup;
	/** CPU_FTR_ASYM_SMT (POWER7): asym packing among SMT threads. */
	bool asym_smt;
	/** More than one NUMA node: the generic code adds NUMA levels. */
	bool numa;
};

/** @brief The sched-domain levels built and their flags. */
struct pvs_pack_domains {
	/** PVS_SD_BIT() of every level built, after dropping empty ones. */
	uint32_t present;
	/** PVS_SD_BIT() of the levels carrying SD_ASYM_PACKING (subset of present). */
	uint32_t asym;
	/** Number of levels built (NUMA counts once). */
	uint32_t nr_levels;
	/** CPUs in one SMT-level group: threads_per_core, halved with big cores. */
	uint32_t smt_weight;
	/** PVS_SDF_* flags of each level, indexed by enum pvs_sd_level; 0 when absent. */
	uint8_t flags[PVS_SD_NR_LEVELS];
	/** The arch_asym_cpu_priority() rule in effect (see pvs_asym_prio()). */
	enum pvs_pack_policy prio_policy;
};

/**
 * @brief Which sched-domain levels the kernel builds, and which pack.
 *
 * Mirrors arch/powerpc/kernel/smp.c: build_sched_topology() today,
 * the static table + fixup_topology() of the baseline.
 *  - SMT: built when its group has more than one CPU (a one-CPU level
 *    degenerates); flags SHARE_CPUCAPACITY | SHARE_LLC, plus ASYM_PACKING
 *    with CPU_FTR_ASYM_SMT (both policies).
 *  - CACHE: built when @c shared_caches; SHARE_LLC, plus ASYM_PACKING when
 *    packing is in effect.
 *  - MC: built when @c coregroup, except (today's kernel) on a
 *    shared-processor partition; ASYM_PACKING when packing is in effect.
 *  - PKG: always built; ASYM_PACKING when packing is in effect.
 *  - NUMA: built when @c numa; SD_NUMA, never packing.
 *
 * "Packing in effect" is pvs_pack_effective_policy(): PVS_PACK_CORES or
 * PVS_PACK_BALANCER (the same kernel) on a shared-processor partition with
 * big cores. Levels spanning the same CPUs
 * as their child are further degenerated by the scheduler at run time;
 * that depends on masks this function does not see.
 * @param m      the machine
 * @param policy PVS_PACK_SPREAD (baseline kernel), PVS_PACK_CORES or
 *               PVS_PACK_BALANCER (today)
 * @param out    where to store the result; untouched on error
 * @return the number of levels built (>= 1), or -PVS_EINVAL for a NULL
 *         pointer, threads_per_core outside 1 .. @ref PVS_MAX_SMT, big
 *         cores with an odd threads_per_core, or an unknown @p policy
 */
int pvs_pack_domains(const struct pvs_pack_machine *m,
		     enum pvs_pack_policy policy, struct pvs_pack_domains *out);

/**
 * @brief Choose the CPU for a newly runnable task.
 *
 * Only allowed CPUs are candidates; a CPU is idle when its nr_running is
 * 0, and a core's load is its number of busy threads (nr_running > 0,
 * allowed or not). "Hints" are the task's prev_cpu, then its waker_cpu,
 * each used only when idle and allowed.
 *
 * PVS_PACK_SPREAD (CFS's idle-core search in select_idle_sibling()):
 *  1. a hint whose whole core is idle;
 *  2. else an idle CPU on the least-loaded core, ties to the lowest core
 *     number; within that core a hint, else its lowest idle thread.
 *
 * PVS_PACK_CORES (the library's own rule, which no kernel applies: fill
 * the fewest big cores):
 *  1. an idle CPU on the busiest core that still has one (best fit: the
 *     open core closest to full), ties to the higher asym priority, i.e.
 *     the lower core number;
 *  2. else, every open core being full, open the lowest-numbered empty
 *     core (highest asym priority).
 *  Within the chosen core a hint, else its lowest idle thread.
 *
 * PVS_PACK_BALANCER (where today's kernel's load balancer converges; a
 * small core is a thread group of threads_per_core / 2 CPUs, the SMT
 * level of big cores, or the whole core when threads_per_core is odd):
 *  1. an idle small core (every thread idle, allowed or not) with an
 *     allowed thread, on the lowest-numbered big core that has one (the
 *     highest asym priority): prev_cpu's small core, then waker_cpu's,
 *     when it is one of that big core's idle small cores with an allowed
 *     thread, else its lowest; a hint in that small core, else its lowest
 *     allowed thread;
 *  2. else an idle CPU on the small core with the fewest busy threads,
 *     ties to the lowest number; within it a hint, else its lowest idle
 *     thread.
 *
 * No allowed CPU idle (both policies): with @c idle_only -PVS_EAGAIN,
 * otherwise the allowed CPU with the fewest runnable tasks, ties to a hint,
 * then the lowest number.
 *
 * Bounded: one pass over the CPUs (plus the hints' cores under
 * PVS_PACK_SPREAD, and a second pass when none is idle), no stack arrays.
 * @param t          topology (see pvs_pack_topology_ok())
 * @param nr_running t->nr_cpus runnable-task counts, one per CPU
 * @param task       hints and constraints; NULL = pvs_pack_task_init()
 * @param policy     a pvs_pack_policy value
 * @return the CPU (>= 0); -PVS_EINVAL for a NULL pointer, a bad topology,
 *         a hint neither @ref PVS_PACK_NO_CPU nor below nr_cpus, or an
 *         unknown @p policy; -PVS_ESRCH when no CPU is allowed;
 *         -PVS_EAGAIN when @c idle_only and no allowed CPU is idle
 */
int pvs_pack_pick_cpu(const struct pvs_pack_topology *t,
		      const uint32_t *nr_running,
		      const struct pvs_pack_task *task,
		      enum pvs_pack_policy policy);

/**
 * @brief Count the cores with at least one busy thread.
 *
 * PowerVM dispatches whole cores, so with busy threads running flat out
 * this is the physical cores the partition consumes: what lparstat's physc
 * (delta PURR / delta timebase) approaches.
 * @param t          topology (see pvs_pack_topology_ok())
 * @param nr_running t->nr_cpus runnable-task counts, one per CPU
 * @return the number of cores in use (0 .. nr_cpus / threads_per_core),
 *         or -PVS_EINVAL for a NULL pointer or a bad topology
 */
int pvs_pack_cores_in_use(const struct pvs_pack_topology *t,
			  const uint32_t *nr_running);

/**
 * @brief Which version of the load balancer's asym-packing rules to apply.
 *
 * Rationale: docs/upstream-rules.md, "Asym-packing pull decision".
 */
enum pvs_asym_rule {
	/**
	 * v5.16 .. v6.4: asym_smt_can_pull_tasks() ("sched/fair: Consider SMT
	 * in ASYM_PACKING load balance"). Between SMT groups the destination
	 * pulls when the source has exactly one busy CPU more than its own
	 * group; a non-SMT destination pulls from any source with two busy
	 * CPUs or more, whatever the priorities.
	 */
	PVS_ASYM_SMT_DELTA = 0,
	/**
	 * v6.5 and later (Ricardo Neri's series "sched: Avoid unnecessary
	 * migrations within SMT domains", first "sched/fair: Only do
	 * asym_packing load balancing from fully idle SMT cores"; reworded
	 * without a change of behaviour in v6.9 by "sched/fair: Rework
	 * sched_use_asym_prio() and sched_asym_prefer()"):
	 * sched_use_asym_prio() lets a destination follow priorities only when
	 * its whole SMT core is idle, and a source SMT core qualifies only
	 * with exactly one busy CPU.
	 */
	PVS_ASYM_IDLE_CORE = 1,
	/** Number of values (not a value): range checks use it. */
	PVS_ASYM_RULE_COUNT
};

/** @enum_name{pvs_asym_rule} */
const char *pvs_asym_rule_name(enum pvs_asym_rule v);

/**
 * @brief What the load balancer sees when an asym-packing decision is due.
 *
 * A plain snapshot of the fields of struct lb_env, sd_lb_stats and
 * sg_lb_stats that kernel/sched/fair.c's asym-packing rules read. "dst"
 * is the CPU doing the balancing (env->dst_cpu), "local" its group at the
 * level being balanced, "src" the candidate busiest group (never the
 * local one), "src_cpu" one runqueue of it (find_busiest_queue()'s
 * candidate, later env->src_cpu). Counts of CPUs are at most
 * @ref PVS_MAX_CPUS; priorities are arch_asym_cpu_priority() values (see
 * pvs_asym_prio()). A "busy sibling" is an SMT sibling, the CPU itself
 * excluded, that is not idle (!idle_cpu()): zero busy siblings is
 * is_core_idle().
 */
struct pvs_asym_snapshot {
	/** PVS_SDF_* flags of the domain being balanced (env->sd->flags). */
	uint32_t sd_flags;
	/** sched_smt_active(): some core has more than one CPU online. */
	bool smt_active;
	/** The destination balances as idle (env->idle != CPU_NOT_IDLE). */
	bool dst_idle;
	/** Busy SMT siblings of the destination (0 = is_core_idle(dst)). */
	uint32_t dst_busy_siblings;
	/** arch_asym_cpu_priority(dst_cpu). */
	int32_t dst_prio;
	/** PVS_SDF_* flags of the local group (its child domain's flags). */
	uint32_t local_flags;
	/** CPUs in the local group (group_weight). */
	uint32_t local_weight;
	/** Idle CPUs in the local group (local_stat.idle_cpus). */
	uint32_t local_idle_cpus;
	/** Runnable tasks in the local group (local_stat.sum_nr_running). */
	uint32_t local_nr_running;
	/** PVS_SDF_* flags of the source group; SHARE_CPUCAPACITY = SMT core. */
	uint32_t src_flags;
	/** CPUs in the source group (group_weight). */
	uint32_t src_weight;
	/** Idle CPUs in the source group (idle_cpus). */
	uint32_t src_idle_cpus;
	/** CFS tasks in the source group (sum_h_nr_running). */
	uint32_t src_nr_running;
	/** arch_asym_cpu_priority(group->asym_prefer_cpu) of the source group. */
	int32_t src_prio;
	/** arch_asym_cpu_priority() of the source runqueue's CPU. */
	int32_t src_cpu_prio;
	/** Tasks on the source runqueue (rq->nr_running). */
	uint32_t src_cpu_nr_running;
	/** Busy SMT siblings of the source runqueue's CPU. */
	uint32_t src_cpu_busy_siblings;
};

/**
 * @brief sched_use_asym_prio(sd, cpu): may @p cpu follow priorities here?
 *
 * PVS_ASYM_IDLE_CORE: only at a level with SD_ASYM_PACKING; then always
 * without SMT, at an SMT level (SD_SHARE_CPUCAPACITY), or when every SMT
 * sibling of @p cpu is idle. PVS_ASYM_SMT_DELTA has no such function: the
 * answer is whether the level has SD_ASYM_PACKING.
 * @param s             the snapshot (sd_flags, smt_active are read)
 * @param busy_siblings busy SMT siblings of the CPU asked about
 * @param rule          which kernel's rules
 * @return the decision; false for a NULL @p s or an unknown @p rule
 */
bool pvs_asym_use_prio(const struct pvs_asym_snapshot *s,
		       uint32_t busy_siblings, enum pvs_asym_rule rule);

/**
 * @brief Is the source group an asym-packing candidate for the destination?
 *
 * sgs->group_asym_packing as update_sg_lb_stats() sets it for a non-local
 * group: SD_ASYM_PACKING, an idle destination, tasks in the source, and
 *  - PVS_ASYM_IDLE_CORE, sched_group_asym(): the destination may use
 *    priorities (pvs_asym_use_prio()), an SMT source has exactly one busy
 *    CPU, and dst_prio > src_prio (sched_asym_prefer(), strict);
 *  - PVS_ASYM_SMT_DELTA, sched_asym(): when either group is SMT,
 *    asym_smt_can_pull_tasks() (a non-SMT destination: two or more busy
 *    source CPUs, else priority; both SMT: priority when the source has
 *    exactly one busy CPU more than the local group; a non-SMT source:
 *    priority when the local group runs nothing); otherwise priority.
 * The group then classifies as group_asym_packing, above fully busy and
 * spare groups, and find_busiest_group() forces the balance.
 * @param s    the snapshot
 * @param rule which kernel's rules
 * @return the decision; false for a NULL @p s or an unknown @p rule
 */
bool pvs_asym_group_pull(const struct pvs_asym_snapshot *s,
			 enum pvs_asym_rule rule);

/**
 * @brief Does find_busiest_queue() pass over the source runqueue?
 *
 * At an SD_ASYM_PACKING level a runqueue with exactly one task whose CPU
 * has a higher priority than the destination is skipped ("Make sure we
 * only pull tasks from a CPU of lower priority"). PVS_ASYM_IDLE_CORE adds
 * sched_use_asym_prio() for that CPU: when balancing between cores, a CPU
 * with busy siblings is not protected by its priority, so a lower-priority
 * core may help a busy SMT core.
 * @param s    the snapshot (sd_flags, smt_active, dst_prio, src_cpu_*)
 * @param rule which kernel's rules
 * @return true when skipped; false for a NULL @p s or an unknown @p rule
 */
bool pvs_asym_skip_rq(const struct pvs_asym_snapshot *s,
		      enum pvs_asym_rule rule);

/**
 * @brief asym_active_balance(): must the destination force the migration?
 *
 * The decision need_active_balance() takes first, when the pulled task is
 * running alone: an idle destination at an SD_ASYM_PACKING level with a
 * higher priority than the source CPU (dst_prio > src_cpu_prio).
 * PVS_ASYM_IDLE_CORE also requires pvs_asym_use_prio() for the
 * destination, and accepts a lower-priority destination when the source
 * CPU may not use priorities (busy siblings between cores).
 * @param s    the snapshot (sd_flags, smt_active, dst_*, src_cpu_*)
 * @param rule which kernel's rules
 * @return the decision; false for a NULL @p s or an unknown @p rule
 */
bool pvs_asym_active_balance(const struct pvs_asym_snapshot *s,
			     enum pvs_asym_rule rule);

#ifdef __cplusplus
}
#endif

#endif /* PVSCHED_PACK_H */
