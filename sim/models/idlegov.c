// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The idle-state model of scenario pseries-cede-latency: CPUs of a dedicated
 * PowerVM partition that idle in snooze (polling) or CEDE (H_CEDE, the thread
 * goes to a hardware stop state), chosen by a menu-like governor from the
 * predicted idle time against the CEDE target residency and exit latency that
 * the library decides (pvs_idle_state_latency() on the records
 * pvs_xcede_parse() decodes from the firmware's byte image).
 *
 * A wake-up reaches a snoozing thread as a need_resched flag it polls; a
 * thread in CEDE is woken by its decrementer (timer) or an IPI and pays the
 * wake path of struct pvsim_cede_latency_wake_model. Workloads: IPI ping-pong
 * pairs, timer sleepers, IPI sleepers (the selftest's IPI source). Integer ns
 * throughout; the engine is sim/engine/engine.c.
 */
#include <stdlib.h>
#include <string.h>

#include "scenarios/pseries_cede_latency.h"
#include "engine/sim_int.h"

/* ---- platforms ---------------------------------------------------------- */


size_t pvsim_cede_latency_fw_image(uint8_t *buf, size_t cap, unsigned int nr,
		       const uint8_t *hint, const uint64_t *ticks,
		       const uint8_t *wake_on_irqs)
{
	/* record_size byte + records + the trailing NUL */
	size_t payload = 1 + (size_t)nr * PVS_XCEDE_RECORD_SIZE + 1;
	size_t len = 2 + payload, off = PVS_XCEDE_HDR_SIZE;
	unsigned int i, b;

	if (len > cap || payload > 0xffff)
		return 0;
	buf[0] = (uint8_t)(payload >> 8);
	buf[1] = (uint8_t)payload;
	buf[2] = PVS_XCEDE_RECORD_SIZE - 1;
	for (i = 0; i < nr; i++) {
		buf[off++] = hint[i];
		for (b = 0; b < 8; b++)
			buf[off++] = (uint8_t)(ticks[i] >> (56 - 8 * b));
		buf[off++] = wake_on_irqs[i];
	}
	buf[off] = 0;
	return len;
}

/*
 * The parameters (`show`, --set). The wake path is calibrated to the
 * published POWER9 selftest (docs/upstream-rules.md, pseries-cede-latency:
 * timer min 2601 median 5677 p90 5917 p99 6413 max 9299; IPI min 711
 * median 7564 p90 8559 p99 9514 max 9698 ns): those numbers are inputs,
 * not predictions. POWER10 uses the same path (assumed: the published run
 * has no POWER10 measurement).
 */
#define CAL_T "published POWER9 timer selftest: "
#define CAL_I "published POWER9 IPI selftest: "
#define WL_A "workload: "
const struct pvsim_param pvsim_cede_latency_params[PVSIM_CEDE_P_NR] = {
	{ "hw_min_ns", "ns", 1600, 0, 100000, PVSIM_PROV_CALIBRATED,
	  CAL_T "hardware stop-state wake, low end (median 5677)" },
	{ "hw_max_ns", "ns", 2000, 0, 100000, PVSIM_PROV_CALIBRATED,
	  CAL_T "hardware wake, high end = firmware's 2 us" },
	{ "entry_min_ns", "ns", 1750, 0, 100000, PVSIM_PROV_CALIBRATED,
	  CAL_T "hypervisor-to-partition step, drawn twice (median 5677)" },
	{ "entry_max_ns", "ns", 2100, 0, 100000, PVSIM_PROV_CALIBRATED,
	  CAL_T "its high end (p90 5917)" },
	{ "t_early_pm", "per mille", 25, 0, 1000, PVSIM_PROV_CALIBRATED,
	  CAL_T "timer wakes already out of hardware idle (min 2601)" },
	{ "t_early_min_ns", "ns", 2600, 0, 100000, PVSIM_PROV_CALIBRATED,
	  CAL_T "their latency, low end (min 2601)" },
	{ "t_early_max_ns", "ns", 5200, 0, 100000, PVSIM_PROV_CALIBRATED,
	  CAL_T "their latency, high end" },
	{ "t_hv_pm", "per mille", 9, 0, 1000, PVSIM_PROV_CALIBRATED,
	  CAL_T "hypervisor busy on the core (max 9299)" },
	{ "t_hv_min_ns", "ns", 1500, 0, 100000, PVSIM_PROV_CALIBRATED,
	  CAL_T "its extra delay, low end" },
	{ "t_hv_max_ns", "ns", 3600, 0, 100000, PVSIM_PROV_CALIBRATED,
	  CAL_T "its extra delay, high end (max 9299)" },
	{ "t_noise_pm", "per mille", 80, 0, 1000, PVSIM_PROV_CALIBRATED,
	  CAL_T "wakes with a little noise (p90-p99 tail, p99 6413)" },
	{ "t_noise_max_ns", "ns", 400, 0, 100000, PVSIM_PROV_CALIBRATED,
	  CAL_T "that noise, 0..this (p99 6413)" },
	{ "ipi_min_ns", "ns", 1400, 0, 100000, PVSIM_PROV_CALIBRATED,
	  CAL_I "IPI send (H_IPI / doorbell), low end (median 7564)" },
	{ "ipi_max_ns", "ns", 2300, 0, 100000, PVSIM_PROV_CALIBRATED,
	  CAL_I "IPI send, high end" },
	{ "i_queue_pm", "per mille", 250, 0, 1000, PVSIM_PROV_CALIBRATED,
	  CAL_I "IPIs queued behind the hypervisor (p90 8559, p99 9514)" },
	{ "i_queue_max_ns", "ns", 1800, 0, 100000, PVSIM_PROV_CALIBRATED,
	  CAL_I "that queueing, 0..this (p99 9514)" },
	{ "i_early_pm", "per mille", 60, 0, 1000, PVSIM_PROV_CALIBRATED,
	  CAL_I "IPIs that beat the hardware idle entry (min 711)" },
	{ "i_early_min_ns", "ns", 700, 0, 100000, PVSIM_PROV_CALIBRATED,
	  CAL_I "their latency, low end (min 711)" },
	{ "i_early_max_ns", "ns", 6400, 0, 100000, PVSIM_PROV_CALIBRATED,
	  CAL_I "their latency, high end (stddev 1200)" },
	{ "snooze_min_ns", "ns", 100, 0, 100000, PVSIM_PROV_ASSUMED,
	  "a snoozing thread notices need_resched: cache line transfer, "
	  "low end" },
	{ "snooze_max_ns", "ns", 400, 0, 100000, PVSIM_PROV_ASSUMED,
	  "... and leaving low SMT priority, high end" },
	{ "p9_fw_latency_ns", "ns", 2000, 1, 1000000, PVSIM_PROV_MEASURED,
	  "POWER9 firmware's one record (the published 2 us; 512 MHz ticks)" },
	{ "p10_fw_cede1_ns", "ns", 10000, 1, 1000000, PVSIM_PROV_ASSUMED,
	  "POWER10 firmware's CEDE1 record: what the partition sees (no "
	  "published POWER10 run)" },
	{ "p10_fw_cede2_ns", "ns", 100000, 1, 10000000, PVSIM_PROV_ASSUMED,
	  "POWER10 firmware's deeper record, not waking on interrupts" },
	{ "tick_ns", "ns", PVSIM_CEDE_LATENCY_NO_TIMER_NS, 1000000,
	  100000000, PVSIM_PROV_ASSUMED,
	  "next timer the governor sees without one: the tick at HZ=100" },
	{ "st_timer_ns", "ns", 1000000, 10000, 100000000,
	  PVSIM_PROV_MEASURED, "the selftest's timer: 1 ms (published)" },
	{ "st_ipi_min_ns", "ns", 900000, 10000, 100000000,
	  PVSIM_PROV_ASSUMED, "gap between the selftest's IPIs, low end "
	  "(\"about 1 ms\")" },
	{ "st_ipi_max_ns", "ns", 1100000, 10000, 100000000,
	  PVSIM_PROV_ASSUMED, "gap between the selftest's IPIs, high end" },
	{ "warmup_ns", "ns", 10000000, 0, 1000000000, PVSIM_PROV_ASSUMED,
	  "workloads: not measured before this" },
	{ "pp_cpus", "CPUs", 16, 2, PVSIM_CEDE_LATENCY_MAX_CPUS,
	  PVSIM_PROV_ASSUMED, WL_A "ping-pong CPUs (pairs x 2), short and QoS" },
	{ "pp_work_min_ns", "ns", 2000, 1, 100000000, PVSIM_PROV_ASSUMED,
	  WL_A "ping-pong server work, low end" },
	{ "pp_work_max_ns", "ns", 20000, 1, 100000000, PVSIM_PROV_ASSUMED,
	  WL_A "ping-pong server work, high end" },
	{ "short_think_min_ns", "ns", 2000, 1, 100000000,
	  PVSIM_PROV_ASSUMED, WL_A "short idles: client think, low end" },
	{ "short_think_max_ns", "ns", 60000, 1, 100000000,
	  PVSIM_PROV_ASSUMED, WL_A "short idles: client think, high end" },
	{ "qos_think_min_ns", "ns", 50000, 1, 100000000, PVSIM_PROV_ASSUMED,
	  WL_A "latency QoS: client think, low end" },
	{ "qos_think_max_ns", "ns", 400000, 1, 100000000,
	  PVSIM_PROV_ASSUMED, WL_A "latency QoS: client think, high end" },
	{ "qos_limit_ns", "ns", 5000, 1, 1000000, PVSIM_PROV_ASSUMED,
	  WL_A "latency QoS: PM QoS resume latency limit" },
	{ "long_cpus", "CPUs", 32, 1, PVSIM_CEDE_LATENCY_MAX_CPUS,
	  PVSIM_PROV_ASSUMED, WL_A "long idles: timer sleeper CPUs" },
	{ "long_run_min_ns", "ns", 5000, 1, 100000000, PVSIM_PROV_ASSUMED,
	  WL_A "long idles: run, low end" },
	{ "long_run_max_ns", "ns", 50000, 1, 100000000, PVSIM_PROV_ASSUMED,
	  WL_A "long idles: run, high end" },
	{ "long_sleep_min_ns", "ns", 500000, 1, 1000000000,
	  PVSIM_PROV_ASSUMED, WL_A "long idles: timer sleep, low end" },
	{ "long_sleep_max_ns", "ns", 5000000, 1, 1000000000,
	  PVSIM_PROV_ASSUMED, WL_A "long idles: timer sleep, high end" },
	{ "boot_noise_pm", "per mille", 0, 0, 500, PVSIM_PROV_ASSUMED,
	  "per-boot (iteration) scale of the CEDE wake path, 1000 +- this; "
	  "0: no boot-to-boot spread is published to calibrate it" },
};
#undef CAL_T
#undef CAL_I
#undef WL_A

uint64_t pvsim_cede_latency_param(const uint64_t *v, unsigned int i)
{
	return v ? v[i] : pvsim_cede_latency_params[i].def;
}

/* The wake model's fields, in the order of the parameter table. */
static uint32_t *cede_wake_field(struct pvsim_cede_latency_wake_model *m,
			       unsigned int i)
{
	uint32_t *const f[PVSIM_CEDE_P_NWAKE] = {
		&m->hw_min_ns, &m->hw_max_ns, &m->entry_min_ns,
		&m->entry_max_ns, &m->t_early_pm, &m->t_early_min_ns,
		&m->t_early_max_ns, &m->t_hv_pm, &m->t_hv_min_ns,
		&m->t_hv_max_ns, &m->t_noise_pm, &m->t_noise_max_ns,
		&m->ipi_min_ns, &m->ipi_max_ns, &m->i_queue_pm,
		&m->i_queue_max_ns, &m->i_early_pm, &m->i_early_min_ns,
		&m->i_early_max_ns, &m->snooze_min_ns, &m->snooze_max_ns,
	};

	return f[i];
}

/* timebase ticks (512 MHz) of ns */
static uint64_t cede_ticks_ns(uint64_t ns)
{
	return ns * (PVS_IDLE_POWER_TB_HZ / 1000000u) / 1000;
}

void pvsim_cede_latency_platform_with(struct pvsim_cede_latency_platform *pl,
				      enum pvsim_cede_latency_plat p,
				      const uint64_t *v)
{
	/* POWER9: the published one record, 2 us (the hardware wake-up) */
	static const uint8_t p9_hint[1] = { 1 }, p9_wake[1] = { 1 };
	/* POWER10: CEDE1 at what the partition sees, 10 us, and a deeper
	 * state that does not wake on interrupts (assumed) */
	static const uint8_t p10_hint[2] = { 1, 2 }, p10_wake[2] = { 1, 0 };
	uint64_t ticks[2];
	unsigned int i;

	memset(pl, 0, sizeof(*pl));
	pl->param = v;
	for (i = 0; i < PVSIM_CEDE_P_NWAKE; i++)
		*cede_wake_field(&pl->wake, i) =
			(uint32_t)pvsim_cede_latency_param(v, i);
	if (p == PVSIM_CEDE_LATENCY_POWER10) {
		pl->name = "POWER10";
		pl->cpu = PVS_IDLE_CPU_POWER10;
		ticks[0] = cede_ticks_ns(pvsim_cede_latency_param(v,
					PVSIM_CEDE_P_P10_FW1));
		ticks[1] = cede_ticks_ns(pvsim_cede_latency_param(v,
					PVSIM_CEDE_P_P10_FW2));
		pl->fw_len = pvsim_cede_latency_fw_image(pl->fw, sizeof(pl->fw), 2,
					     p10_hint, ticks, p10_wake);
	} else {
		pl->name = "POWER9";
		pl->cpu = PVS_IDLE_CPU_POWER9;
		ticks[0] = cede_ticks_ns(pvsim_cede_latency_param(v,
					PVSIM_CEDE_P_P9_FW));
		pl->fw_len = pvsim_cede_latency_fw_image(pl->fw, sizeof(pl->fw), 1,
					     p9_hint, ticks, p9_wake);
	}
}

void pvsim_cede_latency_platform_init(struct pvsim_cede_latency_platform *pl, enum pvsim_cede_latency_plat p)
{
	pvsim_cede_latency_platform_with(pl, p, NULL);
}

uint64_t pvsim_cede_latency_boot(struct pvsim_cede_latency_platform *pl,
				 uint64_t seed)
{
	uint64_t n = pvsim_cede_latency_param(pl->param,
					      PVSIM_CEDE_P_BOOT_NOISE);
	uint64_t z = seed ^ 0x3c6ef372fe94f82bull, pm;
	unsigned int i;

	if (!n)
		return 1000;
	/* its own stream (splitmix64): the model's draws stay as they are */
	pm = pvsim_spread_pm(pvsim_mix64(z), n);
	/* durations only: the per-mille shares stay */
	for (i = 0; i < PVSIM_CEDE_P_NWAKE; i++) {
		uint32_t *f = cede_wake_field(&pl->wake, i);

		if (!strstr(pvsim_cede_latency_params[i].key, "_pm"))
			*f = (uint32_t)((uint64_t)*f * pm / 1000);
	}
	return pm;
}

int pvsim_cede_latency_cede_state(const struct pvsim_cede_latency_platform *pl,
		      enum pvs_idle_policy pol, uint64_t compensation_ns,
		      struct pvs_idle_state states[2],
		      struct pvs_idle_latency *lat, int *parse_ret)
{
	return pvsim_cede_latency_decide(pl, NULL, pol, compensation_ns, NULL,
					 NULL, states, lat, parse_ret);
}

int pvsim_cede_latency_decide(const struct pvsim_cede_latency_platform *pl,
			      const struct pvsim_hooks *h,
			      enum pvs_idle_policy pol,
			      uint64_t compensation_ns,
			      const struct pvs_lat_stats *timer,
			      const struct pvs_lat_stats *ipi,
			      struct pvs_idle_state states[2],
			      struct pvs_idle_latency *lat, int *parse_ret)
{
	static const struct pvs_lat_stats none;
	struct pvs_idle_platform ip;
	struct pvs_xcede_table t;
	const struct pvs_idle_state *def;
	int nr;

	memset(&ip, 0, sizeof(ip));
	ip.cpu = pl->cpu;
	ip.partition = PVS_IDLE_DEDICATED;
	ip.timebase_hz = PVS_IDLE_POWER_TB_HZ;
	ip.compensation_ns = compensation_ns;
	nr = pvs_xcede_parse(pl->fw, pl->fw_len, &t);
	if (parse_ret)
		*parse_ret = nr;
	if (pvs_idle_default_states(pl->cpu, PVS_IDLE_DEDICATED, &def) != 2 ||
	    pvsim_idle_state_latency(h, &ip, nr >= 0 ? &t : NULL,
				     timer ? timer : &none, ipi ? ipi : &none,
				     pol, lat))
		return -1;
	states[0] = def[0];
	states[1].name = lat->name;
	states[1].exit_latency_us = lat->exit_latency_us;
	states[1].target_residency_us = lat->target_residency_us;
	return 0;
}

/* ---- governor ----------------------------------------------------------- */

/* menu: a spread of at most 20 us (variance 400 us^2) is "small" */
#define CEDE_GOV_SMALL_VAR_NS2 400000000ull
/* measured intervals are capped so that 8 squared deviations fit */
#define CEDE_GOV_MAX_INTERVAL_NS (1ull << 30)

void pvsim_cede_latency_gov_init(struct pvsim_cede_latency_gov *g)
{
	memset(g, 0, sizeof(*g));
}

void pvsim_cede_latency_gov_reflect(struct pvsim_cede_latency_gov *g, uint64_t measured_ns)
{
	if (measured_ns > CEDE_GOV_MAX_INTERVAL_NS)
		measured_ns = CEDE_GOV_MAX_INTERVAL_NS;
	g->interval_ns[g->pos] = measured_ns;
	g->pos = (g->pos + 1) % PVSIM_CEDE_LATENCY_GOV_INTERVALS;
}

uint64_t pvsim_cede_latency_gov_typical_ns(const struct pvsim_cede_latency_gov *g)
{
	uint64_t thresh = UINT64_MAX;
	unsigned int round, i;

	/* each round drops at least the largest value: at most 8 rounds */
	for (round = 0; round < PVSIM_CEDE_LATENCY_GOV_INTERVALS; round++) {
		uint64_t max = 0, sum = 0, avg, var = 0;
		unsigned int div = 0;

		for (i = 0; i < PVSIM_CEDE_LATENCY_GOV_INTERVALS; i++) {
			uint64_t v = g->interval_ns[i];

			if (v > thresh)
				continue;
			sum += v;
			div++;
			if (v > max)
				max = v;
		}
		if (!max)
			return PVSIM_CEDE_LATENCY_NO_TYPICAL;
		avg = sum / div;
		for (i = 0; i < PVSIM_CEDE_LATENCY_GOV_INTERVALS; i++) {
			uint64_t v = g->interval_ns[i];
			uint64_t d = v > avg ? v - avg : avg - v;

			if (v <= thresh)
				var += d * d;
		}
		var /= div;
		if (var <= UINT64_MAX / 36 &&
		    ((avg * avg > var * 36 &&
		      div * 4 >= PVSIM_CEDE_LATENCY_GOV_INTERVALS * 3) ||
		     var <= CEDE_GOV_SMALL_VAR_NS2))
			return avg;
		/* too spread: drop the high outliers while 3/4 remain */
		if (div * 4 <= PVSIM_CEDE_LATENCY_GOV_INTERVALS * 3)
			return PVSIM_CEDE_LATENCY_NO_TYPICAL;
		thresh = max - 1;
	}
	return PVSIM_CEDE_LATENCY_NO_TYPICAL;
}

unsigned int pvsim_cede_latency_gov_select(const struct pvsim_cede_latency_gov *g,
			       const struct pvs_idle_state states[2],
			       uint64_t next_timer_ns, uint64_t latency_req_ns,
			       uint64_t *predicted_ns)
{
	uint64_t typical = pvsim_cede_latency_gov_typical_ns(g);
	uint64_t predicted = typical < next_timer_ns ? typical : next_timer_ns;
	uint64_t res_ns = (uint64_t)states[1].target_residency_us * 1000;
	uint64_t exit_ns = (uint64_t)states[1].exit_latency_us * 1000;

	if (predicted_ns)
		*predicted_ns = predicted;
	return res_ns <= predicted && exit_ns <= latency_req_ns;
}

/* ---- workloads ---------------------------------------------------------- */

#define CEDE_US 1000ull
#define CEDE_MS 1000000ull

/*
 * The scenario's workloads (assumed, see show()); the measured time per
 * run gives about 30k wake-ups each.
 */
static const uint64_t cede_runtime_ns[PVSIM_CEDE_LATENCY_NWL] = {
	100 * CEDE_MS, 500 * CEDE_MS, 1000 * CEDE_MS
};

void pvsim_cede_latency_workload_with(struct pvsim_cede_latency_work *w,
				      enum pvsim_cede_latency_wl wl,
				      uint64_t runtime_ns, const uint64_t *v)
{
	if (wl >= PVSIM_CEDE_LATENCY_NWL)
		wl = PVSIM_CEDE_LATENCY_SHORT;
	memset(w, 0, sizeof(*w));
	w->warmup_ns = pvsim_cede_latency_param(v, PVSIM_CEDE_P_WARMUP);
	w->runtime_ns = runtime_ns ? runtime_ns : cede_runtime_ns[wl];
	w->tick_ns = pvsim_cede_latency_param(v, PVSIM_CEDE_P_TICK);
	if (wl == PVSIM_CEDE_LATENCY_LONG) {
		w->kind = PVSIM_CEDE_LATENCY_TIMER_SLEEP;
		w->nr_cpus = (uint32_t)pvsim_cede_latency_param(v,
						PVSIM_CEDE_P_LONG_CPUS);
		w->work_min_ns = pvsim_cede_latency_param(v,
						PVSIM_CEDE_P_LONG_RUN_MIN);
		w->work_max_ns = pvsim_cede_latency_param(v,
						PVSIM_CEDE_P_LONG_RUN_MAX);
		w->think_min_ns = pvsim_cede_latency_param(v,
						PVSIM_CEDE_P_LONG_SLEEP_MIN);
		w->think_max_ns = pvsim_cede_latency_param(v,
						PVSIM_CEDE_P_LONG_SLEEP_MAX);
		return;
	}
	w->kind = PVSIM_CEDE_LATENCY_PINGPONG;
	w->nr_cpus = (uint32_t)pvsim_cede_latency_param(v,
						PVSIM_CEDE_P_PP_CPUS);
	w->work_min_ns = pvsim_cede_latency_param(v,
						  PVSIM_CEDE_P_PP_WORK_MIN);
	w->work_max_ns = pvsim_cede_latency_param(v,
						  PVSIM_CEDE_P_PP_WORK_MAX);
	w->think_min_ns = pvsim_cede_latency_param(v,
			wl == PVSIM_CEDE_LATENCY_QOS ?
			PVSIM_CEDE_P_QOS_THINK_MIN :
			PVSIM_CEDE_P_SHORT_THINK_MIN);
	w->think_max_ns = pvsim_cede_latency_param(v,
			wl == PVSIM_CEDE_LATENCY_QOS ?
			PVSIM_CEDE_P_QOS_THINK_MAX :
			PVSIM_CEDE_P_SHORT_THINK_MAX);
	if (wl == PVSIM_CEDE_LATENCY_QOS)
		w->qos_ns = pvsim_cede_latency_param(v,
						     PVSIM_CEDE_P_QOS_LIMIT);
}

void pvsim_cede_latency_workload(struct pvsim_cede_latency_work *w, enum pvsim_cede_latency_wl wl,
		     uint64_t runtime_ns)
{
	pvsim_cede_latency_workload_with(w, wl, runtime_ns, NULL);
}

void pvsim_cede_latency_selftest_work(struct pvsim_cede_latency_work *w,
				      bool ipi, uint32_t n, const uint64_t *v)
{
	memset(w, 0, sizeof(*w));
	w->kind = ipi ? PVSIM_CEDE_LATENCY_IPI_SLEEP : PVSIM_CEDE_LATENCY_TIMER_SLEEP;
	w->nr_cpus = 1;
	/* the handler records the sample and returns */
	w->work_min_ns = 1 * CEDE_US;
	w->work_max_ns = 1 * CEDE_US;
	/* a 1 ms timer; IPIs about 1 ms apart */
	w->think_min_ns = pvsim_cede_latency_param(v, ipi ?
			PVSIM_CEDE_P_ST_IPI_MIN : PVSIM_CEDE_P_ST_TIMER);
	w->think_max_ns = pvsim_cede_latency_param(v, ipi ?
			PVSIM_CEDE_P_ST_IPI_MAX : PVSIM_CEDE_P_ST_TIMER);
	w->force_cede = true;
	w->warmup_ns = 0;
	w->runtime_ns = (uint64_t)n * 2 * w->think_max_ns + CEDE_MS;
	w->stop_samples = n;
	w->tick_ns = pvsim_cede_latency_param(v, PVSIM_CEDE_P_TICK);
}
/* ---- the model ---------------------------------------------------------- */
