// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The spin runtime's host inputs, read through the probe library
 * (probe.h): PAUSE calibration, /proc/stat, rseq slice extension.
 */
#define _GNU_SOURCE
#include <stdlib.h>

#include <pvsched/errors.h>
#include <pvsched/limits.h>
#include <pvsched/probe.h>

#include "spin_rt_host.h"

int pvs_rt_host_pause_ps(uint32_t *pause_ps)
{
	struct pvs_pause_cal cal;
	int ret = pvs_probe_pause(0, &cal);

	if (ret < 0)
		return ret;
	*pause_ps = cal.pause_ps;
	return 0;
}

int pvs_rt_host_stat(pvs_rt_host_cpu_fn fn, void *arg)
{
	struct pvs_probe_ctx ctx;
	struct pvs_stat st;
	int ret, i;

	st.cap = PVS_MAX_CPUS;	/* the steal view's size */
	st.cpus = calloc(st.cap, sizeof(*st.cpus));
	if (st.cpus == NULL)
		return -PVS_ENOMEM;
	pvs_probe_ctx_init(&ctx, NULL);
	ret = pvs_probe_stat(&ctx, &st);
	for (i = 0; i < ret; i++) {
		const struct pvs_cpu_times *c = &st.cpus[i];

		/* The total of pvs_steal_rate(): every column but guest. */
		fn(arg, (unsigned int)c->cpu, c->steal,
		   c->user + c->nice + c->system + c->idle + c->iowait +
			   c->irq + c->softirq + c->steal);
	}
	free(st.cpus);
	return ret;
}

bool pvs_rt_host_rseq_slice(void)
{
	struct pvs_probe_ctx ctx;
	struct pvs_rseq_slice rs;

	pvs_probe_ctx_init(&ctx, NULL);
	return pvs_probe_rseq_slice(&ctx, &rs) == 0 && rs.available;
}
