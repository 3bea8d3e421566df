// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The CPUs a process really has: affinity, the cgroup CPU bandwidth limit
 * (Documentation/admin-guide/cgroup-v2.rst "cpu.max";
 * Documentation/scheduler/sched-bwc.rst for v1 cfs_quota_us/cfs_period_us)
 * and its throttling counters (cpu.stat). How the cgroup is found follows
 * Go's container-aware GOMAXPROCS (internal/runtime/cgroup); the walk over
 * the ancestors is ours (probe/cgroup.h).
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "probe_util.h"

#define PVPROBE_MCPUS_PER_CPU 1000u
#define PVPROBE_PPM 1000000u

/* ---- /proc/self/cgroup ---------------------------------------------------- */

/* The comma-separated list [s, e) holds the word "cpu". */
static bool has_cpu(const char *s, const char *e)
{
	while (s < e) {
		const char *c = memchr(s, ',', (size_t)(e - s));
		const char *w = c ? c : e;

		if (pvprobe_pu_eq(s, w, "cpu"))
			return true;
		s = c ? c + 1 : e;
	}
	return false;
}

/* Copy [s, e) NUL-terminated into dst[cap]; -PVS_EBADMSG if too long. */
static int copy_span(char *dst, size_t cap, const char *s, const char *e)
{
	if ((size_t)(e - s) >= cap || memchr(s, '\0', (size_t)(e - s)) != NULL)
		return -PVS_EBADMSG;
	memcpy(dst, s, (size_t)(e - s));
	dst[e - s] = '\0';
	return 0;
}

static int cgroup_self_parse_l(const char *buf, size_t len, char *path,
			       size_t cap, unsigned int *bad_line)
{
	struct pvprobe_pu_cur c = { buf, buf + len };
	struct pvprobe_pu_line l = { NULL, NULL, 0 };
	const char *v2s = NULL, *v2e = NULL;
	int ver = PVPROBE_CGROUP_NONE;

	if (buf == NULL || path == NULL || cap == 0)
		return -PVS_EINVAL;
	while (pvprobe_pu_next_line(&c, &l)) {
		const char *c1 = memchr(l.s, ':', (size_t)(l.e - l.s));
		const char *c2 = c1 ? memchr(c1 + 1, ':', (size_t)(l.e - c1 - 1)) :
				      NULL;
		uint64_t id;

		/* Only the line taken must fit @cap (copy_span()). */
		if (c2 == NULL || c2 + 1 >= l.e || c2[1] != '/' ||
		    pvprobe_pu_parse_u64(l.s, c1, &id) < 0)
			goto bad;
		if (id == 0 && c1 + 1 == c2) {
			v2s = c2 + 1;
			v2e = l.e;
		} else if (id != 0 && has_cpu(c1 + 1, c2)) {
			/* The v1 CPU hierarchy wins; there is one. */
			v2s = c2 + 1;
			v2e = l.e;
			ver = PVPROBE_CGROUP_V1;
			break;
		}
	}
	if (v2s == NULL)
		return PVPROBE_CGROUP_NONE;
	if (ver == PVPROBE_CGROUP_NONE)
		ver = PVPROBE_CGROUP_V2;
	if (copy_span(path, cap, v2s, v2e) < 0)
		goto bad;
	return ver;
bad:
	if (bad_line != NULL)
		*bad_line = l.no;
	return -PVS_EBADMSG;
}

int pvprobe_cgroup_self_parse(const char *buf, size_t len, char *path,
			      size_t cap)
{
	return cgroup_self_parse_l(buf, len, path, cap, NULL);
}

/* ---- /proc/self/mountinfo ------------------------------------------------- */

/* Next blank-separated field of [c->p, c->end) into [*s, *e). */
static bool next_field(struct pvprobe_pu_cur *c, const char **s, const char **e)
{
	const char *sp;

	if (c->p >= c->end)
		return false;
	sp = memchr(c->p, ' ', (size_t)(c->end - c->p));
	*s = c->p;
	*e = sp ? sp : c->end;
	c->p = sp ? sp + 1 : c->end;
	return *e > *s;
}

