// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * `pvsched watch`: a live per-CPU view of steal, runqueue wait and the
 * preemption estimate, refreshed in place on a terminal and as plain lines
 * when piped; Ctrl-C (or --count) ends it cleanly.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "report.h"
#include "watch.h"

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Sleep @ms unless a signal asks us to stop. */
static void nap(unsigned int ms)
{
	struct timespec ts = { (time_t)(ms / 1000u),
			       (long)(ms % 1000u) * 1000000L };

	while (!stop && nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}

/* Per-CPU runqueue wait (CONFIG_SCHEDSTATS); n = 0 when absent. */
static int rq_sample(struct pvprobe_ctx *ctx,
			 struct pvprobe_rq_schedstat *rq, unsigned int *n)
{
	int rc = pvprobe_read_rq_schedstat(ctx, rq, PVPROBE_MAX_CPUS);

	if (rc == -PVS_ENOENT) {
		*n = 0;
		return 0;
	}
	if (rc < 0)
		return rc;
	*n = (unsigned int)rc;
	return 0;
}

/* Per-CPU wait between two /proc/schedstat samples into wait_ns[cpu]. */
static void rq_delta(const struct pvprobe_rq_schedstat *a, unsigned int na,
			 const struct pvprobe_rq_schedstat *b, unsigned int nb,
			 uint64_t *wait_ns)
{
	unsigned int i, j;

	memset(wait_ns, 0, PVPROBE_MAX_CPUS * sizeof(*wait_ns));
	for (i = 0; i < nb; i++)
		for (j = 0; j < na; j++)
			if (a[j].cpu == b[i].cpu && b[i].wait_ns > a[j].wait_ns)
				wait_ns[b[i].cpu] = b[i].wait_ns - a[j].wait_ns;
}

/*
 * Without CONFIG_SCHEDSTATS there is no per-CPU runqueue wait, but every
 * thread's schedstat still has its own (CONFIG_SCHED_INFO). Sum each
 * thread's new wait onto the CPU it last ran on (/proc/PID/task/TID/stat
 * field 39): an estimate, since a thread may have waited elsewhere.
 */
struct task_wait {
	int tid;
	int cpu;
	uint64_t wait_ns;
};

struct tasks {
	struct task_wait *t;
	size_t n, cap;
};

/* Field 39 (processor) of a /proc/.../stat line, -1 if unreadable. */
static int task_cpu(const char *path)
{
	char buf[1024], *p;
	unsigned int field;
	FILE *f = fopen(path, "r");
	size_t n;

	if (f == NULL)
		return -1;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	p = strrchr(buf, ')'); /* comm may hold blanks and parentheses */
	if (p == NULL)
		return -1;
	for (field = 2; field < 39 && p != NULL; field++)
		p = strchr(p + 1, ' ');
	return p != NULL ? atoi(p + 1) : -1;
}

static int task_cmp(const void *a, const void *b)
{
	const struct task_wait *x = a, *y = b;

	return (x->tid > y->tid) - (x->tid < y->tid);
}

/* Every thread's wait and CPU, sorted by tid. */
static void scan_tasks(struct pvprobe_ctx *ctx, struct tasks *ts)
{
	const char *root = pvprobe_ctx_live(ctx) ? "" : ctx->sysroot;
	char path[PVPROBE_PATH_MAX];
	struct dirent *pe, *te;
	DIR *pd, *td;

	ts->n = 0;
	snprintf(path, sizeof(path), "%s/proc", root);
	pd = opendir(path);
	if (pd == NULL)
		return;
	while ((pe = readdir(pd)) != NULL) {
		int pid = atoi(pe->d_name);

		if (pid <= 0)
			continue;
		snprintf(path, sizeof(path), "%s/proc/%d/task", root, pid);
		td = opendir(path);
		if (td == NULL)
			continue;
		while ((te = readdir(td)) != NULL) {
			struct pvprobe_schedstat s;
			int tid = atoi(te->d_name), cpu;

			if (tid <= 0 ||
			    pvprobe_read_schedstat(ctx, pid, tid, &s) < 0)
				continue;
			snprintf(path, sizeof(path), "%s/proc/%d/task/%d/stat",
				 root, pid, tid);
			cpu = task_cpu(path);
			if (cpu < 0)
				continue;
			if (ts->n == ts->cap) {
				size_t cap = ts->cap ? ts->cap * 2 : 256;
				void *nt = realloc(ts->t, cap * sizeof(*ts->t));

				if (nt == NULL)
					break;
				ts->t = nt;
				ts->cap = cap;
			}
			ts->t[ts->n].tid = tid;
			ts->t[ts->n].cpu = cpu;
			ts->t[ts->n].wait_ns = s.wait_ns;
			ts->n++;
		}
		closedir(td);
	}
	closedir(pd);
	/* No tasks (a sysroot without /proc/<pid>): ts->t is still NULL, and
	 * qsort(NULL, 0, ...) is undefined behaviour. */
	if (ts->n > 1)
		qsort(ts->t, ts->n, sizeof(*ts->t), task_cmp);
}

/* Per-CPU wait between two scans into wait_ns[cpu]; threads born in
 * between count from 0. */
static void tasks_delta(const struct tasks *a,
			    const struct tasks *b, uint64_t *wait_ns)
{
	size_t i, j = 0;

	memset(wait_ns, 0, PVPROBE_MAX_CPUS * sizeof(*wait_ns));
	for (i = 0; i < b->n; i++) {
		const struct task_wait *t = &b->t[i];
		uint64_t before = 0;

		while (j < a->n && a->t[j].tid < t->tid)
			j++;
		if (j < a->n && a->t[j].tid == t->tid)
			before = a->t[j].wait_ns;
		if (t->cpu >= 0 && t->cpu < PVPROBE_MAX_CPUS &&
		    t->wait_ns > before)
			wait_ns[t->cpu] += t->wait_ns - before;
	}
}

/* @wait_ns: waited during @interval_ns, or NULL if unknown. Several tasks
 * can wait at once, so the share may pass 100%. */
static void watch_row(FILE *f, const char *name,
			  const struct pvprobe_steal_rate *s,
			  const uint64_t *wait_ns, uint64_t interval_ns)
{
	char a[16], b[16], c[16];
	uint64_t ppm = wait_ns && interval_ns
			       ? *wait_ns / (interval_ns / 1000000u
						     ? interval_ns / 1000000u
						     : 1)
			       : UINT64_MAX;

	if (ppm <= UINT32_MAX)
		fmt_ppm(c, (uint32_t)ppm);
	else
		snprintf(c, sizeof(c), "-");
	fprintf(f, "%-8s %10s %12s %12s\n", name, fmt_ppm(a, s->steal_ppm),
		c, fmt_ppm(b, s->preempt_ppm));
}

int watch(const char *sysroot, unsigned int interval_ms,
	      unsigned int count, FILE *f, char *err, size_t errlen)
{
	struct pvprobe_ctx ctx;
	struct pvprobe_rq_schedstat *rq[2];
	struct pvprobe_stat st[2];
	struct pvprobe_steal_rate all, *rate;
	struct tasks tasks[2];
	uint64_t *wait;
	unsigned int nrq[2] = { 0, 0 }, round, n, i;
	const char *wait_src;
	struct sigaction sa;
	bool tty = isatty(fileno(f));
	uint64_t t0, t1, wsum;
	int rc = 0;

	pvprobe_ctx_init(&ctx, sysroot);
	memset(st, 0, sizeof(st));
	memset(tasks, 0, sizeof(tasks));
	wait = calloc(PVPROBE_MAX_CPUS, sizeof(*wait));
	rq[0] = calloc(PVPROBE_MAX_CPUS, sizeof(*rq[0]));
	rq[1] = calloc(PVPROBE_MAX_CPUS, sizeof(*rq[1]));
	rate = calloc(PVPROBE_MAX_CPUS, sizeof(*rate));
	if (rq[0] == NULL || rq[1] == NULL || rate == NULL || wait == NULL) {
		rc = -PVS_ENOMEM;
		goto out;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	stop = 0;
	t0 = mono_ns();
	rc = stat_sample(&ctx, &st[0]);
	if (rc >= 0)
		rc = rq_sample(&ctx, rq[0], &nrq[0]);
	if (rc >= 0 && nrq[0] == 0)
		scan_tasks(&ctx, &tasks[0]);
	for (round = 0; rc >= 0 && (count == 0 || round < count); round++) {
		nap(interval_ms);
		if (stop)
			break;
		t1 = mono_ns();
		rc = stat_sample(&ctx, &st[1]);
		if (rc >= 0)
			rc = rq_sample(&ctx, rq[1], &nrq[1]);
		if (rc < 0)
			break;
		steal_between(&st[0], &st[1], &all, rate, &n);
		if (nrq[1] > 0) {
			rq_delta(rq[0], nrq[0], rq[1], nrq[1], wait);
			wait_src = "schedstat";
		} else {
			struct tasks tmp;

			scan_tasks(&ctx, &tasks[1]);
			tasks_delta(&tasks[0], &tasks[1], wait);
			wait_src = tasks[1].n ? "threads" : NULL;
			tmp = tasks[0];
			tasks[0] = tasks[1];
			tasks[1] = tmp;
		}
		if (tty)
			fputs("\033[H\033[J", f);
		else if (round > 0)
			fputc('\n', f);
		fprintf(f, "pvsched watch: every %u ms, rq wait from %s%s\n",
			interval_ms, wait_src ? wait_src : "nowhere",
			tty ? " (Ctrl-C to quit)" : "");
		fprintf(f, "%-8s %10s %12s %12s\n", "cpu", "steal", "rq wait",
			"preempted");
		for (i = 0, wsum = 0; i < n; i++)
			wsum += wait[rate[i].cpu];
		watch_row(f, "all", &all, wait_src ? &wsum : NULL, t1 - t0);
		for (i = 0; i < n; i++) {
			char name[16];

			snprintf(name, sizeof(name), "cpu%d", (int)rate[i].cpu);
			watch_row(f, name, &rate[i],
				      wait_src ? &wait[rate[i].cpu] : NULL,
				      t1 - t0);
		}
		fflush(f);
		/* This sample is the next round's "before". */
		memcpy(st[0].cpus, st[1].cpus,
		       st[1].nr_cpus * sizeof(*st[1].cpus));
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
	free(wait);
	free(tasks[0].t);
	free(tasks[1].t);
	return rc < 0 ? rc : 0;
}
