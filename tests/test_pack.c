// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * pack.h: the shared vectors, then properties: placing tasks one by one
 * packs into ceil(k / SMT) cores or spreads over min(k, cores); the upstream change's
 * 40/80/160 threads on 128 SMT8 virtual processors; priorities and domain
 * levels over every input; and pvs_pack_pick_cpu() against a plain
 * reimplementation of its documented rule on random states.
 */
#include "pvs_test.h"

#define NO PVS_PACK_NO_CPU

/* ---- helpers ------------------------------------------------------------ */

/* Cores with a busy thread, counted the obvious way. */
static int count_cores(const uint32_t *nr, uint32_t nr_cpus, uint32_t tpc)
{
	int used = 0;
	uint32_t core, i;

	for (core = 0; core < nr_cpus / tpc; core++) {
		for (i = 0; i < tpc; i++) {
			if (nr[core * tpc + i]) {
				used++;
				break;
			}
		}
	}
	return used;
}

/* Place k tasks one at a time; returns the cores in use afterwards. */
static int place(uint32_t *nr, uint32_t nr_cpus, uint32_t tpc, uint32_t k,
		 enum pvs_pack_policy policy)
{
	struct pvs_pack_topology t = { nr_cpus, tpc };
	uint32_t i;
	int cpu, used;

	memset(nr, 0, nr_cpus * sizeof(*nr));
	for (i = 0; i < k; i++) {
		cpu = pvs_pack_pick_cpu(&t, nr, NULL, policy);
		assert_true(cpu >= 0 && (uint32_t)cpu < nr_cpus);
		nr[cpu]++;
	}
	used = pvs_pack_cores_in_use(&t, nr);
	assert_int_equal(used, count_cores(nr, nr_cpus, tpc));
	return used;
}

/* ---- tests -------------------------------------------------------------- */

static void test_pack_vectors(void **state)
{
	(void)state;
	pvs_test_run_vectors("pack");
}

/* k tasks on an empty SMT8 machine: CORES uses ceil(k/8), SPREAD min(k, cores). */
static void test_place_k_tasks(void **state)
{
	static uint32_t nr[PVS_MAX_CPUS];
	const uint32_t tpc = 8, nr_cores = 16, nr_cpus = tpc * nr_cores;
	uint32_t k;

	(void)state;
	for (k = 0; k <= 2 * nr_cpus; k++) {
		int packed = place(nr, nr_cpus, tpc, k, PVS_PACK_CORES);
		int spread = place(nr, nr_cpus, tpc, k, PVS_PACK_SPREAD);
		uint32_t want_packed = (k + tpc - 1) / tpc;

		if (want_packed > nr_cores)
			want_packed = nr_cores;
		assert_int_equal(packed, (int)want_packed);
		assert_int_equal(spread, (int)(k < nr_cores ? k : nr_cores));
	}
}

/* Every SMT width: packing also fills whole cores in CPU order. */
static void test_pack_fills_in_order(void **state)
{
	static uint32_t nr[PVS_MAX_CPUS];
	uint32_t tpc, k, cpu;

	(void)state;
	for (tpc = 1; tpc <= PVS_MAX_SMT; tpc++) {
		uint32_t nr_cpus = tpc * 12;

		for (k = 0; k <= nr_cpus; k++) {
			assert_int_equal(place(nr, nr_cpus, tpc, k,
					       PVS_PACK_CORES),
					 (int)((k + tpc - 1) / tpc));
			/* Exactly CPUs 0 .. k-1 are busy. */
			for (cpu = 0; cpu < nr_cpus; cpu++)
				assert_int_equal(nr[cpu], cpu < k ? 1 : 0);
		}
	}
}

