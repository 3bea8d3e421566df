// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Run delay: per-task /proc/<pid>/task/<tid>/schedstat ("on-CPU ns,
 * runqueue wait ns, timeslices"; docs/upstream-rules.md#userspace-signals)
 * and the per-CPU runqueue lines of /proc/schedstat
 * (CONFIG_SCHEDSTATS; Documentation/scheduler/sched-stats.rst: cpuN
 * yld_count legacy sched_count sched_goidle ttwu_count ttwu_local
 * rq_cpu_time run_delay pcount).
 */
#include <stdlib.h>
#include <string.h>

#include "probe_util.h"

/* Exactly @n blank-separated decimals fill the rest of [c->p, c->end). */
static int pvprobe_numbers(struct pvprobe_pu_cur *c, uint64_t *v, unsigned int n)
{
	unsigned int i;
	int rc;

	for (i = 0; i < n; i++) {
		const char *before = c->p;

		pvprobe_pu_skip_blanks(c);
		if (i > 0 && c->p == before)
			return -PVS_EBADMSG;
		rc = pvprobe_pu_u64(c, &v[i]);
		if (rc < 0)
			return rc;
	}
	pvprobe_pu_skip_blanks(c);
	return c->p == c->end ? 0 : -PVS_EBADMSG;
}

int pvprobe_schedstat_parse(const char *buf, size_t len,
			struct pvprobe_schedstat *out)
{
	struct pvprobe_pu_cur c = { buf, buf + len };
	uint64_t v[3];
	int rc;

	if (buf == NULL || out == NULL)
		return -PVS_EINVAL;
	/* One line; a single trailing newline is part of it. */
	if (len > 0 && buf[len - 1] == '\n')
		c.end--;
	if (memchr(buf, '\n', (size_t)(c.end - buf)) != NULL)
		return -PVS_EBADMSG;
	rc = pvprobe_numbers(&c, v, 3);
	if (rc < 0)
		return rc;
	out->run_ns = v[0];
	out->wait_ns = v[1];
	out->timeslices = v[2];
	return 0;
}

int pvprobe_read_schedstat(struct pvprobe_ctx *ctx, int pid, int tid,
			struct pvprobe_schedstat *out)
{
	char path[PVPROBE_PATH_MAX];
	char buf[256];
	size_t len;
	int rc;

	if (ctx == NULL || out == NULL || pid < 0 || tid < 0)
		return -PVS_EINVAL;
	if (pid == 0 && tid == 0)
		rc = pvprobe_pu_path(ctx, path, "/proc/self/schedstat");
	else if (pid == 0)
		rc = pvprobe_pu_path(ctx, path, "/proc/self/task/%d/schedstat",
				 tid);
	else if (tid == 0)
		rc = pvprobe_pu_path(ctx, path, "/proc/%d/schedstat", pid);
	else
		rc = pvprobe_pu_path(ctx, path, "/proc/%d/task/%d/schedstat", pid,
				 tid);
	if (rc < 0)
		return rc;
	rc = pvprobe_pu_load_small(ctx, path, buf, sizeof(buf), &len);
	if (rc < 0)
		return rc;
	rc = pvprobe_schedstat_parse(buf, len, out);
	return rc < 0 ? pvprobe_pu_fail(ctx, path, 1, rc) : 0;
}

#define PVPROBE_RQ_FIELDS 9
#define PVPROBE_RQ_VERSION_MIN 15
#define PVPROBE_RQ_VERSION_MAX 17

static int pvprobe_rq_schedstat_parse_l(const char *buf, size_t len,
			     struct pvprobe_rq_schedstat *cpus, unsigned int cap,
			     unsigned int *bad_line)
{
	struct pvprobe_pu_cur c = { buf, buf + len };
	struct pvprobe_pu_line l = { NULL, NULL, 0 };
	struct pvprobe_rq_schedstat *tmp;
	bool have_version = false;
	unsigned int n = 0;
	int rc = 0;

	if (buf == NULL || (cap > 0 && cpus == NULL))
		return -PVS_EINVAL;
	tmp = calloc(cap ? cap : 1, sizeof(*tmp));
	if (tmp == NULL)
		return -PVS_ENOMEM;
	while (pvprobe_pu_next_line(&c, &l)) {
		struct pvprobe_pu_cur lc = { l.s, l.e };
		uint64_t v[PVPROBE_RQ_FIELDS], x;

		if (!have_version) {
			/* The first line must say which layout follows. */
			if (!pvprobe_pu_starts(l.s, l.e, "version ")) {
				rc = -PVS_EBADMSG;
				goto bad;
			}
			rc = pvprobe_pu_parse_u64(l.s + 8, l.e, &x);
			if (rc < 0)
				goto bad;
			if (x < PVPROBE_RQ_VERSION_MIN || x > PVPROBE_RQ_VERSION_MAX) {
				rc = -PVS_ERANGE;
				goto bad;
			}
			have_version = true;
			continue;
		}
		if (pvprobe_pu_starts(l.s, l.e, "timestamp ")) {
			rc = pvprobe_pu_parse_u64(l.s + 10, l.e, &x);
			if (rc < 0)
				goto bad;
			continue;
		}
		if (pvprobe_pu_starts(l.s, l.e, "domain"))
			continue;
		if (!pvprobe_pu_starts(l.s, l.e, "cpu")) {
			rc = -PVS_EBADMSG;
			goto bad;
		}
		lc.p += 3;
		rc = pvprobe_pu_cpu_id(&lc, &x);
		if (rc < 0)
			goto bad;
		if (lc.p >= lc.end || (*lc.p != ' ' && *lc.p != '\t')) {
			rc = -PVS_EBADMSG;
			goto bad;
		}
		rc = pvprobe_numbers(&lc, v, PVPROBE_RQ_FIELDS);
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

int pvprobe_rq_schedstat_parse(const char *buf, size_t len,
			   struct pvprobe_rq_schedstat *cpus, unsigned int cap)
{
	return pvprobe_rq_schedstat_parse_l(buf, len, cpus, cap, NULL);
}

struct pvprobe_rq_arg {
	struct pvprobe_rq_schedstat *cpus;
	unsigned int cap;
};

static int pvprobe_rq_parse_cb(const char *buf, size_t len, void *arg,
			   unsigned int *line)
{
	struct pvprobe_rq_arg *a = arg;

	return pvprobe_rq_schedstat_parse_l(buf, len, a->cpus, a->cap, line);
}

int pvprobe_read_rq_schedstat(struct pvprobe_ctx *ctx,
			   struct pvprobe_rq_schedstat *cpus, unsigned int cap)
{
	struct pvprobe_rq_arg a = { cpus, cap };

	return pvprobe_pu_read_parse(ctx, "/proc/schedstat", pvprobe_rq_parse_cb, &a);
}
