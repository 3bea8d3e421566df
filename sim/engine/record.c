// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Per-iteration records: scenarios store each number they print, so that
 * `compare` and `--plot` work from the same data for every scenario.
 */
#include <stdlib.h>
#include <string.h>

#include <pvsched/sim.h>

static char *dup_str(const char *s)
{
	size_t n = strlen(s ? s : "") + 1;
	char *d = malloc(n);

	if (d)
		memcpy(d, s ? s : "", n);
	return d;
}

void pvsim_record(const struct pvsim_opts *o, const char *case_name,
		    const char *policy, const char *metric, uint32_t iter,
		    double value)
{
	struct pvsim_sink *k = o ? o->sink : NULL;
	struct pvsim_rec *r;

	if (!k)
		return;
	if (k->n == k->cap) {
		size_t cap = k->cap ? k->cap * 2 : 256;
		struct pvsim_rec *v = realloc(k->v, cap * sizeof(*v));

		if (!v) {
			k->lost = true;
			return;
		}
		k->v = v;
		k->cap = cap;
	}
	r = &k->v[k->n];
	r->case_name = dup_str(case_name);
	r->policy = dup_str(policy);
	r->metric = dup_str(metric);
	if (!r->case_name || !r->policy || !r->metric) {
		free(r->case_name);
		free(r->policy);
		free(r->metric);
		k->lost = true;
		return;
	}
	r->iter = iter;
	r->value = value;
	k->n++;
}

void pvsim_sink_free(struct pvsim_sink *k)
{
	size_t i;

	if (!k)
		return;
	for (i = 0; i < k->n; i++) {
		free(k->v[i].case_name);
		free(k->v[i].policy);
		free(k->v[i].metric);
	}
	free(k->v);
	k->v = NULL;
	k->n = 0;
	k->cap = 0;
	k->lost = false;
}
