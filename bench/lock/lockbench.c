// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Lock benchmark: pvlock against its peers on a grid of thread counts,
 * critical-section lengths, work outside the lock, injected preemption
 * (bench/preempt) and CPU quotas (a cgroup per quota, cgroup.c). Every
 * thread loops lock / critical section / unlock / outside work for a fixed
 * time; per run we record throughput, the workers' CPU seconds per million
 * ops (their thread CPU clocks: the injector's time is not in it),
 * fairness (least-served thread's ops over the mean thread's, and min/max)
 * and the acquire wait's p99, p99.9 and maximum (every 8th acquisition
 * timed, log-linear histogram, 1/16 resolution).
 *
 * The ceiling (report.c, lb_ceiling()): what the lock would do if its
 * handover were free, from the same lock's single-thread cells of the same
 * run: min(CPUs / t(section + outside), 1 / t(section)), t its CPU time
 * per op alone and CPUs the effective CPUs the probe reads (affinity and
 * cgroup quota, pvprobe_read_cpus()). Thread count 1 and outside work 0
 * are added to the grid when missing, and run first.
 *
 * With -q Q,... each quota Q > 0 (CPUs, e.g. 1,0.5) runs the grid in a
 * child process inside a cgroup limited to Q CPUs per period, created
 * before and removed after (every exit path); Q = 0 runs it unlimited,
 * in-process. After each, the cgroup's cpu.stat shows that it throttled.
 * The spin contexts and the ceiling read the CPUs inside the cgroup.
 *
 * Method (a shared, noisy machine): each repetition runs every lock once,
 * in an order shuffled per repetition, so a slow minute hurts all locks
 * alike; ratios (to pthread, adaptive, fixed) are taken within each
 * repetition, and report.c gives their median and 95 % interval. Peers:
 * pthread default, adaptive mutex, test-and-set, Concurrency Kit ticket
 * and MCS, the lock library's PV-blind fixed policy, pvs_mutex (pvlock,
 * today's heuristics: its context has no oracle), and pvs_mutex with the
 * owner-on-CPU oracle (pvlock_oc; the oracle is attached when we may, else
 * the pinned one; no oracle: pvlock_oc is left out). pvs_mutex records its
 * owner's tid, so pvlock_oc gets the oracle's exact owner_on_cpu() rule.
 * pvlock_gap is pvlock_oc (or pvlock, without an oracle) with observed
 * steal (pvrt_spin::observe_gaps); the other pvlock contexts have it off.
 * It runs only when -l names it (docs/evidence.md: no effect measured).
 *
 * With -i P (P > 0) a SCHED_FIFO thread per CPU takes P % of it in 1-3 ms
 * slices, and the pvlock contexts read that as their steal.
 *
 * Usage: lockbench [-d ms] [-r reps] [-t 1,4,8,16] [-c 50,2000] [-i 0,10]
 *                  [-x 0,10] [-q 0,1,0.5] [-P 10000] [-l lock,...]
 *                  [-o table.csv] [-p plot.svg] [-S seed] [-s]
 * -x: work outside the lock, in multiples of the section (default 0).
 * -q: CPU quotas (0: none, the default); -P: their period, us (10000:
 *     a 100 ms run spans 10 periods; 100000, the usual default, would
 *     leave a run's share to where in the period it starts).
 * -s prints pvlock's event counts per run (lock.h's pvs_lock_stats).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#ifdef PVS_HAVE_CK
#include <ck_spinlock.h>
#endif
#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#define RELAX() _mm_pause()
#else
#define RELAX() __asm__ __volatile__("" ::: "memory")
#endif

#include <pvsched/lock.h>
#include <pvsched/oracle.h>
#include <pvsched/spin_rt.h>

#include "inject.h"
#include "lockbench.h"

#define MAX_THREADS 64
#define MAX_LIST LB_MAX_LIST
#define MAX_REPS LB_MAX_REPS
#define MAX_CELLS 512
#define HBUCKETS 1024
#define SAMPLE_MASK 7u

const char *const lock_names[L_COUNT] = {
	"pthread", "adaptive", "ck_ticket", "ck_mcs", "tas", "fixed", "pvlock",
	"pvlock_oc", "pvlock_gap"
};

