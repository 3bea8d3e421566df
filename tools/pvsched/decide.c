// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Decisions: the probed facts fed to the library's decision functions.
 * Nothing here decides on its own; it picks inputs and explains outputs.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

/* Halt lengths of the halt-poll table, ns: a short wakeup (an IPI round
 * trip), one just under the 200 us defaults, one far above them. */
static const uint64_t dec_hp_block_ns[DEC_HP_SAMPLES] = {
	20000, 150000, 2000000
};

/* Halts are at most this many steps from the window's fixed point. */
#define DEC_HP_MAX_STEPS 64u

/* ---- spin ---------------------------------------------------------------- */

/* The hypervisor promises the vCPUs are not preempted for long. */
static bool dec_dedicated(const struct report *r)
{
	if (r->hv == PVPROBE_HV_NONE)
		return true;
	if (r->x86_rc == 0 && r->x86.kvm_base != 0 &&
	    ((r->x86.kvm_hints >> PVPROBE_KVM_HINT_REALTIME) & 1u))
		return true;
	return r->hv == PVPROBE_HV_POWERVM && r->lpar_rc == 0 &&
	       !r->lpar.shared;
}

static unsigned int dec_cpus(const struct report *r)
{
	return r->topo_rc == 0 ? r->topo.nr_online : r->cpuinfo.nr_processors;
}

static void dec_spin(const struct report *r, struct decisions *d)
{
	struct pvs_spin_in base, herd;
	struct pvs_spin_out out;
	unsigned int k, cpus = dec_cpus(r);

	memset(&d->spin_in, 0, sizeof(d->spin_in));
	d->spin_in.policy = PVS_SPIN_POLICY_PV;
	d->spin_in.pause_ps = r->pause_rc == 0 ? r->pause.pause_ps : 0;
	/* The owner runs on one of our CPUs: the machine-wide rate is the
	 * best estimate for both. */
	d->spin_in.owner_steal_ppm = r->steal_all.steal_ppm;
	d->spin_in.self_steal_ppm = r->steal_all.steal_ppm;
	d->spin_in.nr_cpus = cpus;
	d->spin_in.owner = PVS_SPIN_OWNER_UNKNOWN;
	d->spin_in.dedicated = dec_dedicated(r);
	d->spin_act = pvs_spin_decide(&d->spin_in, &d->spin_out);
	base = d->spin_in;
	base.policy = PVS_SPIN_POLICY_FIXED;
	d->base_act = pvs_spin_decide(&base, &d->base_out);
	/* How many may spin at once before the next one parks. */
	d->herd = cpus;
	for (k = 0; k <= cpus && k < PVPROBE_MAX_CPUS; k++) {
		herd = d->spin_in;
		herd.nr_spinning = k;
		if (pvs_spin_decide(&herd, &out) == PVS_SPIN_PARK &&
		    out.reason == PVS_SPIN_REASON_HERD) {
			d->herd = k;
			break;
		}
	}
	/* Safe: the PV rule keeps the whole bare-metal budget; shortened:
	 * steal or sharing cut it; no: it parks at once. */
	d->budget_share_ppm = d->base_out.limit_ns == 0 ? 0 :
		(uint32_t)(d->spin_out.limit_ns >= d->base_out.limit_ns ?
			   1000000u : d->spin_out.limit_ns * 1000000u /
					       d->base_out.limit_ns);
	if (d->spin_act != PVS_SPIN_SPIN)
		d->spin_safe = "no";
	else if (d->budget_share_ppm == 1000000u)
		d->spin_safe = "yes";
	else
		d->spin_safe = "shortened";
}

/* ---- halt polling -------------------------------------------------------- */

