/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * A minimal streaming JSON writer for the pvsched command: two-space
 * indentation, keys in the order written (the schema's order), strings
 * escaped per RFC 8259. Nesting is bounded by JSON_DEPTH.
 */
#ifndef PVSCHED_TOOLS_JSON_H
#define PVSCHED_TOOLS_JSON_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define JSON_DEPTH 16

struct json {
	FILE *f;
	int depth;
	bool need_comma[JSON_DEPTH];
};

void json_init(struct json *j, FILE *f);
/* key is NULL for array elements and for the top level. */
void json_obj(struct json *j, const char *key);
void json_arr(struct json *j, const char *key);
void json_end_obj(struct json *j);
void json_end_arr(struct json *j);
void json_str(struct json *j, const char *key, const char *v);
void json_u64(struct json *j, const char *key, uint64_t v);
void json_i64(struct json *j, const char *key, int64_t v);
void json_bool(struct json *j, const char *key, bool v);
void json_null(struct json *j, const char *key);
/*
 * What does not apply or whose source is absent is null, never omitted
 * (docs/probe-json.md): json_obj() when have, else json_null(). Returns
 * have; the caller closes the object it opened.
 */
bool json_obj_or_null(struct json *j, const char *key, bool have);
/* json_u64() when have, else json_null(). */
void json_u64_or_null(struct json *j, const char *key, bool have,
		      uint64_t v);
/* "0x%08x" as a string: register values stay readable. */
void json_hex(struct json *j, const char *key, uint32_t v);

#endif /* PVSCHED_TOOLS_JSON_H */
