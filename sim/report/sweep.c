// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * `pvsched sim sweep`: a scenario run again and again with one parameter
 * changed. --vary key=from:to:steps prints every recorded metric (mean
 * over iterations, per case and policy) across the range and where the
 * winning policy changes; --robustness moves each parameter to 50 % and
 * 150 % of its default, one at a time, and says which conclusions (the
 * winner of each case and metric with a better direction) survive.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/params.h"
#include "report/report.h"
#include "report/sweep.h"

#define SWEEP_MAX_POINTS 64

/* One run of the scenario, its records grouped. */
struct point {
	uint64_t value;
	struct pvsim_sink sink;
	struct pvsim_sets sets;
};

static int run_point(const char *prog, const struct pvsim_scenario *sc,
		     const struct pvsim_opts *base, const uint64_t *param,
		     struct point *pt, FILE *err)
{
	struct pvsim_totals tot;
	struct pvsim_opts o = *base;
	FILE *null = fopen("/dev/null", "w");
	int ret;

	memset(&pt->sink, 0, sizeof(pt->sink));
	memset(&pt->sets, 0, sizeof(pt->sets));
	if (!null)
		return -1;
	o.json = false;
	o.schbench = false;
	o.sink = &pt->sink;
	o.param = param;
	memset(&tot, 0, sizeof(tot));
	ret = sc->run(&o, null, &tot);
	fclose(null);
	if (ret || tot.failures || pt->sink.lost) {
		fprintf(err, "%s: %s failed\n", prog, sc->name);
		pvsim_totals_print_failure(err, prog, &tot);
		return -1;
	}
	return pvsim_sets_build(&pt->sets, &pt->sink);
}

static void free_point(struct point *pt)
{
	pvsim_sets_free(&pt->sets);
	pvsim_sink_free(&pt->sink);
}

static double mean_of(const struct pvsim_sets *s, const char *cs,
		      const char *pol, const char *metric, bool *ok)
{
	const struct pvsim_set *set = pvsim_sets_find(s, cs, pol, metric);
	double sum = 0;
	size_t i;

	*ok = set && set->n;
	if (!*ok)
		return 0;
	for (i = 0; i < set->n; i++)
		sum += set->v[i];
	return sum / (double)set->n;
}

/* A winner must lead every other policy by this much of its own mean,
 * per mille: smaller leads are ties (a percentile of a few us moves by
 * one bucket between runs). */
#define SWEEP_LEAD_PM 20

/* Does a (larger-is-better) value lead another by SWEEP_LEAD_PM? */
static bool leads(double a, double b)
{
	return a - b > (a < 0 ? -a : a) * SWEEP_LEAD_PM / 1000;
}

/* The conclusion of (case, metric) at a point: the best policy when it
 * leads every other by SWEEP_LEAD_PM; else, with three policies or more,
 * "all but X" when one trails every other by as much (several policies
 * tie at the top by construction and the conclusion is that X loses);
 * NULL: no direction, or neither. "all but X" is written into buf. */
static const char *winner(const struct pvsim_sets *s, const char *cs,
			  const char *metric, char *buf, size_t len)
{
	int dir = pvsim_metric_better(metric);
	const char *best = NULL, *worst = NULL;
	double bv = 0, second = 0, wv = 0, wsecond = 0, v;
	bool ok;
	size_t p, n = 0;

	if (!dir)
		return NULL;
	for (p = 0; p < s->npolicies; p++) {
		v = mean_of(s, cs, s->policies[p], metric, &ok);
		if (!ok)
			continue;
		v *= dir;	/* larger is better from here on */
		if (!n || v > bv) {
			second = bv;
			best = s->policies[p];
			bv = v;
		} else if (n == 1 || v > second) {
			second = v;
		}
		if (!n || v < wv) {
			wsecond = wv;
			worst = s->policies[p];
			wv = v;
		} else if (n == 1 || v < wsecond) {
			wsecond = v;
		}
		n++;
	}
	if (n < 2)
		return best;
	if (leads(bv, second))
		return best;
	if (n >= 3 && leads(wsecond, wv)) {
		snprintf(buf, len, "all but %s", worst);
		return buf;
	}
	return NULL;
}

/* Case cs of ref as another point names it: a scenario may name its
 * cases after the parameters (ppc-idle-hint says "own shape" off the
 * published experiment), so cases are matched by position when both
 * points have as many. */