/* Run the rule on halts of @block_ns until the window stops changing. */
static void dec_converge(const struct pvs_halt_poll_params *p,
			     uint64_t block_ns, struct dec_hp *out)
{
	struct pvs_halt_poll_state st = { 0 };
	unsigned int i;

	out->block_ns = block_ns;
	for (i = 1; i <= DEC_HP_MAX_STEPS; i++) {
		uint64_t before = st.window_ns;

		if (pvs_halt_poll_step(p, &st, block_ns, true) < 0 ||
		    st.window_ns == before)
			break;
	}
	out->steps = i - 1;
	out->window_ns = pvs_halt_poll_window_ns(p, &st);
}

/* Mean residency of the states that halt (not POLL / snooze), ns. */
static bool dec_avg_block(const struct report *r, uint64_t *ns)
{
	uint64_t t = 0, n = 0;
	unsigned int k;

	if (r->idle_rc != 0)
		return false;
	for (k = 0; k < r->idle.nr_states; k++) {
		const struct pvprobe_cpuidle_state *s = &r->idle.states[k];

		if (strcmp(s->name, "POLL") == 0 ||
		    strcmp(s->name, "snooze") == 0)
			continue;
		if (t + s->time_us < t || n + s->usage < n)
			return false;
		t += s->time_us;
		n += s->usage;
	}
	if (n == 0 || t > UINT64_MAX / 1000u)
		return false;
	*ns = t * 1000u / n;
	return true;
}

static void dec_halt_poll(const struct report *r,
			      struct decisions *d)
{
	unsigned int i;

	d->have_avg_block = dec_avg_block(r, &d->avg_block_ns);
	d->guest = r->hp_rc == 0;
	d->host = r->kvm_rc == 0;
	for (i = 0; i < DEC_HP_SAMPLES; i++) {
		if (d->guest)
			dec_converge(&r->hp, dec_hp_block_ns[i],
					 &d->guest_tab[i]);
		if (d->host)
			dec_converge(&r->kvm.halt_poll,
					 dec_hp_block_ns[i],
					 &d->host_tab[i]);
	}
	if (d->guest && d->have_avg_block)
		dec_converge(&r->hp, d->avg_block_ns, &d->guest_avg);
}

/* ---- idle-state latency -------------------------------------------------- */

static int dec_idle_platform(const struct report *r,
				 struct pvs_idle_platform *p)
{
	static const enum pvs_idle_cpu gen[] = {
		PVS_IDLE_CPU_POWER8, PVS_IDLE_CPU_POWER9, PVS_IDLE_CPU_POWER10,
		PVS_IDLE_CPU_POWER11
	};

	memset(p, 0, sizeof(*p));
	if (r->cpuinfo.arch == PVPROBE_ARCH_X86) {
		/* Only the haltpoll driver's states are modelled on x86. */
		if (r->hv != PVPROBE_HV_KVM || r->idle_rc != 0 ||
		    strcmp(r->idle.driver, "haltpoll") != 0)
			return -PVS_ENOTSUP;
		p->cpu = PVS_IDLE_CPU_X86_KVM;
		return 0;
	}
	if (r->cpuinfo.arch != PVPROBE_ARCH_PPC64 || r->lpar_rc != 0 ||
	    r->cpuinfo.power_gen < 8 || r->cpuinfo.power_gen > 11)
		return -PVS_ENOTSUP;
	p->cpu = gen[r->cpuinfo.power_gen - 8];
	p->partition = r->lpar.shared ? PVS_IDLE_SHARED : PVS_IDLE_DEDICATED;
	p->compat_pre_isa31 = r->cpuinfo.power_compat;
	p->timebase_hz = r->cpuinfo.timebase_hz > 0 &&
			 r->cpuinfo.timebase_hz <= UINT32_MAX ?
		(uint32_t)r->cpuinfo.timebase_hz : PVS_IDLE_POWER_TB_HZ;
	return 0;
}

/* The firmware's extended CEDE records (RTAS token 45) are not in /proc
 * or /sys: a dump may be given as <sysroot>/xcede. */
