/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Preemption on demand, the way a hypervisor preempts a vCPU: per CPU, a
 * SCHED_FIFO thread pinned to it wakes at random times and takes the CPU
 * for a random slice (for example 1-3 ms) so that on average it holds a
 * set share of it (for example 10 %). What it took is that CPU's steal:
 * inject_steal_source() hands it to the spin runtime
 * (pvrt_spin_set_steal_source()) in place of /proc/stat.
 *
 * SCHED_FIFO needs root (or CAP_SYS_NICE); without it the threads run
 * SCHED_OTHER and only compete for the CPU (inject_is_fifo() says which).
 * The kernel's RT throttle (sched_rt_runtime_us) caps FIFO at 95 %.
 */
#ifndef PVSCHED_BENCH_INJECT_H
#define PVSCHED_BENCH_INJECT_H

#include <stdbool.h>
#include <stdint.h>

#include <pvsched/spin_rt.h>

/* What to inject. */
struct inject_cfg {
	unsigned int nr_cpus;	/* CPUs 0 .. nr_cpus - 1 (0: all online) */
	double duty;		/* share of each CPU to take, 0 < duty < 0.95 */
	uint32_t slice_min_us;	/* each slice uniform in [min, max] */
	uint32_t slice_max_us;
	unsigned int seed;	/* random sequence (per CPU: seed + cpu) */
};

struct inject;

/* Start the threads; NULL on a bad configuration or no memory. */
struct inject *inject_start(const struct inject_cfg *cfg);

/* The threads run SCHED_FIFO (else SCHED_OTHER). */
bool inject_is_fifo(const struct inject *in);

/* CPUs injected. */
unsigned int inject_nr_cpus(const struct inject *in);

/* Time taken from CPU @cpu since the start, ns (wall time of the slices). */
uint64_t inject_taken_ns(const struct inject *in, unsigned int cpu);

/* CPU time the kernel accounted to CPU @cpu's thread, ns (a check on
 * inject_taken_ns(): equal when nothing preempted the injector). */
uint64_t inject_thread_cpu_ns(const struct inject *in, unsigned int cpu);

/* Wall time since the start, ns. */
uint64_t inject_elapsed_ns(const struct inject *in);

/* The steal source reporting inject_taken_ns() as steal and the elapsed
 * time as total, per CPU (valid until inject_stop()). */
const struct pvrt_steal_source *inject_steal_source(struct inject *in);

/* Stop and join the threads, free @in (its counters live in a shared
 * anonymous mapping, so children forked after the start see them). */
void inject_stop(struct inject *in);

#endif /* PVSCHED_BENCH_INJECT_H */
