// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Lock benchmark: pvlock against its peers on a grid of thread counts,
 * critical-section lengths and a competing CPU hog (issue 5). Every thread
 * loops lock / critical section / unlock for a fixed time; per run we
 * record throughput, CPU seconds per million ops (getrusage), fairness
 * (min/max per-thread ops) and p99 acquire latency (every 8th acquisition
 * timed, log-linear histogram, 1/16 resolution). Each cell runs every lock
 * once per repetition (the order rotates); ratios to pthread_mutex are
 * taken within the same repetition, then medians over repetitions.
 *
 * Usage: lockbench [-d ms] [-r reps] [-t 1,2,4,8,16] [-c 50,2000] [-g 0,1]
 *                  [-l lock,...] [-o medians.csv] [-s]
 * -s prints pvlock's event counts per run (lock.h's pvs_lock_stats).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
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
#include <pvsched/spin_rt.h>

#define MAX_THREADS 64
#define MAX_LIST 16
#define MAX_REPS 32
#define HBUCKETS 1024
#define SAMPLE_MASK 7u

enum lock_kind { L_PTHREAD, L_ADAPTIVE, L_TICKET, L_MCS, L_TAS, L_FIXED,
		 L_PVLOCK, L_COUNT };
static const char *const lock_names[L_COUNT] = {
	"pthread", "adaptive", "ck_ticket", "ck_mcs", "tas", "fixed", "pvlock"
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
	struct pvs_mutex fixed;
	struct pvs_mutex pv;
	char pad0[64];
	uint32_t tas __attribute__((aligned(64)));
	char pad1[60];
	/* Protected data the critical section writes (own cache lines). */
	uint64_t data[16] __attribute__((aligned(64)));
} L;

static struct pvrt_spin ctx_pv, ctx_fixed;

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

/* Iterations of critical_section()'s loop per ns, measured alone. */
static double calibrate_cs(void)
{
	uint64_t t0, best = UINT64_MAX;
	int k;

	for (k = 0; k < 20; k++) {
		t0 = mono_ns();
		critical_section(1000000);
		t0 = mono_ns() - t0;
		if (t0 < best)
			best = t0;
	}
	return 1000000.0 / (double)best;
}

struct worker {
	pthread_t th;
	enum lock_kind kind;
	uint64_t ops;
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
	uint64_t ops = 0;
#ifdef PVS_HAVE_CK
	struct ck_spinlock_mcs node;
#endif

	pthread_barrier_wait(w->start);
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
		WORKER_LOOP(pvs_mutex_lock(&L.fixed), pvs_mutex_unlock(&L.fixed));
		break;
	case L_PVLOCK:
		WORKER_LOOP(pvs_mutex_lock(&L.pv), pvs_mutex_unlock(&L.pv));
		break;
	default:
		break;
	}
	w->ops = ops;
	return NULL;
}

/* ---- one run -------------------------------------------------------------- */

struct result {
	double mops;		/* million ops per second */
	double cpu_s_per_mop;	/* CPU seconds per million ops */
	double fairness;	/* min/max per-thread ops */
	double p99_ns;		/* 99th percentile acquire latency */
};

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
	if (print_stats && (kind == L_PVLOCK || kind == L_FIXED))
		fprintf(stderr, "stats %s threads=%u per 1000 ops: contended %.1f"
			" spins %.1f parks %.1f handoffs %.2f\n",
			lock_names[kind], nthreads,
			(double)(st.contended - prev.contended) * k,
			(double)(st.spins - prev.spins) * k,
			(double)(st.parks - prev.parks) * k,
			(double)(st.handoffs - prev.handoffs) * k);
	prev = st;
}

static double tv_s(struct timeval tv)
{
	return (double)tv.tv_sec + (double)tv.tv_usec / 1e6;
}

static void init_locks(void)
{
	pthread_mutexattr_t a;

	pthread_mutex_init(&L.pthread, NULL);
	pthread_mutexattr_init(&a);
	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ADAPTIVE_NP);
	pthread_mutex_init(&L.adaptive, &a);
	pthread_mutexattr_destroy(&a);
#ifdef PVS_HAVE_CK
	ck_spinlock_ticket_init(&L.ticket);
	ck_spinlock_mcs_init(&L.mcs);
#endif
	pvs_mutex_init(&L.fixed, PVS_MUTEX_NORMAL);
	L.fixed.spin = &ctx_fixed;
	pvs_mutex_init(&L.pv, PVS_MUTEX_NORMAL);
	L.pv.spin = &ctx_pv;
	L.tas = 0;
}

