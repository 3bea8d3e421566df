// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Packing on shared-processor LPARs (splpar-asym-pack): the sched-domain levels of
 * arch/powerpc/kernel/smp.c and a placement rule for runtimes that spreads
 * like CFS's idle-core search or packs like the asym balancer's end state.
 */
#include <pvsched/pack.h>

static bool pvs_pack_policy_ok(enum pvs_pack_policy policy)
{
	return policy == PVS_PACK_SPREAD || policy == PVS_PACK_CORES ||
	       policy == PVS_PACK_BALANCER;
}

/* Record level @lvl as built, with kernel flags @flags. */
static void pvs_pack_add_level(struct pvs_pack_domains *d,
			       enum pvs_sd_level lvl, uint32_t flags)
{
	d->present |= PVS_SD_BIT(lvl);
	if (flags & PVS_SDF_ASYM_PACKING)
		d->asym |= PVS_SD_BIT(lvl);
	d->flags[lvl] = (uint8_t)flags;
	d->nr_levels++;
}

int pvs_pack_domains(const struct pvs_pack_machine *m,
		     enum pvs_pack_policy policy, struct pvs_pack_domains *out)
{
	struct pvs_pack_domains d;
	uint32_t asym, smt_flags;
	unsigned int i;
	bool mc;

	if (!m || !out || !pvs_pack_policy_ok(policy))
		return -PVS_EINVAL;
	if (m->threads_per_core < 1 || m->threads_per_core > PVS_MAX_SMT)
		return -PVS_EINVAL;
	/* A big core is two thread groups of equal size. */
	if (m->big_cores && m->threads_per_core % 2 != 0)
		return -PVS_EINVAL;

	d.present = 0;
	d.asym = 0;
	d.nr_levels = 0;
	for (i = 0; i < PVS_SD_NR_LEVELS; i++)
		d.flags[i] = 0;
	d.prio_policy = pvs_pack_effective_policy(policy, m->shared_processor,
						  m->big_cores);
	/* splpar_asym_pack: powerpc_shared_{cache,proc}_flags() add it. */
	asym = d.prio_policy != PVS_PACK_SPREAD ? PVS_SDF_ASYM_PACKING : 0;

	/* Big cores: the SMT level is the small core (smallcore_smt_mask). */
	d.smt_weight = m->big_cores ? m->threads_per_core / 2 :
				      m->threads_per_core;
	if (d.smt_weight > 1) {
		smt_flags = PVS_SDF_SHARE_CPUCAPACITY | PVS_SDF_SHARE_LLC;
		if (m->asym_smt)
			smt_flags |= PVS_SDF_ASYM_PACKING;
		pvs_pack_add_level(&d, PVS_SD_SMT, smt_flags);
	}
	if (m->shared_caches)
		pvs_pack_add_level(&d, PVS_SD_CACHE, PVS_SDF_SHARE_LLC | asym);
	/* Today has_coregroup_support() is false on every shared processor. */
	mc = m->coregroup &&
	     !(policy != PVS_PACK_SPREAD && m->shared_processor);
	if (mc)
		pvs_pack_add_level(&d, PVS_SD_MC, asym);
	pvs_pack_add_level(&d, PVS_SD_PKG, asym);
	if (m->numa)
		pvs_pack_add_level(&d, PVS_SD_NUMA, PVS_SDF_NUMA);

	*out = d;
	return (int)d.nr_levels;
}

/* One core as seen by the placement. */
struct pvs_pack_core {
	uint32_t busy;		/* threads with nr_running > 0 */
	int32_t idle_cpu;	/* idle allowed thread to use, or -1 */
};

static bool pvs_pack_allowed(const struct pvs_pack_task *task, uint32_t cpu)
{
	return !task->allowed || pvs_pack_mask_test(task->allowed, cpu);
}

/* Is hint @cpu present, allowed and idle? */
static bool pvs_pack_hint_usable(const struct pvs_pack_task *task,
				 const uint32_t *nr_running, int32_t cpu)
{
	return cpu != PVS_PACK_NO_CPU && nr_running[cpu] == 0 &&
	       pvs_pack_allowed(task, (uint32_t)cpu);
}

static bool pvs_pack_hint_ok(int32_t cpu, uint32_t nr_cpus)
{
	return cpu == PVS_PACK_NO_CPU || (cpu >= 0 && (uint32_t)cpu < nr_cpus);
}

