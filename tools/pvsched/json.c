// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* The pvsched command's JSON writer (see json.h). */
#include <inttypes.h>

#include "json.h"
#include "text.h"

void json_init(struct json *j, FILE *f)
{
	j->f = f;
	j->depth = 0;
	j->need_comma[0] = false;
}

/* A JSON string valid for any input bytes: quote, backslash and control
 * characters escaped, well-formed UTF-8 copied, every byte that starts no
 * well-formed sequence replaced by U+FFFD (as a \ufffd escape, so the
 * output stays ASCII where the input was not text). */
static void json_escaped(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	int n;

	fputc('"', f);
	while (*p) {
		n = utf8_len(p);
		if (*p == '"' || *p == '\\')
			fprintf(f, "\\%c", *p);
		else if (*p == '\n')
			fputs("\\n", f);
		else if (*p == '\t')
			fputs("\\t", f);
		else if (*p < 0x20 || *p == 0x7f)
			fprintf(f, "\\u%04x", *p);
		else if (n == 0)
			fputs("\\ufffd", f);
		else
			fwrite(p, 1, (size_t)n, f);
		p += n ? n : 1;
	}
	fputc('"', f);
}

/* Comma, newline, indentation and "key": before a value. */
static void json_key(struct json *j, const char *key)
{
	int i;

	if (j->depth > 0) {
		if (j->need_comma[j->depth])
			fputc(',', j->f);
		fputc('\n', j->f);
		for (i = 0; i < j->depth; i++)
			fputs("  ", j->f);
		j->need_comma[j->depth] = true;
	}
	if (key != NULL) {
		json_escaped(j->f, key);
		fputs(": ", j->f);
	}
}

static void json_open(struct json *j, const char *key, char ch)
{
	json_key(j, key);
	fputc(ch, j->f);
	if (j->depth + 1 < JSON_DEPTH)
		j->depth++;
	j->need_comma[j->depth] = false;
}

static void json_close(struct json *j, char ch)
{
	int i;
	bool had = j->need_comma[j->depth];

	if (j->depth > 0)
		j->depth--;
	if (had) {
		fputc('\n', j->f);
		for (i = 0; i < j->depth; i++)
			fputs("  ", j->f);
	}
	fputc(ch, j->f);
	if (j->depth == 0)
		fputc('\n', j->f);
}

void json_obj(struct json *j, const char *key)
{
	json_open(j, key, '{');
}

void json_arr(struct json *j, const char *key)
{
	json_open(j, key, '[');
}

void json_end_obj(struct json *j)
{
	json_close(j, '}');
}

void json_end_arr(struct json *j)
{
	json_close(j, ']');
}

void json_str(struct json *j, const char *key, const char *v)
{
	json_key(j, key);
	json_escaped(j->f, v);
}

void json_u64(struct json *j, const char *key, uint64_t v)
{
	json_key(j, key);
	fprintf(j->f, "%" PRIu64, v);
}

void json_i64(struct json *j, const char *key, int64_t v)
{
	json_key(j, key);
	fprintf(j->f, "%" PRId64, v);
}

void json_bool(struct json *j, const char *key, bool v)
{
	json_key(j, key);
	fputs(v ? "true" : "false", j->f);
}

void json_null(struct json *j, const char *key)
{
	json_key(j, key);
	fputs("null", j->f);
}

bool json_obj_or_null(struct json *j, const char *key, bool have)
{
	if (have)
		json_obj(j, key);
	else
		json_null(j, key);
	return have;
}

void json_u64_or_null(struct json *j, const char *key, bool have,
		      uint64_t v)
{
	if (have)
		json_u64(j, key, v);
	else
		json_null(j, key);
}

void json_hex(struct json *j, const char *key, uint32_t v)
{
	char buf[16];

	snprintf(buf, sizeof(buf), "0x%08" PRIx32, v);
	json_str(j, key, buf);
}
