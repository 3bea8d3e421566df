// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * wakeup: a schbench-style wake-up latency benchmark, built static so it
 * runs as is in a bare initramfs.
 *
 * M message threads each own T workers. A round: the message thread waits
 * (futex) until all its workers sleep, sleeps itself for -s us (so CPUs go
 * idle, and on pseries cede), then wakes each worker with FUTEX_WAKE after
 * stamping the time. The worker's wake-up latency is the time from that
 * stamp to the worker running; it then works for -w us (a spin) and goes
 * back to sleep. Latencies (us) go into per-thread fio-style histograms
 * (values below 512 exact, above 8 significant bits; a percentile is the
 * midpoint of the first bucket reaching p% of the samples): the
 * simulator's (<pvsched/sim/hist.h>, sim/engine/hist.c, compiled in), so
 * both measure alike. They are merged at the end, and printed the way
 * schbench's legacy output is:
 *	Latency percentiles (usec) runtime R (s) (S total samples)
 *		50.0th: V (n samples)
 *		...
 *		*99.0th: V (n samples)
 *		...
 *	min=A, max=B
 * followed by one line for scripts:
 *	wakeup: samples S p50 V p75 V p90 V p95 V p99 V p99.5 V p99.9 V min A max B
 * Usage: wakeup [-m M] [-t T] [-r SECONDS] [-s SLEEP_US] [-w WORK_US]
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <pvsched/sim/hist.h>

struct worker {
	_Atomic uint32_t futex;		/* 0 sleeping/asleep-to-be, 1 woken */
	_Atomic uint64_t wake_ns;
	struct msg *m;
	struct pvsim_hist h;
	pthread_t tid;
};

struct msg {
	_Atomic uint32_t asleep;	/* workers that finished their round */
	unsigned int nworkers;
	struct worker *w;
	pthread_t tid;
};

static unsigned int opt_m = 2, opt_t = 2, opt_r = 5, opt_s = 100, opt_w = 30;
static atomic_int stop;

static long futex(_Atomic uint32_t *uaddr, int op, uint32_t val,
		  const struct timespec *ts)
{
	return syscall(SYS_futex, (uint32_t *)uaddr, op, val, ts, NULL, 0);
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Samples in the buckets up to the one @us falls in (schbench prints it
 * beside each percentile). */
static uint64_t samples_upto(const struct pvsim_hist *h, uint64_t us)
{
	unsigned int i, last = pvsim_hist_idx(us);
	uint64_t n = 0;

	for (i = 0; i <= last; i++)
		n += h->buckets[i];
	return n;
}

/* Spin for about us microseconds. */
static void work(unsigned int us)
{
	uint64_t end = now_ns() + (uint64_t)us * 1000u;

	while (now_ns() < end)
		;
}

static void *worker_main(void *arg)
{
	struct worker *w = arg;

	for (;;) {
		uint64_t t;

		while (atomic_load(&w->futex) == 0) {
			if (atomic_load(&stop))
				return NULL;
			futex(&w->futex, FUTEX_WAIT_PRIVATE, 0, NULL);
		}
		t = now_ns();
		if (atomic_load(&stop))
			return NULL;
		pvsim_hist_add(&w->h, (t - atomic_load(&w->wake_ns)) / 1000u);
		work(opt_w);
		atomic_store(&w->futex, 0);
		if (atomic_fetch_add(&w->m->asleep, 1) + 1 == w->m->nworkers)
			futex(&w->m->asleep, FUTEX_WAKE_PRIVATE, 1, NULL);
	}
}

static void *msg_main(void *arg)
{
	struct msg *m = arg;
	struct timespec nap = { 0, (long)opt_s * 1000 };
	unsigned int i;

	while (!atomic_load(&stop)) {
		uint32_t a;

		while ((a = atomic_load(&m->asleep)) < m->nworkers) {
			struct timespec to = { 0, 100 * 1000 * 1000 };

			if (atomic_load(&stop))
				return NULL;
			futex(&m->asleep, FUTEX_WAIT_PRIVATE, a, &to);
		}
		atomic_store(&m->asleep, 0);
		if (opt_s)
			nanosleep(&nap, NULL);
		for (i = 0; i < m->nworkers; i++) {
			struct worker *w = &m->w[i];

			atomic_store(&w->wake_ns, now_ns());
			atomic_store(&w->futex, 1);
			futex(&w->futex, FUTEX_WAKE_PRIVATE, 1, NULL);
		}
	}
	return NULL;
}

static unsigned int parse_uint(const char *s, char opt, unsigned int lo)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || end == s || *end || v < lo || v > 1000000u) {
		fprintf(stderr, "wakeup: bad -%c value '%s'\n", opt, s);
		exit(2);
	}
	return (unsigned int)v;
}