/* "powerpc/smp: Shared processor sched optimizations": 40 / 80 / 160 ebizzy threads on 128 SMT8 virtual processors. */
static void test_seed_shape(void **state)
{
	static uint32_t nr[PVS_MAX_CPUS];
	static const struct {
		uint32_t threads;
		int cores, spread;
	} seed[] = { { 40, 5, 40 }, { 80, 10, 80 }, { 160, 20, 128 } };
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(seed) / sizeof(seed[0]); i++) {
		assert_int_equal(place(nr, 1024, 8, seed[i].threads,
				       PVS_PACK_CORES), seed[i].cores);
		assert_int_equal(place(nr, 1024, 8, seed[i].threads,
				       PVS_PACK_SPREAD), seed[i].spread);
	}
	/* The 40-VP partition: 40 cores, 320 CPUs. */
	assert_int_equal(place(nr, 320, 8, 40, PVS_PACK_CORES), 5);
	assert_int_equal(place(nr, 320, 8, 40, PVS_PACK_SPREAD), 40);
	assert_int_equal(place(nr, 320, 8, 160, PVS_PACK_CORES), 20);
	assert_int_equal(place(nr, 320, 8, 160, PVS_PACK_SPREAD), 40);
	/* BALANCER: one thread per small core: 20 / 40 / 80 big cores
	 * (published physc 21.15 / 41.06 / 78.33), 20 and 40 on 40 VPs. */
	assert_int_equal(place(nr, 1024, 8, 40, PVS_PACK_BALANCER), 20);
	assert_int_equal(place(nr, 1024, 8, 80, PVS_PACK_BALANCER), 40);
	assert_int_equal(place(nr, 1024, 8, 160, PVS_PACK_BALANCER), 80);
	assert_int_equal(place(nr, 320, 8, 40, PVS_PACK_BALANCER), 20);
	assert_int_equal(place(nr, 320, 8, 160, PVS_PACK_BALANCER), 40);
}

/* Busy threads of small core @g (4 CPUs of an SMT8 big core). */
static uint32_t small_busy(const uint32_t *nr, uint32_t g)
{
	uint32_t i, busy = 0;

	for (i = 0; i < 4; i++)
		busy += nr[g * 4 + i] != 0;
	return busy;
}

/*
 * BALANCER's placement is where the asym-packing rules stop: after each
 * of k placements on SMT8 big cores, no idle CPU of an idle small core
 * may pull from any other big core at the PKG level (v6.5+ rules, big
 * cores as groups, priorities -core), and up to two threads per big core
 * no small core holds two.
 */
static void test_balancer_is_asym_fixed_point(void **state)
{
	static uint32_t nr[256];
	struct pvs_pack_topology t = { 256, 8 };
	struct pvs_asym_snapshot s;
	uint32_t k, d, g, core, busy_local, busy_src;
	int cpu;

	(void)state;
	memset(nr, 0, sizeof(nr));
	memset(&s, 0, sizeof(s));
	s.sd_flags = PVS_SDF_ASYM_PACKING;
	s.smt_active = true;
	s.dst_idle = true;
	s.local_flags = PVS_SDF_SHARE_LLC;
	s.src_flags = PVS_SDF_SHARE_LLC;
	s.local_weight = 8;
	s.src_weight = 8;
	for (k = 1; k <= 2 * 256 / 8 + 8; k++) {
		cpu = pvs_pack_pick_cpu(&t, nr, NULL, PVS_PACK_BALANCER);
		assert_true(cpu >= 0);
		nr[cpu]++;
		for (d = 0; d < 256; d++) {
			if (nr[d] || small_busy(nr, d / 4))
				continue;
			core = d / 8;
			busy_local = small_busy(nr, 2 * core) +
				     small_busy(nr, 2 * core + 1);
			s.dst_busy_siblings = 0;
			s.dst_prio = -(int32_t)core;
			s.local_idle_cpus = 8 - busy_local;
			s.local_nr_running = busy_local;
			for (g = 0; g < 256 / 8; g++) {
				if (g == core)
					continue;
				busy_src = small_busy(nr, 2 * g) +
					   small_busy(nr, 2 * g + 1);
				s.src_idle_cpus = 8 - busy_src;
				s.src_nr_running = busy_src;
				s.src_prio = -(int32_t)g;
				assert_false(pvs_asym_group_pull(
					&s, PVS_ASYM_IDLE_CORE));
			}
		}
		for (g = 0; k <= 2 * 256 / 8 && g < 256 / 4; g++)
			assert_true(small_busy(nr, g) <= 1);
	}
}

