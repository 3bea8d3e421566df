// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The PowerVM model of scenario splpar-asym-pack: a shared-processor
 * partition of SMT8 virtual processors (VPs) dispatched a whole core at a time
 * from a shared pool, against its entitlement, in dispatch slots; ebizzy-like
 * CPU-bound threads placed by pvs_pack_pick_cpu() (SPREAD = baseline, CORES =
 * the packing series); records/s and lparstat-like accounting.
 *
 * The model is event-driven: an event is a VP state change. At a slot
 * boundary the hypervisor's dispatcher allots the slot to the VPs that
 * have a runnable thread, round-robin, up to the pool's cores (uncapped)
 * or the entitlement (capped); a VP that loses its turn stops there. A VP
 * newly allotted starts after a dispatch cost (cache refill), one beyond
 * the entitlement (excess capacity) after a late grant: each start is an
 * event. A VP that keeps its core runs on with no event, and the
 * dispatcher itself is only scheduled while VPs take turns. A running VP
 * with n busy threads gives each thread speed(n) of a core's
 * single-thread rate (SMT sharing); work, run time and records are
 * integrated between events.
 *
 * The balancer policy models the mechanism the upstream change relies on
 * instead of a placement rule: the fork path spreads the threads over
 * the thread groups, then each CPU's periodic load balancing (an event
 * per CPU at its balance interval) asks the library's asym-packing pull
 * decision (pvs_asym_group_pull(), pvs_asym_skip_rq(),
 * pvs_asym_active_balance(), through the plug-in hooks of the same
 * names) whether an idle CPU pulls a task from a lower-priority core; a
 * migration changes the two VPs' busy threads and speeds.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/sim_int.h"

#define LPAR_SMT PVSIM_LPAR_SMT
#define LPAR_MAX_VPS PVSIM_LPAR_MAX_VPS

/* Per-thread speed, per mille of one thread alone, by busy threads. */
static const uint32_t smt_speed_pm[LPAR_SMT + 1] = {
	0, 1000, 980, 930, 880, 800, 720, 660, 600
};

enum lpar_ev {
	EV_SLOT,	/* the hypervisor's dispatcher at a slot boundary */
	EV_START,	/* obj = VP: its core is handed over, it runs */
	EV_BALANCE,	/* obj = CPU: its periodic load balancing */
	EV_END
};

static const char *const lpar_ev_name[] = {
	"slot boundary", "VP start", "load balance", "end"
};

#define LPAR_MAX_CPUS (LPAR_MAX_VPS * LPAR_SMT)

enum { VP_OFF, VP_PENDING, VP_RUN };

struct lpar_vp {
	uint64_t rate_ppm;	/* work ns per ns run, millionths */
	uint64_t run_since_ns;	/* VP_RUN: since when */
	uint64_t allot_since_ns; /* allotted: since which slot boundary */
	uint32_t yield_count;	/* odd = not dispatched */
	uint32_t epoch;		/* older epochs: start is void */
	uint32_t nbusy;		/* CPUs with a thread */
	uint8_t state;
	bool allotted;		/* the dispatcher gave it this slot */
	bool excess;		/* ... beyond the entitlement */
};

struct lpar {
	struct pvsim s;
	const struct pvsim_lpar_params *p;
	struct pvsim_lpar_result *r;
	uint64_t work_ns;	/* single-thread work done, all threads */
	uint32_t nbusy_vps;	/* VPs with a thread */
	uint32_t ndisp;		/* VPs dispatched (VP_RUN) */
	uint32_t rr;		/* first VP of the next slot's round */
	uint64_t run_pm;	/* the run's speed factor */
	uint64_t slot_nr;	/* slot boundaries so far */
	uint64_t jit_rng;	/* slot_jitter_ns's own stream */
	struct lpar_vp vp[LPAR_MAX_VPS];
	uint32_t nr[LPAR_MAX_CPUS];	/* threads per CPU */
	uint32_t cpu_pm[LPAR_MAX_CPUS];	/* per-CPU speed factor */
	uint64_t lb_ns[LPAR_MAX_CPUS];	/* balancer: current interval */
	uint8_t sd_flags;	/* balancer: the partition-wide level's flags */
	uint8_t group_flags;	/* ... and its groups' (a core each) */
};