static const char *case_in(const struct pvsim_sets *s,
			   const struct pvsim_sets *ref, const char *cs)
{
	size_t c;

	if (s->ncases != ref->ncases)
		return cs;
	for (c = 0; c < ref->ncases; c++)
		if (!strcmp(ref->cases[c], cs))
			return s->cases[c];
	return cs;
}

static bool same(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b));
}

/* The rule a set of values breaks, or NULL. */
static const char *invalid(const struct pvsim_scenario *sc,
			   const struct pvsim_opts *base,
			   const uint64_t *param)
{
	struct pvsim_opts o = *base;

	o.param = param;
	return sc->params_invalid ? sc->params_invalid(&o) : NULL;
}

/* key=from:to:steps */
static int parse_vary(const char *prog, const struct pvsim_scenario *sc,
		      const char *vary, int *idx, uint64_t *from,
		      uint64_t *to, unsigned int *steps, FILE *err)
{
	const char *eq = strchr(vary, '=');
	const struct pvsim_param *p;
	unsigned long long a, b;
	unsigned int n;
	char tail;

	*from = *to = 0;
	*steps = 0;
	*idx = eq ? pvsim_param_find(sc, vary, (size_t)(eq - vary)) : -1;
	if (*idx < 0) {
		uint64_t scratch[PVSIM_MAX_PARAMS];

		/* the same message as --set: the valid keys */
		pvsim_param_set(sc, scratch, vary, prog, err);
		return -1;
	}
	p = &sc->params[*idx];
	if (sscanf(eq + 1, "%llu:%llu:%u%c", &a, &b, &n, &tail) != 3 ||
	    a < p->lo || b > p->hi || a > b || n < 2 ||
	    n > SWEEP_MAX_POINTS) {
		fprintf(err, "%s: bad --vary '%s' (%s=FROM:TO:STEPS, "
			"%llu <= FROM <= TO <= %llu %s, 2..%u steps)\n", prog,
			vary, p->key, (unsigned long long)p->lo,
			(unsigned long long)p->hi, p->unit, SWEEP_MAX_POINTS);
		return -1;
	}
	*from = a;
	*to = b;
	*steps = n;
	return 0;
}

static void print_block(FILE *out, const struct point *pt, unsigned int n,
			const char *key, const char *cs, const char *metric)
{
	const struct pvsim_sets *s0 = &pt[0].sets;
	const char *w, *prev = NULL;
	char wbuf[2][64];	/* w and prev, alternately */
	bool ok, changed = false;
	unsigned int i;
	size_t p;
	int dir = pvsim_metric_better(metric);

	fprintf(out, "\n%s / %s (%s)\n  %16s", cs, metric,
		dir < 0 ? "lower is better" : dir > 0 ? "higher is better" :
		"no better direction", key);
	for (p = 0; p < s0->npolicies; p++)
		fprintf(out, " %15s", s0->policies[p]);
	fprintf(out, "%s\n", dir ? "  winner" : "");
	for (i = 0; i < n; i++) {
		fprintf(out, "  %16llu", (unsigned long long)pt[i].value);
		for (p = 0; p < s0->npolicies; p++) {
			double v = mean_of(&pt[i].sets,
					   case_in(&pt[i].sets, s0, cs),
					   s0->policies[p], metric, &ok);

			if (ok)
				fprintf(out, " %15.2f", v);
			else
				fprintf(out, " %15s", "-");
		}
		w = winner(&pt[i].sets, case_in(&pt[i].sets, s0, cs), metric,
			   wbuf[i & 1],
			   sizeof(wbuf[i & 1]));
		if (dir)
			fprintf(out, "  %s", w ? w : "(tie)");
		fprintf(out, "\n");
		if (dir && i && !same(w, prev)) {
			changed = true;
			fprintf(out, "  winner changes: %s -> %s between %llu "
				"and %llu\n", prev ? prev : "(tie)",
				w ? w : "(tie)",
				(unsigned long long)pt[i - 1].value,
				(unsigned long long)pt[i].value);
		}
		prev = w;
	}
	if (dir && !changed)
		fprintf(out, "  winner: %s throughout\n",
			prev ? prev : "(tie)");
}

