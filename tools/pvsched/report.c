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
#include "text.h"

/* A system string (a char array: a pointer does not compile), made
 * terminal-safe in a buffer that lives until the end of the enclosing
 * block (one printf's arguments). */
#define CLEAN(s)                                                           \
	text_clean((char[TEXT_CLEAN_SIZE(sizeof(s)) +                      \
			 0 * sizeof(char[1 - 2 * __builtin_types_compatible_p( \
					 __typeof__(s), __typeof__(&(s)[0]))])]){ 0 }, \
		   TEXT_CLEAN_SIZE(sizeof(s)), (s))

/* Absent sources are facts ("not a KVM host"), not failures. */
static bool absent(int rc)
{
	return rc == -PVS_ENOENT || rc == -PVS_ENOTSUP;
}

const char *fmt_ppm(char *buf, uint32_t ppm)
{
	/* ppm / 10000 = percent; two decimals from the remainder. */
	snprintf(buf, 16, "%u.%02u%%", ppm / 10000u, (ppm % 10000u) / 100u);
	return buf;
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

static const char *arch_name(enum pvprobe_arch a)
{
	switch (a) {
	case PVPROBE_ARCH_X86:
		return "x86";
	case PVPROBE_ARCH_PPC64:
		return "ppc64";
	case PVPROBE_ARCH_OTHER:
		return "other";
	case PVPROBE_ARCH_AARCH64:
		return "aarch64";
	case PVPROBE_ARCH_RISCV64:
		return "riscv64";
	default:
		return "unknown";
	}
}

static const char *ple_name(const struct pvprobe_kvm_host_params *k)
{
	if (!k->has_ple)
		return "none";
	return pvs_ple_vendor_name(k->ple.vendor);
}

static bool realtime(const struct report *r)
{
	return r->x86_rc == 0 && r->x86.kvm_base != 0 &&
	       (r->x86.kvm_hints >> PVPROBE_KVM_HINT_REALTIME) & 1u;
}

/* ---- text ---------------------------------------------------------------- */

#define ROW "  %-26s "

static void text_platform(const struct report *r, FILE *f)
{
	const struct pvprobe_cpuinfo *ci = &r->cpuinfo;

	fprintf(f, "Platform\n");
	fprintf(f, ROW "%s\n", "Architecture:", arch_name(ci->arch));
	if (ci->vendor[0])
		fprintf(f, ROW "%s\n", "Vendor:", CLEAN(ci->vendor));
	if (ci->model[0])
		fprintf(f, ROW "%s\n", "Model:", CLEAN(ci->model));
	if (ci->power_gen)
		fprintf(f, ROW "POWER%u%s\n", "Processor generation:",
			ci->power_gen, ci->power_compat ?
			" (in an older compatibility mode)" : "");
	if (ci->platform[0])
		fprintf(f, ROW "%s\n", "Platform:", CLEAN(ci->platform));
	if (ci->machine[0])
		fprintf(f, ROW "%s\n", "Machine:", CLEAN(ci->machine));
	fprintf(f, ROW "%u\n", "CPUs (cpuinfo):", ci->nr_processors);
}

static void text_hv(const struct report *r, FILE *f)
{
	unsigned int b;

	fprintf(f, "\nHypervisor\n");
	fprintf(f, ROW "%s (from %s)\n", "Hypervisor:",
		pvprobe_hv_name(r->hv), r->hv_source);
	if (r->x86_rc == 0) {
		fprintf(f, ROW "%s\n", "CPUID hypervisor bit:",
			r->x86.hypervisor_bit ? "set" : "clear");
		if (r->x86.base)
			fprintf(f,
				ROW "\"%s\" at 0x%08x (max leaf 0x%08x)\n",
				"Signature:", CLEAN(r->x86.signature), r->x86.base,
				r->x86.max_leaf);
		if (r->x86.kvm_base) {
			fprintf(f, ROW "0x%08x:", "KVM features:",
				r->x86.kvm_features);
			for (b = 0; b < 32; b++) {
				const char *n = pvprobe_kvm_feature_name(b);

				if ((r->x86.kvm_features >> b) & 1u)
					fprintf(f, " %s", n ? n : "?");
			}
			fprintf(f, "\n" ROW "%s\n", "KVM_HINTS_REALTIME:",
				realtime(r) ? "yes (vCPUs dedicated)"
						: "no");
		}
	} else if (r->cpuinfo.arch == PVPROBE_ARCH_X86) {
		fprintf(f, ROW "%s\n", "CPUID:", "not available");
	}
}

static void text_partition(const struct report *r, FILE *f)
{
	const struct pvprobe_lparcfg *lp = &r->lpar;
	const struct pvprobe_thread_groups *tg = &r->ppc.groups;

	if (r->cpuinfo.arch != PVPROBE_ARCH_PPC64)
		return;
	fprintf(f, "\nPartition\n");
	if (r->lpar_rc != 0) {
		fprintf(f, ROW "%s\n", "lparcfg:", "absent");
	} else {
		fprintf(f, ROW "%s%s\n", "Mode:",
			lp->shared ? "shared" : "dedicated",
			!(lp->have & PVPROBE_LPARCFG_HAVE_CAPPED) ? "" :
			lp->capped ? ", capped" : ", uncapped");
		if (lp->have & PVPROBE_LPARCFG_HAVE_ENTITLEMENT)
			fprintf(f, ROW "%" PRIu64 ".%02" PRIu64
				" processors\n", "Entitled capacity:",
				lp->entitled_capacity / 100,
				lp->entitled_capacity % 100);
		fprintf(f, ROW "%" PRIu64 "\n", "Virtual processors:",
			lp->active_processors);
		if (lp->have & PVPROBE_LPARCFG_HAVE_DISPATCH)
			fprintf(f, ROW "%" PRIu64 " (%" PRIu64
				" dispersions)\n", "Dispatches:",
				lp->dispatches, lp->dispatch_dispersions);
		if (lp->have & PVPROBE_LPARCFG_HAVE_POOL)
			fprintf(f, ROW "%" PRIu64 " (capacity %" PRIu64
				", %" PRIu64 " processors)\n", "Shared pool:",
				lp->pool, lp->pool_capacity,
				lp->pool_num_procs);
		if (lp->system_type[0])
			fprintf(f, ROW "%s\n", "System type:",
				CLEAN(lp->system_type));
	}
	if (r->ppc_rc == 0 && tg->threads_per_core)
		fprintf(f, ROW "%s (%u threads, L1 groups of %u)\n",
			"Big cores:", tg->big_cores ? "yes" : "no",
			tg->threads_per_core, tg->l1_group_threads);
}

static void text_topology(const struct report *r, FILE *f)
{
	const struct pvprobe_topology *t = &r->topo;

	fprintf(f, "\nTopology\n");
	if (r->topo_rc != 0) {
		fprintf(f, ROW "%s\n", "Topology:", "absent");
		return;
	}
	fprintf(f, ROW "%u online, %u possible\n", "CPUs:", t->nr_online,
		t->nr_possible);
	fprintf(f, ROW "%u\n", "Cores:", t->nr_cores);
	fprintf(f, ROW "%u\n", "Threads per core:", t->threads_per_core);
	fprintf(f, ROW "%u\n", "Packages:", t->nr_packages);
	fprintf(f, ROW "%u\n", "NUMA nodes:", t->nr_nodes);
	if (t->smt_control[0])
		fprintf(f, ROW "%s\n", "SMT control:", CLEAN(t->smt_control));
	fprintf(f, ROW "%s\n", "Source:",
		t->via == PVPROBE_TOPO_VIA_HWLOC ? "hwloc" : "sysfs");
}

static const char *affinity_via(enum pvprobe_affinity_via v)
{
	return v == PVPROBE_AFFINITY_SYSCALL ? "sched_getaffinity" :
	       v == PVPROBE_AFFINITY_STATUS  ? "proc/self/status" :
					       "cpu/online";
}

static const char *cgroup_ver(enum pvprobe_cgroup_ver v)
{
	return v == PVPROBE_CGROUP_V1 ? "v1" : v == PVPROBE_CGROUP_V2 ? "v2" :
									"none";
}

/* "0.500" from milli-CPUs, into buf[16]. */
static const char *fmt_mcpus(char *buf, uint32_t m)
{
	snprintf(buf, 16, "%u.%03u", m / 1000u, m % 1000u);
	return buf;
}

static void text_cpus(const struct report *r, FILE *f)
{
	const struct pvprobe_cpus *c = &r->cpus;
	char a[16], b[16];

	fprintf(f, "\nCPUs available\n");
	if (r->cpus_rc != 0) {
		fprintf(f, ROW "%s\n", "Effective CPUs:", "absent");
		return;
	}
	fprintf(f, ROW "%u (%s)\n", "Affinity:", c->nr_affinity,
		affinity_via(c->affinity_via));
	if (c->ver == PVPROBE_CGROUP_NONE)
		fprintf(f, ROW "none\n", "Cgroup:");
	else
		fprintf(f, ROW "%s %s\n", "Cgroup:", cgroup_ver(c->ver),
			CLEAN(c->cgroup));
	if (c->quota.limited && c->quota_depth == 0)
		fprintf(f, ROW "%" PRIu64 " us per %" PRIu64 " us = %s CPUs\n",
			"CPU quota:", c->quota.quota_us, c->quota.period_us,
			fmt_mcpus(a, c->quota_mcpus));
	else if (c->quota.limited)
		fprintf(f, ROW "%" PRIu64 " us per %" PRIu64 " us = %s CPUs "
			"(an ancestor, %u up)\n", "CPU quota:",
			c->quota.quota_us, c->quota.period_us,
			fmt_mcpus(a, c->quota_mcpus), c->quota_depth);
	else
		fprintf(f, ROW "none\n", "CPU quota:");
	fprintf(f, ROW "%u (%s CPUs, rounded up)\n", "Effective CPUs:",
		c->effective_cpus, fmt_mcpus(b, c->effective_mcpus));
	if (c->have_throttle)
		fprintf(f, ROW "%s of the time, in %" PRIu64 " of %" PRIu64
			" periods (since the cgroup was made)\n", "Throttled:",
			fmt_ppm(a, c->throttled_ppm), c->throttle.nr_throttled,
			c->throttle.nr_periods);
	else
		fprintf(f, ROW "no counters\n", "Throttled:");
}

static void text_steal(const struct report *r, FILE *f)
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
		fmt_ppm(a, r->steal_all.steal_ppm),
		fmt_ppm(b, r->steal_all.preempt_ppm),
		r->steal_all.steal_ticks);
	for (i = 0; i < r->nr_steal; i++) {
		char name[16];

		snprintf(name, sizeof(name), "cpu%d", (int)r->steal[i].cpu);
		fprintf(f, "  %-8s %10s %14s %14" PRIu64 "\n", name,
			fmt_ppm(a, r->steal[i].steal_ppm),
			fmt_ppm(b, r->steal[i].preempt_ppm),
			r->steal[i].steal_ticks);
	}
}

