// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Probe plumbing: paths under the sysroot, file loading with error sites,
 * and the strict scanners every parser shares.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "probe_util.h"

void pvprobe_ctx_init(struct pvprobe_ctx *ctx, const char *sysroot)
{
	if (ctx == NULL)
		return;
	memset(ctx, 0, sizeof(*ctx));
	ctx->sysroot = sysroot;
}

bool pvprobe_ctx_live(const struct pvprobe_ctx *ctx)
{
	const char *r = ctx ? ctx->sysroot : NULL;

	return r == NULL || r[0] == '\0' || strcmp(r, "/") == 0;
}

int pvprobe_pu_fail(struct pvprobe_ctx *ctx, const char *path,
		unsigned int line, int err)
{
	if (ctx != NULL && path != NULL && path != ctx->bad_path) {
		snprintf(ctx->bad_path, sizeof(ctx->bad_path), "%s", path);
		ctx->bad_line = line;
	} else if (ctx != NULL) {
		ctx->bad_line = line;
	}
	return err;
}

int pvprobe_pu_path(struct pvprobe_ctx *ctx, char *out, const char *fmt, ...)
{
	char rel[PVPROBE_PATH_MAX];
	const char *root = pvprobe_ctx_live(ctx) ? "" : ctx->sysroot;
	size_t rl = strlen(root);
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(rel, sizeof(rel), fmt, ap);
	va_end(ap);
	/* "dir/" + "/proc" must not become "dir//proc" in messages. */
	while (rl > 1 && root[rl - 1] == '/')
		rl--;
	if (n < 0 || (size_t)n >= sizeof(rel) ||
	    rl + (size_t)n >= PVPROBE_PATH_MAX) {
		if (ctx != NULL) {
			snprintf(ctx->bad_path, sizeof(ctx->bad_path), "%.*s%s",
				 (int)(rl > 200 ? 200 : rl), root, rel);
			ctx->bad_line = 0;
		}
		return -PVS_ERANGE;
	}
	memcpy(out, root, rl);
	memcpy(out + rl, rel, (size_t)n + 1);
	return 0;
}

static int pvprobe_pu_errno(int e)
{
	switch (e) {
	case ENOENT:
	case ENOTDIR:
		return -PVS_ENOENT;
	case ENOMEM:
		return -PVS_ENOMEM;
	default:
		return -PVS_EIO;
	}
}

int pvprobe_pu_load(struct pvprobe_ctx *ctx, const char *rel, char *path,
		char **buf, size_t *len)
{
	size_t cap = 4096, n = 0;
	char *b, *nb;
	int fd, rc;

	rc = pvprobe_pu_path(ctx, path, "%s", rel);
	if (rc < 0)
		return rc;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return pvprobe_pu_fail(ctx, path, 0, pvprobe_pu_errno(errno));
	b = malloc(cap);
	if (b == NULL) {
		close(fd);
		return pvprobe_pu_fail(ctx, path, 0, -PVS_ENOMEM);
	}
	for (;;) {
		ssize_t r;

		if (n + 1 >= cap) {
			if (cap >= PVPROBE_FILE_MAX) {
				free(b);
				close(fd);
				return pvprobe_pu_fail(ctx, path, 0, -PVS_ERANGE);
			}
			nb = realloc(b, cap * 2);
			if (nb == NULL) {
				free(b);
				close(fd);
				return pvprobe_pu_fail(ctx, path, 0, -PVS_ENOMEM);
			}
			b = nb;
			cap *= 2;
		}
		r = read(fd, b + n, cap - 1 - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			int e = errno;

			free(b);
			close(fd);
			/* Reading a directory or a write-only attribute. */
			return pvprobe_pu_fail(ctx, path, 0, pvprobe_pu_errno(e));
		}
		if (r == 0)
			break;
		n += (size_t)r;
	}
	close(fd);
	b[n] = '\0';
	*buf = b;
	*len = n;
	return 0;
}

