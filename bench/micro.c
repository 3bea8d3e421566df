// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Microbenchmark of the hot paths against the kernel's own logic, compiled
 * in the same binary:
 *   ref_*   plain transcription of Linux's powerpc vcpu_is_preempted()
 *           (ref_kernel.h) over global lppaca pointers;
 *   fast_*  the library's lazy inline fast path
 *           pvs_ppc64_vcpu_is_preempted(), with the kernel's own inputs;
 *   snap_*  pvs_is_preempted() over a decoded snapshot (out of line);
 *   haltpoll_step, spin_decide: the other inline hot paths;
 *   empty   the loop and call overhead alone.
 * Three scenarios of "powerpc/paravirt: Improve vcpu_is_preempted" on an SMT8 PowerVM shared core:
 *   dispatched  target running (yield_count even): the common answer;
 *   preempted   target off its CPU without ceding (odd, idle 0);
 *   walk        every thread ceded: the sibling walk runs to the end.
 *
 * Usage: pvs_microbench [--iters N] [--reps R]   timing table (ns/call)
 *        pvs_microbench --count CASE N           run CASE N times, quietly
 *                                                (for callgrind: bench/micro.sh)
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <pvsched/pvsched.h>

#include "ref_kernel.h"

#if defined(__clang__)
#define BENCH_NOINLINE __attribute__((noinline, optnone))
#else
#define BENCH_NOINLINE __attribute__((noinline, noipa))
#endif

#define CORE 1			/* target core: CPUs 8..15 */
#define TPC 8			/* SMT8 */

static _Alignas(1024) uint8_t lppaca_mem[2 * TPC][1024];
static const void *lib_lppaca_ptrs[REF_MAX_CPUS];
static struct pvs_core_state snap;
static int bench_cpu = CORE * TPC + 2;	/* target: thread 2 of core 1 */
static struct pvs_halt_poll_params hp_params;
static struct pvs_halt_poll_state hp_state;
static uint64_t hp_block_ns[4] = { 5000, 30000, 150000, 1000000 };
static unsigned int hp_i;
static struct pvs_spin_in spin_in;
static struct pvs_spin_out spin_out;
static volatile unsigned int sink;

enum scenario { SC_DISPATCHED, SC_PREEMPTED, SC_WALK };

static void set_thread(int cpu, uint32_t yield_count, uint8_t idle)
{
	pvs_be32_st(&lppaca_mem[cpu][PVS_LPPACA_OFF_YIELD_COUNT], yield_count);
	lppaca_mem[cpu][PVS_LPPACA_OFF_IDLE] = idle;
	snap.threads[cpu % TPC].yield_count = yield_count;
	snap.threads[cpu % TPC].idle = idle;
}

static void setup(enum scenario sc)
{
	int cpu;

	memset(lppaca_mem, 0, sizeof(lppaca_mem));
	snap = (struct pvs_core_state){ .hv = PVS_HV_POWERVM,
					.policy = PVS_PREEMPT_IDLE_HINT,
					.shared = true, .smt = TPC,
					.caller_thread = PVS_CALLER_OTHER_CORE };
	for (cpu = 0; cpu < 2 * TPC; cpu++) {
		pvs_be32_st(&lppaca_mem[cpu][PVS_LPPACA_OFF_DESC], PVS_LPPACA_DESC);
		ref_lppaca_ptrs[cpu] = lppaca_mem[cpu];
		lib_lppaca_ptrs[cpu] = lppaca_mem[cpu];
		/* the caller's core 0 runs; core 1 per scenario */
		if (cpu < TPC)
			continue;
		switch (sc) {
		case SC_DISPATCHED:
			set_thread(cpu, 1000, 0);
			break;
		case SC_PREEMPTED:
			set_thread(cpu, cpu == bench_cpu ? 1001 : 1000, 0);
			break;
		case SC_WALK:
			set_thread(cpu, 1001, 1);
			break;
		}
	}
	ref_threads_per_core = TPC;
	ref_shared_processor = true;
	ref_kvm_guest = false;
	ref_this_cpu = 0;
}

/* The kernel's own rule. */
static BENCH_NOINLINE bool case_ref(void)
{
	return ref_vcpu_is_preempted(bench_cpu);
}

/* The library's fast path, at a kernel-like call site. */
static BENCH_NOINLINE bool case_fast(void)
{
	return pvs_ppc64_vcpu_is_preempted(lib_lppaca_ptrs,
					   (unsigned int)bench_cpu,
					   (unsigned int)ref_this_cpu,
					   (unsigned int)ref_threads_per_core,
					   ref_shared_processor, !ref_kvm_guest,
					   PVS_PREEMPT_IDLE_HINT);
}

/* The snapshot function over an already decoded core. */
static BENCH_NOINLINE bool case_snap(void)
{
	return pvs_is_preempted(&snap, (unsigned int)(bench_cpu % TPC));
}

static BENCH_NOINLINE bool case_haltpoll(void)
{
	int ev = pvs_halt_poll_step(&hp_params, &hp_state,
				    hp_block_ns[hp_i++ & 3], true);

	return ev > 0;
}

