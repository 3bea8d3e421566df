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
	for (pol = 0; pol < 2; pol++)
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
		packs = pol == PVS_PACK_CORES && m.shared_processor &&
			m.big_cores;
		for (n = 0, lvl = 0; lvl < PVS_SD_NR_LEVELS; lvl++)
			n += (d.present >> lvl) & 1;
		assert_int_equal(rc, (int)n);
		assert_int_equal(d.nr_levels, n);
		assert_int_equal(d.asym & ~d.present, 0);
		assert_true(d.present & PVS_SD_BIT(PVS_SD_PKG));
		assert_int_equal(d.prio_policy,
				 packs ? PVS_PACK_CORES : PVS_PACK_SPREAD);
		assert_int_equal(d.smt_weight, m.big_cores ? tpc / 2 : tpc);
		assert_int_equal(!!(d.present & PVS_SD_BIT(PVS_SD_SMT)),
				 d.smt_weight > 1);
		assert_int_equal(!!(d.present & PVS_SD_BIT(PVS_SD_CACHE)),
				 m.shared_caches);
		assert_int_equal(!!(d.present & PVS_SD_BIT(PVS_SD_MC)),
				 m.coregroup && !(pol == PVS_PACK_CORES &&
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
	if (policy == PVS_PACK_SPREAD) {
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
	if (chosen >= 0)
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
		for (pol = 0; pol < 2; pol++) {
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
		for (pol = 0; pol < 2; pol++) {
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
	};

	return cmocka_run_group_tests_name("pack", tests, NULL, NULL);
}
