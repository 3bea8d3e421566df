// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The scenario table and the `pvsched-sim` command line, shaped as a
 * sub-command (list | show NAME | run NAME [options] | compare NAME
 * [options]) so that it can be folded into `pvsched sim ...`.
 */
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "sim_int.h"

static const struct pvsim_scenario *const table[] = {
#define PVSIM_SCENARIO(name) &pvsim_##name,
#include "scenarios.def"
#undef PVSIM_SCENARIO
};

#define NSCEN (sizeof(table) / sizeof(table[0]))

const struct pvsim_scenario *pvsim_scenario_at(unsigned int i)
{
	return i < NSCEN ? table[i] : NULL;
}

const struct pvsim_scenario *pvsim_find(const char *name)
{
	unsigned int i;

	for (i = 0; i < NSCEN; i++)
		if (!strcmp(table[i]->name, name))
			return table[i];
	return NULL;
}

/* The longest scenario name, for the `list` column. */
static int name_width(void)
{
	size_t w = 0;
	unsigned int i;

	for (i = 0; i < NSCEN; i++)
		if (strlen(table[i]->name) > w)
			w = strlen(table[i]->name);
	return (int)w;
}

/* The upstream change and the published experiment a scenario follows. */
static void show_sources(const struct pvsim_scenario *sc, FILE *f)
{
	fprintf(f, "%s\n%s\n\n", sc->name, sc->summary);
	fprintf(f, "Upstream change: %s\n", sc->upstream);
	fprintf(f, "Published experiment: %s\n\n", sc->experiment);
}

