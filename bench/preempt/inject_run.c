// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Preemption on demand as a process of its own (inject.c), for programs
 * that cannot host the injector (bench/programs/run.sh INJECT=10): takes
 * P % of every CPU in random slices until SIGTERM or SIGINT, then prints
 * the share it took per CPU. The programs see it as preemption only (no
 * steal in /proc/stat); as root the threads are SCHED_FIFO.
 *
 * Usage: pvs_inject_run [-p percent] [-s slice_min_us] [-S slice_max_us]
 *                       [-r seed]
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "inject.h"

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

int main(int argc, char **argv)
{
	struct inject_cfg cfg = { 0, 0.10, 1000, 3000, 1 };
	struct inject *in;
	unsigned int cpu;
	double elapsed;
	int opt;

	while ((opt = getopt(argc, argv, "p:s:S:r:")) != -1) {
		switch (opt) {
		case 'p':
			cfg.duty = atof(optarg) / 100.0;
			break;
		case 's':
			cfg.slice_min_us = (uint32_t)atoi(optarg);
			break;
		case 'S':
			cfg.slice_max_us = (uint32_t)atoi(optarg);
			break;
		case 'r':
			cfg.seed = (unsigned int)atoi(optarg);
			break;
		default:
			fprintf(stderr, "usage: %s [-p pct] [-s min_us] "
				"[-S max_us] [-r seed]\n", argv[0]);
			return 2;
		}
	}
	signal(SIGTERM, on_signal);
	signal(SIGINT, on_signal);
	in = inject_start(&cfg);
	if (in == NULL) {
		fprintf(stderr, "pvs_inject_run: bad configuration\n");
		return 2;
	}
	fprintf(stderr, "pvs_inject_run: %.0f %% of %u CPUs, %s\n",
		cfg.duty * 100.0, inject_nr_cpus(in),
		inject_is_fifo(in) ? "SCHED_FIFO" : "SCHED_OTHER (not root)");
	while (!stop)
		pause();
	elapsed = (double)inject_elapsed_ns(in);
	for (cpu = 0; cpu < inject_nr_cpus(in); cpu++)
		fprintf(stderr, "pvs_inject_run: cpu %u took %.1f %%\n", cpu,
			elapsed > 0 ? 100.0 *
					      (double)inject_taken_ns(in, cpu) /
					      elapsed :
				      0.0);
	inject_stop(in);
	return 0;
}