/* Decode show_path()'s octal escapes of [s, e) into dst[cap]. */
static int unescape(char *dst, size_t cap, const char *s, const char *e)
{
	size_t n = 0;

	while (s < e) {
		char ch = *s++;

		if (ch == '\\') {
			unsigned int v = 0, i;

			if (e - s < 3)
				return -PVS_EBADMSG;
			for (i = 0; i < 3; i++, s++) {
				if (*s < '0' || *s > '7')
					return -PVS_EBADMSG;
				v = v * 8 + (unsigned int)(*s - '0');
			}
			if (v == 0 || v > 0xff)
				return -PVS_EBADMSG;
			ch = (char)v;
		} else if (ch == '\0') {
			return -PVS_EBADMSG;
		}
		if (n + 1 >= cap)
			return -PVS_EBADMSG;
		dst[n++] = ch;
	}
	dst[n] = '\0';
	return 0;
}

/* The cgroup lies at or below the mount's root. */
static bool under_root(const char *root, const char *cgroup)
{
	size_t n = strlen(root);

	if (strcmp(root, "/") == 0)
		return true;
	return strncmp(cgroup, root, n) == 0 &&
	       (cgroup[n] == '\0' || cgroup[n] == '/');
}

struct mount_arg {
	enum pvprobe_cgroup_ver ver;
	const char *cgroup;
	char *mnt, *root;
	size_t cap;
};

static int mountinfo_parse_l(const char *buf, size_t len,
			     const struct mount_arg *a, unsigned int *bad_line)
{
	struct pvprobe_pu_cur c = { buf, buf + len };
	struct pvprobe_pu_line l = { NULL, NULL, 0 };
	char *m, *r;
	int found = 0, rc = -PVS_EBADMSG;

	if (buf == NULL || a->cgroup == NULL || a->mnt == NULL ||
	    a->root == NULL || a->cap == 0 ||
	    (a->ver != PVPROBE_CGROUP_V1 && a->ver != PVPROBE_CGROUP_V2))
		return -PVS_EINVAL;
	m = malloc(a->cap);
	r = malloc(a->cap);
	if (m == NULL || r == NULL) {
		rc = -PVS_ENOMEM;
		goto out;
	}
	while (pvprobe_pu_next_line(&c, &l)) {
		struct pvprobe_pu_cur f = { l.s, l.e };
		const char *fs[5][2], *s, *e, *fst, *fse;
		unsigned int i;
		bool sep = false;

		/* id, parent, major:minor, root, mount point */
		for (i = 0; i < 5; i++) {
			if (!next_field(&f, &fs[i][0], &fs[i][1]))
				goto out;
		}
		/* options, optional fields, then "-" */
		while (next_field(&f, &s, &e)) {
			if (pvprobe_pu_eq(s, e, "-")) {
				sep = true;
				break;
			}
		}
		if (!sep || !next_field(&f, &fst, &fse))
			goto out;
		if (a->ver == PVPROBE_CGROUP_V2 ?
			    !pvprobe_pu_eq(fst, fse, "cgroup2") :
			    !pvprobe_pu_eq(fst, fse, "cgroup"))
			continue;
		if (a->ver == PVPROBE_CGROUP_V1) {
			/* source, then the super options */
			if (!next_field(&f, &s, &e) || !next_field(&f, &s, &e))
				goto out;
			if (!has_cpu(s, l.e))
				continue;
		}
		if (unescape(m, a->cap, fs[4][0], fs[4][1]) < 0 ||
		    unescape(r, a->cap, fs[3][0], fs[3][1]) < 0 ||
		    m[0] != '/' || r[0] != '/')
			goto out;
		/* The first mount at all, unless a later one holds the cgroup. */
		if (found == 0 || (!under_root(a->root, a->cgroup) &&
				   under_root(r, a->cgroup))) {
			memcpy(a->mnt, m, strlen(m) + 1);
			memcpy(a->root, r, strlen(r) + 1);
			found = 1;
		}
	}
	rc = found;
out:
	if (rc == -PVS_EBADMSG && bad_line != NULL)
		*bad_line = l.no;
	free(m);
	free(r);
	return rc;
}

int pvprobe_mountinfo_cgroup_parse(const char *buf, size_t len,
				   enum pvprobe_cgroup_ver ver,
				   const char *cgroup, char *mnt, char *root,
				   size_t cap)
{
	char *tm, *tr;
	struct mount_arg a = { ver, cgroup, NULL, NULL, cap };
	int rc;

	if (mnt == NULL || root == NULL || cap == 0)
		return -PVS_EINVAL;
	/* Untouched on error: parse into copies. */
	tm = calloc(1, cap);
	tr = calloc(1, cap);
	if (tm == NULL || tr == NULL) {
		free(tm);
		free(tr);
		return -PVS_ENOMEM;
	}
	a.mnt = tm;
	a.root = tr;
	rc = mountinfo_parse_l(buf, len, &a, NULL);
	if (rc == 1) {
		memcpy(mnt, tm, cap);
		memcpy(root, tr, cap);
	}
	free(tm);
	free(tr);
	return rc;
}