static void text_idle(const struct report *r, FILE *f)
{
	const struct pvprobe_cpuidle *ci = &r->idle;
	unsigned int k;

	fprintf(f, "\nIdle states\n");
	if (r->idle_rc != 0) {
		fprintf(f, ROW "%s\n", "cpuidle:", "absent");
		return;
	}
	fprintf(f, ROW "%s\n", "Driver:", CLEAN(ci->driver));
	fprintf(f, ROW "%s\n", "Governor:",
		ci->governor[0] ? CLEAN(ci->governor) : "-");
	if (ci->nr_states)
		fprintf(f, "  cpu%u %-18s %10s %10s %12s %12s\n", ci->cpu,
			"state", "exit us", "target us", "usage", "avg us");
	for (k = 0; k < ci->nr_states; k++) {
		const struct pvprobe_cpuidle_state *s = &ci->states[k];

		fprintf(f, "  %-2u %-20s %10" PRIu64 " %10" PRIu64
			" %12" PRIu64 " %12" PRIu64 "%s\n", k, CLEAN(s->name),
			s->latency_us, s->residency_us, s->usage,
			s->usage ? s->time_us / s->usage : 0,
			s->disabled ? " (disabled)" : "");
	}
}

static void text_polling(const struct report *r, FILE *f)
{
	fprintf(f, "\nPolling and spinning\n");
	if (r->hp_rc == 0)
		fprintf(f, ROW "poll_ns %" PRIu64 ", grow %" PRIu64
			", grow_start %" PRIu64 ", shrink %" PRIu64
			", allow_shrink %s\n", "Guest haltpoll:",
			r->hp.max_ns, (uint64_t)r->hp.grow,
			r->hp.grow_start_ns, (uint64_t)r->hp.shrink,
			r->hp.allow_shrink ? "Y" : "N");
	else
		fprintf(f, ROW "%s\n", "Guest haltpoll:", "absent");
	if (r->kvm_rc == 0) {
		fprintf(f, ROW "halt_poll_ns %" PRIu64 ", grow %" PRIu64
			", grow_start %" PRIu64 ", shrink %" PRIu64 "\n",
			"KVM host halt polling:", r->kvm.halt_poll.max_ns,
			(uint64_t)r->kvm.halt_poll.grow,
			r->kvm.halt_poll.grow_start_ns,
			(uint64_t)r->kvm.halt_poll.shrink);
		if (r->kvm.has_ple)
			fprintf(f, ROW "%s gap %" PRIu64 ", window %" PRIu64
				", grow %" PRIu64 ", shrink %" PRIu64
				", max %" PRIu64 "\n", "KVM host PLE:",
				ple_name(&r->kvm), (uint64_t)r->kvm.ple.gap,
				(uint64_t)r->kvm.ple.window,
				(uint64_t)r->kvm.ple.grow,
				(uint64_t)r->kvm.ple.shrink,
				(uint64_t)r->kvm.ple.window_max);
		else
			fprintf(f, ROW "%s\n", "KVM host PLE:",
				"none (no kvm_intel / kvm_amd)");
	} else {
		fprintf(f, ROW "%s\n", "KVM host:", "not a KVM host");
	}
	if (r->pause_rc == 0)
		fprintf(f, ROW "%u.%03u ns (min of %u/%u windows)\n",
			"PAUSE cost:", r->pause.pause_ps / 1000,
			r->pause.pause_ps % 1000, r->pause.windows_used,
			r->pause.windows_total);
	else
		fprintf(f, ROW "%s\n", "PAUSE cost:",
			r->live ? "not measurable here" :
				  "not measured (sysroot)");
	if (r->rseq_rc == 0)
		fprintf(f, ROW "available, up to %" PRIu64 " ns\n",
			"rseq slice extension:", r->rseq.max_ns);
	else
		fprintf(f, ROW "%s\n", "rseq slice extension:",
			"not available (Linux < 7.0)");
	if (strcmp(r->owner.source, "pinned") == 0)
		fprintf(f, ROW "pinned BPF oracle, %u CPUs, vCPU-preempted "
			"flag %s\n", "Owner-on-CPU signal:", r->owner.nr_cpus,
			r->owner.vcpu_preempted ? "read" : "not readable");
	else
		fprintf(f, ROW "none (%s): waiters use steal and the owner's "
			"CPU\n", "Owner-on-CPU signal:", r->owner.reason);
}