/* The sweep's picture (sweep --plot). */
static int plot_points(const struct pvsim_scenario *sc, const char *key,
		       const struct point *pt, unsigned int n, FILE *plot)
{
	const struct pvsim_sets *sets[SWEEP_MAX_POINTS];
	uint64_t x[SWEEP_MAX_POINTS];
	unsigned int i;

	for (i = 0; i < n; i++) {
		sets[i] = &pt[i].sets;
		x[i] = pt[i].value;
	}
	return pvsim_plot_sweep_svg(plot, sc->name, key, x, sets, n);
}

static int vary_one(const char *prog, const struct pvsim_scenario *sc,
		    const struct pvsim_opts *o, const char *vary, FILE *plot,
		    FILE *out, FILE *err)
{
	uint64_t param[PVSIM_MAX_PARAMS], from, to;
	struct point *pt;
	unsigned int steps, i, done = 0;
	size_t c, m;
	int idx, ret = 0;

	if (parse_vary(prog, sc, vary, &idx, &from, &to, &steps, err))
		return 2;
	pt = calloc(steps, sizeof(*pt));
	if (!pt)
		return 1;
	memcpy(param, o->param, sc->nparams * sizeof(*param));
	for (i = 0; i < steps && !ret; i++, done++) {
		param[idx] = from + (to - from) * i / (steps - 1);
		pt[i].value = param[idx];
		if (invalid(sc, o, param)) {
			fprintf(err, "%s: %s=%llu: %s\n", prog,
				sc->params[idx].key,
				(unsigned long long)param[idx],
				invalid(sc, o, param));
			ret = 2;
			break;
		}
		ret = run_point(prog, sc, o, param, &pt[i], err);
	}
	if (!ret) {
		fprintf(out, "sweep %s: %s from %llu to %llu %s in %u steps, "
			"seed %llu; mean over iterations\n", sc->name,
			sc->params[idx].key, (unsigned long long)from,
			(unsigned long long)to, sc->params[idx].unit, steps,
			(unsigned long long)o->seed);
		for (c = 0; c < pt[0].sets.ncases; c++)
			for (m = 0; m < pt[0].sets.nmetrics; m++)
				print_block(out, pt, steps,
					    sc->params[idx].key,
					    pt[0].sets.cases[c],
					    pt[0].sets.metrics[m]);
		if (plot && plot_points(sc, sc->params[idx].key, pt, steps,
					plot)) {
			fprintf(err, "%s: nothing to draw (no metric with a "
				"better direction)\n", prog);
			ret = -1;
		}
	}
	for (i = 0; i < done; i++)
		free_point(&pt[i]);
	free(pt);
	return ret == 2 ? 2 : ret ? 1 : 0;
}

/* The conclusions at a point that do not hold at another: how many,
 * the first one (into buf), each marked in lost[case x nmetrics + m]. */
static unsigned int flipped(const struct point *def, const struct point *pt,
			    char *buf, size_t len, bool *lost)
{
	const struct pvsim_sets *s = &def->sets;
	unsigned int n = 0;
	size_t c, m;

	for (c = 0; c < s->ncases; c++)
		for (m = 0; m < s->nmetrics; m++) {
			const char *w0, *w1;
			char b0[64], b1[64];

			if (!pvsim_metric_better(s->metrics[m]))
				continue;
			w0 = winner(s, s->cases[c], s->metrics[m], b0,
				    sizeof(b0));
			w1 = winner(&pt->sets,
				    case_in(&pt->sets, s, s->cases[c]),
				    s->metrics[m], b1, sizeof(b1));
			if (same(w0, w1))
				continue;
			lost[c * s->nmetrics + m] = true;
			if (!n++)
				snprintf(buf, len, "%s %s: %s -> %s",
					 s->cases[c], s->metrics[m],
					 w0 ? w0 : "(tie)", w1 ? w1 : "(tie)");
		}
	return n;
}

static unsigned int conclusions(const struct point *def)
{
	const struct pvsim_sets *s = &def->sets;
	unsigned int n = 0;
	size_t m;

	for (m = 0; m < s->nmetrics; m++)
		if (pvsim_metric_better(s->metrics[m]))
			n += (unsigned int)s->ncases;
	return n;
}

