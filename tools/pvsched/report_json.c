// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* `pvsched probe --json`: schema "pvsched-probe/1" (docs/probe-json.md). */
#include <stdio.h>

#include <pvsched/version.h>

#include "json.h"
#include "report.h"

static void json_platform(const struct report *r, struct json *j)
{
	const struct pvprobe_cpuinfo *ci = &r->cpuinfo;

	json_obj(j, "platform");
	json_str(j, "arch", report_arch_name(ci->arch));
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
		json_bool(j, "realtime_hint", report_realtime(r));
	}
	json_end_obj(j);
}

static void json_partition(const struct report *r, struct json *j)
{
	const struct pvprobe_lparcfg *lp = &r->lpar;

	if (!json_obj_or_null(j, "partition",
			      r->cpuinfo.arch == PVPROBE_ARCH_PPC64))
		return;
	if (r->lpar_rc == 0) {
		json_bool(j, "shared", lp->shared);
		if (lp->have & PVPROBE_LPARCFG_HAVE_CAPPED)
			json_bool(j, "capped", lp->capped);
		else
			json_null(j, "capped");
		json_u64_or_null(j, "entitled_capacity_hundredths",
				 lp->have & PVPROBE_LPARCFG_HAVE_ENTITLEMENT,
				 lp->entitled_capacity);
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

	if (!json_obj_or_null(j, "topology", r->topo_rc == 0))
		return;
	json_u64(j, "online", t->nr_online);
	json_u64(j, "possible", t->nr_possible);
	json_u64(j, "cores", t->nr_cores);
	json_u64(j, "threads_per_core", t->threads_per_core);
	json_u64(j, "packages", t->nr_packages);
	json_u64(j, "numa_nodes", t->nr_nodes);
	json_str(j, "smt_control", t->smt_control);
	json_str(j, "source", report_topo_via(t->via));
	json_end_obj(j);
}

static void json_cpus(const struct report *r, struct json *j)
{
	const struct pvprobe_cpus *c = &r->cpus;

	if (!json_obj_or_null(j, "cpus", r->cpus_rc == 0))
		return;
	json_u64(j, "affinity", c->nr_affinity);
	json_str(j, "affinity_source", report_affinity_via(c->affinity_via));
	json_str(j, "cgroup_version", report_cgroup_ver(c->ver));
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

	if (!json_obj_or_null(j, "idle", r->idle_rc == 0))
		return;
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
	if (json_obj_or_null(j, "guest_haltpoll", r->hp_rc == 0)) {
		json_u64(j, "guest_halt_poll_ns", r->hp.max_ns);
		json_u64(j, "guest_halt_poll_grow", r->hp.grow);
		json_u64(j, "guest_halt_poll_grow_start",
			     r->hp.grow_start_ns);
		json_u64(j, "guest_halt_poll_shrink", r->hp.shrink);
		json_bool(j, "guest_halt_poll_allow_shrink",
			      r->hp.allow_shrink);
		json_end_obj(j);
	}
	if (json_obj_or_null(j, "kvm_host", r->kvm_rc == 0)) {
		json_u64(j, "halt_poll_ns", r->kvm.halt_poll.max_ns);
		json_u64(j, "halt_poll_ns_grow", r->kvm.halt_poll.grow);
		json_u64(j, "halt_poll_ns_grow_start",
			     r->kvm.halt_poll.grow_start_ns);
		json_u64(j, "halt_poll_ns_shrink",
			     r->kvm.halt_poll.shrink);
		json_str(j, "ple", report_ple_name(&r->kvm));
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
	}
	json_u64_or_null(j, "pause_ps", r->pause_rc == 0, r->pause.pause_ps);
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