/* ---- clocks ------------------------------------------------------------ */

static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

#if defined(__x86_64__) || defined(__i386__)
static double tsc_per_ns = 1.0;
static inline uint64_t ticks(void)
{
	return __rdtsc();
}
static void calibrate_ticks(void)
{
	uint64_t t0 = mono_ns(), c0 = ticks(), t1, c1;

	do
		t1 = mono_ns();
	while (t1 - t0 < 20000000u);
	c1 = ticks();
	tsc_per_ns = (double)(c1 - c0) / (double)(t1 - t0);
}
static inline uint64_t ticks_to_ns(uint64_t t)
{
	return (uint64_t)((double)t / tsc_per_ns);
}
#else
static inline uint64_t ticks(void)
{
	return mono_ns();
}
static void calibrate_ticks(void)
{
}
static inline uint64_t ticks_to_ns(uint64_t t)
{
	return t;
}
#endif

/* Log-linear histogram: exact below 16 ns, then 16 buckets per octave. */
static unsigned int hidx(uint64_t v)
{
	unsigned int msb;

	if (v < 16)
		return (unsigned int)v;
	msb = 63u - (unsigned int)__builtin_clzll(v);
	return (msb - 3u) * 16u + (unsigned int)((v >> (msb - 4u)) & 15u);
}

static uint64_t hval(unsigned int i)
{
	if (i < 16)
		return i;
	return (uint64_t)(16u + i % 16u) << (i / 16u + 3u - 4u);
}

/* ---- the locks ----------------------------------------------------------- */

static struct {
	pthread_mutex_t pthread;
	pthread_mutex_t adaptive;
#ifdef PVS_HAVE_CK
	ck_spinlock_ticket_t ticket;
	ck_spinlock_mcs_t mcs;
#endif
	/* L_FIXED .. L_PVLOCK_GAP: one pvs_mutex each, its spin context
	 * the variant's. */
	struct pvs_mutex pvs[L_PVLOCK_GAP - L_FIXED + 1];
	char pad0[64];
	uint32_t tas __attribute__((aligned(64)));
	char pad1[60];
	/* Protected data the critical section writes (own cache lines). */
	uint64_t data[16] __attribute__((aligned(64)));
} L;

static struct pvrt_spin ctx_pv, ctx_fixed, ctx_oc, ctx_gap;

static inline void tas_lock(uint32_t *l)
{
	for (;;) {
		if (!__atomic_exchange_n(l, 1, __ATOMIC_ACQUIRE))
			return;
		while (__atomic_load_n(l, __ATOMIC_RELAXED))
			RELAX();
	}
}

static inline void tas_unlock(uint32_t *l)
{
	__atomic_store_n(l, 0, __ATOMIC_RELEASE);
}

/* ---- workload ------------------------------------------------------------- */

static unsigned int cs_iters, out_iters;
static double cs_per_ns;	/* critical_section() iterations per ns */
static double out_per_ns;	/* outside() iterations per ns */
static int stop_flag __attribute__((aligned(64)));

static inline void critical_section(unsigned int n)
{
	uint64_t x = L.data[0];
	unsigned int i;

	for (i = 0; i < n; i++)
		x = x * 6364136223846793005ull + 1442695040888963407ull;
	L.data[0] = x;
	L.data[8]++;
}

static inline void outside(unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		__asm__ __volatile__("" ::: "memory");
}

/* Iterations of @loop per ns, measured alone (best of 20 runs). Inlined
 * with each loop as its argument, so the loop it times is the one the
 * workers run, not a call through a pointer. */
static inline __attribute__((always_inline)) double
calibrate(void (*loop)(unsigned int n))
{
	uint64_t t0, best = UINT64_MAX;
	int k;

	for (k = 0; k < 20; k++) {
		t0 = mono_ns();
		loop(1000000);
		t0 = mono_ns() - t0;
		if (t0 < best)
			best = t0;
	}
	return 1000000.0 / (double)best;
}

static uint64_t thread_cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

struct worker {
	pthread_t th;
	enum lock_kind kind;
	uint64_t ops;
	uint64_t cpu_ns;	/* its CPU time from the start barrier on */
	pthread_barrier_t *start;
	uint32_t hist[HBUCKETS];
} __attribute__((aligned(64)));