static void run_one(enum lock_kind kind, unsigned int nthreads,
		    unsigned int duration_ms, struct result *r)
{
	static uint32_t hist[HBUCKETS];
	pthread_barrier_t start;
	struct rusage ru0, ru1;
	uint64_t t0, el, total = 0, mn = UINT64_MAX, mx = 0, n = 0, acc = 0;
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
	getrusage(RUSAGE_SELF, &ru0);
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
	getrusage(RUSAGE_SELF, &ru1);
	pthread_barrier_destroy(&start);
	for (i = 0; i < nthreads; i++) {
		uint64_t o = workers[i].ops;

		total += o;
		if (o < mn)
			mn = o;
		if (o > mx)
			mx = o;
		for (b = 0; b < HBUCKETS; b++)
			hist[b] += workers[i].hist[b];
	}
	for (b = 0; b < HBUCKETS; b++)
		n += hist[b];
	r->p99_ns = 0;
	for (b = 0; b < HBUCKETS && n; b++) {
		acc += hist[b];
		if (acc * 100 >= n * 99) {
			r->p99_ns = (double)hval(b);
			break;
		}
	}
	report_stats(kind, nthreads, total);
	r->mops = (double)total / ((double)el / 1e9) / 1e6;
	r->cpu_s_per_mop = total ? (tv_s(ru1.ru_utime) - tv_s(ru0.ru_utime) +
				    tv_s(ru1.ru_stime) - tv_s(ru0.ru_stime)) /
				   ((double)total / 1e6) :
				   0;
	r->fairness = mx ? (double)mn / (double)mx : 0;
}

/* ---- CPU hog: a child process spinning on CPU 0 ---------------------------- */

static pid_t hog_start(void)
{
	pid_t pid = fork();

	if (pid == 0) {
		cpu_set_t one;
		volatile uint64_t x = 0;

		CPU_ZERO(&one);
		CPU_SET(0, &one);
		sched_setaffinity(0, sizeof(one), &one);
		for (;;)
			x++;
	}
	return pid;
}

