// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * `pvsched probe`: gather every probe.h fact once, then render it as text
 * (sections like lscpu) or JSON (docs/probe-json.md, schema
 * "pvsched-probe/1").
 */
#define _GNU_SOURCE
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <pvsched/version.h>

#include "json.h"
#include "report.h"

/* Absent sources are facts ("not a KVM host"), not failures. */
static bool pvs_absent(int rc)
{
	return rc == -PVS_ENOENT || rc == -PVS_ENOTSUP;
}

const char *pvs_fmt_ppm(char *buf, uint32_t ppm)
{
	/* ppm / 10000 = percent; two decimals from the remainder. */
	snprintf(buf, 16, "%u.%02u%%", ppm / 10000u, (ppm % 10000u) / 100u);
	return buf;
}

static void pvs_sleep_ms(unsigned int ms)
{
	struct timespec ts = { (time_t)(ms / 1000u),
			       (long)(ms % 1000u) * 1000000L };

	while (nanosleep(&ts, &ts) != 0)
		;
}

int pvs_stat_sample(struct pvs_probe_ctx *ctx, struct pvs_stat *st)
{
	if (st->cpus == NULL) {
		st->cap = PVS_PROBE_MAX_CPUS;
		st->cpus = calloc(st->cap, sizeof(*st->cpus));
		if (st->cpus == NULL)
			return -PVS_ENOMEM;
	}
	return pvs_probe_stat(ctx, st);
}

void pvs_steal_between(const struct pvs_stat *a, const struct pvs_stat *b,
		       struct pvs_steal_rate *all, struct pvs_steal_rate *out,
		       unsigned int *nr)
{
	unsigned int i, j;

	pvs_steal_rate(a ? &a->total : NULL, &b->total, all);
	for (i = 0; i < b->nr_cpus; i++) {
		const struct pvs_cpu_times *before = NULL;

		/* A CPU onlined in between counts from 0. */
		for (j = 0; a != NULL && j < a->nr_cpus; j++)
			if (a->cpus[j].cpu == b->cpus[i].cpu)
				before = &a->cpus[j];
		pvs_steal_rate(before, &b->cpus[i], &out[i]);
	}
	*nr = b->nr_cpus;
}