void report_text(const struct report *r, FILE *f)
{
	text_platform(r, f);
	text_hv(r, f);
	text_partition(r, f);
	text_topology(r, f);
	text_cpus(r, f);
	text_steal(r, f);
	text_idle(r, f);
	text_polling(r, f);
	decide_text(r, f);
}

/* ---- JSON ---------------------------------------------------------------- */

static void json_platform(const struct report *r, struct json *j)
{
	const struct pvprobe_cpuinfo *ci = &r->cpuinfo;

	json_obj(j, "platform");
	json_str(j, "arch", arch_name(ci->arch));
	json_u64(j, "cpus", ci->nr_processors);
	json_str(j, "vendor", ci->vendor);
	json_str(j, "model", ci->model);
	if (ci->arch == PVPROBE_ARCH_PPC64) {
		json_u64(j, "power_gen", ci->power_gen);
		json_bool(j, "power_compat", ci->power_compat);
		json_u64(j, "timebase_hz", ci->timebase_hz);
		json_str(j, "platform", ci->platform);
		json_str(j, "machine", ci->machine);
	}
	json_end_obj(j);
}

static void json_hv(const struct report *r, struct json *j)
{
	unsigned int b;

	json_obj(j, "hypervisor");
	json_str(j, "kind", pvprobe_hv_name(r->hv));
	json_str(j, "source", r->hv_source);
	if (r->x86_rc == 0) {
		json_bool(j, "cpuid_hypervisor_bit", r->x86.hypervisor_bit);
		json_str(j, "signature", r->x86.signature);
		json_hex(j, "base", r->x86.base);
		json_hex(j, "max_leaf", r->x86.max_leaf);
		json_hex(j, "kvm_base", r->x86.kvm_base);
		json_hex(j, "kvm_features_eax", r->x86.kvm_features);
		json_hex(j, "kvm_hints_edx", r->x86.kvm_hints);
		json_arr(j, "kvm_features");
		for (b = 0; b < 32; b++) {
			const char *n = pvprobe_kvm_feature_name(b);
			char bit[16];

			if (!((r->x86.kvm_features >> b) & 1u))
				continue;
			if (n == NULL) {
				snprintf(bit, sizeof(bit), "BIT%u", b);
				n = bit;
			}
			json_str(j, NULL, n);
		}
		json_end_arr(j);
		json_bool(j, "realtime_hint", realtime(r));
	}
	json_end_obj(j);
}

