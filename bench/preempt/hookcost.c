// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * What the owner-on-CPU oracle's sched_switch hook costs: a pipe
 * ping-pong between two processes pinned to one CPU (every message is a
 * context switch), with and without the program attached. Each
 * repetition alternates B blocks of each (attach, run, detach; the order
 * of the pair shuffled per block), so the weather of a shared machine
 * hits both alike at a fine grain. Prints each repetition's mean round
 * trip and the median ratio attached / detached with its 95 % interval
 * (goal: <= 1.05). Needs root (it attaches the program).
 *
 * On a shared machine that ratio drowns in noise, so the program's own
 * cost is measured too: after the repetitions, in blocks of their own
 * with the kernel's BPF run-time statistics on (which add two clock reads
 * to every run: never on during the timed repetitions), ns per
 * sched_switch invocation, set against the detached round trip (two
 * switches per round trip) as a second estimate of the overhead.
 *
 * Usage: pvs_hookcost [-r reps] [-b blocks] [-n round_trips_per_block]
 *                     [-c cpu]
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdint.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <pvsched/oracle.h>

#include "ministat.h"

#define MAX_REPS 64

static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	sched_setaffinity(0, sizeof(set), &set);
}

/* Mean round trip of @n ping-pongs with a child on the same CPU, ns. */
static double pingpong_ns(unsigned int n, int cpu)
{
	int ab[2], ba[2];
	unsigned int i;
	uint64_t t0, el;
	pid_t pid;
	char c = 0;

	if (pipe(ab) != 0 || pipe(ba) != 0)
		return 0;
	pid = fork();
	if (pid == 0) {
		close(ab[1]);	/* else read() never sees the end */
		close(ba[0]);
		pin(cpu);
		while (read(ab[0], &c, 1) == 1)
			if (write(ba[1], &c, 1) != 1)
				break;
		_exit(0);
	}
	pin(cpu);
	/* One warm-up exchange: the child is pinned and running. */
	if (write(ab[1], &c, 1) != 1 || read(ba[0], &c, 1) != 1)
		return 0;
	t0 = mono_ns();
	for (i = 0; i < n; i++)
		if (write(ab[1], &c, 1) != 1 || read(ba[0], &c, 1) != 1)
			break;
	el = mono_ns() - t0;
	close(ab[1]);
	close(ba[0]);
	close(ab[0]);
	close(ba[1]);
	waitpid(pid, NULL, 0);
	return (double)el / (double)n;
}

int main(int argc, char **argv)
{
	struct pvrt_oracle_opts opts = { 0 };
	double off[MAX_REPS], on[MAX_REPS];
	unsigned int reps = 9, n = 20000, blocks = 8, r, b;
	struct pvstat_ratio ratio;
	enum pvrt_oracle_why why;
	uint64_t runs = 0, run_ns = 0;
	double off_min = 0;
	int opt, cpu = 0, k, stats_fd;

	while ((opt = getopt(argc, argv, "r:b:n:c:")) != -1) {
		switch (opt) {
		case 'r': reps = (unsigned int)atoi(optarg); break;
		case 'b': blocks = (unsigned int)atoi(optarg); break;
		case 'n': n = (unsigned int)atoi(optarg); break;
		case 'c': cpu = atoi(optarg); break;
		default:
			fprintf(stderr, "usage: %s [-r reps] [-b blocks] "
				"[-n round_trips] [-c cpu]\n", argv[0]);
			return 2;
		}
	}
	if (reps < 3 || reps > MAX_REPS || n == 0 || blocks == 0)
		return 2;
	opts.no_pinned = true;
	srand((unsigned int)time(NULL));
	printf("# pipe ping-pong, 2 processes on CPU %d, %u reps of %u blocks "
	       "x %u round trips each way, pair order shuffled per block\n",
	       cpu, reps, blocks, n);
	printf("%4s %12s %12s %8s\n", "rep", "off_ns", "on_ns", "on/off");
	for (r = 0; r < reps; r++) {
		on[r] = off[r] = 0;
		for (b = 0; b < blocks; b++) {
			int first_on = rand() & 1;

			for (k = 0; k < 2; k++) {
				int attach = k == 0 ? first_on : !first_on;
				struct pvrt_oracle *o = NULL;

				if (attach &&
				    pvrt_oracle_open(&o, &opts, &why) < 0) {
					fprintf(stderr, "oracle: %s\n",
						pvrt_oracle_why_name(why));
					return 1;
				}
				(attach ? on : off)[r] +=
					pingpong_ns(n, cpu) / blocks;
				pvrt_oracle_close(o);
			}
		}
		printf("%4u %12.0f %12.0f %8.3f\n", r, off[r], on[r],
		       on[r] / off[r]);
		if (off_min == 0 || off[r] < off_min)
			off_min = off[r];
	}
	/* The program's own time: statistics on, blocks of their own. */
	stats_fd = pvrt_oracle_stats_enable();
	for (b = 0; stats_fd >= 0 && b < blocks; b++) {
		struct pvrt_oracle *o = NULL;
		uint64_t a = 0, b2 = 0;

		if (pvrt_oracle_open(&o, &opts, &why) < 0)
			break;
		pingpong_ns(n, cpu);
		pvrt_oracle_prog_stats(o, &a, &b2);
		runs += a;
		run_ns += b2;
		pvrt_oracle_close(o);
	}
	if (stats_fd >= 0 && runs > 0)
		printf("program: %llu runs, %.0f ns per sched_switch; 2 per "
		       "round trip = %.2f %% of the fastest detached round "
		       "trip (%.0f ns)\n", (unsigned long long)runs,
		       (double)run_ns / (double)runs,
		       200.0 * (double)run_ns / (double)runs / off_min,
		       off_min);
	else
		printf("program: run-time statistics not available\n");
	if (stats_fd >= 0)
		close(stats_fd);
	pvstat_ratio_of(on, off, reps, 2, &ratio);
	printf("hook cost: on/off median %.3f, 95%% interval [%.3f, %.3f]: "
	       "%s; goal <= 1.05 %s\n", ratio.median, ratio.lo, ratio.hi,
	       pvstat_ratio_vs(&ratio, 1.0) == 0 ? "no difference proven" :
	       pvstat_ratio_vs(&ratio, 1.0) > 0 ? "slower with the hook" :
						   "faster with the hook",
	       ratio.hi <= 1.05 ? "met (interval below 1.05)" :
	       ratio.median <= 1.05 ? "met by the median, not the interval" :
				      "NOT met");
	return 0;
}
