// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The `pvsched-sim` command line, shaped as a sub-command (list | show
 * NAME | run NAME [options] | compare NAME [options] | sweep NAME ...) so
 * that it can be folded into `pvsched sim ...`; the scenarios come from
 * scenarios.c.
 */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/params.h"
#include "report/cli.h"
#include "report/report.h"
#include "report/sweep.h"
#include "engine/sim_int.h"

/* The longest scenario name, for the `list` column. */
static int name_width(void)
{
	const struct pvsim_scenario *sc;
	size_t w = 0;
	unsigned int i;

	for (i = 0; (sc = pvsim_scenario_at(i)); i++)
		if (strlen(sc->name) > w)
			w = strlen(sc->name);
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
		"       %s sweep NAME --vary KEY=FROM:TO:STEPS | --robustness "
		"[run options]\n"
		"run options: [--seed N] [--iterations K] [--runtime-ms MS] "
		"[--json] [--debug]\n"
		"             [--schbench] [--plot FILE.svg]\n"
		"             [--set KEY=VALUE]... [--params FILE] (the "
		"parameters `show`\n"
		"             lists, integers in their unit; a file of KEY = "
		"VALUE lines)\n"
		"             [--plugin FILE.so] (a policy of your own beside "
		"the built-in ones:\n"
		"             struct pvsim_plugin, <pvsched/sim.h>)\n"
		"             [--inject-violation EVENT] (self-test of the "
		"invariant reports;\n"
		"             splpar-asym-pack: a violation at that event of "
		"each run)\n"
		"compare: each policy against the baseline (--base, default "
		"the first\nrecorded policy), per case and metric\n"
		"(ministat: pooled variance, Student's t; needs 3 or more "
		"iterations);\n"
		"--json prints the comparison as JSON; --case takes a name or "
		"a number.\n",
		prog, prog, prog, prog, prog);
}

/* Options of run and compare. */
struct cli_opts {
	struct pvsim_opts o;
	struct pvsim_compare_opts c;
	const char *plot;
	const char *plugin;
	const char *vary;	/* sweep: key=from:to:steps */
	bool robustness;	/* sweep: each parameter +-50 % */
	uint64_t param[PVSIM_MAX_PARAMS];
};

/* A numeric option: its name, range and unit (for the error message). */
struct num_opt {
	const char *name;
	uint64_t lo, hi;
	const char *unit;	/* "" or " ms" */
};

static const struct num_opt opt_seed = { "--seed", 0, UINT64_MAX, "" };
static const struct num_opt opt_iters = { "--iterations", 1, 1000, "" };
static const struct num_opt opt_runtime = { "--runtime-ms", 1, 3600000,
					    " ms" };
static const struct num_opt opt_inject = { "--inject-violation", 1,
					   UINT64_MAX, ", an event number" };

/* Parse a numeric option's value or say what is wrong with it. */
static int num_value(const char *prog, const struct num_opt *n,
		     const char *val, uint64_t *v, FILE *err)
{
	if (pvsim_parse_u64(val, v) || *v < n->lo || *v > n->hi) {
		fprintf(err, "%s: bad %s '%s' (%llu..%llu%s)\n", prog, n->name,
			val, (unsigned long long)n->lo,
			(unsigned long long)n->hi, n->unit);
		return -1;
	}
	return 0;
}

/* Options that take a value (the rest are flags). */
static bool takes_value(const char *opt, bool compare)
{
	static const char *const run_v[] = {
		"--seed", "--iterations", "--runtime-ms", "--plot",
		"--inject-violation", "--plugin", "--set", "--params"
	};
	static const char *const cmp_v[] = {
		"--metric", "--base", "--case", "--confidence"
	};
	unsigned int i;

	for (i = 0; i < sizeof(run_v) / sizeof(run_v[0]); i++)
		if (!strcmp(opt, run_v[i]))
			return true;
	for (i = 0; compare && i < sizeof(cmp_v) / sizeof(cmp_v[0]); i++)
		if (!strcmp(opt, cmp_v[i]))
			return true;
	return false;
}

