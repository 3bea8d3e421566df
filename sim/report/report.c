// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * `pvsched sim compare`: a run's records grouped into data sets (one per
 * case, policy and metric) and each policy compared with the first one
 * recorded, ministat-like, as text or JSON. The grouping is shared with
 * the SVG pictures.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report/json.h"
#include "report/report.h"

/* Index of name in list, or n. */
static size_t find_name(const char **list, size_t n, const char *name)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(list[i], name))
			return i;
	return n;
}

static void add_name(const char **list, size_t *n, const char *name)
{
	if (find_name(list, *n, name) == *n)
		list[(*n)++] = name;
}

bool pvsim_key_is(const char *case_name, const char *policy,
		  const char *metric, const char *cs, const char *pol,
		  const char *met)
{
	return !strcmp(case_name, cs) && !strcmp(policy, pol) &&
	       !strcmp(metric, met);
}

struct pvsim_set *pvsim_sets_find(const struct pvsim_sets *s,
				      const char *case_name,
				      const char *policy, const char *metric)
{
	size_t i;

	for (i = 0; i < s->nset; i++)
		if (pvsim_key_is(s->set[i].case_name, s->set[i].policy,
				 s->set[i].metric, case_name, policy, metric))
			return &s->set[i];
	return NULL;
}

void pvsim_sets_free(struct pvsim_sets *s)
{
	size_t i;

	for (i = 0; s->set && i < s->nset; i++)
		free(s->set[i].v);
	free(s->set);
	free(s->cases);
	free(s->policies);
	free(s->metrics);
	memset(s, 0, sizeof(*s));
}

int pvsim_sets_build(struct pvsim_sets *s, const struct pvsim_sink *k)
{
	size_t i, n = k ? k->n : 0, *fill;
	struct pvsim_set *t;

	memset(s, 0, sizeof(*s));
	if (!n)
		return 0;
	s->set = calloc(n, sizeof(*s->set));
	s->cases = calloc(n, sizeof(*s->cases));
	s->policies = calloc(n, sizeof(*s->policies));
	s->metrics = calloc(n, sizeof(*s->metrics));
	if (!s->set || !s->cases || !s->policies || !s->metrics)
		goto fail;
	/* first pass: the sets and their sizes */
	for (i = 0; i < n; i++) {
		const struct pvsim_rec *r = &k->v[i];

		add_name(s->cases, &s->ncases, r->case_name);
		add_name(s->policies, &s->npolicies, r->policy);
		add_name(s->metrics, &s->nmetrics, r->metric);
		t = pvsim_sets_find(s, r->case_name, r->policy, r->metric);
		if (!t) {
			t = &s->set[s->nset++];
			t->case_name = r->case_name;
			t->policy = r->policy;
			t->metric = r->metric;
		}
		t->n++;
	}
	for (i = 0; i < s->nset; i++) {
		s->set[i].v = malloc(s->set[i].n * sizeof(double));
		if (!s->set[i].v)
			goto fail;
	}
	/* second pass: the values, counted again from 0 */
	fill = calloc(s->nset, sizeof(*fill));
	if (!fill)
		goto fail;
	for (i = 0; i < n; i++) {
		const struct pvsim_rec *r = &k->v[i];
		size_t j;

		t = pvsim_sets_find(s, r->case_name, r->policy, r->metric);
		j = (size_t)(t - s->set);
		t->v[fill[j]++] = r->value;
	}
	free(fill);
	return 0;
fail:
	pvsim_sets_free(s);
	return -1;
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && !strcmp(s + n - m, suffix);
}

int pvsim_metric_better(const char *metric)
{
	/* work done per time: not every rate (exits_per_s is a cost) */
	static const char *const work[] = {
		"records_per_", "jobs_per_", "ops_per_", "requests_per_",
		"transactions_per_", "loops_per_",
	};
	size_t i;

	for (i = 0; i < sizeof(work) / sizeof(work[0]); i++)
		if (!strncmp(metric, work[i], strlen(work[i])))
			return 1;
	if (ends_with(metric, "_score"))
		return 1;
	if (ends_with(metric, "_us") || ends_with(metric, "_ns") ||
	    ends_with(metric, "_ms") || !strcmp(metric, "physc"))
		return -1;
	return 0;
}

static const char *better_text(const char *metric)
{
	int b = pvsim_metric_better(metric);

	return b < 0 ? "lower is better" : b > 0 ? "higher is better" :
	       "no better direction known";
}