int main(int argc, char **argv)
{
	const unsigned int *pm = pvsim_pct_pm;
	uint64_t val[PVSIM_NPCT], cnt[PVSIM_NPCT];
	struct pvsim_hist *all;
	struct msg *m;
	unsigned int i, j, p;
	int c;

	while ((c = getopt(argc, argv, "m:t:r:s:w:")) != -1) {
		switch (c) {
		case 'm': opt_m = parse_uint(optarg, 'm', 1); break;
		case 't': opt_t = parse_uint(optarg, 't', 1); break;
		case 'r': opt_r = parse_uint(optarg, 'r', 1); break;
		case 's': opt_s = parse_uint(optarg, 's', 0); break;
		case 'w': opt_w = parse_uint(optarg, 'w', 0); break;
		default:
			fprintf(stderr, "usage: wakeup [-m M] [-t T] [-r SECONDS] [-s SLEEP_US] [-w WORK_US]\n");
			return 2;
		}
	}
	if (opt_s >= 1000000u) {
		fprintf(stderr, "wakeup: -s must be below 1000000\n");
		return 2;
	}
	m = calloc(opt_m, sizeof(*m));
	all = calloc(1, sizeof(*all));
	if (!m || !all)
		return 1;
	pvsim_hist_clear(all);
	for (i = 0; i < opt_m; i++) {
		m[i].nworkers = opt_t;
		m[i].w = calloc(opt_t, sizeof(*m[i].w));
		if (!m[i].w)
			return 1;
		atomic_store(&m[i].asleep, opt_t);
		for (j = 0; j < opt_t; j++) {
			m[i].w[j].m = &m[i];
			pvsim_hist_clear(&m[i].w[j].h);
			if (pthread_create(&m[i].w[j].tid, NULL, worker_main,
					   &m[i].w[j]))
				return 1;
		}
	}
	for (i = 0; i < opt_m; i++)
		if (pthread_create(&m[i].tid, NULL, msg_main, &m[i]))
			return 1;
	sleep(opt_r);
	atomic_store(&stop, 1);
	for (i = 0; i < opt_m; i++) {
		pthread_join(m[i].tid, NULL);
		for (j = 0; j < opt_t; j++) {
			atomic_store(&m[i].w[j].futex, 1);
			futex(&m[i].w[j].futex, FUTEX_WAKE_PRIVATE, 1, NULL);
			pthread_join(m[i].w[j].tid, NULL);
			pvsim_hist_merge(all, &m[i].w[j].h);
		}
	}
	if (!all->n) {
		fprintf(stderr, "wakeup: no samples\n");
		return 1;
	}
	for (p = 0; p < PVSIM_NPCT; p++) {
		val[p] = pvsim_hist_pct(all, pm[p]);
		cnt[p] = samples_upto(all, val[p]);
	}
	printf("Latency percentiles (usec) runtime %u (s) (%llu total samples)\n",
	       opt_r, (unsigned long long)all->n);
	for (p = 0; p < PVSIM_NPCT; p++)
		printf("\t%s%u.%uth: %llu (%llu samples)\n",
		       pm[p] == 990 ? "*" : "", pm[p] / 10, pm[p] % 10,
		       (unsigned long long)val[p], (unsigned long long)cnt[p]);
	printf("\tmin=%llu, max=%llu\n", (unsigned long long)all->min_us,
	       (unsigned long long)all->max_us);
	printf("wakeup: samples %llu", (unsigned long long)all->n);
	for (p = 0; p < PVSIM_NPCT; p++) {
		/* "p50" .. "p99.9" */
		printf(" p%u", pm[p] / 10);
		if (pm[p] % 10)
			printf(".%u", pm[p] % 10);
		printf(" %llu", (unsigned long long)val[p]);
	}
	printf(" min %llu max %llu\n", (unsigned long long)all->min_us,
	       (unsigned long long)all->max_us);
	return 0;
}
