// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Preemption on demand (inject.h): one pinned SCHED_FIFO thread per CPU
 * alternating a random sleep and a random busy slice, with the mean gap
 * chosen so that slice / (slice + gap) is the configured duty.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "inject.h"

#define MAX_CPUS 256

struct inject_cpu {
	struct inject *in;
	pthread_t th;
	unsigned int cpu;
	unsigned int rnd;
	/* Counters the steal source and the reports read (atomic). */
	uint64_t taken_ns;
	uint64_t thread_ns;
} __attribute__((aligned(64)));

struct inject {
	struct inject_cfg cfg;
	uint64_t start_ns;
	uint32_t stop;	/* atomic */
	bool fifo;
	struct pvrt_steal_source src;
	struct inject_cpu cpus[MAX_CPUS];
};

static uint64_t clock_ns(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Uniform in [lo, hi] from the thread's own sequence. */
static uint64_t uniform(unsigned int *rnd, uint64_t lo, uint64_t hi)
{
	return lo + (uint64_t)((double)rand_r(rnd) / ((double)RAND_MAX + 1) *
			       (double)(hi - lo + 1));
}

static void sleep_ns(uint64_t ns)
{
	struct timespec d;

	d.tv_sec = (time_t)(ns / 1000000000u);
	d.tv_nsec = (long)(ns % 1000000000u);
	while (nanosleep(&d, &d) != 0 && errno == EINTR)
		;
}

static void *inject_main(void *arg)
{
	struct inject_cpu *c = (struct inject_cpu *)arg;
	struct inject *in = c->in;
	uint64_t mean_slice = (uint64_t)(in->cfg.slice_min_us +
					 in->cfg.slice_max_us) * 500u;
	uint64_t mean_gap = (uint64_t)((double)mean_slice *
				       (1 - in->cfg.duty) / in->cfg.duty);
	uint64_t cpu0 = clock_ns(CLOCK_THREAD_CPUTIME_ID);

	while (!__atomic_load_n(&in->stop, __ATOMIC_RELAXED)) {
		uint64_t slice, t0, t;

		sleep_ns(uniform(&c->rnd, 0, 2 * mean_gap));
		if (__atomic_load_n(&in->stop, __ATOMIC_RELAXED))
			break;
		slice = uniform(&c->rnd, (uint64_t)in->cfg.slice_min_us * 1000u,
				(uint64_t)in->cfg.slice_max_us * 1000u);
		t0 = clock_ns(CLOCK_MONOTONIC);
		do
			t = clock_ns(CLOCK_MONOTONIC);
		while (t - t0 < slice);
		__atomic_fetch_add(&c->taken_ns, t - t0, __ATOMIC_RELAXED);
		__atomic_store_n(&c->thread_ns, clock_ns(CLOCK_THREAD_CPUTIME_ID) - cpu0,
				 __ATOMIC_RELAXED);
	}
	return NULL;
}

static int steal_read(void *src_arg, pvrt_steal_fn fn, void *fn_arg)
{
	struct inject *in = (struct inject *)src_arg;
	uint64_t total = inject_elapsed_ns(in);
	unsigned int cpu;

	for (cpu = 0; cpu < in->cfg.nr_cpus; cpu++)
		fn(fn_arg, cpu, inject_taken_ns(in, cpu), total);
	return (int)in->cfg.nr_cpus;
}

struct inject *inject_start(const struct inject_cfg *cfg)
{
	struct sched_param sp;
	pthread_attr_t attr;
	struct inject *in;
	unsigned int cpu;
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	if (cfg == NULL || cfg->duty <= 0 || cfg->duty >= 0.95 ||
	    cfg->slice_min_us == 0 || cfg->slice_max_us < cfg->slice_min_us)
		return NULL;
	/* Shared memory: a child forked later (a workload) reads the same
	 * counters. */
	in = mmap(NULL, sizeof(*in), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (in == MAP_FAILED)
		return NULL;
	memset(in, 0, sizeof(*in));
	in->cfg = *cfg;
	if (in->cfg.nr_cpus == 0 || in->cfg.nr_cpus > (unsigned int)n)
		in->cfg.nr_cpus = (unsigned int)n;
	if (in->cfg.nr_cpus > MAX_CPUS)
		in->cfg.nr_cpus = MAX_CPUS;
	in->src.read = steal_read;
	in->src.arg = in;
	in->src.name = "inject";
	in->fifo = true;
	in->start_ns = clock_ns(CLOCK_MONOTONIC);
	for (cpu = 0; cpu < in->cfg.nr_cpus; cpu++) {
		struct inject_cpu *c = &in->cpus[cpu];
		cpu_set_t set;

		c->in = in;
		c->cpu = cpu;
		c->rnd = cfg->seed + cpu;
		pthread_attr_init(&attr);
		CPU_ZERO(&set);
		CPU_SET(cpu, &set);
		pthread_attr_setaffinity_np(&attr, sizeof(set), &set);
		pthread_attr_setinheritsched(&attr, PTHREAD_EXPLICIT_SCHED);
		pthread_attr_setschedpolicy(&attr, SCHED_FIFO);
		sp.sched_priority = sched_get_priority_max(SCHED_FIFO);
		pthread_attr_setschedparam(&attr, &sp);
		if (pthread_create(&c->th, &attr, inject_main, c) != 0) {
			/* No privilege for FIFO: compete as SCHED_OTHER. */
			in->fifo = false;
			pthread_attr_setschedpolicy(&attr, SCHED_OTHER);
			sp.sched_priority = 0;
			pthread_attr_setschedparam(&attr, &sp);
			if (pthread_create(&c->th, &attr, inject_main, c) != 0) {
				pthread_attr_destroy(&attr);
				in->cfg.nr_cpus = cpu;
				inject_stop(in);
				return NULL;
			}
		}
		pthread_attr_destroy(&attr);
	}
	return in;
}

bool inject_is_fifo(const struct inject *in)
{
	return in->fifo;
}

unsigned int inject_nr_cpus(const struct inject *in)
{
	return in->cfg.nr_cpus;
}

uint64_t inject_taken_ns(const struct inject *in, unsigned int cpu)
{
	return cpu < in->cfg.nr_cpus ?
		       __atomic_load_n(&in->cpus[cpu].taken_ns,
				       __ATOMIC_RELAXED) :
		       0;
}

uint64_t inject_thread_cpu_ns(const struct inject *in, unsigned int cpu)
{
	return cpu < in->cfg.nr_cpus ?
		       __atomic_load_n(&in->cpus[cpu].thread_ns,
				       __ATOMIC_RELAXED) :
		       0;
}

uint64_t inject_elapsed_ns(const struct inject *in)
{
	return clock_ns(CLOCK_MONOTONIC) - in->start_ns;
}

const struct pvrt_steal_source *inject_steal_source(struct inject *in)
{
	return &in->src;
}

void inject_stop(struct inject *in)
{
	unsigned int cpu;

	if (in == NULL)
		return;
	__atomic_store_n(&in->stop, 1, __ATOMIC_RELAXED);
	for (cpu = 0; cpu < in->cfg.nr_cpus; cpu++)
		pthread_join(in->cpus[cpu].th, NULL);
	munmap(in, sizeof(*in));
}
