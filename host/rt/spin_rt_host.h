/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * What the spin runtime needs from host probing, in one place: the PAUSE
 * cost, per-CPU steal and total ticks from /proc/stat, whether the rseq
 * time-slice extension exists, the effective CPUs and the cgroup's
 * throttling counters. Internal to pvsched_rt.
 *
 * spin_rt_host.c answers them with the probe library (probe.h):
 * pvprobe_read_pause(), pvprobe_read_stat(), pvprobe_read_rseq_slice() and
 * pvprobe_read_cpus() (the effective CPUs and the throttle sample).
 */
#ifndef PVSCHED_HOST_SPIN_RT_HOST_H
#define PVSCHED_HOST_SPIN_RT_HOST_H

#include <stdbool.h>
#include <stdint.h>

/* Internal to pvsched_rt: never exported from the shared library. */
#pragma GCC visibility push(hidden)

/* Cost of one PAUSE in ps; 0 on success, negative -PVS_E* code on failure. */
int pvrt_host_pause_ps(uint32_t *pause_ps);

#include <pvsched/spin_rt.h>

/* Called once per "cpuN" line of /proc/stat (a steal source's callback). */
typedef pvrt_steal_fn pvrt_host_cpu_fn;

/* Read /proc/stat once; number of CPU lines reported, or negative -PVS_E* code
 * (CPUs at or above PVS_MAX_CPUS make the read fail: -PVS_ERANGE). */
int pvrt_host_stat(pvrt_host_cpu_fn fn, void *arg);

/* The kernel offers the rseq time-slice extension. */
bool pvrt_host_rseq_slice(void);

/* The CPUs the process can keep busy: its affinity mask, less what its
 * cgroup's CPU quota allows (rounded up, pvprobe_cpus::effective_cpus);
 * 0 if they could not be read. The quota itself goes to *@quota_mcpus
 * (pvprobe_cpus::quota_mcpus; 0 unlimited or unreadable). */
uint32_t pvrt_host_effective_cpus(uint32_t *quota_mcpus);

/* One throttle sample of the process's cgroup, read under @sysroot (NULL:
 * live) as pvprobe_read_cpus() reads it: 1 read; 0 no CPU limit or no
 * counters for it; negative -PVS_E* code. */
int pvrt_host_throttle(const char *sysroot, struct pvrt_throttle_sample *out);

#pragma GCC visibility pop

#endif /* PVSCHED_HOST_SPIN_RT_HOST_H */