static int dec_firmware(struct report *r, struct decisions *d)
{
	uint8_t buf[PVS_XCEDE_MAX_BUF + 64];
	size_t len;
	int rc;

	rc = pvprobe_load(&r->ctx, "/xcede", buf, sizeof(buf), &len);
	if (rc == -PVS_ENOENT)
		return 0;
	if (rc == 0)
		rc = pvs_xcede_parse(buf, len, &d->fw);
	if (rc < 0) {
		if (r->ctx.bad_path[0] == '\0')
			snprintf(r->ctx.bad_path, sizeof(r->ctx.bad_path),
				 "%s/xcede", r->ctx.sysroot ? r->ctx.sysroot :
							      "");
		return rc;
	}
	d->have_fw = true;
	return 0;
}

static int dec_idle(struct report *r, struct decisions *d)
{
	const struct pvs_xcede_table *fw;
	unsigned int k;
	int rc;

	d->idle_rc = dec_idle_platform(r, &d->idle_plat);
	if (d->idle_rc < 0)
		return 0;
	if (r->cpuinfo.arch == PVPROBE_ARCH_PPC64) {
		rc = dec_firmware(r, d);
		if (rc < 0)
			return rc;
	}
	fw = d->have_fw ? &d->fw : NULL;
	d->idle_rc = pvs_idle_state_latency(&d->idle_plat, fw, PVS_IDLE_KERNEL,
					    &d->idle);
	if (d->idle_rc == 0)
		d->idle_rc = pvs_idle_state_latency(&d->idle_plat, fw,
						    PVS_IDLE_TRUST_FW,
						    &d->idle_old);
	if (d->idle_rc < 0 || r->idle_rc != 0)
		return 0;
	for (k = 0; k < r->idle.nr_states; k++) {
		const struct pvprobe_cpuidle_state *s = &r->idle.states[k];

		if (strcmp(s->name, d->idle.name) == 0) {
			d->sysfs_match = true;
			d->sysfs_latency_us = s->latency_us;
			d->sysfs_residency_us = s->residency_us;
		}
	}
	return 0;
}

/* ---- packing ------------------------------------------------------------- */

/* Cores @tasks new tasks end on under @policy, on an idle machine. */
static int dec_place(const struct pvs_pack_topology *t,
			 enum pvs_pack_policy policy, unsigned int tasks,
			 unsigned int *cores)
{
	uint32_t *running = calloc(t->nr_cpus, sizeof(*running));
	unsigned int i;
	int cpu = 0;

	if (running == NULL)
		return -PVS_ENOMEM;
	for (i = 0; i < tasks && cpu >= 0; i++) {
		cpu = pvs_pack_pick_cpu(t, running, NULL, policy);
		if (cpu >= 0)
			running[cpu]++;
	}
	if (cpu >= 0)
		cpu = pvs_pack_cores_in_use(t, running);
	free(running);
	if (cpu < 0)
		return cpu;
	*cores = (unsigned int)cpu;
	return 0;
}

static void dec_pack(const struct report *r, struct decisions *d)
{
	struct pvs_pack_machine *m = &d->pack_m;
	struct pvs_pack_topology t;
	bool ppc = r->cpuinfo.arch == PVPROBE_ARCH_PPC64;

	d->pack_rc = -PVS_ENOTSUP;
	if (r->topo_rc != 0 || r->topo.threads_per_core == 0 ||
	    r->topo.threads_per_core > PVS_MAX_SMT)
		return;
	memset(m, 0, sizeof(*m));
	m->threads_per_core = r->topo.threads_per_core;
	m->numa = r->topo.nr_nodes > 1;
	if (ppc) {
		m->shared_processor = r->lpar_rc == 0 && r->lpar.shared;
		m->big_cores = r->ppc_rc == 0 && r->ppc.groups.big_cores;
		/* A big core's two halves share its L2. */
		m->shared_caches = m->big_cores;
	}
	d->pack = pvs_pack_effective_policy(PVS_PACK_BALANCER, m->shared_processor,
					    m->big_cores);
	if (pvs_pack_domains(m, d->pack, &d->dom) < 0)
		return;
	d->pack_rc = 0;
	/* Placement example: powerpc numbers a core's threads together,
	 * the layout pvs_pack_pick_cpu() assumes. */
	t.nr_cpus = r->topo.nr_online;
	t.threads_per_core = r->topo.threads_per_core;
	d->pack_tasks = r->topo.nr_cores;
	if (!ppc || !pvs_pack_topology_ok(&t) ||
	    dec_place(&t, d->pack, d->pack_tasks, &d->cores_packed) < 0 ||
	    dec_place(&t, PVS_PACK_SPREAD, d->pack_tasks,
			  &d->cores_spread) < 0)
		d->pack_tasks = 0;
}