/* 0, or 2 after a message naming the option, its value and what is valid. */
static int parse_opts(const char *prog, const struct pvsim_scenario *sc,
		      int argc, char **argv, bool compare, bool sweep,
		      struct cli_opts *co, FILE *err)
{
	const char *opt, *val;
	uint64_t v;
	int a, conf;

	memset(co, 0, sizeof(*co));
	co->o.seed = 1;
	co->c.conf = (unsigned int)pvsim_conf_index("95");
	pvsim_params_defaults(sc, co->param);
	co->o.param = sc->nparams ? co->param : NULL;
	for (a = 3; a < argc; a++) {
		opt = argv[a];
		val = NULL;
		if (sweep && !strcmp(opt, "--robustness")) {
			co->robustness = true;
			continue;
		}
		if (takes_value(opt, compare) ||
		    (sweep && !strcmp(opt, "--vary"))) {
			if (a + 1 >= argc) {
				fprintf(err, "%s: %s needs a value\n", prog,
					opt);
				return 2;
			}
			val = argv[++a];
		}
		if (!strcmp(opt, "--json")) {
			co->o.json = true;
		} else if (!strcmp(opt, "--debug")) {
			co->o.debug = true;
		} else if (!strcmp(opt, "--schbench")) {
			co->o.schbench = true;
		} else if (!strcmp(opt, "--plot")) {
			if (!*val) {
				fprintf(err, "%s: bad --plot '' (a file "
					"name)\n", prog);
				return 2;
			}
			co->plot = val;
		} else if (!strcmp(opt, "--plugin")) {
			co->plugin = val;
		} else if (!strcmp(opt, "--set")) {
			if (pvsim_param_set(sc, co->param, val, prog, err))
				return 2;
		} else if (!strcmp(opt, "--params")) {
			if (pvsim_params_file(sc, co->param, val, prog, err))
				return 2;
		} else if (!strcmp(opt, "--vary")) {
			co->vary = val;
		} else if (!strcmp(opt, "--seed")) {
			if (num_value(prog, &opt_seed, val, &co->o.seed, err))
				return 2;
		} else if (!strcmp(opt, "--inject-violation")) {
			if (num_value(prog, &opt_inject, val,
				      &co->o.inject_event, err))
				return 2;
		} else if (!strcmp(opt, "--iterations")) {
			if (num_value(prog, &opt_iters, val, &v, err))
				return 2;
			co->o.iterations = (uint32_t)v;
		} else if (!strcmp(opt, "--runtime-ms")) {
			if (num_value(prog, &opt_runtime, val, &v, err))
				return 2;
			co->o.runtime_ns = v * 1000000;
		} else if (compare && !strcmp(opt, "--metric")) {
			co->c.metric = val;
		} else if (compare && !strcmp(opt, "--base")) {
			co->c.base = val;
		} else if (compare && !strcmp(opt, "--case")) {
			co->c.case_name = val;
		} else if (compare && !strcmp(opt, "--confidence")) {
			conf = pvsim_conf_index(val);
			if (conf < 0) {
				fprintf(err, "%s: bad --confidence '%s' "
					"(80|90|95|98|99|99.5)\n", prog, val);
				return 2;
			}
			co->c.conf = (unsigned int)conf;
		} else {
			fprintf(err, "%s: unknown option '%s'\n", prog, opt);
			return 2;
		}
	}
	return 0;
}

/*
 * Diagnostics of the reports (compare, plot) carry the command's prefix
 * like every other message: they are written to a buffer, then each line
 * is copied out behind "prog: ".
 */
static void copy_prefixed(FILE *err, const char *prog, char *buf, size_t n)
{
	char *line = buf, *nl;

	while (line < buf + n && *line) {
		nl = strchr(line, '\n');
		if (nl)
			*nl = 0;
		if (*line != ' ')
			fprintf(err, "%s: %s\n", prog, line);
		else
			fprintf(err, "%s\n", line);	/* a list goes on */
		if (!nl)
			break;
		line = nl + 1;
	}
}

/* Write the sink's picture to f (opened before the run); no file is left
 * on failure. */