#define WORKER_LOOP(LOCK, UNLOCK)                                          \
	do {                                                               \
		while (!__atomic_load_n(&stop_flag, __ATOMIC_RELAXED)) {    \
			if ((ops & SAMPLE_MASK) == 0) {                     \
				uint64_t t0 = ticks();                      \
				LOCK;                                       \
				w->hist[hidx(ticks_to_ns(ticks() - t0))]++; \
			} else {                                            \
				LOCK;                                       \
			}                                                   \
			critical_section(cs_iters);                         \
			UNLOCK;                                             \
			ops++;                                              \
			outside(out_iters);                                 \
		}                                                           \
	} while (0)

static void *worker_main(void *arg)
{
	struct worker *w = (struct worker *)arg;
	uint64_t ops = 0, cpu0;
#ifdef PVS_HAVE_CK
	struct ck_spinlock_mcs node;
#endif

	pthread_barrier_wait(w->start);
	cpu0 = thread_cpu_ns();
	switch (w->kind) {
	case L_PTHREAD:
		WORKER_LOOP(pthread_mutex_lock(&L.pthread),
			    pthread_mutex_unlock(&L.pthread));
		break;
	case L_ADAPTIVE:
		WORKER_LOOP(pthread_mutex_lock(&L.adaptive),
			    pthread_mutex_unlock(&L.adaptive));
		break;
#ifdef PVS_HAVE_CK
	case L_TICKET:
		WORKER_LOOP(ck_spinlock_ticket_lock(&L.ticket),
			    ck_spinlock_ticket_unlock(&L.ticket));
		break;
	case L_MCS:
		WORKER_LOOP(ck_spinlock_mcs_lock(&L.mcs, &node),
			    ck_spinlock_mcs_unlock(&L.mcs, &node));
		break;
#endif
	case L_TAS:
		WORKER_LOOP(tas_lock(&L.tas), tas_unlock(&L.tas));
		break;
	case L_FIXED:
	case L_PVLOCK:
	case L_PVLOCK_OC:
	case L_PVLOCK_GAP: {
		struct pvs_mutex *m = &L.pvs[w->kind - L_FIXED];

		WORKER_LOOP(pvs_mutex_lock(m), pvs_mutex_unlock(m));
		break;
	}
	default:
		break;
	}
	w->ops = ops;
	w->cpu_ns = thread_cpu_ns() - cpu0;
	return NULL;
}

/* pvlock_gap's observed gap time, per CPU, over the whole run. */
static void print_gaps(void)
{
	uint32_t cpu, n = ctx_gap.nr_online;

	printf("# pvlock_gap gaps / timed spin per CPU, ms:");
	for (cpu = 0; cpu < n && cpu < PVS_MAX_CPUS; cpu++)
		printf(" %.1f/%.1f", (double)ctx_gap.obs_gap_ns[cpu] / 1e6,
		       (double)ctx_gap.obs_spin_ns[cpu] / 1e6);
	printf("\n");
}

/* ---- one run -------------------------------------------------------------- */

static struct worker workers[MAX_THREADS];
static bool print_stats;	/* -s: pvlock's event counts per run */

/* pvlock's counters of the run just done, per 1000 ops (counted only
 * with -s: pvs_lock_stats_enable()). */
static void report_stats(enum lock_kind kind, unsigned int nthreads,
			 uint64_t ops)
{
	static struct pvs_lock_stats prev;
	struct pvs_lock_stats st;
	double k = ops ? 1000.0 / (double)ops : 0;

	pvs_lock_stats_read(&st);
	if (print_stats && (kind == L_PVLOCK || kind == L_FIXED ||
			    kind == L_PVLOCK_OC || kind == L_PVLOCK_GAP))
		fprintf(stderr, "stats %s threads=%u per 1000 ops: contended %.1f"
			" spins %.1f parks %.1f handoffs %.2f\n",
			lock_names[kind], nthreads,
			(double)(st.contended - prev.contended) * k,
			(double)(st.spins - prev.spins) * k,
			(double)(st.parks - prev.parks) * k,
			(double)(st.handoffs - prev.handoffs) * k);
	prev = st;
}