static int robustness(const char *prog, const struct pvsim_scenario *sc,
		      const struct pvsim_opts *o, FILE *out, FILE *err)
{
	uint64_t param[PVSIM_MAX_PARAMS];
	struct point def, pt;
	unsigned int i, k, total, fl, survive = 0, nvar = 0, held = 0;
	char first[160];
	bool *lost;
	size_t c, m;
	int ret;

	if (!sc->nparams) {
		fprintf(err, "%s: scenario %s has no settable parameters yet\n",
			prog, sc->name);
		return 2;
	}
	if (run_point(prog, sc, o, o->param, &def, err))
		return 1;
	total = conclusions(&def);
	lost = calloc(def.sets.ncases * def.sets.nmetrics + 1, sizeof(*lost));
	if (!lost) {
		free_point(&def);
		return 1;
	}
	fprintf(out, "robustness of %s (seed %llu): each parameter at 50 %% "
		"and 150 %% of its value, one at a time;\n%u conclusions "
		"(the winner of each case and metric with a better "
		"direction,\nleading the others by %u %% or more, else no "
		"winner)\n", sc->name, (unsigned long long)o->seed, total,
		SWEEP_LEAD_PM / 10);
	for (i = 0; i < sc->nparams; i++) {
		const struct pvsim_param *p = &sc->params[i];
		uint64_t v0 = o->param[i], v[2];
		unsigned int worst = 0;

		v[0] = v0 / 2 < p->lo ? p->lo : v0 / 2;
		v[1] = v0 + v0 / 2 > p->hi ? p->hi : v0 + v0 / 2;
		if (!v0 || (v[0] == v0 && v[1] == v0)) {
			fprintf(out, "  %-22s %llu: not varied (0 or at the "
				"ends of its range)\n", p->key,
				(unsigned long long)v0);
			continue;
		}
		nvar++;
		fprintf(out, "  %-22s %llu -> %llu, %llu:", p->key,
			(unsigned long long)v0, (unsigned long long)v[0],
			(unsigned long long)v[1]);
		for (k = 0; k < 2; k++) {
			memcpy(param, o->param, sc->nparams * sizeof(*param));
			param[i] = v[k];
			if (invalid(sc, o, param)) {
				fprintf(out, "%snot run (%s)", k ? "; " : " ",
					invalid(sc, o, param));
				continue;
			}
			ret = run_point(prog, sc, o, param, &pt, err);
			if (ret) {
				free_point(&def);
				free(lost);
				return 1;
			}
			first[0] = 0;
			fl = flipped(&def, &pt, first, sizeof(first), lost);
			fprintf(out, "%s%u of %u hold%s%s%s", k ? "; " : " ",
				total - fl, total, fl ? " (" : "", first,
				fl ? (fl > 1 ? ", ...)" : ")") : "");
			worst = fl > worst ? fl : worst;
			free_point(&pt);
		}
		fprintf(out, "\n");
		survive += !worst;
	}
	for (c = 0; c < def.sets.ncases; c++)
		for (m = 0; m < def.sets.nmetrics; m++)
			held += pvsim_metric_better(def.sets.metrics[m]) &&
				!lost[c * def.sets.nmetrics + m];
	fprintf(out, "%s: %u of %u conclusions hold under every change; "
		"%u of %u varied parameters change none\n", sc->name, held,
		total, survive, nvar);
	for (c = 0; c < def.sets.ncases; c++)
		for (m = 0; m < def.sets.nmetrics; m++)
			if (pvsim_metric_better(def.sets.metrics[m])) {
				char wb[64];
				const char *w = winner(&def.sets,
						       def.sets.cases[c],
						       def.sets.metrics[m], wb,
						       sizeof(wb));

				fprintf(out, "  %-5s %s %s: %s\n",
					lost[c * def.sets.nmetrics + m] ?
					"lost" : "holds", def.sets.cases[c],
					def.sets.metrics[m],
					w ? w : "(no winner)");
			}
	free_point(&def);
	free(lost);
	return 0;
}

int pvsim_sweep(const char *prog, const struct pvsim_scenario *sc,
		const struct pvsim_opts *o, const char *vary, FILE *plot,
		FILE *out, FILE *err)
{
	if (!sc->nparams) {
		fprintf(err, "%s: scenario %s has no settable parameters yet\n",
			prog, sc->name);
		return 2;
	}
	if (plot && !vary) {
		fprintf(err, "%s: --plot draws a --vary sweep\n", prog);
		return 2;
	}
	return vary ? vary_one(prog, sc, o, vary, plot, out, err) :
		      robustness(prog, sc, o, out, err);
}