static int write_plot(const char *prog, const struct pvsim_scenario *sc,
		      const struct pvsim_sink *k, FILE *f, const char *path,
		      FILE *err)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *e = open_memstream(&buf, &n);
	int ret;

	ret = pvsim_plot_svg(sc, k, f, e ? e : err);
	if (e) {
		fclose(e);
		copy_prefixed(err, prog, buf, n);
		free(buf);
	}
	if (fclose(f) || ret) {
		remove(path);
		return -1;
	}
	return 0;
}

/* compare, its diagnostics behind the prefix. */
static int compare_prefixed(const char *prog, const struct pvsim_scenario *sc,
			    const struct pvsim_sink *k,
			    const struct pvsim_compare_opts *c, FILE *out,
			    FILE *err)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *e = open_memstream(&buf, &n);
	int ret;

	ret = pvsim_compare(sc->name, k, c, out, e ? e : err);
	if (e) {
		fclose(e);
		copy_prefixed(err, prog, buf, n);
		free(buf);
	}
	return ret;
}

/* Does the comma-separated list have this name? */
static bool in_list(const char *list, const char *name)
{
	size_t n = strlen(name);
	const char *p = list;

	while (p && *p) {
		if (!strncmp(p, name, n) && (p[n] == ',' || !p[n]))
			return true;
		p = strchr(p, ',');
		p = p ? p + 1 : NULL;
	}
	return false;
}

/* A plug-in fits a scenario when the scenario consults all its hooks. */
static int plugin_fits(const char *prog, const struct pvsim_scenario *sc,
		       const struct pvsim_plugin *pl, FILE *err)
{
	bool set[PVSIM_NHOOKS];
	unsigned int i;
	int bad = 0;

	if (!sc->hooks) {
		fprintf(err, "%s: scenario %s consults no decision hook yet; "
			"with hooks:", prog, sc->name);
		for (i = 0; pvsim_scenario_at(i); i++)
			if (pvsim_scenario_at(i)->hooks)
				fprintf(err, " %s (%s)",
					pvsim_scenario_at(i)->name,
					pvsim_scenario_at(i)->hooks);
		fprintf(err, "\n");
		return -1;
	}
	pvsim_hooks_set(&pl->hooks, set);
	for (i = 0; i < PVSIM_NHOOKS; i++)
		if (set[i] && !in_list(sc->hooks, pvsim_hook_names[i])) {
			fprintf(err, "%s: plug-in %s sets %s, which %s does "
				"not consult (it consults: %s)\n", prog,
				pl->hooks.name, pvsim_hook_names[i], sc->name,
				sc->hooks);
			bad = -1;
		}
	return bad;
}

