// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* `pvsched probe` as text: sections like lscpu (see report.h). */
#include <inttypes.h>
#include <string.h>

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

const char *fmt_ppm(char *buf, uint32_t ppm)
{
	/* ppm / 10000 = percent; two decimals from the remainder. */
	snprintf(buf, 16, "%u.%02u%%", ppm / 10000u, (ppm % 10000u) / 100u);
	return buf;
}

#define ROW "  %-26s "

static void text_platform(const struct report *r, FILE *f)
{
	const struct pvprobe_cpuinfo *ci = &r->cpuinfo;

	fprintf(f, "Platform\n");
	fprintf(f, ROW "%s\n", "Architecture:", report_arch_name(ci->arch));
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
				report_realtime(r) ? "yes (vCPUs dedicated)"
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
	fprintf(f, ROW "%s\n", "Source:", report_topo_via(t->via));
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
		report_affinity_via(c->affinity_via));
	if (c->ver == PVPROBE_CGROUP_NONE)
		fprintf(f, ROW "none\n", "Cgroup:");
	else
		fprintf(f, ROW "%s %s\n", "Cgroup:", report_cgroup_ver(c->ver),
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
				report_ple_name(&r->kvm), (uint64_t)r->kvm.ple.gap,
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