/* The smallest bucket value with at least @num/@den of @n at or below. */
static double hist_quantile(const uint32_t *hist, uint64_t n, uint64_t num,
			    uint64_t den)
{
	uint64_t acc = 0;
	unsigned int b;

	for (b = 0; b < HBUCKETS && n; b++) {
		acc += hist[b];
		if (acc * den >= n * num)
			return (double)hval(b);
	}
	return 0;
}

static void init_locks(void)
{
	/* Indexed like L.pvs. */
	static struct pvrt_spin *const ctx[] = { &ctx_fixed, &ctx_pv,
						 &ctx_oc, &ctx_gap };
	pthread_mutexattr_t a;
	size_t i;

	_Static_assert(sizeof(ctx) / sizeof(ctx[0]) ==
		       sizeof(L.pvs) / sizeof(L.pvs[0]), "a context per lock");

	pthread_mutex_init(&L.pthread, NULL);
	pthread_mutexattr_init(&a);
	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ADAPTIVE_NP);
	pthread_mutex_init(&L.adaptive, &a);
	pthread_mutexattr_destroy(&a);
#ifdef PVS_HAVE_CK
	ck_spinlock_ticket_init(&L.ticket);
	ck_spinlock_mcs_init(&L.mcs);
#endif
	for (i = 0; i < sizeof(L.pvs) / sizeof(L.pvs[0]); i++) {
		pvs_mutex_init(&L.pvs[i], PVS_MUTEX_NORMAL);
		L.pvs[i].spin = ctx[i];
	}
	L.tas = 0;
}

static void run_one(enum lock_kind kind, unsigned int nthreads,
		    unsigned int duration_ms, struct result *r)
{
	static uint32_t hist[HBUCKETS];
	pthread_barrier_t start;
	uint64_t t0, el, total = 0, mn = UINT64_MAX, mx = 0, n = 0, cpu = 0;
	struct timespec d;
	unsigned int i, b;

	init_locks();
	report_stats(L_COUNT, 0, 0);	/* zero the counters */
	memset(hist, 0, sizeof(hist));
	pthread_barrier_init(&start, NULL, nthreads + 1);
	__atomic_store_n(&stop_flag, 0, __ATOMIC_RELAXED);
	for (i = 0; i < nthreads; i++) {
		memset(&workers[i], 0, sizeof(workers[i]));
		workers[i].kind = kind;
		workers[i].start = &start;
		pthread_create(&workers[i].th, NULL, worker_main, &workers[i]);
	}
	pthread_barrier_wait(&start);
	t0 = mono_ns();
	d.tv_sec = duration_ms / 1000;
	d.tv_nsec = (long)(duration_ms % 1000) * 1000000L;
	while (nanosleep(&d, &d) != 0 && errno == EINTR)
		;
	__atomic_store_n(&stop_flag, 1, __ATOMIC_RELAXED);
	el = mono_ns() - t0;
	for (i = 0; i < nthreads; i++)
		pthread_join(workers[i].th, NULL);
	pthread_barrier_destroy(&start);
	for (i = 0; i < nthreads; i++) {
		uint64_t o = workers[i].ops;

		total += o;
		cpu += workers[i].cpu_ns;
		if (o < mn)
			mn = o;
		if (o > mx)
			mx = o;
		for (b = 0; b < HBUCKETS; b++)
			hist[b] += workers[i].hist[b];
	}
	for (b = 0; b < HBUCKETS; b++)
		n += hist[b];
	r->p99_ns = hist_quantile(hist, n, 99, 100);
	r->p999_ns = hist_quantile(hist, n, 999, 1000);
	r->max_ns = hist_quantile(hist, n, 1, 1);
	report_stats(kind, nthreads, total);
	r->mops = (double)total / ((double)el / 1e9) / 1e6;
	r->cpu_s_per_mop = total ? (double)cpu / 1e9 / ((double)total / 1e6) :
				   0;
	r->fairness = mx ? (double)mn / (double)mx : 0;
	r->fair_mean = total ? (double)mn * nthreads / (double)total : 0;
}

/* ---- driver ----------------------------------------------------------------- */