/* Priorities: cores step by one under CORES, threads of a core are equal. */
static void test_prio_all_cpus(void **state)
{
	struct pvs_pack_topology t;
	uint32_t tpc, cpu;
	int32_t p = 0, q = 0, prev_core = 1, prev_cpu = 1;

	(void)state;
	for (tpc = 1; tpc <= PVS_MAX_SMT; tpc++) {
		t.threads_per_core = tpc;
		t.nr_cpus = PVS_MAX_CPUS - PVS_MAX_CPUS % tpc;
		for (cpu = 0; cpu < t.nr_cpus; cpu++) {
			assert_int_equal(pvs_asym_prio(&t, cpu, PVS_PACK_CORES,
						       &p), 0);
			assert_int_equal(pvs_asym_prio(&t, cpu, PVS_PACK_SPREAD,
						       &q), 0);
			if (cpu == 0) {
				assert_int_equal(p, 0);
				assert_int_equal(q, 0);
			} else if (cpu % tpc == 0) {
				assert_int_equal(p, prev_core - 1);
			} else {
				assert_int_equal(p, prev_core);
			}
			if (cpu)
				assert_int_equal(q, prev_cpu - 1);
			prev_core = p;
			prev_cpu = q;
		}
		assert_int_equal(prev_core, -(int32_t)(t.nr_cpus / tpc - 1));
		p = 77;
		assert_int_equal(pvs_asym_prio(&t, t.nr_cpus, PVS_PACK_CORES,
					       &p), -PVS_EINVAL);
		assert_int_equal(p, 77);
	}
}

/* Domain levels: the documented invariants over every input. */
static void test_domains_all_inputs(void **state)
{
	struct pvs_pack_machine m;
	struct pvs_pack_domains d;
	unsigned int bits, tpc, pol, lvl, n;
	int rc;

	(void)state;
	for (pol = 0; pol < PVS_PACK_POLICY_COUNT; pol++)
	for (tpc = 0; tpc <= PVS_MAX_SMT + 1; tpc++)
	for (bits = 0; bits < 64; bits++) {
		enum pvs_pack_policy policy = (enum pvs_pack_policy)pol;
		bool packs;

		m.shared_processor = bits & 1;
		m.big_cores = bits & 2;
		m.shared_caches = bits & 4;
		m.coregroup = bits & 8;
		m.asym_smt = bits & 16;
		m.numa = bits & 32;
		m.threads_per_core = tpc;
		memset(&d, 0x5a, sizeof(d));
		rc = pvs_pack_domains(&m, policy, &d);
		if (tpc == 0 || tpc > PVS_MAX_SMT ||
		    (m.big_cores && tpc % 2)) {
			struct pvs_pack_domains canary;

			memset(&canary, 0x5a, sizeof(canary));
			assert_int_equal(rc, -PVS_EINVAL);
			assert_memory_equal(&d, &canary, sizeof(d));
			continue;
		}
		packs = pol != PVS_PACK_SPREAD && m.shared_processor &&
			m.big_cores;
		for (n = 0, lvl = 0; lvl < PVS_SD_NR_LEVELS; lvl++)
			n += (d.present >> lvl) & 1;
		assert_int_equal(rc, (int)n);
		assert_int_equal(d.nr_levels, n);
		assert_int_equal(d.asym & ~d.present, 0);
		assert_true(d.present & PVS_SD_BIT(PVS_SD_PKG));
		assert_int_equal(d.prio_policy,
				 packs ? policy : PVS_PACK_SPREAD);
		assert_int_equal(d.smt_weight, m.big_cores ? tpc / 2 : tpc);
		assert_int_equal(!!(d.present & PVS_SD_BIT(PVS_SD_SMT)),
				 d.smt_weight > 1);
		assert_int_equal(!!(d.present & PVS_SD_BIT(PVS_SD_CACHE)),
				 m.shared_caches);
		assert_int_equal(!!(d.present & PVS_SD_BIT(PVS_SD_MC)),
				 m.coregroup && !(pol != PVS_PACK_SPREAD &&
						  m.shared_processor));
		assert_int_equal(!!(d.present & PVS_SD_BIT(PVS_SD_NUMA)),
				 m.numa);
		/* Packing levels: CACHE/MC/PKG when packing, SMT with ASYM_SMT. */
		assert_int_equal(!!(d.asym & PVS_SD_BIT(PVS_SD_PKG)), packs);
		assert_int_equal(!!(d.asym & PVS_SD_BIT(PVS_SD_CACHE)),
				 packs && m.shared_caches);
		assert_int_equal(d.asym & PVS_SD_BIT(PVS_SD_MC), 0);
		assert_int_equal(d.asym & PVS_SD_BIT(PVS_SD_NUMA), 0);
		assert_int_equal(!!(d.asym & PVS_SD_BIT(PVS_SD_SMT)),
				 m.asym_smt && d.smt_weight > 1);
		for (lvl = 0; lvl < PVS_SD_NR_LEVELS; lvl++) {
			if (!(d.present & PVS_SD_BIT(lvl)))
				assert_int_equal(d.flags[lvl], 0);
			assert_int_equal(!!(d.flags[lvl] & PVS_SDF_ASYM_PACKING),
					 !!(d.asym & PVS_SD_BIT(lvl)));
		}
	}
}