int pvprobe_pu_load_small(struct pvprobe_ctx *ctx, const char *path, char *buf,
		      size_t cap, size_t *len)
{
	size_t n = 0;
	int fd;

	if (cap < 2)
		return -PVS_EINVAL;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return pvprobe_pu_fail(ctx, path, 0, pvprobe_pu_errno(errno));
	for (;;) {
		ssize_t r = read(fd, buf + n, cap - n);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			int e = errno;

			close(fd);
			return pvprobe_pu_fail(ctx, path, 0, pvprobe_pu_errno(e));
		}
		if (r == 0)
			break;
		n += (size_t)r;
		if (n >= cap) {
			close(fd);
			return pvprobe_pu_fail(ctx, path, 0, -PVS_ERANGE);
		}
	}
	close(fd);
	buf[n] = '\0';
	if (len != NULL)
		*len = n;
	return 0;
}

int pvprobe_pu_read_parse(struct pvprobe_ctx *ctx, const char *rel,
		      pvprobe_pu_parse_fn fn, void *arg)
{
	char path[PVPROBE_PATH_MAX];
	unsigned int line = 0;
	char *buf;
	size_t len;
	int rc;

	if (ctx == NULL || rel == NULL || fn == NULL)
		return -PVS_EINVAL;
	rc = pvprobe_pu_load(ctx, rel, path, &buf, &len);
	if (rc < 0)
		return rc;
	rc = fn(buf, len, arg, &line);
	free(buf);
	return rc < 0 ? pvprobe_pu_fail(ctx, path, line, rc) : rc;
}

void *pvprobe_pu_opendir(struct pvprobe_ctx *ctx, const char *rel)
{
	char path[PVPROBE_PATH_MAX];

	if (pvprobe_pu_path(ctx, path, "%s", rel) < 0)
		return NULL;
	return opendir(path);
}

bool pvprobe_pu_exists(struct pvprobe_ctx *ctx, const char *path)
{
	struct stat sb;

	(void)ctx;
	return stat(path, &sb) == 0;
}

int pvprobe_pu_secondary(int rc)
{
	return rc == -PVS_ENOENT ? -PVS_EBADMSG : rc;
}

bool pvprobe_pu_next_line(struct pvprobe_pu_cur *c, struct pvprobe_pu_line *l)
{
	const char *nl;

	if (c->p >= c->end)
		return false;
	nl = memchr(c->p, '\n', (size_t)(c->end - c->p));
	l->s = c->p;
	l->e = nl ? nl : c->end;
	l->no++;
	c->p = nl ? nl + 1 : c->end;
	return true;
}

int pvprobe_pu_next_kv(struct pvprobe_pu_cur *c, struct pvprobe_pu_line *l,
		       char sep, const char **ks, const char **ke,
		       const char **vs, const char **ve)
{
	const char *s, *e, *at;

	do {
		if (!pvprobe_pu_next_line(c, l))
			return 0;
		s = l->s;
		e = l->e;
		pvprobe_pu_trim(&s, &e);
	} while (s == e);
	at = memchr(s, sep, (size_t)(e - s));
	if (at == NULL)
		return -PVS_EBADMSG;
	*ks = s;
	*ke = at;
	*vs = at + 1;
	*ve = e;
	pvprobe_pu_trim(ks, ke);
	pvprobe_pu_trim(vs, ve);
	return 1;
}

void pvprobe_pu_skip_blanks(struct pvprobe_pu_cur *c)
{
	while (c->p < c->end && (*c->p == ' ' || *c->p == '\t'))
		c->p++;
}

int pvprobe_pu_u64(struct pvprobe_pu_cur *c, uint64_t *v)
{
	uint64_t x = 0;
	const char *p = c->p;

	if (p >= c->end || *p < '0' || *p > '9')
		return -PVS_EBADMSG;
	while (p < c->end && *p >= '0' && *p <= '9') {
		unsigned int d = (unsigned int)(*p - '0');

		if (x > (UINT64_MAX - d) / 10)
			return -PVS_ERANGE;
		x = x * 10 + d;
		p++;
	}
	c->p = p;
	*v = x;
	return 0;
}

int pvprobe_pu_cpu_id(struct pvprobe_pu_cur *c, uint64_t *id)
{
	int rc = pvprobe_pu_u64(c, id);

	if (rc < 0)
		return rc;
	return *id >= PVPROBE_MAX_CPUS ? -PVS_ERANGE : 0;
}

