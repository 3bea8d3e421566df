// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The spin runtime's host inputs, read through the probe library
 * (probe.h): PAUSE calibration, /proc/stat, rseq slice extension, the
 * CPUs the process really has and how much its cgroup was throttled.
 */
#define _GNU_SOURCE
#include <stdlib.h>

#include <pvsched/errors.h>
#include <pvsched/limits.h>
#include <pvsched/probe.h>

#include "spin_rt_host.h"

int pvrt_host_pause_ps(uint32_t *pause_ps)
{
	struct pvprobe_pause_cal cal;
	int ret = pvprobe_read_pause(0, &cal);

	if (ret < 0)
		return ret;
	*pause_ps = cal.pause_ps;
	return 0;
}

/*
 * Room for this many CPU lines of /proc/stat: the last count that fitted,
 * grown (doubled, up to the steal view's PVS_MAX_CPUS) when a read finds
 * more; from 1, so that every process on a machine of two CPUs or more
 * takes the growing path once (test_spin_rt checks the view then covers
 * every CPU). The view refreshes every few milliseconds from the
 * contended path, and a buffer for PVS_MAX_CPUS lines, zeroed twice per
 * read (here and in the parser), was most of a refresh on small
 * machines: 3 % of the CPU profile of stress-ng --mutex via the drop-in.
 */
static uint32_t stat_cap = 1;

int pvrt_host_stat(pvrt_host_cpu_fn fn, void *arg)
{
	struct pvprobe_ctx ctx;
	struct pvprobe_stat st;
	int ret, i;

	st.cap = __atomic_load_n(&stat_cap, __ATOMIC_RELAXED);
	for (;;) {
		st.cpus = malloc(st.cap * sizeof(*st.cpus));
		if (st.cpus == NULL)
			return -PVS_ENOMEM;
		pvprobe_ctx_init(&ctx, NULL);
		ret = pvprobe_read_stat(&ctx, &st);
		if (ret != -PVS_ERANGE || st.cap >= PVS_MAX_CPUS)
			break;
		free(st.cpus);
		st.cap = st.cap * 2 < PVS_MAX_CPUS ? st.cap * 2 : PVS_MAX_CPUS;
		__atomic_store_n(&stat_cap, st.cap, __ATOMIC_RELAXED);
	}
	for (i = 0; i < ret; i++) {
		const struct pvprobe_cpu_times *c = &st.cpus[i];

		/* The total of pvprobe_steal_rate(): every column but guest. */
		fn(arg, (unsigned int)c->cpu, c->steal,
		   c->user + c->nice + c->system + c->idle + c->iowait +
			   c->irq + c->softirq + c->steal);
	}
	free(st.cpus);
	return ret;
}

bool pvrt_host_rseq_slice(void)
{
	struct pvprobe_ctx ctx;
	struct pvprobe_rseq_slice rs;

	pvprobe_ctx_init(&ctx, NULL);
	return pvprobe_read_rseq_slice(&ctx, &rs) == 0 && rs.available;
}

uint32_t pvrt_host_effective_cpus(uint32_t *quota_mcpus)
{
	struct pvprobe_ctx ctx;
	struct pvprobe_cpus c;

	*quota_mcpus = 0;
	pvprobe_ctx_init(&ctx, NULL);
	if (pvprobe_read_cpus(&ctx, &c) != 0)
		return 0;
	*quota_mcpus = c.quota_mcpus;
	return c.effective_cpus;
}

int pvrt_host_throttle(const char *sysroot, struct pvrt_throttle_sample *out)
{
	struct pvprobe_ctx ctx;
	struct pvprobe_cpus c;
	int rc;

	pvprobe_ctx_init(&ctx, sysroot);
	rc = pvprobe_read_cpus(&ctx, &c);
	if (rc < 0)
		return rc;
	if (!c.quota.limited || !c.have_throttle || c.nr_affinity == 0)
		return 0;
	out->nr_periods = c.throttle.nr_periods;
	out->throttled_ns = c.throttle.throttled_ns;
	out->period_us = c.quota.period_us;
	out->nr_cpus = c.nr_affinity;
	out->quota_mcpus = c.quota_mcpus;
	return 1;
}
