// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Run delay: per-task /proc/<pid>/task/<tid>/schedstat ("on-CPU ns,
 * runqueue wait ns, timeslices", REFERENCE.md section 6) and the per-CPU
 * runqueue lines of /proc/schedstat (CONFIG_SCHEDSTATS; Documentation/
 * scheduler/sched-stats.rst: cpuN yld_count legacy sched_count sched_goidle
 * ttwu_count ttwu_local rq_cpu_time run_delay pcount).
 */
#include <stdlib.h>
#include <string.h>

#include "probe_util.h"

/* Exactly @n blank-separated decimals fill the rest of [c->p, c->end). */
static int pvs_numbers(struct pvs_pu_cur *c, uint64_t *v, unsigned int n)
{
	unsigned int i;
	int rc;

	for (i = 0; i < n; i++) {
		const char *before = c->p;

		pvs_pu_skip_blanks(c);
		if (i > 0 && c->p == before)
			return -PVS_EBADMSG;
		rc = pvs_pu_u64(c, &v[i]);
		if (rc < 0)
			return rc;
	}
	pvs_pu_skip_blanks(c);
	return c->p == c->end ? 0 : -PVS_EBADMSG;
}

int pvs_schedstat_parse(const char *buf, size_t len,
			struct pvs_schedstat *out)
{
	struct pvs_pu_cur c = { buf, buf + len };
	uint64_t v[3];
	int rc;

	if (buf == NULL || out == NULL)
		return -PVS_EINVAL;
	/* One line; a single trailing newline is part of it. */
	if (len > 0 && buf[len - 1] == '\n')
		c.end--;
	if (memchr(buf, '\n', (size_t)(c.end - buf)) != NULL)
		return -PVS_EBADMSG;
	rc = pvs_numbers(&c, v, 3);
	if (rc < 0)
		return rc;
	out->run_ns = v[0];
	out->wait_ns = v[1];
	out->timeslices = v[2];
	return 0;
}

int pvs_probe_schedstat(struct pvs_probe_ctx *ctx, int pid, int tid,
			struct pvs_schedstat *out)
{
	char path[PVS_PROBE_PATH_MAX];
	char buf[256];
	size_t len;
	int rc;

	if (ctx == NULL || out == NULL || pid < 0 || tid < 0)
		return -PVS_EINVAL;
	if (pid == 0 && tid == 0)
		rc = pvs_pu_path(ctx, path, "/proc/self/schedstat");
	else if (pid == 0)
		rc = pvs_pu_path(ctx, path, "/proc/self/task/%d/schedstat",
				 tid);
	else if (tid == 0)
		rc = pvs_pu_path(ctx, path, "/proc/%d/schedstat", pid);
	else
		rc = pvs_pu_path(ctx, path, "/proc/%d/task/%d/schedstat", pid,
				 tid);
	if (rc < 0)
		return rc;
	rc = pvs_pu_load_small(ctx, path, buf, sizeof(buf), &len);
	if (rc < 0)
		return rc;
	rc = pvs_schedstat_parse(buf, len, out);
	return rc < 0 ? pvs_pu_fail(ctx, path, 1, rc) : 0;
}

#define PVS_RQ_FIELDS 9
#define PVS_RQ_VERSION_MIN 15
#define PVS_RQ_VERSION_MAX 17

static int pvs_rq_schedstat_parse_l(const char *buf, size_t len,
			     struct pvs_rq_schedstat *cpus, unsigned int cap,
			     unsigned int *bad_line)
{
	struct pvs_pu_cur c = { buf, buf + len };
	struct pvs_pu_line l = { NULL, NULL, 0 };
	struct pvs_rq_schedstat *tmp;
	bool have_version = false;
	unsigned int n = 0;
	int rc = 0;

	if (buf == NULL || (cap > 0 && cpus == NULL))
		return -PVS_EINVAL;
	tmp = calloc(cap ? cap : 1, sizeof(*tmp));
	if (tmp == NULL)
		return -PVS_ENOMEM;
	while (pvs_pu_next_line(&c, &l)) {
		struct pvs_pu_cur lc = { l.s, l.e };
		uint64_t v[PVS_RQ_FIELDS], x;

		if (!have_version) {
			/* The first line must say which layout follows. */
			if (!pvs_pu_starts(l.s, l.e, "version ")) {
				rc = -PVS_EBADMSG;
				goto bad;
			}
			rc = pvs_pu_parse_u64(l.s + 8, l.e, &x);
			if (rc < 0)
				goto bad;
			if (x < PVS_RQ_VERSION_MIN || x > PVS_RQ_VERSION_MAX) {
				rc = -PVS_ERANGE;
				goto bad;
			}
			have_version = true;
			continue;
		}
		if (pvs_pu_starts(l.s, l.e, "timestamp ")) {
			rc = pvs_pu_parse_u64(l.s + 10, l.e, &x);
			if (rc < 0)
				goto bad;
			continue;
		}
		if (pvs_pu_starts(l.s, l.e, "domain"))
			continue;
		if (!pvs_pu_starts(l.s, l.e, "cpu")) {
			rc = -PVS_EBADMSG;
			goto bad;
		}
		lc.p += 3;
		rc = pvs_pu_u64(&lc, &x);
		if (rc < 0)
			goto bad;
		if (x >= PVS_PROBE_MAX_CPUS) {
			rc = -PVS_ERANGE;
			goto bad;
		}
		if (lc.p >= lc.end || (*lc.p != ' ' && *lc.p != '\t')) {
			rc = -PVS_EBADMSG;
			goto bad;
		}
		rc = pvs_numbers(&lc, v, PVS_RQ_FIELDS);
		if (rc < 0)
			goto bad;
		if (n >= cap) {
			rc = -PVS_ERANGE;
			goto bad;
		}
		tmp[n].cpu = (int32_t)x;
		tmp[n].run_ns = v[6];
		tmp[n].wait_ns = v[7];
		tmp[n].timeslices = v[8];
		n++;
	}
	if (!have_version) {
		rc = -PVS_EBADMSG;
		goto bad;
	}
	if (n > 0)
		memcpy(cpus, tmp, n * sizeof(*tmp));
	free(tmp);
	return (int)n;
bad:
	if (bad_line != NULL)
		*bad_line = l.no;
	free(tmp);
	return rc;
}

int pvs_rq_schedstat_parse(const char *buf, size_t len,
			   struct pvs_rq_schedstat *cpus, unsigned int cap)
{
	return pvs_rq_schedstat_parse_l(buf, len, cpus, cap, NULL);
}

struct pvs_rq_arg {
	struct pvs_rq_schedstat *cpus;
	unsigned int cap;
};

static int pvs_rq_parse_cb(const char *buf, size_t len, void *arg,
			   unsigned int *line)
{
	struct pvs_rq_arg *a = arg;

	return pvs_rq_schedstat_parse_l(buf, len, a->cpus, a->cap, line);
}

int pvs_probe_rq_schedstat(struct pvs_probe_ctx *ctx,
			   struct pvs_rq_schedstat *cpus, unsigned int cap)
{
	struct pvs_rq_arg a = { cpus, cap };

	return pvs_pu_read_parse(ctx, "/proc/schedstat", pvs_rq_parse_cb, &a);
}