/* ---- reference placement, written from the doc comment ------------------ */

struct ref_in {
	uint32_t nr_cpus, tpc;
	uint32_t nr[PVS_MAX_CPUS];
	int32_t prev, waker;
	bool use_mask, idle_only;
	uint64_t mask[PVS_PACK_MASK_WORDS];
};

static bool ref_allowed(const struct ref_in *in, uint32_t cpu)
{
	return !in->use_mask || (in->mask[cpu / 64] & (1ull << (cpu % 64)));
}

static bool ref_candidate(const struct ref_in *in, int32_t cpu)
{
	return cpu >= 0 && ref_allowed(in, (uint32_t)cpu) && in->nr[cpu] == 0;
}

/* The idle thread a task takes on core c: prev, waker, else lowest. */
static int ref_in_core(const struct ref_in *in, uint32_t c)
{
	uint32_t cpu;

	if (ref_candidate(in, in->prev) && (uint32_t)in->prev / in->tpc == c)
		return in->prev;
	if (ref_candidate(in, in->waker) && (uint32_t)in->waker / in->tpc == c)
		return in->waker;
	for (cpu = c * in->tpc; cpu < (c + 1) * in->tpc; cpu++)
		if (ref_candidate(in, (int32_t)cpu))
			return (int)cpu;
	return -1;
}

/* PVS_PACK_BALANCER's documented rule, over small cores (see pack.h). */
static int ref_pick_balancer(const struct ref_in *in)
{
	static struct ref_in sm;
	uint32_t n = in->tpc % 2 ? in->tpc : in->tpc / 2, per = in->tpc / n;
	uint32_t g, k, cpu, busy, best_busy = 0;
	int idle = -1, least = -1;
	int32_t hints[2];

	sm = *in;
	sm.tpc = n;		/* ref_in_core() on small cores */
	for (g = 0; g < in->nr_cpus / n; g++) {
		bool cand = false;

		for (busy = 0, k = 0; k < n; k++) {
			cpu = g * n + k;
			busy += in->nr[cpu] != 0;
			cand |= ref_candidate(in, (int32_t)cpu);
		}
		if (!cand)
			continue;
		if (busy == 0 && idle < 0)
			idle = (int)g;
		if (least < 0 || busy < best_busy) {
			least = (int)g;
			best_busy = busy;
		}
	}
	if (idle < 0)
		return least < 0 ? -1 : ref_in_core(&sm, (uint32_t)least);
	hints[0] = in->prev;
	hints[1] = in->waker;
	for (k = 0; k < 2; k++) {
		bool cand = false;

		if (hints[k] < 0 ||
		    (uint32_t)hints[k] / n / per != (uint32_t)idle / per)
			continue;
		g = (uint32_t)hints[k] / n;
		for (busy = 0, cpu = g * n; cpu < g * n + n; cpu++) {
			busy += in->nr[cpu] != 0;
			cand |= ref_candidate(in, (int32_t)cpu);
		}
		if (busy == 0 && cand)
			return ref_in_core(&sm, g);
	}
	return ref_in_core(&sm, (uint32_t)idle);
}

