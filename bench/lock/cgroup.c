// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The CPU-quota cgroup the lock benchmark's quota phases run in. Found the
 * way the probe finds the process's own (host/probe/cgroup.c: the v1 line
 * naming "cpu" in /proc/self/cgroup wins, else v2; the mount from
 * /proc/self/mountinfo). v1: a child of the process's cgroup with
 * cpu.cfs_period_us PERIOD and cpu.cfs_quota_us the quota. v2: a sibling
 * of it (a v2 cgroup holding processes cannot give its children the cpu
 * controller), cpu.max "QUOTA PERIOD", "+cpu" asked of the parent's
 * cgroup.subtree_control. Named pvs_lockbench.PID.MCPUS, so a run killed
 * by SIGKILL leaves a name the next run recognises and removes. Removed on
 * every other exit path: lb_cgroup_remove(), atexit(), and a handler for
 * the terminating signals that first kills and reaps the child running
 * inside (a cgroup with a process in it cannot be removed).
 * lb_cgroup_phase() runs one phase of the grid in a child inside it and
 * brings the child's cells back through a pipe.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <pvsched/probe/cgroup.h>

#include "lockbench.h"

#define CG_PREFIX "pvs_lockbench."

static char cg_dir[PVPROBE_PATH_MAX];	/* "" while none exists */
static volatile pid_t cg_child;
static pid_t cg_owner;			/* the process that made it */

/* Whole file into buf (NUL-terminated); its length or -1. */
static ssize_t slurp(const char *path, char *buf, size_t cap)
{
	ssize_t n, len = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	while ((size_t)len + 1 < cap &&
	       (n = read(fd, buf + len, cap - 1 - (size_t)len)) > 0)
		len += n;
	close(fd);
	buf[len] = '\0';
	return len;
}

static int put(const char *dir, const char *file, const char *text)
{
	char path[PVPROBE_PATH_MAX + 64];
	int fd, ok;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	ok = write(fd, text, strlen(text)) == (ssize_t)strlen(text);
	return close(fd) == 0 && ok ? 0 : -1;
}

/* rmdir, retried for a moment: the last task may still be leaving. */
static int remove_dir(const char *dir)
{
	struct timespec ms = { 0, 1000000 };
	int i;

	for (i = 0; i < 200; i++) {
		if (rmdir(dir) == 0 || errno == ENOENT)
			return 0;
		if (errno != EBUSY)
			return -1;
		nanosleep(&ms, NULL);
	}
	return -1;
}

/* Where the new cgroup goes, and the hierarchy's version; -1: none. */
static int find_parent(char *dir, size_t cap, int *ver)
{
	static char buf[1 << 16];
	char cg[PVPROBE_PATH_MAX], mnt[PVPROBE_PATH_MAX], root[PVPROBE_PATH_MAX];
	const char *rel;
	ssize_t n;
	int v;

	n = slurp("/proc/self/cgroup", buf, sizeof(buf));
	if (n < 0)
		return -1;
	v = pvprobe_cgroup_self_parse(buf, (size_t)n, cg, sizeof(cg));
	if (v != PVPROBE_CGROUP_V1 && v != PVPROBE_CGROUP_V2)
		return -1;
	n = slurp("/proc/self/mountinfo", buf, sizeof(buf));
	if (n < 0 || pvprobe_mountinfo_cgroup_parse(buf, (size_t)n,
						    (enum pvprobe_cgroup_ver)v,
						    cg, mnt, root,
						    sizeof(mnt)) != 1)
		return -1;
	rel = cg;
	if (strcmp(root, "/") != 0 && strncmp(cg, root, strlen(root)) == 0)
		rel = cg + strlen(root);
	if (v == PVPROBE_CGROUP_V2) {
		/* The sibling: cut the last component (none at the root). */
		char *slash = strrchr(cg, '/');

		if (slash != NULL && slash >= rel)
			*slash = '\0';
	}
	while (*rel == '/')
		rel++;
	if ((size_t)snprintf(dir, cap, "%s%s%s", mnt, *rel ? "/" : "", rel) >=
	    cap)
		return -1;
	*ver = v;
	return 0;
}

/* Remove pvs_lockbench.PID.* under @parent whose PID is gone. */
static void remove_stale(const char *parent)
{
	char path[PVPROBE_PATH_MAX + 300];
	struct dirent *e;
	DIR *d = opendir(parent);
	int pid;

	if (d == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		if (strncmp(e->d_name, CG_PREFIX, strlen(CG_PREFIX)) != 0 ||
		    sscanf(e->d_name + strlen(CG_PREFIX), "%d", &pid) != 1 ||
		    pid <= 0)
			continue;
		if (kill(pid, 0) == 0 || errno != ESRCH)
			continue;	/* its run is alive */
		snprintf(path, sizeof(path), "%s/%s", parent, e->d_name);
		if (remove_dir(path) == 0)
			fprintf(stderr, "cgroup: removed %s, left by a run "
				"that was killed\n", path);
	}
	closedir(d);
}