static void usage(FILE *f, const char *prog)
{
	fprintf(f,
		"usage: %s list\n"
		"       %s show NAME\n"
		"       %s run NAME [run options]\n"
		"       %s compare NAME [--metric M] [--case C] [--base POLICY]\n"
		"                  [--confidence 80|90|95|98|99|99.5] "
		"[run options]\n"
		"run options: [--seed N] [--iterations K] [--runtime-ms MS] "
		"[--json] [--debug]\n"
		"             [--schbench] [--plot FILE.svg]\n"
		"compare: each policy against the baseline (--base, default "
		"the first\nrecorded policy), per case and metric\n"
		"(ministat: pooled variance, Student's t; needs 3 or more "
		"iterations);\n"
		"--json prints the comparison as JSON; --case takes a name or "
		"a number.\n",
		prog, prog, prog, prog);
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

/* Options of run and compare. */
struct cli_opts {
	struct pvsim_opts o;
	struct pvsim_compare_opts c;
	const char *plot;
};

static int parse_opts(int argc, char **argv, bool compare,
		      struct cli_opts *co)
{
	const char *next;
	uint64_t v;
	int a, conf;

	memset(co, 0, sizeof(*co));
	co->o.seed = 1;
	co->c.conf = (unsigned int)pvsim_conf_index("95");
	for (a = 3; a < argc; a++) {
		next = a + 1 < argc ? argv[a + 1] : NULL;
		if (!strcmp(argv[a], "--json")) {
			co->o.json = true;
		} else if (!strcmp(argv[a], "--debug")) {
			co->o.debug = true;
		} else if (!strcmp(argv[a], "--schbench")) {
			co->o.schbench = true;
		} else if (!strcmp(argv[a], "--plot") && next && *next) {
			co->plot = next;
			a++;
		} else if (!strcmp(argv[a], "--seed") && !parse_u64(next, &v)) {
			co->o.seed = v;
			a++;
		} else if (!strcmp(argv[a], "--iterations") &&
			   !parse_u64(next, &v) && v >= 1 && v <= 1000) {
			co->o.iterations = (uint32_t)v;
			a++;
		} else if (!strcmp(argv[a], "--runtime-ms") &&
			   !parse_u64(next, &v) && v >= 1 && v <= 3600000) {
			co->o.runtime_ns = v * 1000000;
			a++;
		} else if (compare && !strcmp(argv[a], "--metric") && next) {
			co->c.metric = next;
			a++;
		} else if (compare && !strcmp(argv[a], "--base") && next) {
			co->c.base = next;
			a++;
		} else if (compare && !strcmp(argv[a], "--case") && next) {
			co->c.case_name = next;
			a++;
		} else if (compare && !strcmp(argv[a], "--confidence") &&
			   (conf = pvsim_conf_index(next)) >= 0) {
			co->c.conf = (unsigned int)conf;
			a++;
		} else {
			return a;
		}
	}
	return 0;
}

/* Write the sink's picture to path; no file is left on failure. */
static int write_plot(const char *prog, const struct pvsim_scenario *sc,
		      const struct pvsim_sink *k, const char *path,
		      FILE *err)
{
	FILE *f = fopen(path, "w");
	int ret;

	if (!f) {
		fprintf(err, "%s: cannot write %s\n", prog, path);
		return -1;
	}
	ret = pvsim_plot_svg(sc, k, f, err);
	if (fclose(f) || ret) {
		remove(path);
		return -1;
	}
	return 0;
}

int pvsim_cmd(const struct pvsim_scenario *sc, int argc, char **argv,
		FILE *out, FILE *err)
{
	struct pvsim_sink sink;
	struct pvsim_totals tot;
	struct cli_opts co;
	const char *prog = argc > 0 ? argv[0] : "pvsched-sim";
	FILE *run_out = out;
	bool compare = argc > 1 && !strcmp(argv[1], "compare");
	int a, ret = 0;

	if (argc < 3 || (!compare && strcmp(argv[1], "run"))) {
		usage(err, prog);
		return 2;
	}
	a = parse_opts(argc, argv, compare, &co);
	if (a) {
		fprintf(err, "%s: bad option '%s'\n", prog, argv[a]);
		usage(err, prog);
		return 2;
	}
	if (co.plot && sc->plot_kind == PVSIM_PLOT_NONE) {
		fprintf(err, "%s: scenario %s has no plot\n", prog, sc->name);
		return 2;
	}
	memset(&sink, 0, sizeof(sink));
	if (co.plot || compare)
		co.o.sink = &sink;
	if (compare) {
		/* the scenario's own tables are not wanted: only records */
		co.c.json = co.o.json;
		co.o.json = false;
		run_out = fopen("/dev/null", "w");
		if (!run_out) {
			fprintf(err, "%s: cannot open /dev/null\n", prog);
			return 1;
		}
	}
	memset(&tot, 0, sizeof(tot));
	if (sc->run(&co.o, run_out, &tot)) {
		fprintf(err, "%s: %s failed\n", prog, sc->name);
		ret = 1;
	} else if (tot.failures) {
		fprintf(err, "%s: %llu invariant violations\n", prog,
			(unsigned long long)tot.failures);
		ret = 1;
	} else if (sink.lost) {
		fprintf(err, "%s: out of memory: records lost\n", prog);
		ret = 1;
	}
	if (compare)
		fclose(run_out);
	if (!ret && compare) {
		ret = pvsim_compare(sc->name, &sink, &co.c, out, err);
		if (ret < 0)
			ret = 1;
	}
	if (!ret && co.plot && write_plot(prog, sc, &sink, co.plot, err))
		ret = 1;
	pvsim_sink_free(&sink);
	return ret;
}

int pvsim_main(int argc, char **argv, FILE *out, FILE *err)
{
	const struct pvsim_scenario *sc;
	const char *prog = argc > 0 ? argv[0] : "pvsched-sim";
	unsigned int i;

	if (argc < 2) {
		usage(err, prog);
		return 2;
	}
	if (!strcmp(argv[1], "list")) {
		for (i = 0; i < NSCEN; i++)
			fprintf(out, "%-*s %s\n", name_width(), table[i]->name,
				table[i]->summary);
		return 0;
	}
	if (!strcmp(argv[1], "help") || !strcmp(argv[1], "--help")) {
		usage(out, prog);
		return 0;
	}
	if (argc < 3 || (strcmp(argv[1], "show") && strcmp(argv[1], "run") &&
			 strcmp(argv[1], "compare"))) {
		usage(err, prog);
		return 2;
	}
	sc = pvsim_find(argv[2]);
	if (!sc) {
		fprintf(err, "%s: unknown scenario '%s'; scenarios:", prog,
			argv[2]);
		for (i = 0; i < NSCEN; i++)
			fprintf(err, " %s", table[i]->name);
		fprintf(err, "\n");
		return 2;
	}
	if (!strcmp(argv[1], "show")) {
		show_sources(sc, out);
		sc->show(out);
		return 0;
	}
	return pvsim_cmd(sc, argc, argv, out, err);
}