/* ---- limits and counters -------------------------------------------------- */

/* [s, e) without one trailing newline; no other newline in it. */
static int one_line(const char *buf, size_t len, const char **e)
{
	if (buf == NULL)
		return -PVS_EINVAL;
	*e = buf + len;
	if (len > 0 && buf[len - 1] == '\n')
		(*e)--;
	return memchr(buf, '\n', (size_t)(*e - buf)) ? -PVS_EBADMSG : 0;
}

int pvprobe_cpu_max_parse(const char *buf, size_t len,
			  struct pvprobe_cpu_quota *out)
{
	struct pvprobe_pu_cur c;
	struct pvprobe_cpu_quota q = { true, 0, 0 };
	const char *e;
	int rc;

	if (out == NULL)
		return -PVS_EINVAL;
	rc = one_line(buf, len, &e);
	if (rc < 0)
		return rc;
	c.p = buf;
	c.end = e;
	if (pvprobe_pu_starts(c.p, c.end, "max")) {
		q.limited = false;
		c.p += 3;
	} else {
		rc = pvprobe_pu_u64(&c, &q.quota_us);
		if (rc < 0)
			return rc;
	}
	if (c.p >= c.end || *c.p != ' ')
		return -PVS_EBADMSG;
	c.p++;
	rc = pvprobe_pu_u64(&c, &q.period_us);
	if (rc < 0)
		return rc;
	if (c.p != c.end || q.period_us == 0 || (q.limited && q.quota_us == 0))
		return -PVS_EBADMSG;
	*out = q;
	return 0;
}

int pvprobe_cfs_quota_parse(const char *quota, size_t qlen, const char *period,
			    size_t plen, struct pvprobe_cpu_quota *out)
{
	struct pvprobe_cpu_quota q = { true, 0, 0 };
	const char *qe, *pe;
	int rc;

	if (out == NULL || period == NULL)
		return -PVS_EINVAL;
	rc = one_line(quota, qlen, &qe);
	if (rc == 0)
		rc = one_line(period, plen, &pe);
	if (rc < 0)
		return rc;
	if (pvprobe_pu_eq(quota, qe, "-1"))
		q.limited = false;
	else if ((rc = pvprobe_pu_parse_u64(quota, qe, &q.quota_us)) < 0)
		return rc;
	rc = pvprobe_pu_parse_u64(period, pe, &q.period_us);
	if (rc < 0)
		return rc;
	if (q.period_us == 0 || (q.limited && q.quota_us == 0))
		return -PVS_EBADMSG;
	*out = q;
	return 0;
}

static int cpu_stat_parse_l(const char *buf, size_t len,
			    enum pvprobe_cgroup_ver ver,
			    struct pvprobe_cpu_throttle *out,
			    unsigned int *bad_line)
{
	static const char *const keys[2][3] = {
		{ "nr_periods", "nr_throttled", "throttled_time" },
		{ "nr_periods", "nr_throttled", "throttled_usec" },
	};
	struct pvprobe_pu_cur c = { buf, buf + len };
	struct pvprobe_pu_line l = { NULL, NULL, 0 };
	const char *const *k;
	uint64_t v[3] = { 0, 0, 0 };
	unsigned int seen = 0, i;

	if (buf == NULL || out == NULL ||
	    (ver != PVPROBE_CGROUP_V1 && ver != PVPROBE_CGROUP_V2))
		return -PVS_EINVAL;
	k = keys[ver == PVPROBE_CGROUP_V2];
	while (pvprobe_pu_next_line(&c, &l)) {
		const char *sp = memchr(l.s, ' ', (size_t)(l.e - l.s));
		uint64_t x;
		int rc;

		if (sp == NULL || sp == l.s) {
			rc = -PVS_EBADMSG;
			goto bad;
		}
		rc = pvprobe_pu_parse_u64(sp + 1, l.e, &x);
		if (rc < 0)
			goto bad;
		for (i = 0; i < 3; i++) {
			if (!pvprobe_pu_eq(l.s, sp, k[i]))
				continue;
			if (seen & (1u << i)) {
				rc = -PVS_EBADMSG;
				goto bad;
			}
			seen |= 1u << i;
			v[i] = x;
		}
		continue;
bad:
		if (bad_line != NULL)
			*bad_line = l.no;
		return rc;
	}
	if (seen == 0)
		return 0;
	if (seen != 7)
		return -PVS_EBADMSG;
	if (ver == PVPROBE_CGROUP_V2) {
		if (v[2] > UINT64_MAX / 1000)
			return -PVS_ERANGE;
		v[2] *= 1000;
	}
	out->nr_periods = v[0];
	out->nr_throttled = v[1];
	out->throttled_ns = v[2];
	return 1;
}