static BENCH_NOINLINE bool case_spin(void)
{
	spin_in.spun_ns = (spin_in.spun_ns + 700) & 8191;
	return pvs_spin_decide(&spin_in, &spin_out) == PVS_SPIN_SPIN;
}

static BENCH_NOINLINE bool case_empty(void)
{
	return bench_cpu & 1;
}

struct bench_case {
	const char *name;
	enum scenario sc;
	bool (*fn)(void);
	const char *baseline;	/* ratio column: against this case */
};

static const struct bench_case cases[] = {
	{ "ref_dispatched", SC_DISPATCHED, case_ref, NULL },
	{ "fast_dispatched", SC_DISPATCHED, case_fast, "ref_dispatched" },
	{ "snap_dispatched", SC_DISPATCHED, case_snap, "ref_dispatched" },
	{ "ref_preempted", SC_PREEMPTED, case_ref, NULL },
	{ "fast_preempted", SC_PREEMPTED, case_fast, "ref_preempted" },
	{ "snap_preempted", SC_PREEMPTED, case_snap, "ref_preempted" },
	{ "ref_walk", SC_WALK, case_ref, NULL },
	{ "fast_walk", SC_WALK, case_fast, "ref_walk" },
	{ "snap_walk", SC_WALK, case_snap, "ref_walk" },
	{ "haltpoll_step", SC_DISPATCHED, case_haltpoll, NULL },
	{ "spin_decide", SC_DISPATCHED, case_spin, NULL },
	{ "empty", SC_DISPATCHED, case_empty, NULL },
};
#define NCASES (sizeof(cases) / sizeof(cases[0]))

static void prepare(const struct bench_case *c)
{
	setup(c->sc);
	if (pvs_halt_poll_preset(PVS_HALT_POLL_PRESET_GUEST,
				 PVS_HALT_POLL_GEN_TODAY, &hp_params) < 0)
		abort();
	hp_state.window_ns = 0;
	spin_in = (struct pvs_spin_in){ .policy = PVS_SPIN_POLICY_PV,
					.owner = PVS_SPIN_OWNER_RUNNING,
					.pause_ps = 35000, .ctxsw_ns = 9000,
					.owner_steal_ppm = 20000,
					.nr_spinning = 1, .nr_waiters = 2,
					.nr_cpus = 2 };
}

static void run(const struct bench_case *c, unsigned long iters)
{
	unsigned long i;
	unsigned int acc = 0;

	for (i = 0; i < iters; i++)
		acc += c->fn();
	sink = acc;
}

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static const struct bench_case *find(const char *name)
{
	size_t i;

	for (i = 0; i < NCASES; i++)
		if (strcmp(cases[i].name, name) == 0)
			return &cases[i];
	return NULL;
}

int main(int argc, char **argv)
{
	unsigned long iters = 20000000;
	int reps = 7, i, r;
	double med[NCASES];

	if (argc == 4 && strcmp(argv[1], "--count") == 0) {
		const struct bench_case *c = find(argv[2]);

		if (!c) {
			fprintf(stderr, "pvs_microbench: no case '%s'\n", argv[2]);
			return 2;
		}
		prepare(c);
		run(c, strtoul(argv[3], NULL, 10));
		return 0;
	}
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--iters") == 0 && i + 1 < argc)
			iters = strtoul(argv[++i], NULL, 10);
		else if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc)
			reps = atoi(argv[++i]);
		else {
			fprintf(stderr, "usage: pvs_microbench [--iters N] [--reps R] | --count CASE N\n");
			return 2;
		}
	}
	if (reps < 1 || reps > 99 || iters == 0) {
		fprintf(stderr, "pvs_microbench: bad --iters/--reps\n");
		return 2;
	}
	/* Interleave the cases rep by rep, so drift on a shared machine hits all alike. */
	{
		double t[NCASES][99];

		for (r = 0; r < reps; r++) {
			for (i = 0; i < (int)NCASES; i++) {
				double t0;

				prepare(&cases[i]);
				run(&cases[i], iters / 10); /* warm up */
				t0 = now_ns();
				run(&cases[i], iters);
				t[i][r] = (now_ns() - t0) / (double)iters;
			}
		}
		for (i = 0; i < (int)NCASES; i++) {
			qsort(t[i], (size_t)reps, sizeof(double), cmp_double);
			med[i] = t[i][reps / 2];
		}
	}
	printf("%-16s %10s %12s\n", "case", "ns/call", "vs baseline");
	for (i = 0; i < (int)NCASES; i++) {
		const struct bench_case *b = cases[i].baseline ? find(cases[i].baseline) : NULL;

		printf("%-16s %10.2f", cases[i].name, med[i]);
		if (b)
			printf(" %8.2fx %s", med[i] / med[b - cases], b->name);
		printf("\n");
	}
	printf("(median of %d runs of %lu calls, loop and call overhead included: see 'empty')\n",
	       reps, iters);
	return 0;
}