/*
 * Count the busy threads of the @n CPUs from @first and choose the idle
 * allowed thread a task would take there: a usable hint among them, else
 * the lowest one.
 */
static void pvs_pack_scan_group(const uint32_t *nr_running,
				const struct pvs_pack_task *task,
				uint32_t first, uint32_t n,
				struct pvs_pack_core *out)
{
	uint32_t i, cpu;
	int32_t hint;

	out->busy = 0;
	out->idle_cpu = PVS_PACK_NO_CPU;
	for (i = 0; i < PVS_MAX_SMT && i < n; i++) {
		cpu = first + i;
		if (nr_running[cpu] != 0)
			out->busy++;
		else if (out->idle_cpu < 0 && pvs_pack_allowed(task, cpu))
			out->idle_cpu = (int32_t)cpu;
	}
	if (out->idle_cpu < 0)
		return;
	for (i = 0; i < 2; i++) {
		hint = i == 0 ? task->prev_cpu : task->waker_cpu;
		if (pvs_pack_hint_usable(task, nr_running, hint) &&
		    (uint32_t)hint >= first && (uint32_t)hint - first < n) {
			out->idle_cpu = hint;
			return;
		}
	}
}

/* pvs_pack_scan_group() over core @core. */
static void pvs_pack_scan_core(const struct pvs_pack_topology *t,
			       const uint32_t *nr_running,
			       const struct pvs_pack_task *task, uint32_t core,
			       struct pvs_pack_core *out)
{
	pvs_pack_scan_group(nr_running, task, core * t->threads_per_core,
			    t->threads_per_core, out);
}

/*
 * PVS_PACK_BALANCER steps 1 and 2 (pack.h): an idle small core of the
 * highest-priority big core that has one (prev_cpu's, then waker_cpu's
 * when they are such small cores), else the least-busy small core with an
 * idle allowed thread; -1 when no allowed CPU is idle.
 */
static int32_t pvs_pack_balancer(const struct pvs_pack_topology *t,
				 const uint32_t *nr_running,
				 const struct pvs_pack_task *task)
{
	uint32_t n = t->threads_per_core % 2 ? t->threads_per_core :
					       t->threads_per_core / 2;
	uint32_t per_core = t->threads_per_core / n, g, nr_groups;
	int32_t idle_core = PVS_PACK_NO_CPU, least = PVS_PACK_NO_CPU, hint;
	uint32_t least_busy = 0;
	struct pvs_pack_core c;
	unsigned int i;

	nr_groups = t->nr_cpus / n;
	for (g = 0; g < PVS_MAX_CPUS && g < nr_groups; g++) {
		pvs_pack_scan_group(nr_running, task, g * n, n, &c);
		if (c.idle_cpu < 0)
			continue;
		if (c.busy == 0 && idle_core < 0)
			idle_core = c.idle_cpu;
		if (least < 0 || c.busy < least_busy) {
			least = c.idle_cpu;
			least_busy = c.busy;
		}
	}
	if (idle_core < 0)
		return least;
	for (i = 0; i < 2; i++) {
		hint = i == 0 ? task->prev_cpu : task->waker_cpu;
		if (hint == PVS_PACK_NO_CPU ||
		    (uint32_t)hint / n / per_core !=
			    (uint32_t)idle_core / n / per_core)
			continue;
		g = (uint32_t)hint / n;
		pvs_pack_scan_group(nr_running, task, g * n, n, &c);
		if (c.busy == 0 && c.idle_cpu >= 0)
			return c.idle_cpu;
	}
	return idle_core;
}

/* SPREAD step 1: a usable hint whose whole core is idle, or -1. */
static int32_t pvs_pack_hint_on_empty_core(const struct pvs_pack_topology *t,
					   const uint32_t *nr_running,
					   const struct pvs_pack_task *task)
{
	struct pvs_pack_core c;
	unsigned int i;
	int32_t hint;

	for (i = 0; i < 2; i++) {
		hint = i == 0 ? task->prev_cpu : task->waker_cpu;
		if (!pvs_pack_hint_usable(task, nr_running, hint))
			continue;
		pvs_pack_scan_core(t, nr_running, task,
				   (uint32_t)hint / t->threads_per_core, &c);
		if (c.busy == 0)
			return hint;
	}
	return PVS_PACK_NO_CPU;
}