static int parse_list(const char *s, unsigned int *out)
{
	int n = 0;
	char *end;

	while (*s && n < MAX_LIST) {
		out[n++] = (unsigned int)strtoul(s, &end, 10);
		s = *end == ',' ? end + 1 : end;
		if (end == s && *s)
			break;
	}
	return n;
}

static int parse_locks(const char *s, unsigned int *out)
{
	char buf[256], *tok, *save = NULL;
	int n = 0;
	unsigned int k;

	snprintf(buf, sizeof(buf), "%s", s);
	for (tok = strtok_r(buf, ",", &save); tok && n < L_COUNT;
	     tok = strtok_r(NULL, ",", &save))
		for (k = 0; k < L_COUNT; k++)
			if (strcmp(tok, lock_names[k]) == 0)
				out[n++] = k;
	return n;
}

/* The oracle for pvlock_oc: attached if we may, else pinned; NULL: none. */
static struct pvrt_oracle *open_oracle(const char **what)
{
	struct pvrt_oracle *o = NULL;
	enum pvrt_oracle_why why = PVRT_ORACLE_NOT_PINNED;

#ifdef PVS_HAVE_ORACLE
	pvrt_oracle_open(&o, NULL, &why);
#else
	pvrt_oracle_open_pinned(&o, NULL, &why);
#endif
	*what = o == NULL ? pvrt_oracle_why_name(why) :
		pvrt_oracle_source_of(o) == PVRT_ORACLE_SOURCE_ATTACHED ?
			    "attached" : "pinned";
	return o;
}

/* Fisher-Yates over @n entries. */
static void shuffle(unsigned int *v, unsigned int n, unsigned int *rnd)
{
	unsigned int i, j, t;

	for (i = n; i > 1; i--) {
		j = (unsigned int)rand_r(rnd) % i;
		t = v[i - 1];
		v[i - 1] = v[j];
		v[j] = t;
	}
}

/* The steal source of the PV contexts: the injector's, or /proc/stat. */
static void steal_from(struct inject *in)
{
	const struct pvrt_steal_source *src =
		in != NULL ? inject_steal_source(in) : NULL;

	pvrt_spin_set_steal_source(&ctx_pv, src);
	pvrt_spin_set_steal_source(&ctx_oc, src);
	pvrt_spin_set_steal_source(&ctx_gap, src);
}

static void run_cell(struct cell *c, const unsigned int *locks,
		     unsigned int nlocks, unsigned int duration_ms,
		     unsigned int *rnd)
{
	struct inject_cfg icfg = { 0, 0, 1000, 3000, 0 };
	struct inject *in = NULL;
	unsigned int order[L_COUNT], rep, k;

	if (c->inject_pct > 0) {
		icfg.duty = c->inject_pct / 100.0;
		icfg.seed = *rnd;
		in = inject_start(&icfg);
		if (in == NULL)
			fprintf(stderr, "injection failed to start\n");
		else if (!inject_is_fifo(in))
			fprintf(stderr, "injection without SCHED_FIFO (not "
				"root): it competes, it does not preempt\n");
	}
	steal_from(in);
	for (k = 0; k < nlocks; k++)
		c->have[locks[k]] = true;
	for (rep = 0; rep < c->reps; rep++) {
		memcpy(order, locks, nlocks * sizeof(order[0]));
		shuffle(order, nlocks, rnd);
		for (k = 0; k < nlocks; k++)
			run_one((enum lock_kind)order[k], c->threads,
				duration_ms, &c->res[order[k]][rep]);
	}
	steal_from(NULL);
	inject_stop(in);
}

/* Sort @v[0..n) ascending and put @must in it if missing (it runs first:
 * the ceiling's references). */
static int with_first(unsigned int *v, int n, unsigned int must)
{
	int i, j;
	unsigned int t;

	for (i = 0; i < n && v[i] != must; i++)
		;
	if (i == n && n < MAX_LIST)
		v[n++] = must;
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && v[j - 1] > v[j]; j--) {
			t = v[j];
			v[j] = v[j - 1];
			v[j - 1] = t;
		}
	return n;
}

