/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * What `pvsched probe` found and decided: gathered once by
 * pvs_report_gather(), rendered as text (like lscpu) or as JSON (schema in
 * docs/probe-json.md).
 */
#ifndef PVSCHED_TOOLS_REPORT_H
#define PVSCHED_TOOLS_REPORT_H

#include <stdio.h>
#include <pvsched/probe.h>

#include "decide.h"

struct pvs_report {
	struct pvs_probe_ctx ctx;
	bool live;
	unsigned int window_ms;
	unsigned int user_hz;
	struct pvs_cpuinfo cpuinfo;
	/* The hypervisor, whichever reader found it, and how. */
	enum pvs_probe_hv hv;
	const char *hv_source;
	int x86_rc;
	struct pvs_x86_hv x86;
	int ppc_rc;
	struct pvs_ppc_platform ppc;
	int lpar_rc;
	struct pvs_lparcfg lpar;
	int topo_rc;
	struct pvs_topology topo;
	struct pvs_steal_rate steal_all;
	struct pvs_steal_rate *steal;
	unsigned int nr_steal;
	int idle_rc;
	struct pvs_cpuidle idle;
	int kvm_rc;
	struct pvs_kvm_host_params kvm;
	int hp_rc;
	struct pvs_halt_poll_params hp;
	int pause_rc;
	struct pvs_pause_cal pause;
	int rseq_rc;
	struct pvs_rseq_slice rseq;
	struct pvs_decisions dec;
};

/* Probe everything. Returns 0, or a negative PVS_E code with the bad file
 * in r->ctx.bad_path. A missing optional source is not an error. */
int pvs_report_gather(struct pvs_report *r, const char *sysroot,
		      const char *cpuid_file, unsigned int window_ms);
void pvs_report_free(struct pvs_report *r);
void pvs_report_text(const struct pvs_report *r, FILE *f);
void pvs_report_json(const struct pvs_report *r, FILE *f);

/* "12.34%" from ppm, into buf[16]. */
const char *pvs_fmt_ppm(char *buf, uint32_t ppm);

/* One /proc/stat sample; allocates st->cpus on first use (free it). */
int pvs_stat_sample(struct pvs_probe_ctx *ctx, struct pvs_stat *st);

/* Steal rates from sample @a (NULL: boot) to @b; out[] holds b->nr_cpus. */
void pvs_steal_between(const struct pvs_stat *a, const struct pvs_stat *b,
		       struct pvs_steal_rate *all, struct pvs_steal_rate *out,
		       unsigned int *nr);

/* Sample /proc/stat twice, window_ms apart (0: once, since boot), into
 * r->steal / r->steal_all. */
int pvs_report_steal(struct pvs_probe_ctx *ctx, unsigned int window_ms,
		     struct pvs_steal_rate *all, struct pvs_steal_rate **cpus,
		     unsigned int *nr);

#endif /* PVSCHED_TOOLS_REPORT_H */