static int pvprobe_pu_hexdig(char ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	if (ch >= 'A' && ch <= 'F')
		return ch - 'A' + 10;
	return -1;
}

int pvprobe_pu_hex_u64(struct pvprobe_pu_cur *c, uint64_t *v)
{
	const char *p = c->p;
	uint64_t x = 0;
	int d;

	if (c->end - p < 3 || p[0] != '0' || (p[1] != 'x' && p[1] != 'X'))
		return -PVS_EBADMSG;
	p += 2;
	if (pvprobe_pu_hexdig(*p) < 0)
		return -PVS_EBADMSG;
	while (p < c->end && (d = pvprobe_pu_hexdig(*p)) >= 0) {
		if (x >> 60)
			return -PVS_ERANGE;
		x = x << 4 | (uint64_t)d;
		p++;
	}
	c->p = p;
	*v = x;
	return 0;
}

void pvprobe_pu_trim(const char **s, const char **e)
{
	while (*s < *e && (**s == ' ' || **s == '\t' || **s == '\n' ||
			   **s == '\r'))
		(*s)++;
	while (*e > *s && ((*e)[-1] == ' ' || (*e)[-1] == '\t' ||
			   (*e)[-1] == '\n' || (*e)[-1] == '\r'))
		(*e)--;
}

int pvprobe_pu_parse_u64(const char *s, const char *e, uint64_t *v)
{
	struct pvprobe_pu_cur c;
	uint64_t x;
	int rc;

	pvprobe_pu_trim(&s, &e);
	c.p = s;
	c.end = e;
	rc = pvprobe_pu_u64(&c, &x);
	if (rc < 0)
		return rc;
	if (c.p != e)
		return -PVS_EBADMSG;
	*v = x;
	return 0;
}

int pvprobe_pu_text_u64(const char *text, bool yn, uint64_t *v)
{
	const char *s = text, *e = text + strlen(text);

	pvprobe_pu_trim(&s, &e);
	if (yn && e - s == 1 && (*s == 'Y' || *s == 'N')) {
		*v = *s == 'Y';
		return 0;
	}
	return pvprobe_pu_parse_u64(s, e, v);
}

int pvprobe_pu_copy_text(char *dst, size_t cap, const char *s, const char *e)
{
	const char *p;

	pvprobe_pu_trim(&s, &e);
	if ((size_t)(e - s) >= cap)
		return -PVS_EBADMSG;
	for (p = s; p < e; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			return -PVS_EBADMSG;
	memcpy(dst, s, (size_t)(e - s));
	dst[e - s] = '\0';
	return 0;
}

bool pvprobe_pu_eq(const char *s, const char *e, const char *word)
{
	size_t n = strlen(word);

	return (size_t)(e - s) == n && memcmp(s, word, n) == 0;
}

bool pvprobe_pu_starts(const char *s, const char *e, const char *prefix)
{
	size_t n = strlen(prefix);

	return (size_t)(e - s) >= n && memcmp(s, prefix, n) == 0;
}

uint64_t pvprobe_pu_muldiv(uint64_t a, uint64_t b, uint64_t c)
{
	__extension__ typedef unsigned __int128 pvprobe_u128;
	pvprobe_u128 r;

	if (c == 0)
		return 0;
	r = (pvprobe_u128)a * b / c;
	return r > UINT64_MAX ? UINT64_MAX : (uint64_t)r;
}

int pvprobe_load(struct pvprobe_ctx *ctx, const char *path, void *buf,
		   size_t cap, size_t *len)
{
	char full[PVPROBE_PATH_MAX];
	char *b;
	size_t n;
	int rc;

	if (ctx == NULL || path == NULL || buf == NULL || len == NULL)
		return -PVS_EINVAL;
	rc = pvprobe_pu_load(ctx, path, full, &b, &n);
	if (rc < 0)
		return rc;
	if (n > cap) {
		free(b);
		return pvprobe_pu_fail(ctx, full, 0, -PVS_ERANGE);
	}
	memcpy(buf, b, n);
	*len = n;
	free(b);
	return 0;
}