static int ref_pick(const struct ref_in *in, enum pvs_pack_policy policy)
{
	uint32_t busy[PVS_MAX_CPUS], ncores = in->nr_cpus / in->tpc;
	bool has_cand[PVS_MAX_CPUS];
	uint32_t c, cpu, min_nr = UINT32_MAX;
	int chosen = -1, lowest = -1;

	for (c = 0; c < ncores; c++) {
		busy[c] = 0;
		has_cand[c] = false;
	}
	for (cpu = 0; cpu < in->nr_cpus; cpu++) {
		if (in->nr[cpu])
			busy[cpu / in->tpc]++;
		if (ref_candidate(in, (int32_t)cpu))
			has_cand[cpu / in->tpc] = true;
	}
	if (policy == PVS_PACK_BALANCER) {
		chosen = ref_pick_balancer(in);
		if (chosen >= 0)
			return chosen;
	} else if (policy == PVS_PACK_SPREAD) {
		if (ref_candidate(in, in->prev) && busy[in->prev / in->tpc] == 0)
			return in->prev;
		if (ref_candidate(in, in->waker) &&
		    busy[in->waker / in->tpc] == 0)
			return in->waker;
		for (c = 0; c < ncores; c++)
			if (has_cand[c] && (chosen < 0 || busy[c] < busy[chosen]))
				chosen = (int)c;
	} else {
		for (c = 0; c < ncores; c++)
			if (has_cand[c] && busy[c] > 0 &&
			    (chosen < 0 || busy[c] > busy[chosen]))
				chosen = (int)c;
		for (c = 0; chosen < 0 && c < ncores; c++)
			if (has_cand[c] && busy[c] == 0)
				chosen = (int)c;
	}
	if (chosen >= 0 && policy != PVS_PACK_BALANCER)
		return ref_in_core(in, (uint32_t)chosen);

	/* Nothing idle. */
	for (cpu = 0; cpu < in->nr_cpus; cpu++) {
		if (ref_allowed(in, cpu) && in->nr[cpu] < min_nr) {
			min_nr = in->nr[cpu];
			lowest = (int)cpu;
		}
	}
	if (lowest < 0)
		return -PVS_ESRCH;
	if (in->idle_only)
		return -PVS_EAGAIN;
	if (in->prev >= 0 && ref_allowed(in, (uint32_t)in->prev) &&
	    in->nr[in->prev] == min_nr)
		return in->prev;
	if (in->waker >= 0 && ref_allowed(in, (uint32_t)in->waker) &&
	    in->nr[in->waker] == min_nr)
		return in->waker;
	return lowest;
}

static void random_state(struct ref_in *in)
{
	uint32_t cpu, w, busy_pct, allow_pct;

	in->tpc = 1 + pvs_test_rand_below(PVS_MAX_SMT);
	/* Mostly small machines (more collisions), sometimes the largest. */
	if (pvs_test_rand_below(8) == 0)
		in->nr_cpus = PVS_MAX_CPUS - PVS_MAX_CPUS % in->tpc;
	else
		in->nr_cpus = in->tpc * (1 + pvs_test_rand_below(12));
	busy_pct = pvs_test_rand_below(101);
	allow_pct = 30 + pvs_test_rand_below(71);
	for (cpu = 0; cpu < in->nr_cpus; cpu++) {
		in->nr[cpu] = 0;
		if (pvs_test_rand_below(100) < busy_pct)
			in->nr[cpu] = 1 + pvs_test_rand_below(3);
	}
	in->prev = pvs_test_rand_below(3) ?
		   (int32_t)pvs_test_rand_below(in->nr_cpus) : NO;
	in->waker = pvs_test_rand_below(3) ?
		    (int32_t)pvs_test_rand_below(in->nr_cpus) : NO;
	in->use_mask = pvs_test_rand_below(3) == 0;
	for (w = 0; w < PVS_PACK_MASK_WORDS; w++)
		in->mask[w] = 0;
	for (cpu = 0; in->use_mask && cpu < in->nr_cpus; cpu++)
		if (pvs_test_rand_below(100) < allow_pct)
			in->mask[cpu / 64] |= 1ull << (cpu % 64);
	in->idle_only = pvs_test_rand_below(4) == 0;
}

/* A random state and the library's view of it. */
static void random_case(struct ref_in *in, struct pvs_pack_topology *t,
			struct pvs_pack_task *task)
{
	random_state(in);
	t->nr_cpus = in->nr_cpus;
	t->threads_per_core = in->tpc;
	pvs_pack_task_init(task);
	task->prev_cpu = in->prev;
	task->waker_cpu = in->waker;
	task->allowed = in->use_mask ? in->mask : NULL;
	task->idle_only = in->idle_only;
}

