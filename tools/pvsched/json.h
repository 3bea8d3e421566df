/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * A minimal streaming JSON writer for the pvsched command: two-space
 * indentation, keys in the order written (the schema's order), strings
 * escaped per RFC 8259. Nesting is bounded by PVS_JSON_DEPTH.
 */
#ifndef PVSCHED_TOOLS_JSON_H
#define PVSCHED_TOOLS_JSON_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define PVS_JSON_DEPTH 16

struct pvs_json {
	FILE *f;
	int depth;
	bool need_comma[PVS_JSON_DEPTH];
};

void pvs_json_init(struct pvs_json *j, FILE *f);
/* key is NULL for array elements and for the top level. */
void pvs_json_obj(struct pvs_json *j, const char *key);
void pvs_json_arr(struct pvs_json *j, const char *key);
void pvs_json_end_obj(struct pvs_json *j);
void pvs_json_end_arr(struct pvs_json *j);
void pvs_json_str(struct pvs_json *j, const char *key, const char *v);
void pvs_json_u64(struct pvs_json *j, const char *key, uint64_t v);
void pvs_json_i64(struct pvs_json *j, const char *key, int64_t v);
void pvs_json_bool(struct pvs_json *j, const char *key, bool v);
void pvs_json_null(struct pvs_json *j, const char *key);
/* "0x%08x" as a string: register values stay readable. */
void pvs_json_hex(struct pvs_json *j, const char *key, uint32_t v);

#endif /* PVSCHED_TOOLS_JSON_H */