struct opts {
	unsigned int thr[MAX_LIST], cs[MAX_LIST], inj[MAX_LIST], outx[MAX_LIST];
	unsigned int locks[L_COUNT];
	int nthr, ncs, ninj, nout, nlocks;
	unsigned int duration_ms, reps;
	unsigned int period_us;	/* the quota cgroups' period */
};

/*
 * The grid in this process, under CPU quota @quota (mCPUs, 0: none; the
 * caller put us in its cgroup): cells appended at @cells, their count
 * returned; each cell's rows printed as it ends.
 */
static unsigned int run_phase(const void *arg, unsigned int quota,
			      struct cell *cells, unsigned int *rnd)
{
	const struct opts *o = arg;
	unsigned int locks[L_COUNT], ncells = 0, k;
	int nlocks = o->nlocks, ti, ci, ii, xi;
	const char *oracle_what;
	struct pvrt_oracle *oracle;
	char cpus_what[128];
	double cpus;

	calibrate_ticks();
	cs_per_ns = calibrate(critical_section);
	out_per_ns = calibrate(outside);
	cpus = lb_effective_cpus(cpus_what, sizeof(cpus_what));
	pvrt_spin_init(&ctx_pv, PVS_SPIN_POLICY_PV);
	pvrt_spin_init(&ctx_fixed, PVS_SPIN_POLICY_FIXED);
	pvrt_spin_init(&ctx_oc, PVS_SPIN_POLICY_PV);
	pvrt_spin_init(&ctx_gap, PVS_SPIN_POLICY_PV);
	oracle = open_oracle(&oracle_what);
	ctx_pv.oracle = NULL;	/* pvlock: today's heuristics only */
	ctx_oc.oracle = oracle;
	ctx_gap.oracle = oracle;	/* pvlock_gap: pvlock_oc + observed steal */
	ctx_pv.observe_gaps = false;
	ctx_fixed.observe_gaps = false;
	ctx_oc.observe_gaps = false;
	ctx_gap.observe_gaps = true;
	memcpy(locks, o->locks, sizeof(locks));
	if (nlocks == 0)
		for (k = 0; k < L_COUNT; k++) {
#ifndef PVS_HAVE_CK
			if (k == L_TICKET || k == L_MCS)
				continue;
#endif
			if ((k == L_PVLOCK_OC && oracle == NULL) ||
			    k == L_PVLOCK_GAP)	/* only with -l */
				continue;
			locks[nlocks++] = k;
		}
	printf("# %ld CPUs online; effective CPUs %s; PAUSE %u ps;"
	       " context-switch round trip %llu ns; gap threshold %llu ns;"
	       " rseq slice extension %s; owner-on-CPU oracle %s;"
	       " %u ms x %u reps per cell, locks shuffled per rep\n",
	       sysconf(_SC_NPROCESSORS_ONLN), cpus_what, ctx_pv.pause_ps,
	       (unsigned long long)ctx_pv.ctxsw_ns,
	       (unsigned long long)ctx_gap.gap_min_ns,
	       ctx_pv.rseq_slice ? "yes" : "no", oracle_what, o->duration_ms,
	       o->reps);
	lb_table_head(stdout);
	for (ci = 0; ci < o->ncs; ci++)
		for (ii = 0; ii < o->ninj; ii++)
			for (xi = 0; xi < o->nout; xi++)
				for (ti = 0; ti < o->nthr; ti++) {
					struct cell *c = &cells[ncells];

					memset(c, 0, sizeof(*c));
					c->quota_mcpus = quota;
					c->cs_ns = o->cs[ci];
					c->inject_pct = o->inj[ii];
					c->out_x = o->outx[xi];
					c->threads = o->thr[ti];
					c->reps = o->reps;
					c->cpus = cpus;
					cs_iters = (unsigned int)(c->cs_ns *
								  cs_per_ns + 0.5);
					out_iters = (unsigned int)
						((double)c->out_x * c->cs_ns *
						 out_per_ns + 0.5);
					run_cell(c, locks, (unsigned int)nlocks,
						 o->duration_ms, rnd);
					lb_ceiling(cells, ncells, c);
					ncells++;
					lb_table_cell(stdout, c);
					fflush(stdout);
				}
	pvrt_oracle_close(oracle);
	print_gaps();
	return ncells;
}

