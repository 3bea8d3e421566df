// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * `pvsched probe`: gather every probe.h fact once (report_gather()), and
 * the labels both renderings print (report_text.c: sections like lscpu;
 * report_json.c: docs/probe-json.md, schema "pvsched-probe/1").
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <pvsched/internal/names.h>

#include "report.h"

/* Absent sources are facts ("not a KVM host"), not failures. */
static bool absent(int rc)
{
	return rc == -PVS_ENOENT || rc == -PVS_ENOTSUP;
}

static void sleep_ms(unsigned int ms)
{
	struct timespec ts = { (time_t)(ms / 1000u),
			       (long)(ms % 1000u) * 1000000L };

	while (nanosleep(&ts, &ts) != 0)
		;
}

int stat_sample(struct pvprobe_ctx *ctx, struct pvprobe_stat *st)
{
	if (st->cpus == NULL) {
		st->cap = PVPROBE_MAX_CPUS;
		st->cpus = calloc(st->cap, sizeof(*st->cpus));
		if (st->cpus == NULL)
			return -PVS_ENOMEM;
	}
	return pvprobe_read_stat(ctx, st);
}

void steal_between(const struct pvprobe_stat *a, const struct pvprobe_stat *b,
		       struct pvprobe_steal_rate *all, struct pvprobe_steal_rate *out,
		       unsigned int *nr)
{
	unsigned int i, j;

	pvprobe_steal_rate(a ? &a->total : NULL, &b->total, all);
	for (i = 0; i < b->nr_cpus; i++) {
		const struct pvprobe_cpu_times *before = NULL;

		/* A CPU onlined in between counts from 0. */
		for (j = 0; a != NULL && j < a->nr_cpus; j++)
			if (a->cpus[j].cpu == b->cpus[i].cpu)
				before = &a->cpus[j];
		pvprobe_steal_rate(before, &b->cpus[i], &out[i]);
	}
	*nr = b->nr_cpus;
}

int report_steal(struct pvprobe_ctx *ctx, unsigned int window_ms,
		     struct pvprobe_steal_rate *all, struct pvprobe_steal_rate **cpus,
		     unsigned int *nr)
{
	struct pvprobe_stat a, b;
	struct pvprobe_steal_rate *out;
	int rc;

	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	out = calloc(PVPROBE_MAX_CPUS, sizeof(*out));
	rc = out ? stat_sample(ctx, &a) : -PVS_ENOMEM;
	if (rc >= 0 && window_ms > 0) {
		sleep_ms(window_ms);
		rc = stat_sample(ctx, &b);
	}
	if (rc >= 0) {
		/* Window 0: since boot, one sample against zero. */
		if (window_ms == 0)
			steal_between(NULL, &a, all, out, nr);
		else
			steal_between(&a, &b, all, out, nr);
		*cpus = out;
		out = NULL;
		rc = 0;
	}
	free(a.cpus);
	free(b.cpus);
	free(out);
	return rc;
}

/* Settle the unified hypervisor kind and its source. */
static void report_hv(struct report *r)
{
	r->hv = PVPROBE_HV_UNKNOWN;
	r->hv_source = "none";
	if (r->cpuinfo.arch == PVPROBE_ARCH_X86 && r->x86_rc == 0) {
		r->hv = r->x86.kind;
		r->hv_source = r->x86.via == PVPROBE_CPUID_VIA_FILE ? "cpuid-file"
			       : r->x86.via == PVPROBE_CPUID_VIA_LIBCPUID
				       ? "libcpuid"
				       : "cpuid";
	} else if (r->cpuinfo.arch == PVPROBE_ARCH_X86) {
		/* No CPUID source: cpuinfo's flag still tells bare metal. */
		r->hv = r->cpuinfo.hypervisor_flag ? PVPROBE_HV_UNKNOWN :
						     PVPROBE_HV_NONE;
		r->hv_source = "cpuinfo";
	} else if (r->cpuinfo.arch == PVPROBE_ARCH_PPC64 && r->ppc_rc == 0) {
		r->hv = r->ppc.hv;
		r->hv_source = "device-tree";
	}
}

/* Run one optional reader: keep absent, fail on anything else. */
#define OPTIONAL(rcvar, call)                                            \
	do {                                                                 \
		(rcvar) = (call);                                            \
		if ((rcvar) < 0 && !absent(rcvar))                       \
			return (rcvar);                                      \
	} while (0)

