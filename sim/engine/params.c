// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Scenario parameters as data: `--set key=value` and `--params FILE`
 * checked against each scenario's table (key, unit, range), and the table
 * printed by `show` with each parameter's provenance.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "engine/params.h"

const char *pvsim_prov_name(enum pvsim_prov p)
{
	static const char *const name[] = {
		"measured", "calibrated", "fitted", "assumed"
	};

	return (unsigned int)p < 4 ? name[p] : "?";
}

void pvsim_params_defaults(const struct pvsim_scenario *sc, uint64_t *v)
{
	unsigned int i;

	for (i = 0; i < sc->nparams; i++)
		v[i] = sc->params[i].def;
}

int pvsim_param_find(const struct pvsim_scenario *sc, const char *key,
		     size_t len)
{
	unsigned int i;

	for (i = 0; i < sc->nparams; i++)
		if (strlen(sc->params[i].key) == len &&
		    !strncmp(sc->params[i].key, key, len))
			return (int)i;
	return -1;
}

static void list_keys(const struct pvsim_scenario *sc, FILE *err)
{
	unsigned int i;

	for (i = 0; i < sc->nparams; i++)
		fprintf(err, "%s%s", i ? ", " : "", sc->params[i].key);
	fprintf(err, "\n");
}

int pvsim_parse_u64(const char *s, uint64_t *v)
{
	char *end;
	unsigned long long x;

	if (!s || *s < '0' || *s > '9')
		return -1;
	errno = 0;
	x = strtoull(s, &end, 0);
	if (*end || errno == ERANGE)
		return -1;
	*v = x;
	return 0;
}

int pvsim_param_set(const struct pvsim_scenario *sc, uint64_t *v,
		    const char *kv, const char *prog, FILE *err)
{
	const char *eq = strchr(kv, '=');
	const struct pvsim_param *p;
	uint64_t x;
	int i;

	if (!sc->nparams) {
		fprintf(err, "%s: scenario %s has no settable parameters yet\n",
			prog, sc->name);
		return -1;
	}
	i = eq ? pvsim_param_find(sc, kv, (size_t)(eq - kv)) : -1;
	if (i < 0) {
		fprintf(err, "%s: unknown parameter '%.*s' for %s (key=value); "
			"parameters: ", prog,
			(int)(eq ? (size_t)(eq - kv) : strlen(kv)), kv,
			sc->name);
		list_keys(sc, err);
		return -1;
	}
	p = &sc->params[i];
	if (pvsim_parse_u64(eq + 1, &x) || x < p->lo || x > p->hi) {
		fprintf(err, "%s: bad %s '%s' (%llu..%llu %s)\n", prog, p->key,
			eq + 1, (unsigned long long)p->lo,
			(unsigned long long)p->hi, p->unit);
		return -1;
	}
	v[i] = x;
	return 0;
}

int pvsim_params_file(const struct pvsim_scenario *sc, uint64_t *v,
		      const char *path, const char *prog, FILE *err)
{
	char line[256], kv[256];
	FILE *f = fopen(path, "r");
	unsigned int n = 0;
	size_t i, j;

	if (!f) {
		fprintf(err, "%s: cannot read --params '%s': %s\n", prog, path,
			strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		n++;
		/* key = value, blanks ignored, '#' to the end of the line */
		for (i = j = 0; line[i] && line[i] != '#' && line[i] != '\n';
		     i++)
			if (line[i] != ' ' && line[i] != '\t')
				kv[j++] = line[i];
		kv[j] = 0;
		if (!j)
			continue;
		if (pvsim_param_set(sc, v, kv, prog, err)) {
			fprintf(err, "%s: (in %s, line %u)\n", prog, path, n);
			fclose(f);
			return -1;
		}
	}
	fclose(f);
	return 0;
}

void pvsim_params_show(const struct pvsim_scenario *sc, FILE *f)
{
	unsigned int i;

	if (!sc->nparams)
		return;
	fprintf(f, "\nParameters (--set key=value, --params FILE; integers in "
		"the unit):\n");
	fprintf(f, "%-22s %10s  %-21s %-10s %s\n", "key", "default",
		"range", "provenance", "source");
	for (i = 0; i < sc->nparams; i++) {
		const struct pvsim_param *p = &sc->params[i];
		char range[48];

		snprintf(range, sizeof(range), "%llu..%llu %s",
			 (unsigned long long)p->lo, (unsigned long long)p->hi,
			 p->unit);
		fprintf(f, "%-22s %10llu  %-21s %-10s %s\n", p->key,
			(unsigned long long)p->def, range,
			pvsim_prov_name(p->prov), p->source);
	}
}

void pvsim_param_fields(const struct pvsim_opts *o,
			const struct pvsim_param *tab,
			const struct pvsim_param_field *f, size_t n,
			void *model)
{
	size_t i;

	for (i = 0; i < n; i++) {
		uint64_t v = pvsim_param_value(o, tab, f[i].param) *
			     f[i].scale;
		char *at = (char *)model + f[i].offset;

		switch (f[i].kind) {
		case PVSIM_FIELD_U64:
			memcpy(at, &v, sizeof(v));
			break;
		case PVSIM_FIELD_U32: {
			uint32_t v32 = (uint32_t)v;

			memcpy(at, &v32, sizeof(v32));
			break;
		}
		case PVSIM_FIELD_BOOL: {
			bool b = v != 0;

			memcpy(at, &b, sizeof(b));
			break;
		}
		}
	}
}

int pvsim_param_unordered(const struct pvsim_opts *o,
			  const struct pvsim_param *tab,
			  const unsigned int (*pair)[2], size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (pvsim_param_value(o, tab, pair[i][0]) >
		    pvsim_param_value(o, tab, pair[i][1]))
			return (int)i;
	return -1;
}