int decide(struct report *r)
{
	struct decisions *d = &r->dec;

	memset(d, 0, sizeof(*d));
	dec_spin(r, d);
	dec_halt_poll(r, d);
	dec_pack(r, d);
	return dec_idle(r, d);
}

/* ---- rendering ----------------------------------------------------------- */

/* "150 us", "2 ms", "27.71 ms" from ns. */
static const char *dec_dur(char buf[32], uint64_t ns)
{
	if (ns >= 1000000u)
		snprintf(buf, 32, "%" PRIu64 ".%02" PRIu64 " ms", ns / 1000000u,
			 ns % 1000000u / 10000u);
	else if (ns >= 1000u)
		snprintf(buf, 32, "%" PRIu64 " us", ns / 1000u);
	else
		snprintf(buf, 32, "%" PRIu64 " ns", ns);
	return buf;
}

static const char *dec_hp_why(const struct pvs_halt_poll_params *p,
				  const struct dec_hp *h)
{
	if (p->max_ns == 0)
		return "polling disabled (maximum 0)";
	if (h->block_ns > p->max_ns)
		return "halts outlast the maximum: the window shrinks to 0";
	if (h->window_ns >= h->block_ns)
		return "grown until it covers the halt";
	return "grown as far as the rule allows";
}

static const char *dec_pack_why(const struct decisions *d)
{
	if (d->pack != PVS_PACK_SPREAD)
		return "shared-processor LPAR with big cores: PowerVM dispatches whole cores";
	if (d->pack_m.shared_processor)
		return "shared processors but no big cores";
	return "not a shared-processor LPAR: idle cores cost the partition nothing";
}

static void dec_text_hp(FILE *f, const char *title,
			    const struct pvs_halt_poll_params *p,
			    const struct dec_hp *tab,
			    const struct dec_hp *avg, bool have_avg)
{
	char a[32], b[32];
	unsigned int i;

	if (have_avg)
		fprintf(f, "  %-26s window %s for the mean halt of %s: %s\n",
			title, dec_dur(a, avg->window_ns),
			dec_dur(b, avg->block_ns), dec_hp_why(p, avg));
	else
		fprintf(f, "  %-26s maximum %s\n", title,
			dec_dur(a, p->max_ns));
	fprintf(f, "  %-26s", "  converged window:");
	for (i = 0; i < DEC_HP_SAMPLES; i++)
		fprintf(f, "%s %s halts -> %s", i ? "," : "",
			dec_dur(a, tab[i].block_ns),
			dec_dur(b, tab[i].window_ns));
	fputc('\n', f);
}