int report_gather(struct report *r, const char *sysroot,
		      const char *cpuid_file, unsigned int window_ms)
{
	unsigned int cpu = 0;
	long hz;
	int rc;

	memset(r, 0, sizeof(*r));
	pvprobe_ctx_init(&r->ctx, sysroot);
	r->ctx.cpuid_file = cpuid_file;
	r->live = pvprobe_ctx_live(&r->ctx);
	r->window_ms = window_ms;
	hz = sysconf(_SC_CLK_TCK);
	r->user_hz = hz > 0 ? (unsigned int)hz : 100;
	rc = pvprobe_read_cpuinfo(&r->ctx, &r->cpuinfo);
	if (rc < 0)
		return rc;
	r->x86_rc = r->ppc_rc = r->lpar_rc = -PVS_ENOENT;
	if (r->cpuinfo.arch == PVPROBE_ARCH_X86) {
		OPTIONAL(r->x86_rc, pvprobe_read_x86_hv(&r->ctx, &r->x86));
		/* A dump the user named must be there. */
		if (cpuid_file != NULL && r->x86_rc < 0)
			return r->x86_rc;
	}
	if (r->cpuinfo.arch == PVPROBE_ARCH_PPC64) {
		OPTIONAL(r->ppc_rc, pvprobe_read_ppc_platform(&r->ctx,
							       &r->cpuinfo,
							       &r->ppc));
		OPTIONAL(r->lpar_rc, pvprobe_read_lparcfg(&r->ctx, &r->lpar));
	}
	report_hv(r);
	OPTIONAL(r->topo_rc, pvprobe_read_topology(&r->ctx, &r->topo));
	OPTIONAL(r->cpus_rc, pvprobe_read_cpus(&r->ctx, &r->cpus));
	rc = report_steal(&r->ctx, window_ms, &r->steal_all, &r->steal,
			      &r->nr_steal);
	if (rc < 0)
		return rc;
	if (r->nr_steal > 0)
		cpu = (unsigned int)r->steal[0].cpu;
	OPTIONAL(r->idle_rc, pvprobe_read_cpuidle(&r->ctx, cpu, &r->idle));
	OPTIONAL(r->kvm_rc, pvprobe_read_kvm_host(&r->ctx, &r->kvm));
	OPTIONAL(r->hp_rc, pvprobe_read_guest_haltpoll(&r->ctx, &r->hp));
	OPTIONAL(r->rseq_rc, pvprobe_read_rseq_slice(&r->ctx, &r->rseq));
	owner_signal_probe(&r->owner, sysroot);
	/* The PAUSE cost is a property of the CPU running us: measure it
	 * only when probing that CPU's own system. */
	r->pause_rc = -PVS_ENOTSUP;
	if (r->live)
		OPTIONAL(r->pause_rc, pvprobe_read_pause(0, &r->pause));
	r->ctx.bad_path[0] = '\0';
	return decide(r);
}

void report_free(struct report *r)
{
	free(r->steal);
	r->steal = NULL;
}

/* Indexed by the enum; a value with no entry reads "unknown". */
static const char *const arch_names[] = {
	[PVPROBE_ARCH_X86] = "x86",
	[PVPROBE_ARCH_PPC64] = "ppc64",
	[PVPROBE_ARCH_OTHER] = "other",
	[PVPROBE_ARCH_AARCH64] = "aarch64",
	[PVPROBE_ARCH_RISCV64] = "riscv64",
};

const char *report_arch_name(enum pvprobe_arch a)
{
	return PVS_NAME_OF_(arch_names, a, "unknown");
}

const char *report_ple_name(const struct pvprobe_kvm_host_params *k)
{
	if (!k->has_ple)
		return "none";
	return pvs_ple_vendor_name(k->ple.vendor);
}

bool report_realtime(const struct report *r)
{
	return r->x86_rc == 0 && r->x86.kvm_base != 0 &&
	       (r->x86.kvm_hints >> PVPROBE_KVM_HINT_REALTIME) & 1u;
}

const char *report_affinity_via(enum pvprobe_affinity_via v)
{
	return v == PVPROBE_AFFINITY_SYSCALL ? "sched_getaffinity" :
	       v == PVPROBE_AFFINITY_STATUS  ? "proc/self/status" :
					       "cpu/online";
}

const char *report_cgroup_ver(enum pvprobe_cgroup_ver v)
{
	return v == PVPROBE_CGROUP_V1 ? "v1" : v == PVPROBE_CGROUP_V2 ? "v2" :
									"none";
}

const char *report_topo_via(enum pvprobe_topo_via v)
{
	return v == PVPROBE_TOPO_VIA_HWLOC ? "hwloc" : "sysfs";
}