/* Nothing idle: the allowed CPU with the fewest tasks, ties to a hint. */
static int pvs_pack_least_loaded(const struct pvs_pack_topology *t,
				 const uint32_t *nr_running,
				 const struct pvs_pack_task *task)
{
	int32_t best = PVS_PACK_NO_CPU, hint;
	uint32_t cpu;
	unsigned int i;

	for (cpu = 0; cpu < PVS_MAX_CPUS && cpu < t->nr_cpus; cpu++) {
		if (!pvs_pack_allowed(task, cpu))
			continue;
		if (best < 0 || nr_running[cpu] < nr_running[best])
			best = (int32_t)cpu;
	}
	if (best < 0)
		return -PVS_ESRCH;
	for (i = 0; i < 2; i++) {
		hint = i == 0 ? task->prev_cpu : task->waker_cpu;
		if (hint != PVS_PACK_NO_CPU &&
		    pvs_pack_allowed(task, (uint32_t)hint) &&
		    nr_running[hint] == nr_running[best])
			return hint;
	}
	return best;
}

/* @best when it is a CPU, else the no-idle-CPU rule (pack.h). */
static int pvs_pack_pick_fallback(const struct pvs_pack_topology *t,
				  const uint32_t *nr_running,
				  const struct pvs_pack_task *task,
				  int32_t best)
{
	if (best >= 0)
		return best;
	if (task->idle_only) {
		/* Distinguish "nothing allowed" from "nothing idle". */
		int rc = pvs_pack_least_loaded(t, nr_running, task);

		return rc < 0 ? rc : -PVS_EAGAIN;
	}
	return pvs_pack_least_loaded(t, nr_running, task);
}

int pvs_pack_pick_cpu(const struct pvs_pack_topology *t,
		      const uint32_t *nr_running,
		      const struct pvs_pack_task *task,
		      enum pvs_pack_policy policy)
{
	struct pvs_pack_task defaults;
	struct pvs_pack_core c;
	int32_t best = PVS_PACK_NO_CPU, empty = PVS_PACK_NO_CPU;
	uint32_t best_busy = 0, core, nr_cores;

	if (!pvs_pack_topology_ok(t) || !nr_running ||
	    !pvs_pack_policy_ok(policy))
		return -PVS_EINVAL;
	if (!task) {
		pvs_pack_task_init(&defaults);
		task = &defaults;
	}
	if (!pvs_pack_hint_ok(task->prev_cpu, t->nr_cpus) ||
	    !pvs_pack_hint_ok(task->waker_cpu, t->nr_cpus))
		return -PVS_EINVAL;

	if (policy == PVS_PACK_SPREAD) {
		best = pvs_pack_hint_on_empty_core(t, nr_running, task);
		if (best >= 0)
			return best;
	}
	if (policy == PVS_PACK_BALANCER)
		return pvs_pack_pick_fallback(t, nr_running, task,
					      pvs_pack_balancer(t, nr_running,
								task));

	nr_cores = t->nr_cpus / t->threads_per_core;
	for (core = 0; core < PVS_MAX_CPUS && core < nr_cores; core++) {
		pvs_pack_scan_core(t, nr_running, task, core, &c);
		if (c.idle_cpu < 0)
			continue;
		if (policy == PVS_PACK_SPREAD) {
			/* Least-loaded core; strict '<' keeps the lowest. */
			if (best < 0 || c.busy < best_busy) {
				best = c.idle_cpu;
				best_busy = c.busy;
			}
		} else if (c.busy == 0) {
			/* First empty core = highest asym priority. */
			if (empty < 0)
				empty = c.idle_cpu;
		} else if (best < 0 || c.busy > best_busy) {
			/* Busiest open core; strict '>' keeps the lowest. */
			best = c.idle_cpu;
			best_busy = c.busy;
		}
	}
	if (best < 0)
		best = empty;
	return pvs_pack_pick_fallback(t, nr_running, task, best);
}

int pvs_pack_cores_in_use(const struct pvs_pack_topology *t,
			  const uint32_t *nr_running)
{
	struct pvs_pack_task any;
	struct pvs_pack_core c;
	uint32_t core, nr_cores;
	int used = 0;

	if (!pvs_pack_topology_ok(t) || !nr_running)
		return -PVS_EINVAL;
	pvs_pack_task_init(&any);
	nr_cores = t->nr_cpus / t->threads_per_core;
	for (core = 0; core < PVS_MAX_CPUS && core < nr_cores; core++) {
		pvs_pack_scan_core(t, nr_running, &any, core, &c);
		if (c.busy != 0)
			used++;
	}
	return used;
}