int main(int argc, char **argv)
{
	static struct opts o = {
		.thr = { 1, 4, 8, 16 }, .cs = { 50, 2000 }, .inj = { 0, 10 },
		.outx = { 0 }, .nthr = 4, .ncs = 2, .ninj = 2, .nout = 1,
		.duration_ms = 200, .reps = 7, .period_us = 10000,
	};
	static struct cell cells[MAX_CELLS];
	unsigned int quotas[MAX_LIST] = { 0 }, ncells = 0, rnd, seed = 0;
	const char *csv = "lockbench.csv", *svg = NULL;
	int opt, ti, ii, qi, nq = 1, missed, failed = 0;
	FILE *f;

	while ((opt = getopt(argc, argv, "d:r:t:c:i:x:q:P:l:o:p:S:s")) != -1) {
		switch (opt) {
		case 'd': o.duration_ms = (unsigned int)atoi(optarg); break;
		case 'r': o.reps = (unsigned int)atoi(optarg); break;
		case 't': o.nthr = parse_list(optarg, o.thr); break;
		case 'c': o.ncs = parse_list(optarg, o.cs); break;
		case 'i': o.ninj = parse_list(optarg, o.inj); break;
		case 'x': o.nout = parse_list(optarg, o.outx); break;
		case 'q': nq = lb_parse_quotas(optarg, quotas, MAX_LIST); break;
		case 'P': o.period_us = (unsigned int)atoi(optarg); break;
		case 'l': o.nlocks = parse_locks(optarg, o.locks); break;
		case 'o': csv = optarg; break;
		case 'p': svg = optarg; break;
		case 'S': seed = (unsigned int)atoi(optarg); break;
		case 's': print_stats = true; pvs_lock_stats_enable(1); break;
		default:
			fprintf(stderr, "usage: %s [-d ms] [-r reps] [-t list] "
				"[-c cs_ns list] [-i inject_pct list] "
				"[-x outside_x_cs list] [-q cpu_quota list] "
				"[-P period_us] "
				"[-l locks] [-o csv] [-p svg] [-S seed] [-s]\n",
				argv[0]);
			return 2;
		}
	}
	o.nthr = with_first(o.thr, o.nthr, 1);
	o.nout = with_first(o.outx, o.nout, 0);
	for (ti = 0; ti < o.nthr; ti++)
		if (o.thr[ti] < 1 || o.thr[ti] > MAX_THREADS)
			return 2;
	for (ii = 0; ii < o.ninj; ii++)
		if (o.inj[ii] >= 95)
			return 2;
	if (o.reps < 3 || o.reps > MAX_REPS || o.nlocks < 0 || nq < 1 ||
	    (unsigned int)(nq * o.ncs * o.ninj * o.nout * o.nthr) > MAX_CELLS) {
		fprintf(stderr, "need 3..%d reps, known locks, quotas, and at "
			"most %d cells\n", MAX_REPS, MAX_CELLS);
		return 2;
	}
	rnd = seed ? seed : (unsigned int)time(NULL);
	printf("# seed %u; thread counts 1 and outside work 0 run as the "
	       "ceiling's references\n", rnd);
	for (qi = 0; qi < nq; qi++) {
		int got;

		if (quotas[qi] == 0) {
			ncells += run_phase(&o, 0, cells + ncells, &rnd);
			continue;
		}
		got = lb_cgroup_phase(quotas[qi], o.period_us, o.duration_ms,
				      cells + ncells, MAX_CELLS - ncells,
				      &rnd, run_phase, &o);
		if (got < 0)
			failed = 1;
		else
			ncells += (unsigned int)got;
	}
	f = fopen(csv, "w");
	if (f) {
		unsigned int i;

		lb_csv_head(f);
		for (i = 0; i < ncells; i++)
			lb_csv_cell(f, &cells[i]);
		fclose(f);
	}
	printf("# CSV: %s\n", csv);
	if (svg != NULL && lb_svg(svg, cells, ncells) == 0)
		printf("# picture: %s\n", svg);
	missed = lb_goals(stdout, cells, ncells);
	printf("# goals missed: %d\n", missed);
	return failed ? 1 : 0;
}
