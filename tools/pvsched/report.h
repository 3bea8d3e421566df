/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * What `pvsched probe` found and decided: gathered once by
 * report_gather(), rendered as text (like lscpu) or as JSON (schema in
 * docs/probe-json.md).
 */
#ifndef PVSCHED_TOOLS_REPORT_H
#define PVSCHED_TOOLS_REPORT_H

#include <stdio.h>
#include <pvsched/probe.h>

#include "decide.h"
#include "oracle.h"

struct report {
	struct pvprobe_ctx ctx;
	bool live;
	unsigned int window_ms;
	unsigned int user_hz;
	struct pvprobe_cpuinfo cpuinfo;
	/* The hypervisor, whichever reader found it, and how. */
	enum pvprobe_hv hv;
	const char *hv_source;
	int x86_rc;
	struct pvprobe_x86_hv x86;
	int ppc_rc;
	struct pvprobe_ppc_platform ppc;
	int lpar_rc;
	struct pvprobe_lparcfg lpar;
	int topo_rc;
	struct pvprobe_topology topo;
	int cpus_rc;
	struct pvprobe_cpus cpus;
	struct pvprobe_steal_rate steal_all;
	struct pvprobe_steal_rate *steal;
	unsigned int nr_steal;
	int idle_rc;
	struct pvprobe_cpuidle idle;
	int kvm_rc;
	struct pvprobe_kvm_host_params kvm;
	int hp_rc;
	struct pvs_halt_poll_params hp;
	int pause_rc;
	struct pvprobe_pause_cal pause;
	int rseq_rc;
	struct pvprobe_rseq_slice rseq;
	struct owner_signal owner;
	struct decisions dec;
};

/* Probe everything (report.c). Returns 0, or a negative PVPROBE_E code with the bad file
 * in r->ctx.bad_path. A missing optional source is not an error. */
int report_gather(struct report *r, const char *sysroot,
		      const char *cpuid_file, unsigned int window_ms);
void report_free(struct report *r);
/* Render as text (report_text.c) or JSON (report_json.c). */
void report_text(const struct report *r, FILE *f);
void report_json(const struct report *r, FILE *f);

/* Labels both renderings print (report.c). */
const char *report_arch_name(enum pvprobe_arch a);
/* "none" without PLE, else the vendor's name. */
const char *report_ple_name(const struct pvprobe_kvm_host_params *k);
/* KVM_HINTS_REALTIME is set: the vCPUs are dedicated. */
bool report_realtime(const struct report *r);
const char *report_affinity_via(enum pvprobe_affinity_via v);
const char *report_cgroup_ver(enum pvprobe_cgroup_ver v);
/* Where the topology came from: "hwloc" or "sysfs". */
const char *report_topo_via(enum pvprobe_topo_via v);

/* "12.34%" from ppm, into buf[16] (report_text.c). */
const char *fmt_ppm(char *buf, uint32_t ppm);

/* One /proc/stat sample; allocates st->cpus on first use (free it). */
int stat_sample(struct pvprobe_ctx *ctx, struct pvprobe_stat *st);

/* Steal rates from sample @a (NULL: boot) to @b; out[] holds b->nr_cpus. */
void steal_between(const struct pvprobe_stat *a, const struct pvprobe_stat *b,
		       struct pvprobe_steal_rate *all, struct pvprobe_steal_rate *out,
		       unsigned int *nr);

/* Sample /proc/stat twice, window_ms apart (0: once, since boot), into
 * r->steal / r->steal_all. */
int report_steal(struct pvprobe_ctx *ctx, unsigned int window_ms,
		     struct pvprobe_steal_rate *all, struct pvprobe_steal_rate **cpus,
		     unsigned int *nr);

#endif /* PVSCHED_TOOLS_REPORT_H */