int pvsim_cmd(const struct pvsim_scenario *sc, int argc, char **argv,
		FILE *out, FILE *err)
{
	const struct pvsim_plugin *pl = NULL;
	void *pl_handle = NULL;
	struct pvsim_sink sink;
	struct pvsim_totals tot;
	struct cli_opts co;
	const char *prog = PVSIM_PROG;
	FILE *run_out = out;
	bool compare = argc > 1 && !strcmp(argv[1], "compare");
	bool sweep = argc > 1 && !strcmp(argv[1], "sweep");
	FILE *plot_f = NULL;
	int ret = 0;

	if (argc < 3 || (!compare && !sweep && strcmp(argv[1], "run"))) {
		usage(err, prog);
		return 2;
	}
	if (parse_opts(prog, sc, argc, argv, compare, sweep, &co, err)) {
		fprintf(err, "%s: see '%s help' for the options\n", prog, prog);
		return 2;
	}
	if (sc->params_invalid && sc->params_invalid(&co.o)) {
		fprintf(err, "%s: parameters do not fit together: %s\n", prog,
			sc->params_invalid(&co.o));
		return 2;
	}
	if (sweep && !co.vary == !co.robustness) {
		fprintf(err, "%s: sweep takes --vary key=from:to:steps or "
			"--robustness\n", prog);
		return 2;
	}
	if (co.plot && !sweep && sc->plot_kind == PVSIM_PLOT_NONE) {
		fprintf(err, "%s: scenario %s has no plot\n", prog, sc->name);
		return 2;
	}
	if (co.plugin) {
		if (pvsim_plugin_load(co.plugin, &pl, &pl_handle, err))
			return 2;
		if (plugin_fits(prog, sc, pl, err)) {
			pvsim_plugin_unload(pl_handle);
			return 2;
		}
		co.o.plugin = &pl->hooks;
	}

	/* a picture that cannot be written fails before the run */
	if (co.plot && !(plot_f = fopen(co.plot, "w"))) {
		fprintf(err, "%s: cannot write --plot '%s': %s\n", prog,
			co.plot, strerror(errno));
		pvsim_plugin_unload(pl_handle);
		return 2;
	}
	if (sweep) {
		ret = pvsim_sweep(prog, sc, &co.o, co.vary, plot_f, out, err);
		if (plot_f && (fclose(plot_f) || ret)) {
			remove(co.plot);
			ret = ret ? ret : 1;
		}
		pvsim_plugin_unload(pl_handle);
		return ret;
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
			pvsim_plugin_unload(pl_handle);
			if (plot_f) {
				fclose(plot_f);
				remove(co.plot);
			}
			return 1;
		}
	}
	memset(&tot, 0, sizeof(tot));
	if (sc->run(&co.o, run_out, &tot)) {
		fprintf(err, "%s: %s failed\n", prog, sc->name);
		pvsim_totals_print_failure(err, prog, &tot);
		ret = 1;
	} else if (tot.failures) {
		pvsim_totals_print_failure(err, prog, &tot);
		ret = 1;
	} else if (sink.lost) {
		fprintf(err, "%s: out of memory: records lost\n", prog);
		ret = 1;
	}
	if (compare)
		fclose(run_out);
	if (!ret && compare) {
		ret = compare_prefixed(prog, sc, &sink, &co.c, out, err);
		if (ret < 0)
			ret = 1;
	}
	if (plot_f) {
		if (ret) {
			fclose(plot_f);
			remove(co.plot);
		} else if (write_plot(prog, sc, &sink, plot_f, co.plot, err)) {
			ret = 1;
		}
	}
	pvsim_sink_free(&sink);
	pvsim_plugin_unload(pl_handle);
	return ret;
}

int pvsim_main(int argc, char **argv, FILE *out, FILE *err)
{
	const struct pvsim_scenario *sc;
	const char *prog = PVSIM_PROG;
	unsigned int i;

	if (argc < 2) {
		usage(err, prog);
		return 2;
	}
	if (!strcmp(argv[1], "list")) {
		for (i = 0; (sc = pvsim_scenario_at(i)); i++)
			fprintf(out, "%-*s %s\n", name_width(), sc->name,
				sc->summary);
		return 0;
	}
	if (!strcmp(argv[1], "help") || !strcmp(argv[1], "--help")) {
		usage(out, prog);
		return 0;
	}
	if (argc < 3 || (strcmp(argv[1], "show") && strcmp(argv[1], "run") &&
			 strcmp(argv[1], "compare") &&
			 strcmp(argv[1], "sweep"))) {
		usage(err, prog);
		return 2;
	}
	sc = pvsim_find(argv[2]);
	if (!sc) {
		fprintf(err, "%s: unknown scenario '%s'; scenarios:", prog,
			argv[2]);
		for (i = 0; pvsim_scenario_at(i); i++)
			fprintf(err, " %s", pvsim_scenario_at(i)->name);
		fprintf(err, "\n");
		return 2;
	}
	if (!strcmp(argv[1], "show")) {
		struct pvsim_opts o;
		uint64_t param[PVSIM_MAX_PARAMS];

		/* the numbers of the model text are the table's defaults */
		memset(&o, 0, sizeof(o));
		pvsim_params_defaults(sc, param);
		o.param = sc->nparams ? param : NULL;
		show_sources(sc, out);
		sc->show(&o, out);
		pvsim_params_show(sc, out);
		return 0;
	}
	return pvsim_cmd(sc, argc, argv, out, err);
}