/* The next draw of a private stream, uniform in lo..hi. */
static uint64_t stream_range(uint64_t *state, uint64_t lo, uint64_t hi)
{
	*state += 0x9e3779b97f4a7c15ull;
	return lo + pvsim_mix64(*state) % (hi - lo + 1);
}

/* The VP gets its core: it is dispatched (yield_count becomes even). */
static void vp_start(struct lpar *l, uint32_t c)
{
	struct lpar_vp *v = &l->vp[c];

	v->state = VP_RUN;
	v->run_since_ns = l->s.now_ns;
	v->yield_count++;
	l->r->vcsw++;
	l->ndisp++;
	if (l->ndisp > l->r->max_dispatched)
		l->r->max_dispatched = l->ndisp;
	if (l->p->capped && l->ndisp > l->p->ent_cores)
		pvsim_fail_obj(&l->s, "capped partition above entitlement", c);
	if (l->ndisp > l->p->pool_cores)
		pvsim_fail_obj(&l->s, "more VPs dispatched than pool cores", c);
}

/* Bank the work and run time of a running VP up to now. */
static void vp_bank(struct lpar *l, struct lpar_vp *v)
{
	uint64_t ran = l->s.now_ns - v->run_since_ns;

	l->work_ns += ran * v->rate_ppm / 1000000;
	l->r->vp_busy_ns += ran;
	v->run_since_ns = l->s.now_ns;
}

/* The VP loses its core (yield_count becomes odd). */
static void vp_stop(struct lpar *l, uint32_t c)
{
	struct lpar_vp *v = &l->vp[c];

	vp_bank(l, v);
	v->state = VP_OFF;
	v->yield_count++;
	l->r->vcsw++;
	l->ndisp--;
}

/* The slot is over for an allotted VP: count its threads' busy time. */
static void vp_unallot(struct lpar *l, uint32_t c)
{
	struct lpar_vp *v = &l->vp[c];

	l->r->thread_busy_ns += (l->s.now_ns - v->allot_since_ns) * v->nbusy;
	v->allotted = false;
	if (v->state == VP_RUN)
		vp_stop(l, c);
	v->state = VP_OFF;
	v->epoch++;	/* a pending start is void */
}

/*
 * The dispatcher at a slot boundary: round-robin over the VPs with work
 * from rr, up to the pool (uncapped) or the entitlement (capped); the next
 * slot starts n VPs further. A VP keeps running across the boundary
 * unless it loses its turn or runs on excess capacity, which is handed out
 * late; a VP that was not allotted the previous slot starts after its
 * dispatch cost. Random draws in VP order, one pass; a core is handed
 * over only once it is free: every VP that stops at the boundary stops
 * before any VP starts at it (the hypervisor preempts the old VP, then
 * dispatches the new one on that core).
 */