static void json_partition(const struct report *r, struct json *j)
{
	const struct pvprobe_lparcfg *lp = &r->lpar;

	if (r->cpuinfo.arch != PVPROBE_ARCH_PPC64) {
		json_null(j, "partition");
		return;
	}
	json_obj(j, "partition");
	if (r->lpar_rc == 0) {
		json_bool(j, "shared", lp->shared);
		if (lp->have & PVPROBE_LPARCFG_HAVE_CAPPED)
			json_bool(j, "capped", lp->capped);
		else
			json_null(j, "capped");
		if (lp->have & PVPROBE_LPARCFG_HAVE_ENTITLEMENT)
			json_u64(j, "entitled_capacity_hundredths",
				     lp->entitled_capacity);
		else
			json_null(j, "entitled_capacity_hundredths");
		json_u64(j, "active_processors", lp->active_processors);
		json_u64(j, "potential_processors",
			     lp->potential_processors);
		json_u64(j, "partition_id", lp->partition_id);
		json_str(j, "system_type", lp->system_type);
		if (lp->have & PVPROBE_LPARCFG_HAVE_DISPATCH) {
			json_u64(j, "dispatches", lp->dispatches);
			json_u64(j, "dispatch_dispersions",
				     lp->dispatch_dispersions);
		}
		if (lp->have & PVPROBE_LPARCFG_HAVE_PURR) {
			json_u64(j, "purr", lp->purr);
			json_u64(j, "tbr", lp->tbr);
		}
		if (lp->have & PVPROBE_LPARCFG_HAVE_POOL) {
			json_u64(j, "pool", lp->pool);
			json_u64(j, "pool_capacity", lp->pool_capacity);
			json_u64(j, "pool_idle_time", lp->pool_idle_time);
			json_u64(j, "pool_num_procs", lp->pool_num_procs);
		}
	} else {
		json_null(j, "shared");
	}
	if (r->ppc_rc == 0) {
		json_u64(j, "core_threads",
			     r->ppc.groups.threads_per_core);
		json_u64(j, "l1_group_threads",
			     r->ppc.groups.l1_group_threads);
		json_bool(j, "big_cores", r->ppc.groups.big_cores);
	}
	json_end_obj(j);
}

