// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The throttle view: how much of its CPUs' time the process's cgroup spent
 * throttled by its CPU limit, recently, for pvrt_spin_steal_ppm() to count
 * as steal (docs/spin-rt.md, "Throttling counts as steal"). A throttled
 * runqueue runs nothing of the group, exactly as a vCPU the host took runs
 * nothing of the guest: a lock holder there stops, its waiters should
 * stop spinning sooner.
 *
 * The counters are those of pvprobe_read_cpus(): cpu.stat of the level
 * whose limit binds (v2 throttled_usec, v1 throttled_time, both summed
 * over the group's per-CPU runqueues) and nr_periods. Between two samples,
 * the share is the throttled time over the runqueue time of the periods
 * that elapsed with the group runnable:
 *
 *   d(throttled_ns) / (d(nr_periods) x period x nr_cpus), at most 1.
 *
 * nr_cpus is the affinity mask's count: a process that keeps fewer
 * runqueues busy than that reads a smaller share than its busy runqueues
 * had (the sum does not say which runqueues it came from).
 *
 * A sample rereads the cgroup's files (tens of us), so the view is
 * refreshed once per enforcement period (100 ms by default), the
 * interval at which the counters move.
 */
#define _GNU_SOURCE
#include <string.h>
#include <time.h>

#include <pvsched/errors.h>
#include <pvsched/spin.h>
#include <pvsched/spin_rt.h>

#include "spin_rt_host.h"
#include "throttle.h"

/* The kernel's default enforcement period, for a source that names none. */
#define DEFAULT_PERIOD_NS 100000000u

__extension__ typedef unsigned __int128 u128;

static int cgroup_read(void *src_arg, struct pvrt_throttle_sample *out)
{
	return pvrt_host_throttle((const char *)src_arg, out);
}

static const struct pvrt_throttle_source cgroup_source = {
	cgroup_read, NULL, "cgroup"
};

const struct pvrt_throttle_source *pvrt_throttle_source_cgroup(void)
{
	return &cgroup_source;
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* The share between two samples, ppm (see the top of this file). */
static uint32_t share_ppm(const struct pvrt_throttle_sample *prev,
			  const struct pvrt_throttle_sample *cur)
{
	uint64_t dp, dt;
	u128 room;

	if (cur->nr_periods <= prev->nr_periods ||
	    cur->throttled_ns < prev->throttled_ns || cur->nr_cpus == 0)
		return 0;	/* nothing ran, or the counters were reset */
	dp = cur->nr_periods - prev->nr_periods;
	dt = cur->throttled_ns - prev->throttled_ns;
	room = (u128)dp * cur->period_us * 1000u * cur->nr_cpus;
	if ((u128)dt >= room)
		return PVS_SPIN_FULL_PPM;
	return (uint32_t)((u128)dt * PVS_SPIN_FULL_PPM / room);
}

static void set_period(struct pvrt_spin *s)
{
	uint64_t p = s->throttle_prev.period_us != 0 ?
			     s->throttle_prev.period_us * 1000u :
			     DEFAULT_PERIOD_NS;

	s->throttle_period_ns = p > s->steal_period_ns ? p : s->steal_period_ns;
}

/* The limit a sample reports becomes the context's (the lock's admission
 * rule reads it from there, pvs_admit_in::quota_mcpus). */
static void take_quota(struct pvrt_spin *s,
		       const struct pvrt_throttle_sample *cur)
{
	if (cur->quota_mcpus != 0)
		__atomic_store_n(&s->quota_mcpus, cur->quota_mcpus,
				 __ATOMIC_RELAXED);
}

int pvrt_spin_set_throttle_source(struct pvrt_spin *s,
				  const struct pvrt_throttle_source *src)
{
	struct pvrt_throttle_sample first;
	int rc;

	if (s == NULL || (src != NULL && src->read == NULL))
		return -PVS_EINVAL;
	s->throttle_src = NULL;
	__atomic_store_n(&s->throttled_ppm, 0, __ATOMIC_RELAXED);
	memset(&s->throttle_prev, 0, sizeof(s->throttle_prev));
	set_period(s);
	if (src == NULL)
		return 0;
	memset(&first, 0, sizeof(first));
	rc = src->read(src->arg, &first);
	if (rc < 0)
		return rc;
	if (rc == 1 && first.period_us != 0) {
		s->throttle_prev = first;
		take_quota(s, &first);
	}
	s->throttle_src = src;
	set_period(s);
	s->throttle_stamp_ns = now_ns();
	return 0;
}

void pvrt_throttle_init(struct pvrt_spin *s)
{
	const struct pvrt_throttle_source *src = pvrt_throttle_source_cgroup();
	struct pvrt_throttle_sample probe;

	/* No limit (the common case): no source, and no rereads. */
	if (src->read(src->arg, &probe) != 1 ||
	    pvrt_spin_set_throttle_source(s, src) < 0)
		pvrt_spin_set_throttle_source(s, NULL);
}

void pvrt_throttle_refresh(struct pvrt_spin *s, uint64_t now)
{
	const struct pvrt_throttle_source *src = s->throttle_src;
	struct pvrt_throttle_sample cur;
	int rc;

	if (src == NULL || now - s->throttle_stamp_ns < s->throttle_period_ns)
		return;
	s->throttle_stamp_ns = now;
	memset(&cur, 0, sizeof(cur));
	rc = src->read(src->arg, &cur);
	if (rc < 0)
		return;	/* keep the last share; try again next period */
	if (rc == 0 || cur.period_us == 0) {
		/* The limit was lifted: nothing is throttled from now on. */
		memset(&s->throttle_prev, 0, sizeof(s->throttle_prev));
		__atomic_store_n(&s->throttled_ppm, 0, __ATOMIC_RELAXED);
		__atomic_store_n(&s->quota_mcpus, 0, __ATOMIC_RELAXED);
		return;
	}
	take_quota(s, &cur);
	__atomic_store_n(&s->throttled_ppm, share_ppm(&s->throttle_prev, &cur),
			 __ATOMIC_RELAXED);
	s->throttle_prev = cur;
	set_period(s);
}