static void dispatch(struct lpar *l)
{
	const struct pvsim_lpar_params *p = l->p;
	uint32_t limit = p->capped ? p->ent_cores : p->pool_cores;
	uint32_t n = 0, k, c;
	bool on[LPAR_MAX_VPS], excess[LPAR_MAX_VPS];
	uint64_t delay[LPAR_MAX_VPS];

	for (k = 0; k < p->vps; k++) {
		c = (l->rr + k) % p->vps;
		on[c] = l->vp[c].nbusy && n < limit;
		excess[c] = on[c] && n >= p->ent_cores;
		n += on[c];
	}
	l->rr = (l->rr + n) % p->vps;
	/* pass 1: draws, and every VP that gives its core up stops */
	for (c = 0; c < p->vps; c++) {
		struct lpar_vp *v = &l->vp[c];

		delay[c] = 0;
		if (!on[c]) {
			if (v->allotted)
				vp_unallot(l, c);
			continue;
		}
		if (!v->allotted) {
			/* dispatch and cache refill */
			delay[c] = pvsim_rand_range(&l->s, 0,
						    2 * p->dispatch_cost_ns);
			v->allotted = true;
			v->allot_since_ns = l->s.now_ns;
		}
		v->excess = excess[c];
		if (excess[c])
			delay[c] += p->slot_ns * pvsim_rand_range(&l->s, 0,
					2 * p->excess_loss_pm) / 1000;
		/* it waits for its core (late excess capacity, dispatch) */
		if (delay[c] && v->state == VP_RUN)
			vp_stop(l, c);
	}
	/* pass 2: the freed cores are handed over */
	for (c = 0; c < p->vps; c++) {
		struct lpar_vp *v = &l->vp[c];

		if (!on[c])
			continue;
		v->epoch++;	/* a start still pending is superseded */
		if (!delay[c]) {
			if (v->state != VP_RUN)
				vp_start(l, c);
			continue;
		}
		v->state = VP_PENDING;
		pvsim_at(&l->s, l->s.now_ns + delay[c], EV_START, c, v->epoch);
	}
}

/* Every invariant, recounted from scratch (debug runs, every event). */
static void lpar_check(void *model)
{
	struct lpar *l = model;
	const struct pvsim_lpar_params *p = l->p;
	uint64_t busy = l->r->vp_busy_ns;
	uint32_t c, i, ndisp = 0, threads = 0, nbusy_vps = 0;

	for (c = 0; c < p->vps; c++) {
		const struct lpar_vp *v = &l->vp[c];
		uint32_t nbusy = 0;

		for (i = 0; i < LPAR_SMT; i++) {
			threads += l->nr[c * LPAR_SMT + i];
			nbusy += l->nr[c * LPAR_SMT + i] ? 1 : 0;
		}
		if (nbusy != v->nbusy)
			pvsim_fail_obj(&l->s, "VP busy threads drifted", c);
		nbusy_vps += nbusy ? 1 : 0;

		if ((v->yield_count & 1) != (v->state != VP_RUN))
			pvsim_fail_obj(&l->s, "yield_count parity != dispatch",
				       c);
		if (v->state != VP_OFF && !v->allotted)
			pvsim_fail_obj(&l->s, "VP dispatched without its slot",
				       c);
		if (v->allotted && !v->nbusy)
			pvsim_fail_obj(&l->s, "VP without work dispatched", c);
		if (v->state == VP_RUN) {
			ndisp++;
			busy += l->s.now_ns - v->run_since_ns;
		}
	}
	if (ndisp != l->ndisp)
		pvsim_fail(&l->s, "dispatched VP count drifted");
	if (threads != p->threads)
		pvsim_fail(&l->s, "a thread was lost or duplicated");
	if (nbusy_vps != l->nbusy_vps)
		pvsim_fail(&l->s, "busy VP count drifted");
	if (p->capped && ndisp > p->ent_cores)
		pvsim_fail(&l->s, "capped partition above entitlement");
	if (busy > (uint64_t)(p->capped ? p->ent_cores : p->pool_cores) *
		   l->s.now_ns)
		pvsim_fail(&l->s, "VP run time exceeds the capacity");
}

/*
 * The thread group the fork path spreads over first (0: none): the
 * balancer's (a plug-in's pick_cpu, if any, chooses within it), and the
 * baseline's when SMT halves share no speed (CFS's idle-core search then
 * sees each half as a core).
 */
static uint32_t fork_group(const struct pvsim_lpar_params *p)
{
	if (p->balancer)
		return p->asym_group_threads;
	if (p->policy == PVS_PACK_SPREAD && !p->hooks &&
	    p->smt_split < LPAR_SMT)
		return p->smt_split;
	return 0;
}

