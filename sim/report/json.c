// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The scenarios' JSON writer (json.h): the commas and closing brackets
 * kept per level, numbers in fixed point printed from integers.
 */
#include <stdlib.h>

#include "engine/sim_int.h"
#include "report/json.h"

/* Before a value: its comma and, inside an object, its key. */
static void json_value(struct pvsim_json *j, const char *key)
{
	unsigned int d = j->depth - 1;

	if (j->more[d])
		fputc(',', j->f);
	j->more[d] = true;
	if (key)
		fprintf(j->f, "\"%s\":", key);
}

static void json_open(struct pvsim_json *j, const char *key, char open,
		      char close)
{
	json_value(j, key);
	if (j->depth >= PVSIM_JSON_DEPTH)
		abort();	/* nested deeper than any scenario needs */
	fputc(open, j->f);
	j->close[j->depth] = close;
	j->more[j->depth] = false;
	j->depth++;
}

void pvsim_json_open(struct pvsim_json *j, FILE *f)
{
	j->f = f;
	j->depth = 1;
	j->close[0] = '}';
	j->more[0] = false;
	fputc('{', f);
}

void pvsim_json_begin(struct pvsim_json *j, FILE *f, const char *scenario,
		      uint64_t seed)
{
	pvsim_json_open(j, f);
	pvsim_json_str(j, "scenario", scenario);
	pvsim_json_u64(j, "seed", seed);
}

void pvsim_json_end(struct pvsim_json *j)
{
	while (j->depth)
		pvsim_json_close(j);
	fputc('\n', j->f);
}

void pvsim_json_obj(struct pvsim_json *j, const char *key)
{
	json_open(j, key, '{', '}');
}

void pvsim_json_arr(struct pvsim_json *j, const char *key)
{
	json_open(j, key, '[', ']');
}

void pvsim_json_close(struct pvsim_json *j)
{
	if (!j->depth)
		return;
	j->depth--;
	fputc(j->close[j->depth], j->f);
}

void pvsim_json_str(struct pvsim_json *j, const char *key, const char *s)
{
	json_value(j, key);
	fputc('"', j->f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(j->f, "\\%c", c);
		else if (c < 0x20)
			fprintf(j->f, "\\u%04x", c);
		else
			fputc(c, j->f);
	}
	fputc('"', j->f);
}

void pvsim_json_u64(struct pvsim_json *j, const char *key, uint64_t v)
{
	json_value(j, key);
	fprintf(j->f, "%llu", (unsigned long long)v);
}

void pvsim_json_i64(struct pvsim_json *j, const char *key, int64_t v)
{
	json_value(j, key);
	fprintf(j->f, "%lld", (long long)v);
}

void pvsim_json_bool(struct pvsim_json *j, const char *key, bool v)
{
	json_value(j, key);
	fputs(v ? "true" : "false", j->f);
}

void pvsim_json_num(struct pvsim_json *j, const char *key, double v)
{
	json_value(j, key);
	if (v != v || v > 1e308 || v < -1e308)
		fputs("null", j->f);
	else
		fprintf(j->f, "%.10g", v);
}

void pvsim_json_fixed(struct pvsim_json *j, const char *key, uint64_t v,
		      unsigned int decimals)
{
	char b[32];

	json_value(j, key);
	fputs(pvsim_fixed(b, sizeof(b), v, decimals), j->f);
}

void pvsim_json_sfixed(struct pvsim_json *j, const char *key, int64_t v,
		       unsigned int decimals)
{
	uint64_t m = v < 0 ? -(uint64_t)v : (uint64_t)v;
	char b[32];

	json_value(j, key);
	fprintf(j->f, "%s%s", v < 0 ? "-" : "",
		pvsim_fixed(b, sizeof(b), m, decimals));
}

void pvsim_json_u64s(struct pvsim_json *j, const char *key,
		     const uint64_t *v, size_t n)
{
	size_t i;

	pvsim_json_arr(j, key);
	for (i = 0; i < n; i++)
		pvsim_json_u64(j, NULL, v[i]);
	pvsim_json_close(j);
}

void pvsim_json_fixeds(struct pvsim_json *j, const char *key,
		       const uint64_t *v, size_t n, unsigned int decimals)
{
	size_t i;

	pvsim_json_arr(j, key);
	for (i = 0; i < n; i++)
		pvsim_json_fixed(j, NULL, v[i], decimals);
	pvsim_json_close(j);
}

void pvsim_json_hex(struct pvsim_json *j, const char *key, const uint8_t *b,
		    size_t n)
{
	size_t i;

	json_value(j, key);
	fputc('"', j->f);
	for (i = 0; i < n; i++)
		fprintf(j->f, "%02x", b[i]);
	fputc('"', j->f);
}
