/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Internal helpers shared by every probe reader (not installed): building
 * paths under the sysroot, loading files, recording where an error was, and
 * the strict text scanners all parsers use. One copy of each, so every
 * reader rejects the same malformed input the same way.
 */
#ifndef PVSCHED_HOST_PROBE_UTIL_H
#define PVSCHED_HOST_PROBE_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <pvsched/probe.h>

/* Internal to the libraries: never exported from a shared library. */
#pragma GCC visibility push(hidden)

/* Largest sysfs attribute we read: one value, a page at most. */
#define PVPROBE_PU_ATTR_MAX 4096

/* A read-only cursor over a text buffer that need not be NUL-terminated. */
struct pvprobe_pu_cur {
	const char *p;
	const char *end;
};

/* One line of a buffer, without its newline, and its 1-based number. */
struct pvprobe_pu_line {
	const char *s;
	const char *e;
	unsigned int no;
};

/* Record @path (already under the sysroot) and @line as the error site. */
int pvprobe_pu_fail(struct pvprobe_ctx *ctx, const char *path,
		unsigned int line, int err);

/* Build sysroot + printf(fmt) into out[PVPROBE_PATH_MAX]; -PVS_ERANGE
 * when it does not fit (the partial path is recorded in ctx). */
int pvprobe_pu_path(struct pvprobe_ctx *ctx, char *out, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Load SYSROOT/@rel whole (at most PVPROBE_FILE_MAX) into a malloc'ed,
 * NUL-terminated buffer; the path read is left in full[PVPROBE_PATH_MAX]
 * (for the caller's own error site). Errors are recorded in ctx. */
int pvprobe_pu_load(struct pvprobe_ctx *ctx, const char *rel, char *full,
		char **buf, size_t *len);

/* Load a small file (sysfs attribute) into buf[cap], NUL-terminated;
 * -PVS_ERANGE if it does not fit. Errors are recorded in ctx. */
int pvprobe_pu_load_small(struct pvprobe_ctx *ctx, const char *path, char *buf,
		      size_t cap, size_t *len);

/* A buffer parser for pvprobe_pu_read_parse(): returns >= 0 or a -PVS_E* code
 * and, on error, may set *line to the 1-based offending line. */
typedef int (*pvprobe_pu_parse_fn)(const char *buf, size_t len, void *arg,
			       unsigned int *line);

/* Load sysroot + @rel and run @fn over it; on error the file (and line) is
 * recorded in ctx. Returns what @fn returns. */
int pvprobe_pu_read_parse(struct pvprobe_ctx *ctx, const char *rel,
		      pvprobe_pu_parse_fn fn, void *arg);

/* The two public functions of a reader of one whole file @rel into a
 * @type, both over its parser
 * int @parse(const char *buf, size_t len, @type *out, unsigned int *line)
 * (*line: the 1-based offending line on error):
 * int pvprobe_@name_parse(const char *buf, size_t len, @type *out) and
 * int pvprobe_read_@name(struct pvprobe_ctx *ctx, @type *out). */
#define PVPROBE_PU_FILE_READER(name, type, rel, parse)                       \
	static int pvprobe_##name##_parse_fn(const char *buf, size_t len,   \
					     void *arg, unsigned int *line) \
	{                                                                    \
		return parse(buf, len, (type *)arg, line);                   \
	}                                                                    \
	int pvprobe_##name##_parse(const char *buf, size_t len, type *out)  \
	{                                                                    \
		unsigned int line;                                           \
									     \
		return parse(buf, len, out, &line);                          \
	}                                                                    \
	int pvprobe_read_##name(struct pvprobe_ctx *ctx, type *out)          \
	{                                                                    \
		if (out == NULL)                                             \
			return -PVS_EINVAL;                                  \
		return pvprobe_pu_read_parse(ctx, rel,                       \
					     pvprobe_##name##_parse_fn, out); \
	}

/* opendir(sysroot + rel) as a void * (a DIR *); NULL if absent. */
void *pvprobe_pu_opendir(struct pvprobe_ctx *ctx, const char *rel);

/* Whether a path under the sysroot exists. */
bool pvprobe_pu_exists(struct pvprobe_ctx *ctx, const char *path);

/* A file that must exist because its source does (a state without its
 * latency, a module missing one of its parameters): absent is malformed.
 * Maps -PVS_ENOENT to -PVS_EBADMSG, passes everything else. */
int pvprobe_pu_secondary(int rc);

/* Next line (newline excluded); false at the end of the buffer. */
bool pvprobe_pu_next_line(struct pvprobe_pu_cur *c, struct pvprobe_pu_line *l);

/* Next non-blank line of a "key SEP value" file, split at its first @sep
 * into the key [*ks, *ke) and the value [*vs, *ve), each trimmed of
 * blanks; @l is that line (its number for errors). 1 for a line, 0 at the
 * end of the buffer, -PVS_EBADMSG for a line without @sep. */
int pvprobe_pu_next_kv(struct pvprobe_pu_cur *c, struct pvprobe_pu_line *l,
		       char sep, const char **ks, const char **ke,
		       const char **vs, const char **ve);

/* Skip spaces and tabs. */
void pvprobe_pu_skip_blanks(struct pvprobe_pu_cur *c);

/* Decimal u64 at the cursor: one digit at least, no sign; -PVS_EBADMSG if
 * none, -PVS_ERANGE past 2^64 - 1. Advances past the digits. */
int pvprobe_pu_u64(struct pvprobe_pu_cur *c, uint64_t *v);

/* A CPU number at the cursor, as pvprobe_pu_u64(); -PVS_ERANGE from
 * PVPROBE_MAX_CPUS on. */
int pvprobe_pu_cpu_id(struct pvprobe_pu_cur *c, uint64_t *id);

/* Hex u64 at the cursor, "0x" prefix required; as pvprobe_pu_u64(). */
int pvprobe_pu_hex_u64(struct pvprobe_pu_cur *c, uint64_t *v);

/* The whole of [s, e) is one decimal u64, blanks around it allowed. */
int pvprobe_pu_parse_u64(const char *s, const char *e, uint64_t *v);

/* The whole text (NUL-terminated, trailing newline allowed) is a decimal
 * u64 or, with @yn, also a 'Y'/'N' boolean (Y = 1). */
int pvprobe_pu_text_u64(const char *text, bool yn, uint64_t *v);

/* Copy [s, e) trimmed of blanks into dst[cap]; -PVS_EBADMSG if it holds
 * a control byte or does not fit. */
int pvprobe_pu_copy_text(char *dst, size_t cap, const char *s, const char *e);

/* Trim blanks from both ends of [*s, *e). */
void pvprobe_pu_trim(const char **s, const char **e);

/* [s, e) equals the NUL-terminated word. */
bool pvprobe_pu_eq(const char *s, const char *e, const char *word);

/* [s, e) starts with the NUL-terminated prefix. */
bool pvprobe_pu_starts(const char *s, const char *e, const char *prefix);

/* a * b / c without overflow for c != 0 (128-bit intermediate); clamps to
 * UINT64_MAX. */
uint64_t pvprobe_pu_muldiv(uint64_t a, uint64_t b, uint64_t c);

#pragma GCC visibility pop

#endif /* PVSCHED_HOST_PROBE_UTIL_H */