/* May stage @p limit of the placement put a thread on CPU @p c? */
static bool stage_allows(const struct pvsim_lpar_params *p, uint32_t c,
			 uint32_t limit)
{
	/* the fork path: one thread per thread group, then two, ... */
	if (fork_group(p))
		return c % fork_group(p) < limit;
	return c % LPAR_SMT < limit;
}

/*
 * A fork that misses (place_miss_pm, its own stream: seed and policy):
 * the thread lands on a CPU drawn among the idle ones, as when the fork
 * path reads stale idle state. Returns -1 when it does not miss.
 */
static int place_miss(const struct pvsim_lpar_params *p, uint64_t *rng,
		      const uint32_t *nr, uint32_t ncpus)
{
	uint32_t c, idle = 0, k;

	if (!p->place_miss_pm ||
	    stream_range(rng, 0, 999) >= p->place_miss_pm)
		return -1;
	for (c = 0; c < ncpus; c++)
		idle += !nr[c];
	if (!idle)
		return -1;
	k = (uint32_t)stream_range(rng, 0, idle - 1);
	for (c = 0; c < ncpus; c++)
		if (!nr[c] && !k--)
			return (int)c;
	return -1;
}

/*
 * Place the threads one by one, as they are created: busy threads per
 * core are capped at pack_limit, then at twice that, and so on (the
 * balancer evens out the load between used cores before it puts a third
 * busy thread on one). The balancer policy's fork path is CFS's spread
 * (the library's SPREAD rule) over one CPU per thread group,
 * then over every CPU (a plug-in's pick_cpu hook, when set, places there
 * instead). Fills nr (threads per CPU).
 */
static void place_threads(const struct pvsim_lpar_params *p, uint64_t seed,
			  uint32_t *nr)
{
	struct pvs_pack_topology topo = { p->vps * LPAR_SMT, LPAR_SMT };
	const struct pvsim_hooks *hooks = p->hooks;
	enum pvs_pack_policy pol = p->balancer ? PVS_PACK_SPREAD : p->policy;
	uint64_t mask[PVS_PACK_MASK_WORDS];
	uint64_t rng = seed ^ (0xbb67ae8584caa73bull * (1 + p->policy +
							2 * p->balancer));
	struct pvs_pack_task task;
	uint32_t i, c, limit;
	int cpu;

	for (i = 0, limit = fork_group(p) ? 1 : p->pack_limit; i < p->threads;
	     i++) {
		cpu = place_miss(p, &rng, nr, topo.nr_cpus);
		while (cpu < 0) {
			memset(mask, 0, sizeof(mask));
			for (c = 0; c < topo.nr_cpus; c++)
				if (stage_allows(p, c, limit))
					mask[c / 64] |= 1ull << (c % 64);
			pvs_pack_task_init(&task);
			task.allowed = mask;
			task.idle_only = true;
			cpu = pvsim_pick_cpu(hooks, &topo, nr, &task, pol);
			if (cpu >= 0 || limit >= LPAR_SMT)
				break;
			limit = limit * 2 < LPAR_SMT ? limit * 2 : LPAR_SMT;
		}
		if (cpu < 0)
			cpu = pvsim_pick_cpu(hooks, &topo, nr, NULL, pol);
		if (cpu >= 0 && (uint32_t)cpu < topo.nr_cpus)
			nr[cpu]++;
	}
}

/*
 * A VP's busy threads and speed from its CPUs' threads and factors: the
 * busy threads of each SMT half of smt_split threads share that half's
 * speed (8: the whole core, one half).
 */
static void vp_rate(struct lpar *l, uint32_t c)
{
	struct lpar_vp *v = &l->vp[c];
	uint32_t i, h, n, split = l->p->smt_split;
	uint64_t sum_pm;

	v->nbusy = 0;
	v->rate_ppm = 0;
	for (h = 0; h < LPAR_SMT; h += split) {
		for (i = h, n = 0, sum_pm = 0; i < h + split; i++)
			if (l->nr[c * LPAR_SMT + i]) {
				n++;
				sum_pm += l->cpu_pm[c * LPAR_SMT + i];
			}
		v->nbusy += n;
		v->rate_ppm += sum_pm * smt_speed_pm[n] * l->run_pm / 1000;
	}
}