int pvs_report_steal(struct pvs_probe_ctx *ctx, unsigned int window_ms,
		     struct pvs_steal_rate *all, struct pvs_steal_rate **cpus,
		     unsigned int *nr)
{
	struct pvs_stat a, b;
	struct pvs_steal_rate *out;
	int rc;

	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	out = calloc(PVS_PROBE_MAX_CPUS, sizeof(*out));
	rc = out ? pvs_stat_sample(ctx, &a) : -PVS_ENOMEM;
	if (rc >= 0 && window_ms > 0) {
		pvs_sleep_ms(window_ms);
		rc = pvs_stat_sample(ctx, &b);
	}
	if (rc >= 0) {
		/* Window 0: since boot, one sample against zero. */
		if (window_ms == 0)
			pvs_steal_between(NULL, &a, all, out, nr);
		else
			pvs_steal_between(&a, &b, all, out, nr);
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
static void pvs_report_hv(struct pvs_report *r)
{
	r->hv = PVS_PROBE_HV_UNKNOWN;
	r->hv_source = "none";
	if (r->cpuinfo.arch == PVS_PROBE_ARCH_X86 && r->x86_rc == 0) {
		r->hv = r->x86.kind;
		r->hv_source = r->x86.via == PVS_CPUID_VIA_FILE ? "cpuid-file"
			       : r->x86.via == PVS_CPUID_VIA_LIBCPUID
				       ? "libcpuid"
				       : "cpuid";
	} else if (r->cpuinfo.arch == PVS_PROBE_ARCH_X86) {
		/* No CPUID source: cpuinfo's flag still tells bare metal. */
		r->hv = r->cpuinfo.hypervisor_flag ? PVS_PROBE_HV_UNKNOWN :
						     PVS_PROBE_HV_NONE;
		r->hv_source = "cpuinfo";
	} else if (r->cpuinfo.arch == PVS_PROBE_ARCH_PPC64 && r->ppc_rc == 0) {
		r->hv = r->ppc.hv;
		r->hv_source = "device-tree";
	}
}

/* Run one optional reader: keep absent, fail on anything else. */
#define PVS_OPTIONAL(rcvar, call)                                            \
	do {                                                                 \
		(rcvar) = (call);                                            \
		if ((rcvar) < 0 && !pvs_absent(rcvar))                       \
			return (rcvar);                                      \
	} while (0)

int pvs_report_gather(struct pvs_report *r, const char *sysroot,
		      const char *cpuid_file, unsigned int window_ms)
{
	unsigned int cpu = 0;
	long hz;
	int rc;

	memset(r, 0, sizeof(*r));
	pvs_probe_ctx_init(&r->ctx, sysroot);
	r->ctx.cpuid_file = cpuid_file;
	r->live = pvs_probe_ctx_live(&r->ctx);
	r->window_ms = window_ms;
	hz = sysconf(_SC_CLK_TCK);
	r->user_hz = hz > 0 ? (unsigned int)hz : 100;
	rc = pvs_probe_cpuinfo(&r->ctx, &r->cpuinfo);
	if (rc < 0)
		return rc;
	r->x86_rc = r->ppc_rc = r->lpar_rc = -PVS_ENOENT;
	if (r->cpuinfo.arch == PVS_PROBE_ARCH_X86) {
		PVS_OPTIONAL(r->x86_rc, pvs_probe_x86_hv(&r->ctx, &r->x86));
		/* A dump the user named must be there. */
		if (cpuid_file != NULL && r->x86_rc < 0)
			return r->x86_rc;
	}
	if (r->cpuinfo.arch == PVS_PROBE_ARCH_PPC64) {
		PVS_OPTIONAL(r->ppc_rc, pvs_probe_ppc_platform(&r->ctx,
							       &r->cpuinfo,
							       &r->ppc));
		PVS_OPTIONAL(r->lpar_rc, pvs_probe_lparcfg(&r->ctx, &r->lpar));
	}
	pvs_report_hv(r);
	PVS_OPTIONAL(r->topo_rc, pvs_probe_topology(&r->ctx, &r->topo));
	rc = pvs_report_steal(&r->ctx, window_ms, &r->steal_all, &r->steal,
			      &r->nr_steal);
	if (rc < 0)
		return rc;
	if (r->nr_steal > 0)
		cpu = (unsigned int)r->steal[0].cpu;
	PVS_OPTIONAL(r->idle_rc, pvs_probe_cpuidle(&r->ctx, cpu, &r->idle));
	PVS_OPTIONAL(r->kvm_rc, pvs_probe_kvm_host(&r->ctx, &r->kvm));
	PVS_OPTIONAL(r->hp_rc, pvs_probe_guest_haltpoll(&r->ctx, &r->hp));
	PVS_OPTIONAL(r->rseq_rc, pvs_probe_rseq_slice(&r->ctx, &r->rseq));
	/* The PAUSE cost is a property of the CPU running us: measure it
	 * only when probing that CPU's own system. */
	r->pause_rc = -PVS_ENOTSUP;
	if (r->live)
		PVS_OPTIONAL(r->pause_rc, pvs_probe_pause(0, &r->pause));
	r->ctx.bad_path[0] = '\0';
	return pvs_decide(r);
}

void pvs_report_free(struct pvs_report *r)
{
	free(r->steal);
	r->steal = NULL;
}

static const char *pvs_arch_name(enum pvs_probe_arch a)
{
	switch (a) {
	case PVS_PROBE_ARCH_X86:
		return "x86";
	case PVS_PROBE_ARCH_PPC64:
		return "ppc64";
	case PVS_PROBE_ARCH_OTHER:
		return "other";
	default:
		return "unknown";
	}
}

static const char *pvs_ple_name(const struct pvs_kvm_host_params *k)
{
	if (!k->has_ple)
		return "none";
	return k->ple.vendor == PVS_PLE_SVM ? "svm" : "vmx";
}

static bool pvs_realtime(const struct pvs_report *r)
{
	return r->x86_rc == 0 && r->x86.kvm_base != 0 &&
	       (r->x86.kvm_hints >> PVS_KVM_HINT_REALTIME) & 1u;
}

/* ---- text ---------------------------------------------------------------- */

#define PVS_ROW "  %-26s "

static void pvs_text_platform(const struct pvs_report *r, FILE *f)
{
	const struct pvs_cpuinfo *ci = &r->cpuinfo;

	fprintf(f, "Platform\n");
	fprintf(f, PVS_ROW "%s\n", "Architecture:", pvs_arch_name(ci->arch));
	if (ci->vendor[0])
		fprintf(f, PVS_ROW "%s\n", "Vendor:", ci->vendor);
	if (ci->model[0])
		fprintf(f, PVS_ROW "%s\n", "Model:", ci->model);
	if (ci->power_gen)
		fprintf(f, PVS_ROW "POWER%u%s\n", "Processor generation:",
			ci->power_gen, ci->power_compat ?
			" (in an older compatibility mode)" : "");
	if (ci->platform[0])
		fprintf(f, PVS_ROW "%s\n", "Platform:", ci->platform);
	if (ci->machine[0])
		fprintf(f, PVS_ROW "%s\n", "Machine:", ci->machine);
	fprintf(f, PVS_ROW "%u\n", "CPUs (cpuinfo):", ci->nr_processors);
}

static void pvs_text_hv(const struct pvs_report *r, FILE *f)
{
	unsigned int b;

	fprintf(f, "\nHypervisor\n");
	fprintf(f, PVS_ROW "%s (from %s)\n", "Hypervisor:",
		pvs_probe_hv_name(r->hv), r->hv_source);
	if (r->x86_rc == 0) {
		fprintf(f, PVS_ROW "%s\n", "CPUID hypervisor bit:",
			r->x86.hypervisor_bit ? "set" : "clear");
		if (r->x86.base)
			fprintf(f,
				PVS_ROW "\"%s\" at 0x%08x (max leaf 0x%08x)\n",
				"Signature:", r->x86.signature, r->x86.base,
				r->x86.max_leaf);
		if (r->x86.kvm_base) {
			fprintf(f, PVS_ROW "0x%08x:", "KVM features:",
				r->x86.kvm_features);
			for (b = 0; b < 32; b++) {
				const char *n = pvs_kvm_feature_name(b);

				if ((r->x86.kvm_features >> b) & 1u)
					fprintf(f, " %s", n ? n : "?");
			}
			fprintf(f, "\n" PVS_ROW "%s\n", "KVM_HINTS_REALTIME:",
				pvs_realtime(r) ? "yes (vCPUs dedicated)"
						: "no");
		}
	} else if (r->cpuinfo.arch == PVS_PROBE_ARCH_X86) {
		fprintf(f, PVS_ROW "%s\n", "CPUID:", "not available");
	}
}

static void pvs_text_partition(const struct pvs_report *r, FILE *f)
{
	const struct pvs_lparcfg *lp = &r->lpar;
	const struct pvs_thread_groups *tg = &r->ppc.groups;

	if (r->cpuinfo.arch != PVS_PROBE_ARCH_PPC64)
		return;
	fprintf(f, "\nPartition\n");
	if (r->lpar_rc != 0) {
		fprintf(f, PVS_ROW "%s\n", "lparcfg:", "absent");
	} else {
		fprintf(f, PVS_ROW "%s%s\n", "Mode:",
			lp->shared ? "shared" : "dedicated",
			!(lp->have & PVS_LPARCFG_HAVE_CAPPED) ? "" :
			lp->capped ? ", capped" : ", uncapped");
		if (lp->have & PVS_LPARCFG_HAVE_ENTITLEMENT)
			fprintf(f, PVS_ROW "%" PRIu64 ".%02" PRIu64
				" processors\n", "Entitled capacity:",
				lp->entitled_capacity / 100,
				lp->entitled_capacity % 100);
		fprintf(f, PVS_ROW "%" PRIu64 "\n", "Virtual processors:",
			lp->active_processors);
		if (lp->have & PVS_LPARCFG_HAVE_DISPATCH)
			fprintf(f, PVS_ROW "%" PRIu64 " (%" PRIu64
				" dispersions)\n", "Dispatches:",
				lp->dispatches, lp->dispatch_dispersions);
		if (lp->have & PVS_LPARCFG_HAVE_POOL)
			fprintf(f, PVS_ROW "%" PRIu64 " (capacity %" PRIu64
				", %" PRIu64 " processors)\n", "Shared pool:",
				lp->pool, lp->pool_capacity,
				lp->pool_num_procs);
		if (lp->system_type[0])
			fprintf(f, PVS_ROW "%s\n", "System type:",
				lp->system_type);
	}
	if (r->ppc_rc == 0 && tg->threads_per_core)
		fprintf(f, PVS_ROW "%s (%u threads, L1 groups of %u)\n",
			"Big cores:", tg->big_cores ? "yes" : "no",
			tg->threads_per_core, tg->l1_group_threads);
}

static void pvs_text_topology(const struct pvs_report *r, FILE *f)
{
	const struct pvs_topology *t = &r->topo;

	fprintf(f, "\nTopology\n");
	if (r->topo_rc != 0) {
		fprintf(f, PVS_ROW "%s\n", "Topology:", "absent");
		return;
	}
	fprintf(f, PVS_ROW "%u online, %u possible\n", "CPUs:", t->nr_online,
		t->nr_possible);
	fprintf(f, PVS_ROW "%u\n", "Cores:", t->nr_cores);
	fprintf(f, PVS_ROW "%u\n", "Threads per core:", t->threads_per_core);
	fprintf(f, PVS_ROW "%u\n", "Packages:", t->nr_packages);
	fprintf(f, PVS_ROW "%u\n", "NUMA nodes:", t->nr_nodes);
	if (t->smt_control[0])
		fprintf(f, PVS_ROW "%s\n", "SMT control:", t->smt_control);
	fprintf(f, PVS_ROW "%s\n", "Source:",
		t->via == PVS_TOPO_VIA_HWLOC ? "hwloc" : "sysfs");
}

static void pvs_text_steal(const struct pvs_report *r, FILE *f)
{
	char a[16], b[16];
	unsigned int i;

	if (r->window_ms)
		fprintf(f, "\nSteal (over %u ms, USER_HZ %u)\n", r->window_ms,
			r->user_hz);
	else
		fprintf(f, "\nSteal (since boot, USER_HZ %u)\n", r->user_hz);
	fprintf(f, "  %-8s %10s %14s %14s\n", "cpu", "steal", "preempted",
		"steal ticks");
	fprintf(f, "  %-8s %10s %14s %14" PRIu64 "\n", "all",
		pvs_fmt_ppm(a, r->steal_all.steal_ppm),
		pvs_fmt_ppm(b, r->steal_all.preempt_ppm),
		r->steal_all.steal_ticks);
	for (i = 0; i < r->nr_steal; i++) {
		char name[16];

		snprintf(name, sizeof(name), "cpu%d", (int)r->steal[i].cpu);
		fprintf(f, "  %-8s %10s %14s %14" PRIu64 "\n", name,
			pvs_fmt_ppm(a, r->steal[i].steal_ppm),
			pvs_fmt_ppm(b, r->steal[i].preempt_ppm),
			r->steal[i].steal_ticks);
	}
}

static void pvs_text_idle(const struct pvs_report *r, FILE *f)
{
	const struct pvs_cpuidle *ci = &r->idle;
	unsigned int k;

	fprintf(f, "\nIdle states\n");
	if (r->idle_rc != 0) {
		fprintf(f, PVS_ROW "%s\n", "cpuidle:", "absent");
		return;
	}
	fprintf(f, PVS_ROW "%s\n", "Driver:", ci->driver);
	fprintf(f, PVS_ROW "%s\n", "Governor:",
		ci->governor[0] ? ci->governor : "-");
	if (ci->nr_states)
		fprintf(f, "  cpu%u %-18s %10s %10s %12s %12s\n", ci->cpu,
			"state", "exit us", "target us", "usage", "avg us");
	for (k = 0; k < ci->nr_states; k++) {
		const struct pvs_cpuidle_state *s = &ci->states[k];

		fprintf(f, "  %-2u %-20s %10" PRIu64 " %10" PRIu64
			" %12" PRIu64 " %12" PRIu64 "%s\n", k, s->name,
			s->latency_us, s->residency_us, s->usage,
			s->usage ? s->time_us / s->usage : 0,
			s->disabled ? " (disabled)" : "");
	}
}

static void pvs_text_polling(const struct pvs_report *r, FILE *f)
{
	fprintf(f, "\nPolling and spinning\n");
	if (r->hp_rc == 0)
		fprintf(f, PVS_ROW "poll_ns %" PRIu64 ", grow %" PRIu64
			", grow_start %" PRIu64 ", shrink %" PRIu64
			", allow_shrink %s\n", "Guest haltpoll:",
			r->hp.max_ns, (uint64_t)r->hp.grow,
			r->hp.grow_start_ns, (uint64_t)r->hp.shrink,
			r->hp.allow_shrink ? "Y" : "N");
	else
		fprintf(f, PVS_ROW "%s\n", "Guest haltpoll:", "absent");
	if (r->kvm_rc == 0) {
		fprintf(f, PVS_ROW "halt_poll_ns %" PRIu64 ", grow %" PRIu64
			", grow_start %" PRIu64 ", shrink %" PRIu64 "\n",
			"KVM host halt polling:", r->kvm.halt_poll.max_ns,
			(uint64_t)r->kvm.halt_poll.grow,
			r->kvm.halt_poll.grow_start_ns,
			(uint64_t)r->kvm.halt_poll.shrink);
		if (r->kvm.has_ple)
			fprintf(f, PVS_ROW "%s gap %" PRIu64 ", window %" PRIu64
				", grow %" PRIu64 ", shrink %" PRIu64
				", max %" PRIu64 "\n", "KVM host PLE:",
				pvs_ple_name(&r->kvm), (uint64_t)r->kvm.ple.gap,
				(uint64_t)r->kvm.ple.window,
				(uint64_t)r->kvm.ple.grow,
				(uint64_t)r->kvm.ple.shrink,
				(uint64_t)r->kvm.ple.window_max);
		else
			fprintf(f, PVS_ROW "%s\n", "KVM host PLE:",
				"none (no kvm_intel / kvm_amd)");
	} else {
		fprintf(f, PVS_ROW "%s\n", "KVM host:", "not a KVM host");
	}
	if (r->pause_rc == 0)
		fprintf(f, PVS_ROW "%u.%03u ns (min of %u/%u windows)\n",
			"PAUSE cost:", r->pause.pause_ps / 1000,
			r->pause.pause_ps % 1000, r->pause.windows_used,
			r->pause.windows_total);
	else
		fprintf(f, PVS_ROW "%s\n", "PAUSE cost:",
			r->live ? "not measurable here" :
				  "not measured (sysroot)");
	if (r->rseq_rc == 0)
		fprintf(f, PVS_ROW "available, up to %" PRIu64 " ns\n",
			"rseq slice extension:", r->rseq.max_ns);
	else
		fprintf(f, PVS_ROW "%s\n", "rseq slice extension:",
			"not available (Linux < 7.0)");
}

void pvs_report_text(const struct pvs_report *r, FILE *f)
{
	pvs_text_platform(r, f);
	pvs_text_hv(r, f);
	pvs_text_partition(r, f);
	pvs_text_topology(r, f);
	pvs_text_steal(r, f);
	pvs_text_idle(r, f);
	pvs_text_polling(r, f);
	pvs_decide_text(r, f);
}

/* ---- JSON ---------------------------------------------------------------- */

static void pvs_json_platform(const struct pvs_report *r, struct pvs_json *j)
{
	const struct pvs_cpuinfo *ci = &r->cpuinfo;

	pvs_json_obj(j, "platform");
	pvs_json_str(j, "arch", pvs_arch_name(ci->arch));
	pvs_json_u64(j, "cpus", ci->nr_processors);
	pvs_json_str(j, "vendor", ci->vendor);
	pvs_json_str(j, "model", ci->model);
	if (ci->arch == PVS_PROBE_ARCH_PPC64) {
		pvs_json_u64(j, "power_gen", ci->power_gen);
		pvs_json_bool(j, "power_compat", ci->power_compat);
		pvs_json_u64(j, "timebase_hz", ci->timebase_hz);
		pvs_json_str(j, "platform", ci->platform);
		pvs_json_str(j, "machine", ci->machine);
	}
	pvs_json_end_obj(j);
}

static void pvs_json_hv(const struct pvs_report *r, struct pvs_json *j)
{
	unsigned int b;

	pvs_json_obj(j, "hypervisor");
	pvs_json_str(j, "kind", pvs_probe_hv_name(r->hv));
	pvs_json_str(j, "source", r->hv_source);
	if (r->x86_rc == 0) {
		pvs_json_bool(j, "cpuid_hypervisor_bit", r->x86.hypervisor_bit);
		pvs_json_str(j, "signature", r->x86.signature);
		pvs_json_hex(j, "base", r->x86.base);
		pvs_json_hex(j, "max_leaf", r->x86.max_leaf);
		pvs_json_hex(j, "kvm_base", r->x86.kvm_base);
		pvs_json_hex(j, "kvm_features_eax", r->x86.kvm_features);
		pvs_json_hex(j, "kvm_hints_edx", r->x86.kvm_hints);
		pvs_json_arr(j, "kvm_features");
		for (b = 0; b < 32; b++) {
			const char *n = pvs_kvm_feature_name(b);
			char bit[16];

			if (!((r->x86.kvm_features >> b) & 1u))
				continue;
			if (n == NULL) {
				snprintf(bit, sizeof(bit), "BIT%u", b);
				n = bit;
			}
			pvs_json_str(j, NULL, n);
		}
		pvs_json_end_arr(j);
		pvs_json_bool(j, "realtime_hint", pvs_realtime(r));
	}
	pvs_json_end_obj(j);
}

static void pvs_json_partition(const struct pvs_report *r, struct pvs_json *j)
{
	const struct pvs_lparcfg *lp = &r->lpar;

	if (r->cpuinfo.arch != PVS_PROBE_ARCH_PPC64) {
		pvs_json_null(j, "partition");
		return;
	}
	pvs_json_obj(j, "partition");
	if (r->lpar_rc == 0) {
		pvs_json_bool(j, "shared", lp->shared);
		if (lp->have & PVS_LPARCFG_HAVE_CAPPED)
			pvs_json_bool(j, "capped", lp->capped);
		else
			pvs_json_null(j, "capped");
		if (lp->have & PVS_LPARCFG_HAVE_ENTITLEMENT)
			pvs_json_u64(j, "entitled_capacity_hundredths",
				     lp->entitled_capacity);
		else
			pvs_json_null(j, "entitled_capacity_hundredths");
		pvs_json_u64(j, "active_processors", lp->active_processors);
		pvs_json_u64(j, "potential_processors",
			     lp->potential_processors);
		pvs_json_u64(j, "partition_id", lp->partition_id);
		pvs_json_str(j, "system_type", lp->system_type);
		if (lp->have & PVS_LPARCFG_HAVE_DISPATCH) {
			pvs_json_u64(j, "dispatches", lp->dispatches);
			pvs_json_u64(j, "dispatch_dispersions",
				     lp->dispatch_dispersions);
		}
		if (lp->have & PVS_LPARCFG_HAVE_PURR) {
			pvs_json_u64(j, "purr", lp->purr);
			pvs_json_u64(j, "tbr", lp->tbr);
		}
		if (lp->have & PVS_LPARCFG_HAVE_POOL) {
			pvs_json_u64(j, "pool", lp->pool);
			pvs_json_u64(j, "pool_capacity", lp->pool_capacity);
			pvs_json_u64(j, "pool_idle_time", lp->pool_idle_time);
			pvs_json_u64(j, "pool_num_procs", lp->pool_num_procs);
		}
	} else {
		pvs_json_null(j, "shared");
	}
	if (r->ppc_rc == 0) {
		pvs_json_u64(j, "core_threads",
			     r->ppc.groups.threads_per_core);
		pvs_json_u64(j, "l1_group_threads",
			     r->ppc.groups.l1_group_threads);
		pvs_json_bool(j, "big_cores", r->ppc.groups.big_cores);
	}
	pvs_json_end_obj(j);
}

static void pvs_json_topology(const struct pvs_report *r, struct pvs_json *j)
{
	const struct pvs_topology *t = &r->topo;

	if (r->topo_rc != 0) {
		pvs_json_null(j, "topology");
		return;
	}
	pvs_json_obj(j, "topology");
	pvs_json_u64(j, "online", t->nr_online);
	pvs_json_u64(j, "possible", t->nr_possible);
	pvs_json_u64(j, "cores", t->nr_cores);
	pvs_json_u64(j, "threads_per_core", t->threads_per_core);
	pvs_json_u64(j, "packages", t->nr_packages);
	pvs_json_u64(j, "numa_nodes", t->nr_nodes);
	pvs_json_str(j, "smt_control", t->smt_control);
	pvs_json_str(j, "source", t->via == PVS_TOPO_VIA_HWLOC ? "hwloc" :
								"sysfs");
	pvs_json_end_obj(j);
}

static void pvs_json_rate(struct pvs_json *j, const char *key,
			  const struct pvs_steal_rate *s)
{
	pvs_json_obj(j, key);
	if (s->cpu >= 0)
		pvs_json_i64(j, "cpu", s->cpu);
	pvs_json_u64(j, "steal_ppm", s->steal_ppm);
	pvs_json_u64(j, "preempt_ppm", s->preempt_ppm);
	pvs_json_u64(j, "steal_ticks", s->steal_ticks);
	pvs_json_u64(j, "total_ticks", s->total_ticks);
	pvs_json_end_obj(j);
}

static void pvs_json_steal(const struct pvs_report *r, struct pvs_json *j)
{
	unsigned int i;

	pvs_json_obj(j, "steal");
	pvs_json_u64(j, "window_ms", r->window_ms);
	pvs_json_rate(j, "all", &r->steal_all);
	pvs_json_arr(j, "cpus");
	for (i = 0; i < r->nr_steal; i++)
		pvs_json_rate(j, NULL, &r->steal[i]);
	pvs_json_end_arr(j);
	pvs_json_end_obj(j);
}

static void pvs_json_idle(const struct pvs_report *r, struct pvs_json *j)
{
	const struct pvs_cpuidle *ci = &r->idle;
	unsigned int k;

	if (r->idle_rc != 0) {
		pvs_json_null(j, "idle");
		return;
	}
	pvs_json_obj(j, "idle");
	pvs_json_str(j, "driver", ci->driver);
	pvs_json_str(j, "governor", ci->governor);
	pvs_json_u64(j, "cpu", ci->cpu);
	pvs_json_arr(j, "states");
	for (k = 0; k < ci->nr_states; k++) {
		const struct pvs_cpuidle_state *s = &ci->states[k];

		pvs_json_obj(j, NULL);
		pvs_json_u64(j, "index", k);
		pvs_json_str(j, "name", s->name);
		pvs_json_str(j, "desc", s->desc);
		pvs_json_u64(j, "latency_us", s->latency_us);
		pvs_json_u64(j, "residency_us", s->residency_us);
		pvs_json_u64(j, "usage", s->usage);
		pvs_json_u64(j, "time_us", s->time_us);
		pvs_json_bool(j, "disabled", s->disabled);
		pvs_json_end_obj(j);
	}
	pvs_json_end_arr(j);
	pvs_json_end_obj(j);
}

static void pvs_json_polling(const struct pvs_report *r, struct pvs_json *j)
{
	pvs_json_obj(j, "polling");
	if (r->hp_rc == 0) {
		pvs_json_obj(j, "guest_haltpoll");
		pvs_json_u64(j, "guest_halt_poll_ns", r->hp.max_ns);
		pvs_json_u64(j, "guest_halt_poll_grow", r->hp.grow);
		pvs_json_u64(j, "guest_halt_poll_grow_start",
			     r->hp.grow_start_ns);
		pvs_json_u64(j, "guest_halt_poll_shrink", r->hp.shrink);
		pvs_json_bool(j, "guest_halt_poll_allow_shrink",
			      r->hp.allow_shrink);
		pvs_json_end_obj(j);
	} else {
		pvs_json_null(j, "guest_haltpoll");
	}
	if (r->kvm_rc == 0) {
		pvs_json_obj(j, "kvm_host");
		pvs_json_u64(j, "halt_poll_ns", r->kvm.halt_poll.max_ns);
		pvs_json_u64(j, "halt_poll_ns_grow", r->kvm.halt_poll.grow);
		pvs_json_u64(j, "halt_poll_ns_grow_start",
			     r->kvm.halt_poll.grow_start_ns);
		pvs_json_u64(j, "halt_poll_ns_shrink",
			     r->kvm.halt_poll.shrink);
		pvs_json_str(j, "ple", pvs_ple_name(&r->kvm));
		if (r->kvm.has_ple) {
			pvs_json_u64(j, "ple_gap", r->kvm.ple.gap);
			pvs_json_u64(j, "ple_window", r->kvm.ple.window);
			pvs_json_u64(j, "ple_window_grow",
				     r->kvm.ple.grow);
			pvs_json_u64(j, "ple_window_shrink",
				     r->kvm.ple.shrink);
			pvs_json_u64(j, "ple_window_max",
				     r->kvm.ple.window_max);
		}
		pvs_json_end_obj(j);
	} else {
		pvs_json_null(j, "kvm_host");
	}
	if (r->pause_rc == 0)
		pvs_json_u64(j, "pause_ps", r->pause.pause_ps);
	else
		pvs_json_null(j, "pause_ps");
	pvs_json_obj(j, "rseq_slice_extension");
	pvs_json_bool(j, "available", r->rseq_rc == 0 && r->rseq.available);
	pvs_json_u64(j, "max_ns", r->rseq_rc == 0 ? r->rseq.max_ns : 0);
	pvs_json_end_obj(j);
	pvs_json_end_obj(j);
}

void pvs_report_json(const struct pvs_report *r, FILE *f)
{
	struct pvs_json j;

	pvs_json_init(&j, f);
	pvs_json_obj(&j, NULL);
	pvs_json_str(&j, "schema", "pvsched-probe/1");
	pvs_json_str(&j, "version", pvs_version_string());
	pvs_json_bool(&j, "live", r->live);
	pvs_json_u64(&j, "user_hz", r->user_hz);
	pvs_json_platform(r, &j);
	pvs_json_hv(r, &j);
	pvs_json_partition(r, &j);
	pvs_json_topology(r, &j);
	pvs_json_steal(r, &j);
	pvs_json_idle(r, &j);
	pvs_json_polling(r, &j);
	pvs_decide_json(r, &j);
	pvs_json_end_obj(&j);
}