/* ---- output ------------------------------------------------------------- */

/* ministat's data set symbols, first = baseline */
static const char symbols[] = "x+*%#@O";

static char set_symbol(size_t i)
{
	return symbols[i % (sizeof(symbols) - 1)];
}

static void json_stats(struct pvsim_json *j, const char *policy,
		       const struct pvsim_stats *st)
{
	pvsim_json_obj(j, NULL);
	pvsim_json_str(j, "policy", policy);
	pvsim_json_u64(j, "n", st->n);
	pvsim_json_num(j, "min", st->min);
	pvsim_json_num(j, "max", st->max);
	pvsim_json_num(j, "median", st->median);
	pvsim_json_num(j, "avg", st->mean);
	pvsim_json_num(j, "stddev", st->stddev);
	pvsim_json_close(j);
}

/* One (case, metric): the sets of every policy, each against the first. */
static int compare_one(const char *scenario, const struct pvsim_sets *s,
		       const char *cs, const char *metric,
		       const struct pvsim_compare_opts *c, bool first,
		       struct pvsim_json *j, FILE *out)
{
	struct pvsim_stats st[64], *base = NULL;
	const char *pol[64];
	struct pvsim_ttest r;
	size_t i, np = 0;
	int short_sets = 0;

	for (i = 0; i < s->npolicies && np < 64; i++) {
		struct pvsim_set *t = pvsim_sets_find(s, cs, s->policies[i],
							  metric);

		if (!t)
			continue;
		pol[np] = t->policy;
		pvsim_stats_of(t->v, t->n, &st[np++]);
	}
	base = &st[0];
	if (c->json) {
		pvsim_json_obj(j, NULL);
		pvsim_json_str(j, "case", cs);
		pvsim_json_str(j, "metric", metric);
		pvsim_json_str(j, "better", pvsim_metric_better(metric) < 0 ?
			       "lower" : pvsim_metric_better(metric) > 0 ?
			       "higher" : "unknown");
		pvsim_json_arr(j, "sets");
		for (i = 0; i < np; i++)
			json_stats(j, pol[i], &st[i]);
		pvsim_json_close(j);
		pvsim_json_arr(j, "vs_first");
		for (i = 1; i < np; i++) {
			pvsim_json_obj(j, NULL);
			pvsim_json_str(j, "policy", pol[i]);
			if (pvsim_ttest(base, &st[i], c->conf, &r)) {
				pvsim_json_str(j, "error",
					       "fewer than 3 values per set");
				pvsim_json_close(j);
				short_sets++;
				continue;
			}
			pvsim_json_bool(j, "difference_proven", r.proven);
			pvsim_json_num(j, "diff", r.diff);
			pvsim_json_num(j, "diff_err", r.err);
			pvsim_json_num(j, "diff_pct", r.pct);
			pvsim_json_num(j, "diff_pct_err", r.pct_err);
			pvsim_json_num(j, "pooled_s", r.pooled_s);
			pvsim_json_num(j, "t", r.t);
			pvsim_json_close(j);
		}
		pvsim_json_close(j);
		pvsim_json_close(j);
		return short_sets;
	}
	fprintf(out, "%s%s: %s, %s (%s)\n", first ? "" : "\n", scenario, cs,
		metric, better_text(metric));
	for (i = 0; i < np; i++)
		fprintf(out, "%c %s%s\n", set_symbol(i), pol[i],
			i ? "" : " (baseline)");
	pvsim_ministat_head(out);
	for (i = 0; i < np; i++) {
		pvsim_ministat_row(out, set_symbol(i), &st[i]);
		if (!i)
			continue;
		if (pvsim_ttest(base, &st[i], c->conf, &r)) {
			fprintf(out, "Cannot compare: ministat needs at least "
				"3 values per set (%c has %zu, %c has %zu); "
				"run with --iterations 3 or more\n",
				set_symbol(0), base->n, set_symbol(i),
				st[i].n);
			short_sets++;
			continue;
		}
		pvsim_ministat_verdict(out, c->conf, &r);
	}
	if (np == 1)
		fprintf(out, "Only one policy recorded: nothing to compare\n");
	return short_sets;
}

