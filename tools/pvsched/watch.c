// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * `pvsched watch`: a live per-CPU view of steal, runqueue wait and the
 * preemption estimate, refreshed in place on a terminal and as plain lines
 * when piped; Ctrl-C (or --count) ends it cleanly.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "report.h"
#include "watch.h"

static volatile sig_atomic_t pvs_stop;

static void pvs_on_signal(int sig)
{
	(void)sig;
	pvs_stop = 1;
}

static uint64_t pvs_mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Sleep @ms unless a signal asks us to stop. */
static void pvs_nap(unsigned int ms)
{
	struct timespec ts = { (time_t)(ms / 1000u),
			       (long)(ms % 1000u) * 1000000L };

	while (!pvs_stop && nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}

/* Per-CPU runqueue wait (CONFIG_SCHEDSTATS); n = 0 when absent. */
static int pvs_rq_sample(struct pvs_probe_ctx *ctx,
			 struct pvs_rq_schedstat *rq, unsigned int *n)
{
	int rc = pvs_probe_rq_schedstat(ctx, rq, PVS_PROBE_MAX_CPUS);

	if (rc == -PVS_ENOENT) {
		*n = 0;
		return 0;
	}
	if (rc < 0)
		return rc;
	*n = (unsigned int)rc;
	return 0;
}

/* Runqueue wait over the interval as a share of it, ppm; -1 if unknown. */
static int64_t pvs_rq_wait_ppm(const struct pvs_rq_schedstat *a,
			       unsigned int na,
			       const struct pvs_rq_schedstat *b,
			       unsigned int nb, int32_t cpu,
			       uint64_t interval_ns)
{
	const struct pvs_rq_schedstat *x = NULL, *y = NULL;
	unsigned int i;
	uint64_t d;

	for (i = 0; i < na; i++)
		if (a[i].cpu == cpu)
			x = &a[i];
	for (i = 0; i < nb; i++)
		if (b[i].cpu == cpu)
			y = &b[i];
	if (x == NULL || y == NULL || interval_ns == 0)
		return -1;
	d = y->wait_ns > x->wait_ns ? y->wait_ns - x->wait_ns : 0;
	/* Several tasks can wait at once: the share may exceed 100%. */
	return (int64_t)(d / (interval_ns / 1000000u ? interval_ns / 1000000u :
						      1));
}

static void pvs_watch_row(FILE *f, const char *name,
			  const struct pvs_steal_rate *s, int64_t wait_ppm)
{
	char a[16], b[16], c[16];

	if (wait_ppm >= 0 && wait_ppm <= UINT32_MAX)
		pvs_fmt_ppm(c, (uint32_t)wait_ppm);
	else
		snprintf(c, sizeof(c), "-");
	fprintf(f, "%-8s %10s %12s %12s\n", name, pvs_fmt_ppm(a, s->steal_ppm),
		c, pvs_fmt_ppm(b, s->preempt_ppm));
}

int pvs_watch(const char *sysroot, unsigned int interval_ms,
	      unsigned int count, FILE *f, char *err, size_t errlen)
{
	struct pvs_probe_ctx ctx;
	struct pvs_rq_schedstat *rq[2];
	struct pvs_stat st[2];
	struct pvs_steal_rate all, *rate;
	unsigned int nrq[2] = { 0, 0 }, round, n, i;
	struct sigaction sa;
	bool tty = isatty(fileno(f));
	uint64_t t0, t1;
	int rc = 0;

	pvs_probe_ctx_init(&ctx, sysroot);
	memset(st, 0, sizeof(st));
	rq[0] = calloc(PVS_PROBE_MAX_CPUS, sizeof(*rq[0]));
	rq[1] = calloc(PVS_PROBE_MAX_CPUS, sizeof(*rq[1]));
	rate = calloc(PVS_PROBE_MAX_CPUS, sizeof(*rate));
	if (rq[0] == NULL || rq[1] == NULL || rate == NULL) {
		rc = -PVS_ENOMEM;
		goto out;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = pvs_on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	pvs_stop = 0;
	t0 = pvs_mono_ns();
	rc = pvs_stat_sample(&ctx, &st[0]);
	if (rc >= 0)
		rc = pvs_rq_sample(&ctx, rq[0], &nrq[0]);
	for (round = 0; rc >= 0 && (count == 0 || round < count); round++) {
		pvs_nap(interval_ms);
		if (pvs_stop)
			break;
		t1 = pvs_mono_ns();
		rc = pvs_stat_sample(&ctx, &st[1]);
		if (rc >= 0)
			rc = pvs_rq_sample(&ctx, rq[1], &nrq[1]);
		if (rc < 0)
			break;
		pvs_steal_between(&st[0], &st[1], &all, rate, &n);
		if (tty)
			fputs("\033[H\033[J", f);
		else if (round > 0)
			fputc('\n', f);
		fprintf(f, "pvsched watch: every %u ms%s\n", interval_ms,
			tty ? " (Ctrl-C to quit)" : "");
		fprintf(f, "%-8s %10s %12s %12s\n", "cpu", "steal", "rq wait",
			"preempted");
		pvs_watch_row(f, "all", &all, -1);
		for (i = 0; i < n; i++) {
			char name[16];

			snprintf(name, sizeof(name), "cpu%d", (int)rate[i].cpu);
			pvs_watch_row(f, name, &rate[i],
				      pvs_rq_wait_ppm(rq[0], nrq[0], rq[1],
						      nrq[1], rate[i].cpu,
						      t1 - t0));
		}
		fflush(f);
		/* This sample is the next round's "before". */
		memcpy(st[0].cpus, st[1].cpus, st[1].nr_cpus * sizeof(*st[1].cpus));
		st[0].nr_cpus = st[1].nr_cpus;
		st[0].total = st[1].total;
		memcpy(rq[0], rq[1], nrq[1] * sizeof(*rq[1]));
		nrq[0] = nrq[1];
		t0 = t1;
	}
out:
	if (rc < 0 && err != NULL)
		snprintf(err, errlen, "%s", ctx.bad_path);
	free(st[0].cpus);
	free(st[1].cpus);
	free(rq[0]);
	free(rq[1]);
	free(rate);
	return rc < 0 ? rc : 0;
}