static void json_topology(const struct report *r, struct json *j)
{
	const struct pvprobe_topology *t = &r->topo;

	if (r->topo_rc != 0) {
		json_null(j, "topology");
		return;
	}
	json_obj(j, "topology");
	json_u64(j, "online", t->nr_online);
	json_u64(j, "possible", t->nr_possible);
	json_u64(j, "cores", t->nr_cores);
	json_u64(j, "threads_per_core", t->threads_per_core);
	json_u64(j, "packages", t->nr_packages);
	json_u64(j, "numa_nodes", t->nr_nodes);
	json_str(j, "smt_control", t->smt_control);
	json_str(j, "source", t->via == PVPROBE_TOPO_VIA_HWLOC ? "hwloc" :
								"sysfs");
	json_end_obj(j);
}

static void json_cpus(const struct report *r, struct json *j)
{
	const struct pvprobe_cpus *c = &r->cpus;

	if (r->cpus_rc != 0) {
		json_null(j, "cpus");
		return;
	}
	json_obj(j, "cpus");
	json_u64(j, "affinity", c->nr_affinity);
	json_str(j, "affinity_source", affinity_via(c->affinity_via));
	json_str(j, "cgroup_version", cgroup_ver(c->ver));
	json_str(j, "cgroup", c->cgroup);
	json_bool(j, "quota_limited", c->quota.limited);
	json_u64(j, "quota_us", c->quota.quota_us);
	json_u64(j, "period_us", c->quota.period_us);
	json_u64(j, "quota_levels_up", c->quota_depth);
	json_u64(j, "quota_mcpus", c->quota_mcpus);
	json_u64(j, "effective_mcpus", c->effective_mcpus);
	json_u64(j, "effective_cpus", c->effective_cpus);
	json_bool(j, "throttle_counters", c->have_throttle);
	json_u64(j, "nr_periods", c->throttle.nr_periods);
	json_u64(j, "nr_throttled", c->throttle.nr_throttled);
	json_u64(j, "throttled_ns", c->throttle.throttled_ns);
	json_u64(j, "throttled_ppm", c->throttled_ppm);
	json_u64(j, "periods_throttled_ppm", c->periods_throttled_ppm);
	json_end_obj(j);
}

