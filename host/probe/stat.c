// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * /proc/stat cpu lines and the steal rate between two samples
 * (docs/upstream-rules.md#userspace-signals; user nice system idle
 * iowait irq softirq steal guest guest_nice, in USER_HZ ticks).
 */
#include <stdlib.h>
#include <string.h>

#include "probe_util.h"

#define PVPROBE_STAT_MIN_FIELDS 4
#define PVPROBE_STAT_MAX_FIELDS 10

/* Parse the columns after "cpu" / "cpuN" into @t. */
static int pvprobe_stat_fields(struct pvprobe_pu_cur *c, struct pvprobe_cpu_times *t)
{
	uint64_t v[PVPROBE_STAT_MAX_FIELDS] = { 0 };
	unsigned int n = 0;
	int rc;

	for (;;) {
		uint64_t x;
		const char *before = c->p;

		pvprobe_pu_skip_blanks(c);
		if (c->p >= c->end)
			break;
		if (c->p == before)
			return -PVS_EBADMSG; /* "12 34x": no blank before */
		rc = pvprobe_pu_u64(c, &x);
		if (rc < 0)
			return rc;
		if (n < PVPROBE_STAT_MAX_FIELDS)
			v[n] = x;
		n++;
	}
	if (n < PVPROBE_STAT_MIN_FIELDS)
		return -PVS_EBADMSG;
	t->nr_fields = n < PVPROBE_STAT_MAX_FIELDS ? n : PVPROBE_STAT_MAX_FIELDS;
	t->user = v[0];
	t->nice = v[1];
	t->system = v[2];
	t->idle = v[3];
	t->iowait = v[4];
	t->irq = v[5];
	t->softirq = v[6];
	t->steal = v[7];
	t->guest = v[8];
	t->guest_nice = v[9];
	return 0;
}

/* The parser of PVPROBE_PU_FILE_READER() below. */
static int pvprobe_stat_parse_l(const char *buf, size_t len,
				struct pvprobe_stat *st, unsigned int *bad_line)
{
	struct pvprobe_pu_cur c = { buf, buf + len };
	struct pvprobe_pu_line l = { NULL, NULL, 0 };
	struct pvprobe_cpu_times total, *tmp;
	uint8_t *seen;
	bool have_total = false;
	unsigned int n = 0;
	int rc = 0;

	if (buf == NULL || st == NULL || (st->cap > 0 && st->cpus == NULL))
		return -PVS_EINVAL;
	memset(&total, 0, sizeof(total));
	tmp = calloc(st->cap ? st->cap : 1, sizeof(*tmp));
	seen = calloc(PVPROBE_MAX_CPUS / 8, 1);
	if (tmp == NULL || seen == NULL) {
		rc = -PVS_ENOMEM;
		goto out;
	}
	while (pvprobe_pu_next_line(&c, &l)) {
		struct pvprobe_pu_cur lc = { l.s, l.e };
		struct pvprobe_cpu_times t;
		uint64_t id;

		if (!pvprobe_pu_starts(l.s, l.e, "cpu"))
			continue;
		memset(&t, 0, sizeof(t));
		lc.p += 3;
		if (lc.p < lc.end && *lc.p >= '0' && *lc.p <= '9') {
			rc = pvprobe_pu_cpu_id(&lc, &id);
			if (rc < 0)
				goto bad;
			if (seen[id / 8] & (1u << (id % 8))) {
				rc = -PVS_EBADMSG;
				goto bad;
			}
			seen[id / 8] |= (uint8_t)(1u << (id % 8));
			t.cpu = (int32_t)id;
		} else {
			if (have_total) {
				rc = -PVS_EBADMSG;
				goto bad;
			}
			t.cpu = -1;
		}
		if (lc.p < lc.end && *lc.p != ' ' && *lc.p != '\t') {
			rc = -PVS_EBADMSG;
			goto bad;
		}
		rc = pvprobe_stat_fields(&lc, &t);
		if (rc < 0)
			goto bad;
		if (t.cpu < 0) {
			total = t;
			have_total = true;
			continue;
		}
		if (n >= st->cap) {
			rc = -PVS_ERANGE;
			goto bad;
		}
		tmp[n++] = t;
	}
	if (!have_total) {
		rc = -PVS_EBADMSG;
		l.no = 0;
		goto bad;
	}
	st->total = total;
	st->nr_cpus = n;
	if (n > 0)
		memcpy(st->cpus, tmp, n * sizeof(*tmp));
	rc = (int)n;
	goto out;
bad:
	if (bad_line != NULL)
		*bad_line = l.no;
out:
	free(tmp);
	free(seen);
	return rc;
}

PVPROBE_PU_FILE_READER(stat, struct pvprobe_stat, "/proc/stat",
		       pvprobe_stat_parse_l)

/* after - before, or 0 if the counter stepped back. */
static uint64_t pvprobe_delta(uint64_t before, uint64_t after)
{
	return after > before ? after - before : 0;
}

/* Saturating sum: a fixture may hold counters near 2^64. */
static uint64_t pvprobe_add_sat(uint64_t a, uint64_t b)
{
	return a + b < a ? UINT64_MAX : a + b;
}

int pvprobe_steal_rate(const struct pvprobe_cpu_times *before,
		   const struct pvprobe_cpu_times *after,
		   struct pvprobe_steal_rate *out)
{
	static const struct pvprobe_cpu_times zero;
	const struct pvprobe_cpu_times *b = before ? before : &zero;
	uint64_t busy, idle, steal, total, wanted;

	if (after == NULL || out == NULL ||
	    (before != NULL && before->cpu != after->cpu))
		return -PVS_EINVAL;
	busy = pvprobe_delta(b->user, after->user);
	busy = pvprobe_add_sat(busy, pvprobe_delta(b->nice, after->nice));
	busy = pvprobe_add_sat(busy, pvprobe_delta(b->system, after->system));
	busy = pvprobe_add_sat(busy, pvprobe_delta(b->irq, after->irq));
	busy = pvprobe_add_sat(busy, pvprobe_delta(b->softirq, after->softirq));
	idle = pvprobe_add_sat(pvprobe_delta(b->idle, after->idle),
			   pvprobe_delta(b->iowait, after->iowait));
	steal = pvprobe_delta(b->steal, after->steal);
	wanted = pvprobe_add_sat(busy, steal);
	total = pvprobe_add_sat(wanted, idle);
	out->cpu = after->cpu;
	out->steal_ticks = steal;
	out->total_ticks = total;
	out->steal_ppm = (uint32_t)(total ? pvprobe_pu_muldiv(steal, 1000000,
							  total) : 0);
	out->preempt_ppm = (uint32_t)(wanted ? pvprobe_pu_muldiv(steal, 1000000,
							     wanted) : 0);
	return 0;
}
