// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * pvs_simbench: the simulator's speed. First the bare engine (schedule and
 * pop with a steady queue of 256 events), then every scenario with its
 * default options: wall time and events per second of wall time.
 * Usage: pvs_simbench [scenario...]  (default: all)
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <pvsched/sim.h>

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void bench_engine(void)
{
	struct pvsim s;
	struct pvsim_event ev;
	const uint32_t n = 20000000;
	uint64_t t0, dt, sum = 0;
	uint32_t i;

	if (pvsim_init(&s, 1024, 1))
		return;
	for (i = 0; i < 256; i++)
		pvsim_at(&s, pvsim_rand_range(&s, 0, 100000), 0, i, 0);
	t0 = now_ns();
	for (i = 0; i < n; i++) {
		pvsim_next(&s, &ev);
		sum += ev.obj;
		pvsim_at(&s, s.now_ns + pvsim_rand_range(&s, 1, 100000), 0,
			   ev.obj, 0);
	}
	dt = now_ns() - t0;
	printf("%-20s %10u events %8llu ms %12llu events/s (checksum %llu)\n",
	       "engine", n, (unsigned long long)(dt / 1000000),
	       (unsigned long long)((uint64_t)n * 1000000000ull / dt),
	       (unsigned long long)(sum % 1000));
	pvsim_destroy(&s);
}

static int bench_scenario(const struct pvsim_scenario *sc)
{
	struct pvsim_opts o;
	struct pvsim_totals tot;
	FILE *null = fopen("/dev/null", "w");
	uint64_t t0, dt;
	int ret;

	if (!null)
		return -1;
	memset(&o, 0, sizeof(o));
	memset(&tot, 0, sizeof(tot));
	o.seed = 1;
	t0 = now_ns();
	ret = sc->run(&o, null, &tot);
	dt = now_ns() - t0;
	fclose(null);
	if (ret)
		return -1;
	printf("%-20s %10llu events %8llu ms %12llu events/s (%u runs)\n",
	       sc->name, (unsigned long long)tot.events,
	       (unsigned long long)(dt / 1000000),
	       (unsigned long long)(dt ? tot.events * 1000000000ull / dt : 0),
	       tot.runs);
	return 0;
}

int main(int argc, char **argv)
{
	const struct pvsim_scenario *sc;
	unsigned int i;
	int a, ret = 0;

	bench_engine();
	if (argc > 1) {
		for (a = 1; a < argc; a++) {
			sc = pvsim_find(argv[a]);
			if (!sc || bench_scenario(sc)) {
				fprintf(stderr, "%s: failed\n", argv[a]);
				ret = 1;
			}
		}
		return ret;
	}
	for (i = 0; (sc = pvsim_scenario_at(i)); i++)
		if (bench_scenario(sc))
			ret = 1;
	return ret;
}