static void hog_stop(pid_t pid)
{
	if (pid > 0) {
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
	}
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

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double median(double *v, unsigned int n)
{
	qsort(v, n, sizeof(*v), cmp_d);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Medians of one (cell, lock) over the repetitions. */
struct cell_lock {
	double mops, cpu, fair, p99, r_tput, r_cpu;
};

int main(int argc, char **argv)
{
	unsigned int thr[MAX_LIST] = { 1, 2, 4, 8, 16 }, cs[MAX_LIST] = { 50, 2000 };
	unsigned int hog[MAX_LIST] = { 0, 1 }, locks[L_COUNT];
	int nthr = 5, ncs = 2, nhog = 2, nlocks = 0;
	unsigned int duration_ms = 200, reps = 3, out_ns = 0;
	const char *csv = "lockbench.csv";
	static struct result res[MAX_REPS][L_COUNT];
	static struct cell_lock med[MAX_LIST][MAX_LIST][MAX_LIST][L_COUNT];
	double per_ns, v[MAX_REPS];
	int opt, ti, ci, hi, li;
	unsigned int rep, k;
	FILE *f;

	for (k = 0; k < L_COUNT; k++) {
#ifndef PVS_HAVE_CK
		if (k == L_TICKET || k == L_MCS)
			continue;
#endif
		locks[nlocks++] = k;
	}
	while ((opt = getopt(argc, argv, "d:r:t:c:g:l:o:w:s")) != -1) {
		switch (opt) {
		case 'd': duration_ms = (unsigned int)atoi(optarg); break;
		case 'r': reps = (unsigned int)atoi(optarg); break;
		case 't': nthr = parse_list(optarg, thr); break;
		case 'c': ncs = parse_list(optarg, cs); break;
		case 'g': nhog = parse_list(optarg, hog); break;
		case 'l': nlocks = parse_locks(optarg, locks); break;
		case 'o': csv = optarg; break;
		case 'w': out_ns = (unsigned int)atoi(optarg); break;
		case 's': print_stats = true; pvs_lock_stats_enable(1); break;
		default:
			fprintf(stderr, "usage: %s [-d ms] [-r reps] [-t list] "
				"[-c cs_ns list] [-g 0,1] [-l locks] "
				"[-w outside_ns] [-o csv] [-s]\n", argv[0]);
			return 2;
		}
	}
	if (reps < 1 || reps > MAX_REPS || nlocks < 1 || locks[0] != L_PTHREAD) {
		fprintf(stderr, "need 1..%d reps and pthread as the first lock\n",
			MAX_REPS);
		return 2;
	}
	for (ti = 0; ti < nthr; ti++)
		if (thr[ti] < 1 || thr[ti] > MAX_THREADS)
			return 2;
	calibrate_ticks();
	per_ns = calibrate_cs();
	pvrt_spin_init(&ctx_pv, PVS_SPIN_POLICY_PV);
	pvrt_spin_init(&ctx_fixed, PVS_SPIN_POLICY_FIXED);
	printf("# %ld CPUs online; PAUSE %u ps; context-switch round trip %llu ns;"
	       " rseq slice extension %s; %u ms x %u reps per cell\n",
	       sysconf(_SC_NPROCESSORS_ONLN), ctx_pv.pause_ps,
	       (unsigned long long)ctx_pv.ctxsw_ns,
	       ctx_pv.rseq_slice ? "yes" : "no", duration_ms, reps);
	out_iters = (unsigned int)(out_ns * 1.0);
	for (ci = 0; ci < ncs; ci++) {
		for (hi = 0; hi < nhog; hi++) {
			for (ti = 0; ti < nthr; ti++) {
				pid_t hp = hog[hi] ? hog_start() : -1;

				cs_iters = (unsigned int)(cs[ci] * per_ns + 0.5);
				for (rep = 0; rep < reps; rep++)
					for (k = 0; k < (unsigned int)nlocks; k++) {
						/* pthread first, then rotate the others */
						unsigned int j = k == 0 ? 0 :
							1 + (k - 1 + rep) % (unsigned int)(nlocks - 1);

						run_one((enum lock_kind)locks[j], thr[ti],
							duration_ms, &res[rep][j]);
					}
				hog_stop(hp);
				for (li = 0; li < nlocks; li++) {
					struct cell_lock *m = &med[ci][hi][ti][li];

#define MED(field, expr)                                  \
	do {                                              \
		for (rep = 0; rep < reps; rep++)          \
			v[rep] = (expr);                  \
		m->field = median(v, reps);               \
	} while (0)
					MED(mops, res[rep][li].mops);
					MED(cpu, res[rep][li].cpu_s_per_mop);
					MED(fair, res[rep][li].fairness);
					MED(p99, res[rep][li].p99_ns);
					MED(r_tput, res[rep][0].mops > 0 ?
						res[rep][li].mops / res[rep][0].mops : 0);
					MED(r_cpu, res[rep][0].cpu_s_per_mop > 0 ?
						res[rep][li].cpu_s_per_mop /
						res[rep][0].cpu_s_per_mop : 0);
				}
				fprintf(stderr, "cell cs=%u hog=%u threads=%u done\n",
					cs[ci], hog[hi], thr[ti]);
			}
		}
	}
	f = fopen(csv, "w");
	if (f)
		fprintf(f, "cs_ns,hog,threads,lock,mops,cpu_s_per_mop,fairness,"
			   "p99_ns,tput_vs_pthread,cpu_vs_pthread\n");
	printf("%6s %3s %3s %-9s %9s %9s %6s %10s %8s %8s\n", "cs_ns", "hog",
	       "thr", "lock", "Mops/s", "cpu_s/Mop", "fair", "p99_ns",
	       "x_pthr", "cpu_x");
	for (ci = 0; ci < ncs; ci++)
		for (hi = 0; hi < nhog; hi++)
			for (ti = 0; ti < nthr; ti++)
				for (li = 0; li < nlocks; li++) {
					struct cell_lock *m = &med[ci][hi][ti][li];

					printf("%6u %3u %3u %-9s %9.3f %9.3f %6.3f %10.0f %8.2f %8.2f\n",
					       cs[ci], hog[hi], thr[ti],
					       lock_names[locks[li]], m->mops, m->cpu,
					       m->fair, m->p99, m->r_tput, m->r_cpu);
					if (f)
						fprintf(f, "%u,%u,%u,%s,%.4f,%.4f,%.4f,%.0f,%.4f,%.4f\n",
							cs[ci], hog[hi], thr[ti],
							lock_names[locks[li]], m->mops,
							m->cpu, m->fair, m->p99,
							m->r_tput, m->r_cpu);
				}
	if (f)
		fclose(f);
	printf("# CSV: %s\n", csv);
	return 0;
}