void decide_text(const struct report *r, FILE *f)
{
	const struct decisions *d = &r->dec;
	char a[16];

	fprintf(f, "\nDecisions\n");
	fprintf(f, "  %-26s %s", "Spin (first waiter):",
		pvs_spin_action_name(d->spin_act));
	if (d->spin_act == PVS_SPIN_SPIN)
		fprintf(f, " %" PRIu64 " ns = %" PRIu64 " PAUSEs",
			d->spin_out.budget_ns, d->spin_out.pauses);
	fprintf(f, " (PV rule; baseline: %s %" PRIu64 " ns)\n",
		pvs_spin_action_name(d->base_act), d->base_out.budget_ns);
	fprintf(f, "  %-26s %s: steal %s, %u CPUs, vCPUs %s, PAUSE %s\n",
		"  why:", pvs_spin_reason_name(d->spin_out.reason),
		fmt_ppm(a, d->spin_in.self_steal_ppm), d->spin_in.nr_cpus,
		d->spin_in.dedicated ? "dedicated" : "shared",
		d->spin_in.pause_ps ? "measured" : "assumed 40 ns");
	if (strcmp(d->spin_safe, "shortened") == 0)
		fprintf(f, "  %-26s shortened to %s of the bare-metal budget\n",
			"  spinning safe here:",
			fmt_ppm(a, d->budget_share_ppm));
	else
		fprintf(f, "  %-26s %s\n", "  spinning safe here:",
			d->spin_safe);
	fprintf(f, "  %-26s %u (the next one parks)\n", "  spinners at once:",
		d->herd);
	if (d->guest)
		dec_text_hp(f, "Halt polling (guest):", &r->hp,
				d->guest_tab, &d->guest_avg, d->have_avg_block);
	if (d->host)
		dec_text_hp(f,
				"Halt polling (KVM host):", &r->kvm.halt_poll,
				d->host_tab, NULL, false);
	if (!d->guest && !d->host)
		fprintf(f, "  %-26s %s\n", "Halt polling:",
			"no haltpoll governor, not a KVM host");
	if (d->idle_rc == 0) {
		fprintf(f,
			"  %-26s \"%s\" exit %u us, target residency %u us (%s)\n",
			"Idle exit latency:", d->idle.name,
			d->idle.exit_latency_us, d->idle.target_residency_us,
			pvs_idle_source_name(d->idle.source));
		if (d->have_fw)
			fprintf(f, "  %-26s firmware minimum %" PRIu64
				" ns; before the fix: %u us (%s)\n", "",
				d->idle.fw_latency_ns,
				d->idle_old.exit_latency_us,
				pvs_idle_source_name(d->idle_old.source));
		if (d->sysfs_match)
			fprintf(f,
				"  %-26s sysfs says %" PRIu64 " us / %" PRIu64
				" us: %s\n",
				"", d->sysfs_latency_us, d->sysfs_residency_us,
				d->sysfs_latency_us == d->idle.exit_latency_us
					? "agrees"
					: "differs");
	} else {
		fprintf(f, "  %-26s %s\n", "Idle exit latency:",
			"not modelled here (pseries CEDE and x86 haltpoll only)");
	}
	if (d->pack_rc == 0) {
		fprintf(f, "  %-26s %s (%s)\n", "Placement:",
			d->pack != PVS_PACK_SPREAD ?
				"pack where the asym-packing balancer converges" :
				"spread over idle cores",
			dec_pack_why(d));
		if (d->pack_tasks)
			fprintf(f, "  %-26s %u tasks on an idle machine: "
				"%u of %u cores busy (spreading: %u)\n", "",
				d->pack_tasks, d->cores_packed,
				r->topo.nr_cores, d->cores_spread);
	}
}

/* The scheduling-domain levels set in mask (PVS_SD_BIT), as names. */
static void dec_json_levels(struct json *j, const char *key, uint32_t mask)
{
	unsigned int l;

	json_arr(j, key);
	for (l = 0; l < PVS_SD_NR_LEVELS; l++)
		if (mask & PVS_SD_BIT(l))
			json_str(j, NULL,
				 pvs_sd_level_name((enum pvs_sd_level)l));
	json_end_arr(j);
}

