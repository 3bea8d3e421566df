// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The scenario table and the `pvsched-sim` command line, shaped as a
 * sub-command (list | show NAME | run NAME [options]) so that it can be
 * folded into `pvsched sim ...`.
 */
#include <stdlib.h>
#include <string.h>

#include "sim_int.h"

static const struct pvs_sim_scenario *const table[] = {
#define PVS_SIM_SCENARIO(name) &pvs_sim_##name,
#include "scenarios.def"
#undef PVS_SIM_SCENARIO
};

#define NSCEN (sizeof(table) / sizeof(table[0]))

const struct pvs_sim_scenario *pvs_sim_scenario_at(unsigned int i)
{
	return i < NSCEN ? table[i] : NULL;
}

const struct pvs_sim_scenario *pvs_sim_find(const char *name)
{
	unsigned int i;

	for (i = 0; i < NSCEN; i++)
		if (!strcmp(table[i]->name, name))
			return table[i];
	return NULL;
}

static void usage(FILE *f, const char *prog)
{
	fprintf(f,
		"usage: %s list\n"
		"       %s show NAME\n"
		"       %s run NAME [--seed N] [--iterations K] "
		"[--runtime-ms MS] [--json] [--debug]\n",
		prog, prog, prog);
}

static int parse_u64(const char *s, uint64_t *v)
{
	char *end;
	unsigned long long x;

	if (!s || !*s || *s == '-')
		return -1;
	x = strtoull(s, &end, 0);
	if (*end)
		return -1;
	*v = x;
	return 0;
}

int pvs_sim_main(int argc, char **argv, FILE *out, FILE *err)
{
	const struct pvs_sim_scenario *sc;
	struct pvs_sim_opts o;
	struct pvs_sim_totals tot;
	const char *prog = argc > 0 ? argv[0] : "pvsched-sim";
	uint64_t v;
	unsigned int i;
	int a;

	if (argc < 2) {
		usage(err, prog);
		return 2;
	}
	if (!strcmp(argv[1], "list")) {
		for (i = 0; i < NSCEN; i++)
			fprintf(out, "%-10s %s\n", table[i]->name,
				table[i]->summary);
		return 0;
	}
	if (!strcmp(argv[1], "help") || !strcmp(argv[1], "--help")) {
		usage(out, prog);
		return 0;
	}
	if (argc < 3 || (strcmp(argv[1], "show") && strcmp(argv[1], "run"))) {
		usage(err, prog);
		return 2;
	}
	sc = pvs_sim_find(argv[2]);
	if (!sc) {
		fprintf(err, "%s: unknown scenario '%s' (try: %s list)\n",
			prog, argv[2], prog);
		return 2;
	}
	if (!strcmp(argv[1], "show")) {
		sc->show(out);
		return 0;
	}
	memset(&o, 0, sizeof(o));
	o.seed = 1;
	for (a = 3; a < argc; a++) {
		if (!strcmp(argv[a], "--json")) {
			o.json = true;
		} else if (!strcmp(argv[a], "--debug")) {
			o.debug = true;
		} else if (!strcmp(argv[a], "--seed") &&
			   !parse_u64(a + 1 < argc ? argv[a + 1] : NULL, &v)) {
			o.seed = v;
			a++;
		} else if (!strcmp(argv[a], "--iterations") &&
			   !parse_u64(a + 1 < argc ? argv[a + 1] : NULL, &v) &&
			   v >= 1 && v <= 1000) {
			o.iterations = (uint32_t)v;
			a++;
		} else if (!strcmp(argv[a], "--runtime-ms") &&
			   !parse_u64(a + 1 < argc ? argv[a + 1] : NULL, &v) &&
			   v >= 1 && v <= 3600000) {
			o.runtime_ns = v * 1000000;
			a++;
		} else {
			fprintf(err, "%s: bad option '%s'\n", prog, argv[a]);
			usage(err, prog);
			return 2;
		}
	}
	memset(&tot, 0, sizeof(tot));
	if (sc->run(&o, out, &tot)) {
		fprintf(err, "%s: %s failed\n", prog, sc->name);
		return 1;
	}
	if (tot.failures) {
		fprintf(err, "%s: %llu invariant violations\n", prog,
			(unsigned long long)tot.failures);
		return 1;
	}
	return 0;
}