/* Kill and reap the child inside, remove the cgroup (signal-safe). */
static void cleanup(void)
{
	pid_t c = cg_child;

	if (getpid() != cg_owner || cg_dir[0] == '\0')
		return;
	if (c > 0) {
		kill(c, SIGKILL);
		waitpid(c, NULL, 0);
		cg_child = 0;
	}
	if (remove_dir(cg_dir) == 0)
		cg_dir[0] = '\0';
}

static void on_signal(int sig)
{
	cleanup();
	signal(sig, SIG_DFL);
	raise(sig);
}

static void install_once(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGSEGV,
				    SIGBUS, SIGFPE, SIGILL, SIGABRT };
	static bool done;
	struct sigaction sa;
	size_t i;

	if (done)
		return;
	done = true;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigfillset(&sa.sa_mask);
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		sigaction(sigs[i], &sa, NULL);
	atexit(cleanup);
}

int lb_cgroup_create(unsigned int mcpus, unsigned int period_us, char *what,
		     size_t cap)
{
	unsigned long long quota_us = (unsigned long long)mcpus * period_us /
				      1000u;

	char parent[PVPROBE_PATH_MAX], text[64];
	int ver, rc;

	if (cg_dir[0] != '\0' || quota_us < 1000 || period_us < 1000 ||
	    period_us > 1000000) {
		fprintf(stderr, "cgroup: one at a time, period 1-1000 ms, "
			"quota >= 1 ms\n");
		return -1;
	}
	if (find_parent(parent, sizeof(parent), &ver) < 0 ||
	    strlen(parent) + 40 >= sizeof(cg_dir)) {
		fprintf(stderr, "cgroup: no CPU controller hierarchy found\n");
		return -1;
	}
	remove_stale(parent);
	if (ver == PVPROBE_CGROUP_V2)
		put(parent, "cgroup.subtree_control", "+cpu");	/* may be on */
	cg_owner = getpid();
	install_once();
	snprintf(cg_dir, sizeof(cg_dir), "%s/" CG_PREFIX "%d.%u", parent,
		 (int)cg_owner, mcpus);
	if (mkdir(cg_dir, 0755) != 0) {
		fprintf(stderr, "cgroup: mkdir %s: %s\n", cg_dir,
			strerror(errno));
		cg_dir[0] = '\0';
		return -1;
	}
	if (ver == PVPROBE_CGROUP_V2) {
		snprintf(text, sizeof(text), "%llu %u", quota_us, period_us);
		rc = put(cg_dir, "cpu.max", text);
	} else {
		snprintf(text, sizeof(text), "%u", period_us);
		rc = put(cg_dir, "cpu.cfs_period_us", text);
		snprintf(text, sizeof(text), "%llu", quota_us);
		if (rc == 0)
			rc = put(cg_dir, "cpu.cfs_quota_us", text);
	}
	if (rc != 0) {
		fprintf(stderr, "cgroup: setting the quota in %s: %s\n",
			cg_dir, strerror(errno));
		lb_cgroup_remove();
		return -1;
	}
	snprintf(what, cap, "cgroup v%d %s, quota %llu us per %u us",
		 ver == PVPROBE_CGROUP_V2 ? 2 : 1, cg_dir, quota_us, period_us);
	return 0;
}

int lb_cgroup_enter(pid_t pid)
{
	char text[32];

	snprintf(text, sizeof(text), "%d", (int)pid);
	if (cg_dir[0] == '\0' || put(cg_dir, "cgroup.procs", text) != 0) {
		fprintf(stderr, "cgroup: entering %s: %s\n", cg_dir,
			strerror(errno));
		return -1;
	}
	return 0;
}

int lb_cgroup_stat(char *buf, size_t cap)
{
	char path[PVPROBE_PATH_MAX + 16];
	ssize_t n, i;

	snprintf(path, sizeof(path), "%s/cpu.stat", cg_dir);
	n = cg_dir[0] ? slurp(path, buf, cap) : -1;
	if (n < 0)
		return -1;
	while (n > 0 && buf[n - 1] == '\n')
		buf[--n] = '\0';
	for (i = 0; i < n; i++)
		if (buf[i] == '\n')
			buf[i] = ';';
	return 0;
}

