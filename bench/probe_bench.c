// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Wall time of `pvsched probe --window 0`, as a user sees it (fork, exec,
 * probe, print), against baselines measured in the same run: /bin/true
 * (the cost of starting any process) and `cat /proc/stat` (starting one
 * and reading one /proc file). Runs are interleaved so drift hits all
 * commands alike. Target (issue 4): median under 50 ms.
 *
 *   probe_bench [-n RUNS] PVSCHED [SYSROOT]
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <inttypes.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

#define PVS_TARGET_US 50000u
#define PVS_MAX_CMDS 5

struct pvs_cmd {
	const char *name;
	char *argv[10];
	uint64_t *us;
};

static uint64_t pvs_now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

/* One run with stdout and stderr to /dev/null; returns its wall time. */
static int pvs_run(char *const argv[], uint64_t *us)
{
	posix_spawn_file_actions_t fa;
	uint64_t t0;
	pid_t pid;
	int st;

	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	t0 = pvs_now_us();
	if (posix_spawn(&pid, argv[0], &fa, NULL, argv, environ) != 0)
		return -1;
	if (waitpid(pid, &st, 0) != pid)
		return -1;
	*us = pvs_now_us() - t0;
	posix_spawn_file_actions_destroy(&fa);
	return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
}

static int pvs_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static void pvs_ms(char buf[32], uint64_t us)
{
	snprintf(buf, 32, "%" PRIu64 ".%02" PRIu64, us / 1000, us % 1000 / 10);
}

int main(int argc, char **argv)
{
	struct pvs_cmd cmd[PVS_MAX_CMDS];
	unsigned int runs = 200, n = 0, i, r;
	const char *pvsched, *sysroot = NULL;
	uint64_t probe_median = 0;
	int a = 1;

	if (argc > 2 && strcmp(argv[1], "-n") == 0) {
		runs = (unsigned int)strtoul(argv[2], NULL, 10);
		a = 3;
	}
	if (a >= argc || runs == 0) {
		fprintf(stderr,
			"usage: probe_bench [-n RUNS] PVSCHED [SYSROOT]\n");
		return 2;
	}
	pvsched = argv[a];
	if (a + 1 < argc)
		sysroot = argv[a + 1];
	memset(cmd, 0, sizeof(cmd));
	cmd[n].name = "/bin/true";
	cmd[n++].argv[0] = "/bin/true";
	cmd[n].name = "cat /proc/stat";
	cmd[n].argv[0] = "/bin/cat";
	cmd[n++].argv[1] = "/proc/stat";
	cmd[n].name = "pvsched probe --window 0";
	cmd[n].argv[0] = (char *)pvsched;
	cmd[n].argv[1] = "probe";
	cmd[n].argv[2] = "--window";
	cmd[n++].argv[3] = "0";
	cmd[n].name = "pvsched probe --window 0 --json";
	cmd[n].argv[0] = (char *)pvsched;
	cmd[n].argv[1] = "probe";
	cmd[n].argv[2] = "--window";
	cmd[n].argv[3] = "0";
	cmd[n++].argv[4] = "--json";
	if (sysroot != NULL) {
		cmd[n].name = "pvsched probe --window 0 --sysroot FIXTURE";
		cmd[n].argv[0] = (char *)pvsched;
		cmd[n].argv[1] = "probe";
		cmd[n].argv[2] = "--window";
		cmd[n].argv[3] = "0";
		cmd[n].argv[4] = "--sysroot";
		cmd[n++].argv[5] = (char *)sysroot;
	}
	for (i = 0; i < n; i++) {
		cmd[i].us = calloc(runs, sizeof(uint64_t));
		if (cmd[i].us == NULL)
			return 1;
	}
	/* Warm the page cache and the dynamic loader. */
	for (i = 0; i < n; i++)
		if (pvs_run(cmd[i].argv, &cmd[i].us[0]) < 0) {
			fprintf(stderr, "probe_bench: '%s' failed\n",
				cmd[i].name);
			return 1;
		}
	for (r = 0; r < runs; r++)
		for (i = 0; i < n; i++)
			if (pvs_run(cmd[i].argv, &cmd[i].us[r]) < 0) {
				fprintf(stderr, "probe_bench: '%s' failed\n",
					cmd[i].name);
				return 1;
			}
	printf("%u runs each, wall time in ms (fork + exec + run + exit)\n",
	       runs);
	printf("%-44s %8s %8s %8s %8s\n", "command", "min", "median", "p90",
	       "max");
	for (i = 0; i < n; i++) {
		char b[4][32];

		qsort(cmd[i].us, runs, sizeof(uint64_t), pvs_cmp);
		pvs_ms(b[0], cmd[i].us[0]);
		pvs_ms(b[1], cmd[i].us[runs / 2]);
		pvs_ms(b[2], cmd[i].us[runs * 9 / 10]);
		pvs_ms(b[3], cmd[i].us[runs - 1]);
		printf("%-44s %8s %8s %8s %8s\n", cmd[i].name, b[0], b[1], b[2],
		       b[3]);
		if (i == 2)
			probe_median = cmd[i].us[runs / 2];
	}
	printf("target: median of 'pvsched probe --window 0' < 50 ms: %s\n",
	       probe_median < PVS_TARGET_US ? "met" : "NOT met");
	for (i = 0; i < n; i++)
		free(cmd[i].us);
	return probe_median < PVS_TARGET_US ? 0 : 1;
}