static void json_rate(struct json *j, const char *key,
			  const struct pvprobe_steal_rate *s)
{
	json_obj(j, key);
	if (s->cpu >= 0)
		json_i64(j, "cpu", s->cpu);
	json_u64(j, "steal_ppm", s->steal_ppm);
	json_u64(j, "preempt_ppm", s->preempt_ppm);
	json_u64(j, "steal_ticks", s->steal_ticks);
	json_u64(j, "total_ticks", s->total_ticks);
	json_end_obj(j);
}

static void json_steal(const struct report *r, struct json *j)
{
	unsigned int i;

	json_obj(j, "steal");
	json_u64(j, "window_ms", r->window_ms);
	json_rate(j, "all", &r->steal_all);
	json_arr(j, "cpus");
	for (i = 0; i < r->nr_steal; i++)
		json_rate(j, NULL, &r->steal[i]);
	json_end_arr(j);
	json_end_obj(j);
}

static void json_idle(const struct report *r, struct json *j)
{
	const struct pvprobe_cpuidle *ci = &r->idle;
	unsigned int k;

	if (r->idle_rc != 0) {
		json_null(j, "idle");
		return;
	}
	json_obj(j, "idle");
	json_str(j, "driver", ci->driver);
	json_str(j, "governor", ci->governor);
	json_u64(j, "cpu", ci->cpu);
	json_arr(j, "states");
	for (k = 0; k < ci->nr_states; k++) {
		const struct pvprobe_cpuidle_state *s = &ci->states[k];

		json_obj(j, NULL);
		json_u64(j, "index", k);
		json_str(j, "name", s->name);
		json_str(j, "desc", s->desc);
		json_u64(j, "latency_us", s->latency_us);
		json_u64(j, "residency_us", s->residency_us);
		json_u64(j, "usage", s->usage);
		json_u64(j, "time_us", s->time_us);
		json_bool(j, "disabled", s->disabled);
		json_end_obj(j);
	}
	json_end_arr(j);
	json_end_obj(j);
}