static void dec_json_hp(struct json *j, const char *key,
			    const struct dec_hp *h)
{
	json_obj(j, key);
	json_u64(j, "block_ns", h->block_ns);
	json_u64(j, "window_ns", h->window_ns);
	json_u64(j, "halts", h->steps);
	json_end_obj(j);
}

static void dec_json_flavour(struct json *j, const char *key,
				 bool have, const struct dec_hp *tab,
				 const struct dec_hp *avg, bool have_avg)
{
	unsigned int i;

	if (!json_obj_or_null(j, key, have))
		return;
	if (have_avg)
		dec_json_hp(j, "mean_halt", avg);
	else
		json_null(j, "mean_halt");
	json_arr(j, "table");
	for (i = 0; i < DEC_HP_SAMPLES; i++)
		dec_json_hp(j, NULL, &tab[i]);
	json_end_arr(j);
	json_end_obj(j);
}

void decide_json(const struct report *r, struct json *j)
{
	const struct decisions *d = &r->dec;

	json_obj(j, "decisions");
	json_obj(j, "spin");
	json_str(j, "action", pvs_spin_action_name(d->spin_act));
	json_str(j, "reason", pvs_spin_reason_name(d->spin_out.reason));
	json_u64(j, "budget_ns", d->spin_out.budget_ns);
	json_u64(j, "pauses", d->spin_out.pauses);
	json_u64(j, "limit_ns", d->spin_out.limit_ns);
	json_str(j, "safe", d->spin_safe);
	json_u64(j, "budget_share_ppm", d->budget_share_ppm);
	json_u64(j, "max_spinners", d->herd);
	json_bool(j, "dedicated", d->spin_in.dedicated);
	json_u64(j, "steal_ppm", d->spin_in.self_steal_ppm);
	json_u64(j, "cpus", d->spin_in.nr_cpus);
	json_obj(j, "baseline");
	json_str(j, "action", pvs_spin_action_name(d->base_act));
	json_u64(j, "budget_ns", d->base_out.budget_ns);
	json_u64(j, "pauses", d->base_out.pauses);
	json_end_obj(j);
	json_end_obj(j);

	json_obj(j, "halt_poll");
	json_u64_or_null(j, "mean_halt_ns", d->have_avg_block,
			 d->avg_block_ns);
	dec_json_flavour(j, "guest", d->guest, d->guest_tab, &d->guest_avg,
			     d->have_avg_block);
	dec_json_flavour(j, "kvm_host", d->host, d->host_tab, NULL, false);
	json_end_obj(j);

	if (json_obj_or_null(j, "idle_latency", d->idle_rc == 0)) {
		json_str(j, "state", d->idle.name);
		json_u64(j, "exit_latency_us", d->idle.exit_latency_us);
		json_u64(j, "target_residency_us",
			     d->idle.target_residency_us);
		json_str(j, "source", pvs_idle_source_name(d->idle.source));
		json_bool(j, "firmware_table", d->have_fw);
		json_u64(j, "firmware_min_latency_ns",
			     d->idle.fw_latency_ns);
		json_u64(j, "old_rule_exit_latency_us",
			     d->idle_old.exit_latency_us);
		json_u64_or_null(j, "sysfs_exit_latency_us", d->sysfs_match,
				 d->sysfs_latency_us);
		json_end_obj(j);
	}

	if (json_obj_or_null(j, "pack", d->pack_rc == 0)) {
		json_str(j, "policy", pvs_pack_policy_name(d->pack));
		json_str(j, "why", dec_pack_why(d));
		dec_json_levels(j, "levels", d->dom.present);
		dec_json_levels(j, "asym_packing_levels", d->dom.asym);
		if (json_obj_or_null(j, "example", d->pack_tasks != 0)) {
			json_u64(j, "tasks", d->pack_tasks);
			json_u64(j, "cores_used", d->cores_packed);
			json_u64(j, "cores_used_spread", d->cores_spread);
			json_end_obj(j);
		}
		json_end_obj(j);
	}
	json_end_obj(j);
}