static void test_pick_matches_reference(void **state)
{
	static struct ref_in in;
	struct pvs_pack_topology t;
	struct pvs_pack_task task;
	unsigned int iter, pol;
	int got, want;

	(void)state;
	for (iter = 0; iter < 20000; iter++) {
		random_case(&in, &t, &task);
		for (pol = 0; pol < PVS_PACK_POLICY_COUNT; pol++) {
			got = pvs_pack_pick_cpu(&t, in.nr, &task,
						(enum pvs_pack_policy)pol);
			want = ref_pick(&in, (enum pvs_pack_policy)pol);
			if (got != want)
				print_error("iter %u policy %u: tpc %u cpus %u "
					    "prev %d waker %d mask %d idle_only %d\n",
					    iter, pol, in.tpc, in.nr_cpus,
					    in.prev, in.waker, in.use_mask,
					    in.idle_only);
			assert_int_equal(got, want);
		}
	}
}

/* A chosen CPU is always allowed, and idle whenever an allowed CPU is. */
static void test_pick_sane(void **state)
{
	static struct ref_in in;
	struct pvs_pack_topology t;
	struct pvs_pack_task task;
	unsigned int iter, pol;
	uint32_t cpu;
	bool any_idle;
	int got;

	(void)state;
	for (iter = 0; iter < 5000; iter++) {
		random_case(&in, &t, &task);
		any_idle = false;
		for (cpu = 0; cpu < in.nr_cpus; cpu++)
			any_idle |= ref_candidate(&in, (int32_t)cpu);
		for (pol = 0; pol < PVS_PACK_POLICY_COUNT; pol++) {
			got = pvs_pack_pick_cpu(&t, in.nr, &task,
						(enum pvs_pack_policy)pol);
			if (got == -PVS_ESRCH)
				continue;
			if (got == -PVS_EAGAIN) {
				assert_true(in.idle_only && !any_idle);
				continue;
			}
			assert_true(got >= 0 && (uint32_t)got < in.nr_cpus);
			assert_true(ref_allowed(&in, (uint32_t)got));
			if (any_idle)
				assert_int_equal(in.nr[got], 0);
		}
	}
}

/* ---- the asym-packing pull decision against fair.c, transcribed ------- */

/*
 * kernel/sched/fair.c's asym-packing code, copied in the kernel's own
 * shape (struct lb_env, sg_lb_stats, sd_lb_stats, sched_group) over a
 * three-CPU world: CPU 0 is env->dst_cpu, CPU 1 the source group's
 * asym_prefer_cpu, CPU 2 env->src_cpu. v6.4 (asym_smt_can_pull_tasks())
 * and v6.9+ (sched_use_asym_prio(), sched_asym(), sched_group_asym(),
 * asym_active_balance()); independent of lib/pack_asym.c.
 */
#define K_SD_SHARE_CPUCAPACITY PVS_SDF_SHARE_CPUCAPACITY
#define K_SD_ASYM_PACKING PVS_SDF_ASYM_PACKING

enum k_cpu_idle_type { K_CPU_IDLE, K_CPU_NOT_IDLE, K_CPU_NEWLY_IDLE };

struct k_sched_domain { int flags; };
struct k_sched_group { int flags; int asym_prefer_cpu; };
struct k_sg_lb_stats {
	unsigned int idle_cpus, group_weight, sum_nr_running,
		sum_h_nr_running;
};
struct k_sd_lb_stats {
	struct k_sched_group *local;
	struct k_sg_lb_stats local_stat;
};
struct k_lb_env {
	struct k_sched_domain *sd;
	int dst_cpu, src_cpu;
	enum k_cpu_idle_type idle;
};

static struct {
	bool smt_active;
	int prio[3];
	unsigned int busy_siblings[3];
} kw;

static int arch_asym_cpu_priority(int cpu) { return kw.prio[cpu]; }
static bool sched_smt_active(void) { return kw.smt_active; }
static bool is_core_idle(int cpu) { return kw.busy_siblings[cpu] == 0; }

static inline bool sched_asym_prefer(int a, int b)
{
	return arch_asym_cpu_priority(a) > arch_asym_cpu_priority(b);
}

/* v6.4 */
static bool asym_smt_can_pull_tasks(int dst_cpu, struct k_sd_lb_stats *sds,
				    struct k_sg_lb_stats *sgs,
				    struct k_sched_group *sg)
{
	bool local_is_smt, sg_is_smt;
	int sg_busy_cpus;