/* Bank a VP's work and thread time before its threads change. */
static void vp_account(struct lpar *l, uint32_t c)
{
	struct lpar_vp *v = &l->vp[c];

	if (v->state == VP_RUN)
		vp_bank(l, v);
	if (v->allotted) {
		l->r->thread_busy_ns += (l->s.now_ns - v->allot_since_ns) *
					v->nbusy;
		v->allot_since_ns = l->s.now_ns;
	}
}

/*
 * The balancer moves a thread from CPU @p from to CPU @p to. A VP left
 * without work cedes its core at once; one that gains its first thread
 * is dispatched from the next slot boundary on.
 */
static void migrate(struct lpar *l, uint32_t from, uint32_t to)
{
	uint32_t cf = from / LPAR_SMT, ct = to / LPAR_SMT;
	bool was_idle = !l->vp[ct].nbusy;

	vp_account(l, cf);
	if (ct != cf)
		vp_account(l, ct);
	l->nr[from]--;
	l->nr[to]++;
	vp_rate(l, cf);
	vp_rate(l, ct);
	if (!l->vp[cf].nbusy) {
		l->nbusy_vps--;
		if (l->vp[cf].allotted)
			vp_unallot(l, cf);
	}
	l->nbusy_vps += was_idle;
	l->r->migrations++;
	l->r->settled_ns = l->s.now_ns;
}

/* Threads on the @p n CPUs from @p first. */
static uint32_t threads_on(const struct lpar *l, uint32_t first, uint32_t n)
{
	uint32_t t = 0, i;

	for (i = 0; i < n; i++)
		t += l->nr[first + i];
	return t;
}

/* The CPU with the most threads among @p n from @p first (ties: lowest). */
static uint32_t busiest_cpu(const struct lpar *l, uint32_t first, uint32_t n)
{
	uint32_t best = first, i;

	for (i = 1; i < n; i++)
		if (l->nr[first + i] > l->nr[best])
			best = first + i;
	return best;
}

/* Busy CPUs among the SMT siblings of @p cpu (its thread group of
 * asym_group_threads, cpu_smt_mask()), @p cpu itself excluded. */
static uint32_t busy_siblings(const struct lpar *l, uint32_t cpu)
{
	uint32_t agt = l->p->asym_group_threads, g0 = cpu - cpu % agt;
	uint32_t i, n = 0;

	for (i = g0; i < g0 + agt; i++)
		n += i != cpu && l->nr[i];
	return n;
}

/* arch_asym_cpu_priority() of today's kernel: the same for every thread
 * of a core. */
static int32_t cpu_prio(uint32_t nr_cpus, uint32_t cpu)
{
	struct pvs_pack_topology t = { nr_cpus, LPAR_SMT };
	int32_t prio = 0;

	(void)pvs_asym_prio(&t, cpu, PVS_PACK_BALANCER, &prio);
	return prio;
}

/*
 * The levels today's kernel builds on this partition (pvs_pack_domains():
 * a shared-processor LPAR of SMT8 big cores): the balancer runs the
 * partition-wide one (PKG, SD_ASYM_PACKING), whose groups are the cores
 * (CACHE, its child).
 */
static void lpar_domains(struct lpar *l)
{
	const struct pvs_pack_machine m = {
		.shared_processor = true, .big_cores = true,
		.threads_per_core = LPAR_SMT, .shared_caches = true,
	};
	struct pvs_pack_domains d;

	if (pvs_pack_domains(&m, PVS_PACK_BALANCER, &d) < 0) {
		pvsim_fail(&l->s, "the library built no sched domains");
		return;
	}
	l->sd_flags = d.flags[PVS_SD_PKG];
	l->group_flags = d.flags[PVS_SD_CACHE];
}