void lb_cgroup_child(pid_t pid)
{
	cg_child = pid;
}

int lb_cgroup_remove(void)
{
	if (cg_dir[0] == '\0')
		return 0;
	if (remove_dir(cg_dir) != 0) {
		fprintf(stderr, "cgroup: rmdir %s: %s\n", cg_dir,
			strerror(errno));
		return -1;
	}
	cg_dir[0] = '\0';
	return 0;
}

/* ---- quotas and the CPUs a phase has ------------------------------------ */

int lb_parse_quotas(const char *s, unsigned int *out, int room)
{
	int n = 0;
	char *end;
	double q;

	while (*s && n < room) {
		q = strtod(s, &end);
		if (end == s || q < 0 || q > 1024)
			return -1;
		out[n++] = (unsigned int)(q * 1000 + 0.5);
		s = *end == ',' ? end + 1 : end;
	}
	return n;
}

double lb_effective_cpus(char *what, size_t cap)
{
	struct pvprobe_ctx ctx;
	struct pvprobe_cpus c;
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	pvprobe_ctx_init(&ctx, NULL);
	if (pvprobe_read_cpus(&ctx, &c) != 0 || c.effective_mcpus == 0) {
		snprintf(what, cap, "%ld online (the probe failed)", n);
		return n > 0 ? (double)n : 1.0;
	}
	if (c.quota_mcpus)
		snprintf(what, cap, "%.3g (affinity %u, quota %.3g)",
			 c.effective_mcpus / 1000.0, c.nr_affinity,
			 c.quota_mcpus / 1000.0);
	else
		snprintf(what, cap, "%.3g (affinity %u, no quota)",
			 c.effective_mcpus / 1000.0, c.nr_affinity);
	return c.effective_mcpus / 1000.0;
}

/* ---- a phase in a child inside the cgroup -------------------------------- */

/* Whole buffer through a pipe; 0 or -1. */
static int write_all(int fd, const void *p, size_t n)
{
	const char *b = p;
	ssize_t w;

	while (n > 0) {
		w = write(fd, b, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		b += w;
		n -= (size_t)w;
	}
	return 0;
}

int lb_cgroup_phase(unsigned int quota, unsigned int period_us,
		    unsigned int duration_ms, struct cell *cells,
		    unsigned int room, unsigned int *rnd,
		    lb_phase_fn phase, const void *arg)
{
	char what[PVPROBE_PATH_MAX + 80], stat[512];
	unsigned int m = 0, got = 0;
	int fd[2], st = 0;
	ssize_t r;
	size_t want, have = 0;
	pid_t pid;

	if (lb_cgroup_create(quota, period_us, what, sizeof(what)) < 0)
		return -1;
	printf("\n# phase: %s\n", what);
	if (duration_ms * 1000u < 10u * period_us)
		printf("# runs shorter than 10 periods: the quota binds "
		       "unevenly (-P)\n");
	fflush(stdout);
	if (pipe(fd) < 0) {
		lb_cgroup_remove();
		return -1;
	}
	pid = fork();
	if (pid == 0) {
		close(fd[0]);
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		if (getppid() == 1 || lb_cgroup_enter(getpid()) < 0)
			_exit(3);
		m = phase(arg, quota, cells, rnd);
		fflush(stdout);
		if (write_all(fd[1], &m, sizeof(m)) < 0 ||
		    write_all(fd[1], rnd, sizeof(*rnd)) < 0 ||
		    write_all(fd[1], cells, m * sizeof(*cells)) < 0)
			_exit(4);
		_exit(0);
	}
	close(fd[1]);
	if (pid < 0) {
		close(fd[0]);
		lb_cgroup_remove();
		return -1;
	}
	lb_cgroup_child(pid);
	/* Read before waiting: the cells are more than a pipe holds. */
	if (read(fd[0], &got, sizeof(got)) == sizeof(got) && got <= room &&
	    read(fd[0], rnd, sizeof(*rnd)) == sizeof(*rnd)) {
		want = got * sizeof(*cells);
		while (have < want &&
		       ((r = read(fd[0], (char *)cells + have, want - have)) >
			0 || (r < 0 && errno == EINTR)))
			if (r > 0)
				have += (size_t)r;
	}
	close(fd[0]);
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	lb_cgroup_child(0);
	if (lb_cgroup_stat(stat, sizeof(stat)) == 0)
		printf("# the cgroup's cpu.stat: %s\n", stat);
	if (lb_cgroup_remove() < 0 || have != got * sizeof(*cells) ||
	    !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		fprintf(stderr, "quota %u mCPUs: the phase failed (status %d)\n",
			quota, st);
		return -1;
	}
	return (int)got;
}