int pvprobe_cpu_stat_parse(const char *buf, size_t len,
			   enum pvprobe_cgroup_ver ver,
			   struct pvprobe_cpu_throttle *out)
{
	return cpu_stat_parse_l(buf, len, ver, out, NULL);
}

/* ---- derivation ------------------------------------------------------------ */

__extension__ typedef unsigned __int128 pvprobe_u128;

/* ceil(a * b / c), clamped to UINT32_MAX; 0 if c is 0. */
static uint32_t ceil_u32(uint64_t a, uint64_t b, uint64_t c)
{
	pvprobe_u128 r;

	if (c == 0)
		return 0;
	r = ((pvprobe_u128)a * b + c - 1) / c;
	return r > UINT32_MAX ? UINT32_MAX : (uint32_t)r;
}

/* a * 10^6 / (b * c), at most 10^6; 0 if b * c is 0. */
static uint32_t share_ppm(uint64_t a, uint64_t b, uint64_t c)
{
	pvprobe_u128 d = (pvprobe_u128)b * c, r;

	if (d == 0)
		return 0;
	r = (pvprobe_u128)a * PVPROBE_PPM / d;
	return r > PVPROBE_PPM ? PVPROBE_PPM : (uint32_t)r;
}

void pvprobe_cpus_derive(struct pvprobe_cpus *c)
{
	uint64_t aff_m;

	if (c == NULL)
		return;
	aff_m = (uint64_t)c->nr_affinity * PVPROBE_MCPUS_PER_CPU;
	if (aff_m > UINT32_MAX)
		aff_m = UINT32_MAX;
	c->quota_mcpus = c->quota.limited ?
		ceil_u32(c->quota.quota_us, PVPROBE_MCPUS_PER_CPU,
			 c->quota.period_us) : 0;
	c->effective_mcpus = (uint32_t)aff_m;
	if (c->quota.limited && c->quota_mcpus < aff_m)
		c->effective_mcpus = c->quota_mcpus;
	c->effective_cpus = ceil_u32(c->effective_mcpus, 1,
				     PVPROBE_MCPUS_PER_CPU);
	if (c->effective_cpus == 0)
		c->effective_cpus = 1;
	c->throttled_ppm = c->periods_throttled_ppm = 0;
	if (c->have_throttle) {
		c->throttled_ppm = share_ppm(c->throttle.throttled_ns / 1000,
					     c->throttle.nr_periods,
					     c->quota.period_us);
		c->periods_throttled_ppm = share_ppm(c->throttle.nr_throttled,
						     c->throttle.nr_periods, 1);
	}
}

/* ---- readers ---------------------------------------------------------------- */

static int cpulist_count_cb(const char *buf, size_t len, void *arg,
			    unsigned int *line)
{
	(void)arg;
	(void)line;
	return pvprobe_cpulist_parse(buf, len, NULL);
}

static int status_affinity_cb(const char *buf, size_t len, void *arg,
			      unsigned int *line)
{
	struct pvprobe_pu_cur c = { buf, buf + len };
	struct pvprobe_pu_line l = { NULL, NULL, 0 };
	static const char key[] = "Cpus_allowed_list:";

	(void)arg;
	while (pvprobe_pu_next_line(&c, &l)) {
		const char *s = l.s + sizeof(key) - 1, *e = l.e;

		if (!pvprobe_pu_starts(l.s, l.e, key))
			continue;
		*line = l.no;
		pvprobe_pu_trim(&s, &e);
		return pvprobe_cpulist_parse(s, (size_t)(e - s), NULL);
	}
	return -PVS_EBADMSG;
}