	local_is_smt = sds->local->flags & K_SD_SHARE_CPUCAPACITY;
	sg_is_smt = sg->flags & K_SD_SHARE_CPUCAPACITY;
	sg_busy_cpus = sgs->group_weight - sgs->idle_cpus;
	if (!local_is_smt) {
		if (sg_busy_cpus >= 2) /* implies sg_is_smt */
			return true;
		return sched_asym_prefer(dst_cpu, sg->asym_prefer_cpu);
	}
	if (sg_is_smt) {
		int local_busy_cpus = sds->local_stat.group_weight -
				      sds->local_stat.idle_cpus;
		int busy_cpus_delta = sg_busy_cpus - local_busy_cpus;

		if (busy_cpus_delta == 1)
			return sched_asym_prefer(dst_cpu, sg->asym_prefer_cpu);
		return false;
	}
	if (!sds->local_stat.sum_nr_running)
		return sched_asym_prefer(dst_cpu, sg->asym_prefer_cpu);
	return false;
}

static inline bool sched_asym_v64(struct k_lb_env *env,
				  struct k_sd_lb_stats *sds,
				  struct k_sg_lb_stats *sgs,
				  struct k_sched_group *group)
{
	if ((sds->local->flags & K_SD_SHARE_CPUCAPACITY) ||
	    (group->flags & K_SD_SHARE_CPUCAPACITY))
		return asym_smt_can_pull_tasks(env->dst_cpu, sds, sgs, group);
	return sched_asym_prefer(env->dst_cpu, group->asym_prefer_cpu);
}

/* v6.9+ */
static bool sched_use_asym_prio(struct k_sched_domain *sd, int cpu)
{
	if (!(sd->flags & K_SD_ASYM_PACKING))
		return false;
	if (!sched_smt_active())
		return true;
	return sd->flags & K_SD_SHARE_CPUCAPACITY || is_core_idle(cpu);
}

static inline bool sched_asym(struct k_sched_domain *sd, int dst_cpu,
			      int src_cpu)
{
	return sched_use_asym_prio(sd, dst_cpu) &&
	       sched_asym_prefer(dst_cpu, src_cpu);
}

static inline bool sched_group_asym(struct k_lb_env *env,
				    struct k_sg_lb_stats *sgs,
				    struct k_sched_group *group)
{
	if ((group->flags & K_SD_SHARE_CPUCAPACITY) &&
	    (sgs->group_weight - sgs->idle_cpus != 1))
		return false;
	return sched_asym(env->sd, env->dst_cpu, group->asym_prefer_cpu);
}

/* update_sg_lb_stats()'s group_asym_packing, for a non-local group. */
static bool k_group_asym_packing(struct k_lb_env *env,
				 struct k_sd_lb_stats *sds,
				 struct k_sg_lb_stats *sgs,
				 struct k_sched_group *group, bool v64)
{
	if (v64)
		return env->sd->flags & K_SD_ASYM_PACKING &&
		       env->idle != K_CPU_NOT_IDLE && sgs->sum_h_nr_running &&
		       sched_asym_v64(env, sds, sgs, group);
	return env->idle != K_CPU_NOT_IDLE && sgs->sum_h_nr_running &&
	       sched_group_asym(env, sgs, group);
}

/* find_busiest_queue(): "continue" for runqueue i. */
static bool k_skip(struct k_lb_env *env, int i, unsigned int nr_running,
		   bool v64)
{
	if (v64)
		return (env->sd->flags & K_SD_ASYM_PACKING) &&
		       sched_asym_prefer(i, env->dst_cpu) && nr_running == 1;
	return sched_asym(env->sd, i, env->dst_cpu) && nr_running == 1;
}

static bool k_asym_active_balance(struct k_lb_env *env, bool v64)
{
	if (v64)
		return env->idle != K_CPU_NOT_IDLE &&
		       (env->sd->flags & K_SD_ASYM_PACKING) &&
		       sched_asym_prefer(env->dst_cpu, env->src_cpu);
	return env->idle != K_CPU_NOT_IDLE &&
	       sched_use_asym_prio(env->sd, env->dst_cpu) &&
	       (sched_asym_prefer(env->dst_cpu, env->src_cpu) ||
		!sched_use_asym_prio(env->sd, env->src_cpu));
}