/* Anything recorded for (case, metric), under any policy? */
static bool has_sets(const struct pvsim_sets *s, const char *cs,
		     const char *metric)
{
	size_t i;

	for (i = 0; i < s->npolicies; i++)
		if (pvsim_sets_find(s, cs, s->policies[i], metric))
			return true;
	return false;
}

static void list_names(FILE *err, const char *what, const char **v, size_t n,
		       bool numbered)
{
	size_t i;

	fprintf(err, "recorded %s:", what);
	for (i = 0; i < n; i++) {
		if (numbered)
			fprintf(err, "\n  %zu: \"%s\"", i + 1, v[i]);
		else
			fprintf(err, "%s %s", i ? "," : "", v[i]);
	}
	fprintf(err, "\n");
}

/* The case named by text (exact name or 1-based number), or NULL. */
static const char *pick_case(const struct pvsim_sets *s, const char *text)
{
	char *end;
	unsigned long i;
	size_t j = find_name(s->cases, s->ncases, text);

	if (j < s->ncases)
		return s->cases[j];
	i = strtoul(text, &end, 10);
	if (*text >= '0' && *text <= '9' && !*end && i >= 1 && i <= s->ncases)
		return s->cases[i - 1];
	return NULL;
}

int pvsim_compare(const char *scenario, const struct pvsim_sink *k,
		    const struct pvsim_compare_opts *c, FILE *out, FILE *err)
{
	struct pvsim_json js;
	struct pvsim_sets s;
	const char *only_case = NULL;
	size_t ci, mi;
	bool first = true;
	int short_sets = 0;

	if (!k || !k->n) {
		fprintf(err, "scenario %s recorded no values (it does not call "
			"pvsim_record() yet)\n", scenario);
		return -1;
	}
	if (pvsim_sets_build(&s, k)) {
		fprintf(err, "out of memory\n");
		return -1;
	}
	if (c->metric && find_name(s.metrics, s.nmetrics, c->metric) ==
			 s.nmetrics) {
		fprintf(err, "unknown metric '%s' for %s; ", c->metric,
			scenario);
		list_names(err, "metrics", s.metrics, s.nmetrics, false);
		pvsim_sets_free(&s);
		return 2;
	}
	if (c->base) {
		size_t j = find_name(s.policies, s.npolicies, c->base);

		if (j == s.npolicies) {
			fprintf(err, "unknown policy '%s' for %s; ", c->base,
				scenario);
			list_names(err, "policies", s.policies, s.npolicies,
				   false);
			pvsim_sets_free(&s);
			return 2;
		}
		/* the baseline first, the others in recording order */
		for (; j > 0; j--) {
			const char *t = s.policies[j];

			s.policies[j] = s.policies[j - 1];
			s.policies[j - 1] = t;
		}
	}
	if (c->case_name) {
		only_case = pick_case(&s, c->case_name);
		if (!only_case) {
			fprintf(err, "unknown case '%s' for %s (give its name "
				"or number); ", c->case_name, scenario);
			list_names(err, "cases", s.cases, s.ncases, true);
			pvsim_sets_free(&s);
			return 2;
		}
	}
	if (c->json) {
		pvsim_json_open(&js, out);
		pvsim_json_str(&js, "scenario", scenario);
		/* the table's levels (80 ... 99.5) have one decimal */
		pvsim_json_fixed(&js, "confidence",
				 (uint64_t)llround(pvsim_conf_pct(c->conf) * 10),
				 1);
		pvsim_json_str(&js, "baseline", s.policies[0]);
		pvsim_json_arr(&js, "comparisons");
	}
	for (ci = 0; ci < s.ncases; ci++) {
		if (only_case && strcmp(only_case, s.cases[ci]))
			continue;
		for (mi = 0; mi < s.nmetrics; mi++) {
			if (c->metric && strcmp(c->metric, s.metrics[mi]))
				continue;
			if (!has_sets(&s, s.cases[ci], s.metrics[mi]))
				continue;
			short_sets += compare_one(scenario, &s, s.cases[ci],
						  s.metrics[mi], c, first, &js,
						  out);
			first = false;
		}
	}
	if (c->json)
		pvsim_json_end(&js);
	pvsim_sets_free(&s);
	if (short_sets)
		fprintf(err, "compare: %d comparison%s had fewer than 3 values "
			"per set; run with --iterations 3 or more\n",
			short_sets, short_sets == 1 ? "" : "s");
	return short_sets ? 1 : 0;
}