static int read_affinity(struct pvprobe_ctx *ctx, struct pvprobe_cpus *c)
{
	int rc;

	if (pvprobe_ctx_live(ctx)) {
		cpu_set_t *set = CPU_ALLOC(PVPROBE_MAX_CPUS);
		size_t sz = CPU_ALLOC_SIZE(PVPROBE_MAX_CPUS);

		if (set == NULL)
			return -PVS_ENOMEM;
		rc = sched_getaffinity(0, sz, set) == 0 ? CPU_COUNT_S(sz, set) :
							  -PVS_EIO;
		CPU_FREE(set);
		c->affinity_via = PVPROBE_AFFINITY_SYSCALL;
	} else {
		c->affinity_via = PVPROBE_AFFINITY_STATUS;
		rc = pvprobe_pu_read_parse(ctx, "/proc/self/status",
					   status_affinity_cb, NULL);
		if (rc == -PVS_ENOENT) {
			c->affinity_via = PVPROBE_AFFINITY_ONLINE;
			rc = pvprobe_pu_read_parse(ctx,
				"/sys/devices/system/cpu/online",
				cpulist_count_cb, NULL);
		}
	}
	if (rc == 0)
		return -PVS_EBADMSG;	/* a process runs somewhere */
	if (rc > 0)
		c->nr_affinity = (uint32_t)rc;
	return rc;
}

/* Load DIR/NAME (DIR below the sysroot); -PVS_ENOENT passed on. */
static int load_attr(struct pvprobe_ctx *ctx, const char *dir,
		     const char *name, char *buf, size_t cap, size_t *len,
		     char *path)
{
	int rc = pvprobe_pu_path(ctx, path, "%s/%s", dir, name);

	return rc < 0 ? rc : pvprobe_pu_load_small(ctx, path, buf, cap, len);
}

/* The limit of one level; 0 with limited false if it has none. */
static int read_level(struct pvprobe_ctx *ctx, enum pvprobe_cgroup_ver ver,
		      const char *dir, struct pvprobe_cpu_quota *q)
{
	char qpath[PVPROBE_PATH_MAX], ppath[PVPROBE_PATH_MAX], b1[64], b2[64];
	const char *bad = qpath;
	size_t l1, l2;
	int rc;

	if (ver == PVPROBE_CGROUP_V2) {
		rc = load_attr(ctx, dir, "cpu.max", b1, sizeof(b1), &l1, qpath);
		if (rc < 0)
			goto absent;
		rc = pvprobe_cpu_max_parse(b1, l1, q);
	} else {
		rc = load_attr(ctx, dir, "cpu.cfs_quota_us", b1, sizeof(b1),
			       &l1, qpath);
		if (rc < 0)
			goto absent;
		/* The period must be there when the quota is. */
		rc = load_attr(ctx, dir, "cpu.cfs_period_us", b2, sizeof(b2),
			       &l2, ppath);
		if (rc < 0)
			return pvprobe_pu_secondary(rc);
		rc = pvprobe_cfs_quota_parse(b1, l1, b2, l2, q);
		/* Name the file at fault: the quota parses with any period. */
		if (rc < 0 && pvprobe_cfs_quota_parse(b1, l1, "1", 1, q) == 0)
			bad = ppath;
	}
	return rc < 0 ? pvprobe_pu_fail(ctx, bad, 1, rc) : 0;
absent:
	if (rc != -PVS_ENOENT)
		return rc;
	q->limited = false;
	q->quota_us = q->period_us = 0;
	ctx->bad_path[0] = '\0';
	return 0;
}

/* q is tighter than best. */
static bool tighter(const struct pvprobe_cpu_quota *q,
		    const struct pvprobe_cpu_quota *best)
{
	if (!q->limited)
		return false;
	if (!best->limited)
		return true;
	return (pvprobe_u128)q->quota_us * best->period_us <
	       (pvprobe_u128)best->quota_us * q->period_us;
}

struct stat_arg {
	enum pvprobe_cgroup_ver ver;
	struct pvprobe_cpu_throttle *t;
};

static int cpu_stat_cb(const char *buf, size_t len, void *arg,
		       unsigned int *line)
{
	struct stat_arg *a = arg;

	return cpu_stat_parse_l(buf, len, a->ver, a->t, line);
}

static int self_cgroup_cb(const char *buf, size_t len, void *arg,
			  unsigned int *line)
{
	struct pvprobe_cpus *c = arg;

	return cgroup_self_parse_l(buf, len, c->cgroup, sizeof(c->cgroup),
				   line);
}

static int mountinfo_cb(const char *buf, size_t len, void *arg,
			unsigned int *line)
{
	return mountinfo_parse_l(buf, len, arg, line);
}