/*
 * The asym-packing pull at the partition-wide level, Linux 6.5+
 * (kernel/sched/fair.c), each decision asked of the library through its
 * hook: the candidate groups (update_sg_lb_stats(): a non-local core with
 * tasks, pvsim_asym_group_pull()), the busiest the lowest-priority of them
 * (update_sd_pick_busiest()), its busiest runqueue not passed over
 * (find_busiest_queue(), pvsim_asym_skip_rq()), and a task running alone
 * moved only by an active balance (pvsim_asym_active_balance()). Returns
 * true after a pull.
 */
static bool asym_pull(struct lpar *l, uint32_t d)
{
	const struct pvsim_hooks *h = l->p->hooks;
	uint32_t ncpus = l->p->vps * LPAR_SMT, dcore = d / LPAR_SMT;
	uint32_t c, i, src = 0, cpu = 0, most = 0;
	struct pvs_asym_snapshot s;
	bool found = false;
	int32_t low = 0;

	memset(&s, 0, sizeof(s));
	s.sd_flags = l->sd_flags;
	s.smt_active = l->p->asym_group_threads > 1;
	s.dst_idle = true;
	s.dst_busy_siblings = busy_siblings(l, d);
	s.dst_prio = cpu_prio(ncpus, d);
	s.local_flags = s.src_flags = l->group_flags;
	s.local_weight = s.src_weight = LPAR_SMT;
	s.local_idle_cpus = LPAR_SMT - l->vp[dcore].nbusy;
	s.local_nr_running = threads_on(l, dcore * LPAR_SMT, LPAR_SMT);
	for (c = 0; c < l->p->vps; c++) {
		if (c == dcore || !l->vp[c].nbusy)
			continue;
		s.src_idle_cpus = LPAR_SMT - l->vp[c].nbusy;
		s.src_nr_running = threads_on(l, c * LPAR_SMT, LPAR_SMT);
		s.src_prio = cpu_prio(ncpus, c * LPAR_SMT);
		if (pvsim_asym_group_pull(h, &s, PVS_ASYM_IDLE_CORE) &&
		    (!found || s.src_prio < low)) {
			low = s.src_prio;
			src = c;
			found = true;
		}
	}
	if (!found)
		return false;
	s.src_idle_cpus = LPAR_SMT - l->vp[src].nbusy;
	s.src_nr_running = threads_on(l, src * LPAR_SMT, LPAR_SMT);
	s.src_prio = low;
	for (i = src * LPAR_SMT; i < (src + 1) * LPAR_SMT; i++) {
		s.src_cpu_prio = cpu_prio(ncpus, i);
		s.src_cpu_nr_running = l->nr[i];
		s.src_cpu_busy_siblings = busy_siblings(l, i);
		if (l->nr[i] > most &&
		    !pvsim_asym_skip_rq(h, &s, PVS_ASYM_IDLE_CORE)) {
			most = l->nr[i];
			cpu = i;
		}
	}
	if (!most)
		return false;
	s.src_cpu_prio = cpu_prio(ncpus, cpu);
	s.src_cpu_nr_running = most;
	s.src_cpu_busy_siblings = busy_siblings(l, cpu);
	if (most == 1 &&
	    !pvsim_asym_active_balance(h, &s, PVS_ASYM_IDLE_CORE))
		return false;
	migrate(l, cpu, d);
	return true;
}

/*
 * Periodic load balancing of idle CPU @p d at the level spanning the
 * partition (PKG: the CACHE levels below it span one core, where all
 * threads have the same priority). Linux 6.5+ (kernel/sched/fair.c):
 *  - asym packing first (asym_pull(): the library's decision);
 *  - otherwise the generic balancing of idle CPUs: a thread group with
 *    at least two more threads than the destination's gives one.
 * A busy CPU does neither (CPU_NOT_IDLE). Returns true after a pull.
 */