static void json_polling(const struct report *r, struct json *j)
{
	json_obj(j, "polling");
	if (r->hp_rc == 0) {
		json_obj(j, "guest_haltpoll");
		json_u64(j, "guest_halt_poll_ns", r->hp.max_ns);
		json_u64(j, "guest_halt_poll_grow", r->hp.grow);
		json_u64(j, "guest_halt_poll_grow_start",
			     r->hp.grow_start_ns);
		json_u64(j, "guest_halt_poll_shrink", r->hp.shrink);
		json_bool(j, "guest_halt_poll_allow_shrink",
			      r->hp.allow_shrink);
		json_end_obj(j);
	} else {
		json_null(j, "guest_haltpoll");
	}
	if (r->kvm_rc == 0) {
		json_obj(j, "kvm_host");
		json_u64(j, "halt_poll_ns", r->kvm.halt_poll.max_ns);
		json_u64(j, "halt_poll_ns_grow", r->kvm.halt_poll.grow);
		json_u64(j, "halt_poll_ns_grow_start",
			     r->kvm.halt_poll.grow_start_ns);
		json_u64(j, "halt_poll_ns_shrink",
			     r->kvm.halt_poll.shrink);
		json_str(j, "ple", ple_name(&r->kvm));
		if (r->kvm.has_ple) {
			json_u64(j, "ple_gap", r->kvm.ple.gap);
			json_u64(j, "ple_window", r->kvm.ple.window);
			json_u64(j, "ple_window_grow",
				     r->kvm.ple.grow);
			json_u64(j, "ple_window_shrink",
				     r->kvm.ple.shrink);
			json_u64(j, "ple_window_max",
				     r->kvm.ple.window_max);
		}
		json_end_obj(j);
	} else {
		json_null(j, "kvm_host");
	}
	if (r->pause_rc == 0)
		json_u64(j, "pause_ps", r->pause.pause_ps);
	else
		json_null(j, "pause_ps");
	json_obj(j, "rseq_slice_extension");
	json_bool(j, "available", r->rseq_rc == 0 && r->rseq.available);
	json_u64(j, "max_ns", r->rseq_rc == 0 ? r->rseq.max_ns : 0);
	json_end_obj(j);
	json_obj(j, "owner_signal");
	json_str(j, "source", r->owner.source);
	json_str(j, "reason", r->owner.reason);
	json_u64(j, "cpus", r->owner.nr_cpus);
	json_bool(j, "vcpu_preempted", r->owner.vcpu_preempted);
	json_end_obj(j);
	json_end_obj(j);
}

void report_json(const struct report *r, FILE *f)
{
	struct json j;

	json_init(&j, f);
	json_obj(&j, NULL);
	json_str(&j, "schema", "pvsched-probe/1");
	json_str(&j, "version", pvs_version_string());
	json_bool(&j, "live", r->live);
	json_u64(&j, "user_hz", r->user_hz);
	json_platform(r, &j);
	json_hv(r, &j);
	json_partition(r, &j);
	json_topology(r, &j);
	json_cpus(r, &j);
	json_steal(r, &j);
	json_idle(r, &j);
	json_polling(r, &j);
	decide_json(r, &j);
	json_end_obj(&j);
}