/* Find the hierarchy's directory of the cgroup into dir; 1 found, 0 not. */
static int find_dir(struct pvprobe_ctx *ctx, struct pvprobe_cpus *c,
		    char *dir, size_t *mnt_len)
{
	char mnt[PVPROBE_PATH_MAX], root[PVPROBE_PATH_MAX];
	struct mount_arg a = { c->ver, c->cgroup, mnt, root, sizeof(mnt) };
	const char *rel = c->cgroup;
	size_t ml;
	int rc;

	rc = pvprobe_pu_read_parse(ctx, "/proc/self/mountinfo", mountinfo_cb,
				   &a);
	if (rc <= 0)
		return rc == -PVS_ENOENT ? 0 : rc;
	/* A bind mount of a subtree: the cgroup path is below its root. */
	if (strcmp(root, "/") != 0 && under_root(root, c->cgroup))
		rel = c->cgroup + strlen(root);
	ml = strlen(mnt);
	while (ml > 1 && mnt[ml - 1] == '/')
		ml--;
	while (*rel == '/')
		rel++;
	if (ml + 1 + strlen(rel) >= PVPROBE_PATH_MAX)
		return pvprobe_pu_fail(ctx, "/proc/self/cgroup", 0,
				       -PVS_ERANGE);
	memcpy(dir, mnt, ml);
	dir[ml] = '\0';
	if (*rel != '\0') {
		if (ml > 1)
			dir[ml++] = '/';
		strcpy(dir + ml, rel);
	}
	*mnt_len = ml;
	return 1;
}

static int read_limits(struct pvprobe_ctx *ctx, struct pvprobe_cpus *c)
{
	char dir[PVPROBE_PATH_MAX], bind[PVPROBE_PATH_MAX];
	struct stat_arg sa = { c->ver, &c->throttle };
	size_t mlen = 0, n;
	uint32_t depth = 0;
	bool first = true;
	int rc;

	rc = find_dir(ctx, c, dir, &mlen);
	if (rc <= 0) {
		if (rc == 0)
			c->ver = PVPROBE_CGROUP_NONE;
		return rc;
	}
	strcpy(bind, dir);
	/* From the cgroup up to the mount point; a path has fewer levels
	 * than bytes. */
	for (n = 0; n < PVPROBE_PATH_MAX; n++) {
		struct pvprobe_cpu_quota q;
		char *slash;

		rc = read_level(ctx, c->ver, dir, &q);
		if (rc < 0)
			return rc;
		if (first || tighter(&q, &c->quota)) {
			c->quota = q;
			c->quota_depth = depth;
			strcpy(bind, dir);
		}
		first = false;
		if (strlen(dir) <= mlen)
			break;
		slash = strrchr(dir, '/');
		if (slash == NULL || (size_t)(slash - dir) < mlen)
			break;
		*slash = '\0';
		if (slash == dir)
			strcpy(dir, "/");
		depth++;
	}
	if (strlen(bind) + sizeof("/cpu.stat") > PVPROBE_PATH_MAX)
		return -PVS_ERANGE;
	strcat(bind, "/cpu.stat");
	rc = pvprobe_pu_read_parse(ctx, bind, cpu_stat_cb, &sa);
	if (rc == -PVS_ENOENT) {
		ctx->bad_path[0] = '\0';
		return 0;
	}
	if (rc < 0)
		return rc;
	c->have_throttle = rc == 1;
	return 0;
}

int pvprobe_read_cpus(struct pvprobe_ctx *ctx, struct pvprobe_cpus *out)
{
	struct pvprobe_cpus *c;
	int rc;

	if (ctx == NULL || out == NULL)
		return -PVS_EINVAL;
	c = calloc(1, sizeof(*c));
	if (c == NULL)
		return -PVS_ENOMEM;
	rc = read_affinity(ctx, c);
	if (rc < 0)
		goto out;
	rc = pvprobe_pu_read_parse(ctx, "/proc/self/cgroup", self_cgroup_cb, c);
	if (rc == -PVS_ENOENT) {
		ctx->bad_path[0] = '\0';
		rc = PVPROBE_CGROUP_NONE;
	}
	if (rc < 0)
		goto out;
	c->ver = (enum pvprobe_cgroup_ver)rc;
	if (c->ver != PVPROBE_CGROUP_NONE) {
		rc = read_limits(ctx, c);
		if (rc < 0)
			goto out;
	}
	if (c->ver == PVPROBE_CGROUP_NONE)
		c->cgroup[0] = '\0';
	pvprobe_cpus_derive(c);
	*out = *c;
	rc = 0;
out:
	free(c);
	return rc;
}