static bool balance(struct lpar *l, uint32_t d)
{
	uint32_t agt = l->p->asym_group_threads;
	uint32_t ncpus = l->p->vps * LPAR_SMT, ndst, g, src = 0, most = 0;

	if (l->nr[d])
		return false;
	if (asym_pull(l, d))
		return true;
	ndst = threads_on(l, d - d % agt, agt);
	for (g = 0; g < ncpus; g += agt) {
		uint32_t n = threads_on(l, g, agt);

		if (n > most) {
			most = n;
			src = g;
		}
	}
	if (most < ndst + 2)
		return false;
	migrate(l, busiest_cpu(l, src, agt), d);
	return true;
}

/* The CPU's balancing ran: back off while balanced, reset after a pull
 * (load_balance(): balance_interval doubles up to max_interval). */
static void balance_next(struct lpar *l, uint32_t d, bool pulled)
{
	uint64_t min_ns = l->p->lb_ns_per_cpu * l->p->vps * LPAR_SMT;
	uint64_t max_ns = min_ns * l->p->lb_max_x;

	l->lb_ns[d] = pulled ? min_ns :
		      (l->lb_ns[d] * 2 < max_ns ? l->lb_ns[d] * 2 : max_ns);
	if (l->s.now_ns + l->lb_ns[d] < l->p->runtime_ns)
		pvsim_at(&l->s, l->s.now_ns + l->lb_ns[d], EV_BALANCE, d, 0);
}

/* The next slot boundary: slot_nr slots in, +- slot_jitter_ns. */
static uint64_t next_slot_ns(struct lpar *l)
{
	const struct pvsim_lpar_params *p = l->p;
	uint64_t t = ++l->slot_nr * p->slot_ns;

	if (p->slot_jitter_ns)
		t = t - p->slot_jitter_ns +
		    stream_range(&l->jit_rng, 0, 2 * p->slot_jitter_ns);
	return t > l->s.now_ns ? t : l->s.now_ns;
}

/*
 * Run-to-run noise of the whole partition (other partitions' cache and
 * memory traffic, firmware, the boot): one speed factor per run, 1000 +-
 * run_noise_pm per mille, from its own stream (seed and policy: baseline
 * and patched kernels are different boots) so that the model's other
 * draws stay as they are.
 */
static uint64_t run_factor_pm(const struct pvsim_lpar_params *p,
			      uint64_t seed)
{
	uint64_t z = seed ^ (0x6a09e667f3bcc909ull * (1 + p->policy));

	if (!p->run_noise_pm)
		return 1000;
	return pvsim_spread_pm(pvsim_mix64(z), p->run_noise_pm);
}

static bool lpar_params_ok(const struct pvsim_lpar_params *p)
{
	/* a VP allotted a slot must start within it */
	return p->vps && p->vps <= LPAR_MAX_VPS && p->slot_ns && p->record_ns &&
	       p->jitter_pm < 1000 && p->excess_loss_pm <= 500 &&
	       p->run_noise_pm < 1000 && p->place_miss_pm <= 1000 &&
	       2 * p->dispatch_cost_ns + p->slot_ns * 2 *
	       p->excess_loss_pm / 1000 + 2 * p->slot_jitter_ns < p->slot_ns &&
	       p->smt_split && LPAR_SMT % p->smt_split == 0 &&
	       (!p->balancer || (p->lb_ns_per_cpu && p->lb_max_x &&
				 p->asym_group_threads &&
				 LPAR_SMT % p->asym_group_threads == 0));
}