/* Every combination of a small grid: both transcriptions agree. */
static void test_asym_matches_fair_c(void **state)
{
	static const int flags[4] = { 0, K_SD_ASYM_PACKING,
				      PVS_SDF_SHARE_CPUCAPACITY,
				      K_SD_ASYM_PACKING |
				      PVS_SDF_SHARE_CPUCAPACITY };
	struct k_sched_domain sd;
	struct k_sched_group local, group;
	struct k_sg_lb_stats sgs;
	struct k_sd_lb_stats sds;
	struct k_lb_env env;
	struct pvs_asym_snapshot s;
	unsigned int f, bits, p, lw, li, sw, si, cnr, nchecked = 0, rule;
	bool v64;

	(void)state;
	sds.local = &local;
	env.sd = &sd;
	env.dst_cpu = 0;
	env.src_cpu = 2;
	group.asym_prefer_cpu = 1;
	for (f = 0; f < 4; f++)
	for (bits = 0; bits < 512; bits++)
	for (p = 0; p < 27; p++)
	for (lw = 1; lw <= 3; lw++)
	for (li = 0; li <= lw; li++)
	for (sw = 1; sw <= 3; sw++)
	for (si = 0; si <= sw; si++)
	for (cnr = 0; cnr <= 2; cnr++) {
		sd.flags = flags[f];
		kw.smt_active = bits & 1;
		env.idle = bits & 2 ? K_CPU_NOT_IDLE :
		           bits & 4 ? K_CPU_NEWLY_IDLE : K_CPU_IDLE;
		kw.busy_siblings[0] = bits >> 3 & 1;
		kw.busy_siblings[2] = bits >> 4 & 1;
		local.flags = bits & 32 ? PVS_SDF_SHARE_CPUCAPACITY : 0;
		group.flags = bits & 64 ? PVS_SDF_SHARE_CPUCAPACITY : 0;
		kw.prio[0] = (int)(p % 3) - 1;
		kw.prio[1] = (int)(p / 3 % 3) - 1;
		kw.prio[2] = (int)(p / 9) - 1;
		sds.local_stat.group_weight = lw;
		sds.local_stat.idle_cpus = li;
		sds.local_stat.sum_nr_running = bits >> 7 & 1;
		sgs.group_weight = sw;
		sgs.idle_cpus = si;
		sgs.sum_h_nr_running = bits >> 8 & 1;

		s.sd_flags = (uint32_t)sd.flags;
		s.smt_active = kw.smt_active;
		s.dst_idle = env.idle != K_CPU_NOT_IDLE;
		s.dst_busy_siblings = kw.busy_siblings[0];
		s.dst_prio = kw.prio[0];
		s.local_flags = (uint32_t)local.flags;
		s.local_weight = lw;
		s.local_idle_cpus = li;
		s.local_nr_running = sds.local_stat.sum_nr_running;
		s.src_flags = (uint32_t)group.flags;
		s.src_weight = sw;
		s.src_idle_cpus = si;
		s.src_nr_running = sgs.sum_h_nr_running;
		s.src_prio = kw.prio[1];
		s.src_cpu_prio = kw.prio[2];
		s.src_cpu_nr_running = cnr;
		s.src_cpu_busy_siblings = kw.busy_siblings[2];

		for (rule = 0; rule < PVS_ASYM_RULE_COUNT; rule++) {
			enum pvs_asym_rule r = (enum pvs_asym_rule)rule;

			v64 = r == PVS_ASYM_SMT_DELTA;
			assert_int_equal(pvs_asym_group_pull(&s, r),
					 k_group_asym_packing(&env, &sds, &sgs,
							      &group, v64));
			assert_int_equal(pvs_asym_skip_rq(&s, r),
					 k_skip(&env, 2, cnr, v64));
			assert_int_equal(pvs_asym_active_balance(&s, r),
					 k_asym_active_balance(&env, v64));
			if (!v64)
				assert_int_equal(
					pvs_asym_use_prio(&s, s.dst_busy_siblings,
							  r),
					sched_use_asym_prio(&sd, 0));
			nchecked++;
		}
	}
	print_message("asym: %u snapshots x rules checked against fair.c\n",
		      nchecked);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pack_vectors),
		cmocka_unit_test(test_place_k_tasks),
		cmocka_unit_test(test_pack_fills_in_order),
		cmocka_unit_test(test_seed_shape),
		cmocka_unit_test(test_prio_all_cpus),
		cmocka_unit_test(test_domains_all_inputs),
		cmocka_unit_test(test_pick_matches_reference),
		cmocka_unit_test(test_pick_sane),
		cmocka_unit_test(test_asym_matches_fair_c),
		cmocka_unit_test(test_balancer_is_asym_fixed_point),
	};

	return cmocka_run_group_tests_name("pack", tests, NULL, NULL);
}