/* Start the run: threads, speeds, the first slot and balancing. */
static void lpar_start(struct lpar *l, uint64_t seed)
{
	const struct pvsim_lpar_params *p = l->p;
	uint32_t c, i, ncpus = p->vps * LPAR_SMT;
	uint64_t min_ns = p->lb_ns_per_cpu * ncpus;
	bool rotate;

	place_threads(p, seed, l->nr);
	l->run_pm = run_factor_pm(p, seed);
	l->jit_rng = seed ^ 0x3c6ef372fe94f82bull;
	/*
	 * Memory placement varies run to run: each CPU's threads run at
	 * 1000 +- jitter_pm per mille; a VP with n busy CPUs runs each at
	 * speed(n) (SMT sharing; threads sharing a CPU split its time).
	 */
	for (c = 0; c < p->vps; c++) {
		for (i = 0; i < LPAR_SMT; i++)
			l->cpu_pm[c * LPAR_SMT + i] = (uint32_t)pvsim_rand_range(
				&l->s, 1000 - p->jitter_pm,
				1000 + p->jitter_pm);
		vp_rate(l, c);
		l->vp[c].yield_count = 1;
		l->nbusy_vps += l->vp[c].nbusy ? 1 : 0;
	}
	/*
	 * The dispatcher only has work at every boundary when some VPs take
	 * turns (more VPs with work than the pool or the entitlement) or
	 * the balancer may hand a VP its first thread; otherwise the first
	 * slot's allotment stands for the whole run.
	 */
	rotate = l->nbusy_vps > (p->capped ? p->ent_cores : p->pool_cores) ||
		 l->nbusy_vps > p->ent_cores || p->balancer;
	/* the first slot starts at a random point of the dispatch cycle */
	l->rr = (uint32_t)pvsim_rand_range(&l->s, 0, p->vps - 1);
	pvsim_at(&l->s, 0, EV_SLOT, rotate, 0);
	pvsim_at(&l->s, p->runtime_ns, EV_END, 0, 0);
	if (p->balancer)
		lpar_domains(l);
	/* each CPU's balancing starts at a random phase of its interval */
	for (c = 0; p->balancer && c < ncpus; c++) {
		l->lb_ns[c] = min_ns;
		pvsim_at(&l->s, pvsim_rand_range(&l->s, 1, min_ns), EV_BALANCE,
			 c, 0);
	}
}

/* One event: a slot boundary, a CPU's balancing or a delayed VP start. */
static void lpar_event(void *model, const struct pvsim_event *ev)
{
	struct lpar *l = model;

	if (ev->kind == EV_SLOT) {
		uint64_t t;

		dispatch(l);
		t = next_slot_ns(l);
		/* obj: the dispatcher runs at every boundary */
		if (ev->obj && t < l->p->runtime_ns)
			pvsim_at(&l->s, t, EV_SLOT, 1, 0);
	} else if (ev->kind == EV_BALANCE) {
		balance_next(l, ev->obj, balance(l, ev->obj));
	} else if (ev->epoch == l->vp[ev->obj].epoch) {
		vp_start(l, ev->obj);
	}
}

void pvsim_lpar_run(const struct pvsim_lpar_params *p, uint64_t seed,
		  struct pvsim_lpar_result *r)
{
	struct lpar *l;
	uint32_t c;

	memset(r, 0, sizeof(*r));
	l = calloc(1, sizeof(*l));
	if (!l || !lpar_params_ok(p) ||
	    pvsim_init(&l->s, LPAR_MAX_VPS + 4 + (p->balancer ? LPAR_MAX_CPUS : 0),
		       seed)) {
		r->failures = 1;
		r->first_failure = "bad parameters or no memory";
		r->fail.what = r->first_failure;
		free(l);
		return;
	}
	l->p = p;
	l->r = r;
	l->s.debug = p->debug;
	l->s.inject_event = p->inject_event;
	l->s.kind_names = lpar_ev_name;
	l->s.nkinds = EV_END + 1;
	l->s.obj_name = "VP";
	lpar_start(l, seed);
	pvsim_loop(&l->s, EV_END, lpar_event, lpar_check, l);
	/* the measurement ends: bank what is still running */
	for (c = 0; c < p->vps; c++) {
		struct lpar_vp *v = &l->vp[c];

		if (v->state == VP_RUN)
			vp_bank(l, v);
		if (v->allotted)
			r->thread_busy_ns += (l->s.now_ns - v->allot_since_ns) *
					     v->nbusy;
	}
	r->elapsed_ns = p->runtime_ns;
	r->records = l->work_ns / p->record_ns;
	PVSIM_TAKE_OUTCOME(r, &l->s);
	pvsim_destroy(&l->s);
	free(l);
}
