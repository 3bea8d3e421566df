/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Scenario pseries-cede-latency and its model (sim/models/idlegov.c): a dedicated PowerVM
 * partition whose CPUs idle in snooze or CEDE as chosen by a menu-like
 * governor, with the CEDE exit latency and target residency that
 * pvs_idle_state_latency() decides from the firmware's extended CEDE
 * records (parsed from big-endian byte images by pvs_xcede_parse()).
 * Internal to the simulator and its tests.
 */
#ifndef PVSCHED_SIM_PSERIES_CEDE_LATENCY_H
#define PVSCHED_SIM_PSERIES_CEDE_LATENCY_H

#include <pvsched/sim.h>

#pragma GCC visibility push(hidden)

/* ---- platforms and their firmware images ------------------------------ */

enum pvsim_cede_latency_plat {
	PVSIM_CEDE_LATENCY_POWER9 = 0,
	PVSIM_CEDE_LATENCY_POWER10,
	PVSIM_CEDE_LATENCY_NPLAT
};

/*
 * How a wake-up reaches a thread in CEDE, in integer ns; every range is
 * uniform and inclusive, every probability in per mille. The same numbers
 * serve the selftest (measuring) phase and the workloads.
 */
struct pvsim_cede_latency_wake_model {
	/* timer (decrementer) wake: hardware wake-up from the stop state,
	 * then the hypervisor-to-partition transition drawn twice (a sum of
	 * two uniforms: a bell shape) */
	uint32_t hw_min_ns, hw_max_ns;
	uint32_t entry_min_ns, entry_max_ns;
	/* the thread was already out of hardware idle: this range instead */
	uint32_t t_early_pm, t_early_min_ns, t_early_max_ns;
	/* hypervisor busy on the core: this range is added ... */
	uint32_t t_hv_pm, t_hv_min_ns, t_hv_max_ns;
	/* ... or, more often, a little noise: 0..max added */
	uint32_t t_noise_pm, t_noise_max_ns;
	/* IPI wake: sending (H_IPI / doorbell) plus the timer path above
	 * without its outliers ... */
	uint32_t ipi_min_ns, ipi_max_ns;
	/* ... plus, sometimes, 0..max queued behind the hypervisor ... */
	uint32_t i_queue_pm, i_queue_max_ns;
	/* ... or, when the IPI beats the hardware idle entry, this range */
	uint32_t i_early_pm, i_early_min_ns, i_early_max_ns;
	/* a snoozing thread polls need_resched: no IPI, just noticing */
	uint32_t snooze_min_ns, snooze_max_ns;
};

/*
 * The scenario's settable parameters (`show`, --set), in the order of
 * pvsim_cede_latency_params[]: the wake model's fields first, in the
 * order of struct pvsim_cede_latency_wake_model.
 */
enum pvsim_cede_latency_param {
	PVSIM_CEDE_P_HW_MIN, PVSIM_CEDE_P_HW_MAX, PVSIM_CEDE_P_ENTRY_MIN,
	PVSIM_CEDE_P_ENTRY_MAX, PVSIM_CEDE_P_T_EARLY_PM,
	PVSIM_CEDE_P_T_EARLY_MIN, PVSIM_CEDE_P_T_EARLY_MAX,
	PVSIM_CEDE_P_T_HV_PM, PVSIM_CEDE_P_T_HV_MIN, PVSIM_CEDE_P_T_HV_MAX,
	PVSIM_CEDE_P_T_NOISE_PM, PVSIM_CEDE_P_T_NOISE_MAX,
	PVSIM_CEDE_P_IPI_MIN, PVSIM_CEDE_P_IPI_MAX, PVSIM_CEDE_P_I_QUEUE_PM,
	PVSIM_CEDE_P_I_QUEUE_MAX, PVSIM_CEDE_P_I_EARLY_PM,
	PVSIM_CEDE_P_I_EARLY_MIN, PVSIM_CEDE_P_I_EARLY_MAX,
	PVSIM_CEDE_P_SNOOZE_MIN, PVSIM_CEDE_P_SNOOZE_MAX,
	PVSIM_CEDE_P_NWAKE,	/* the wake model's fields end here */
	PVSIM_CEDE_P_P9_FW = PVSIM_CEDE_P_NWAKE, PVSIM_CEDE_P_P10_FW1,
	PVSIM_CEDE_P_P10_FW2, PVSIM_CEDE_P_TICK, PVSIM_CEDE_P_ST_TIMER,
	PVSIM_CEDE_P_ST_IPI_MIN, PVSIM_CEDE_P_ST_IPI_MAX,
	PVSIM_CEDE_P_WARMUP, PVSIM_CEDE_P_PP_CPUS, PVSIM_CEDE_P_PP_WORK_MIN,
	PVSIM_CEDE_P_PP_WORK_MAX, PVSIM_CEDE_P_SHORT_THINK_MIN,
	PVSIM_CEDE_P_SHORT_THINK_MAX, PVSIM_CEDE_P_QOS_THINK_MIN,
	PVSIM_CEDE_P_QOS_THINK_MAX, PVSIM_CEDE_P_QOS_LIMIT,
	PVSIM_CEDE_P_LONG_CPUS, PVSIM_CEDE_P_LONG_RUN_MIN,
	PVSIM_CEDE_P_LONG_RUN_MAX, PVSIM_CEDE_P_LONG_SLEEP_MIN,
	PVSIM_CEDE_P_LONG_SLEEP_MAX, PVSIM_CEDE_P_BOOT_NOISE,
	PVSIM_CEDE_P_NR
};

extern const struct pvsim_param pvsim_cede_latency_params[PVSIM_CEDE_P_NR];

/* A parameter's value: v[i], or its default when v is NULL. */
uint64_t pvsim_cede_latency_param(const uint64_t *v, unsigned int i);

/* One partition: processor, firmware image (token 45 bytes), wake path. */
struct pvsim_cede_latency_platform {
	const char *name;
	enum pvs_idle_cpu cpu;
	uint8_t fw[PVS_XCEDE_MAX_BUF];
	size_t fw_len;
	struct pvsim_cede_latency_wake_model wake;
	/* the parameter values it was built with (NULL: the defaults);
	 * the selftest and the governor's tick read them */
	const uint64_t *param;
};

/* The default platform p (firmware image built byte by byte). */
void pvsim_cede_latency_platform_init(struct pvsim_cede_latency_platform *pl, enum pvsim_cede_latency_plat p);
/* Platform p with parameter values v (NULL: the defaults; kept in pl). */
void pvsim_cede_latency_platform_with(struct pvsim_cede_latency_platform *pl,
				      enum pvsim_cede_latency_plat p,
				      const uint64_t *v);
/*
 * One boot's platform: the wake path's durations scaled by a factor
 * 1000 +- boot_noise_pm per mille drawn from the boot's seed (none at 0).
 * Returns the factor, per mille.
 */
uint64_t pvsim_cede_latency_boot(struct pvsim_cede_latency_platform *pl,
				 uint64_t seed);

/*
 * Build a token-45 buffer: be16 payload_size, record_size - 1, then per
 * record the hint, be64 latency in timebase ticks, wake_on_irqs, then the
 * NUL byte. Returns its length, 0 when it does not fit in cap.
 */
size_t pvsim_cede_latency_fw_image(uint8_t *buf, size_t cap, unsigned int nr,
		       const uint8_t *hint, const uint64_t *ticks,
		       const uint8_t *wake_on_irqs);

/*
 * The idle states a policy gives: snooze from pvs_idle_default_states(),
 * CEDE from pvs_idle_state_latency() on the parsed image (no table when
 * the image does not parse, as when RTAS fails). Returns the parser's
 * result (records, or a negative error) in *parse_ret when non-NULL.
 * Returns 0, or -1 when the library refuses the platform.
 */
int pvsim_cede_latency_cede_state(const struct pvsim_cede_latency_platform *pl,
		      enum pvs_idle_policy pol, uint64_t compensation_ns,
		      struct pvs_idle_state states[2],
		      struct pvs_idle_latency *lat, int *parse_ret);
/*
 * The same through a plug-in's hooks h (NULL: the library under pol),
 * given the boot's selftest statistics (NULL: zeros).
 */
int pvsim_cede_latency_decide(const struct pvsim_cede_latency_platform *pl,
			      const struct pvsim_hooks *h,
			      enum pvs_idle_policy pol,
			      uint64_t compensation_ns,
			      const struct pvs_lat_stats *timer,
			      const struct pvs_lat_stats *ipi,
			      struct pvs_idle_state states[2],
			      struct pvs_idle_latency *lat, int *parse_ret);

/* ---- the menu-like governor --------------------------------------------- */

#define PVSIM_CEDE_LATENCY_GOV_INTERVALS 8
/* No timer pending: the governor sees the tick (HZ=100) as the next one. */
#define PVSIM_CEDE_LATENCY_NO_TIMER_NS 10000000ull
/* "No typical interval": the prediction falls back to the next timer. */
#define PVSIM_CEDE_LATENCY_NO_TYPICAL UINT64_MAX

struct pvsim_cede_latency_gov {
	uint64_t interval_ns[PVSIM_CEDE_LATENCY_GOV_INTERVALS];
	uint32_t pos;
};

void pvsim_cede_latency_gov_init(struct pvsim_cede_latency_gov *g);
/* Remember one measured idle interval (ring of the last 8). */
void pvsim_cede_latency_gov_reflect(struct pvsim_cede_latency_gov *g, uint64_t measured_ns);
/* menu's repeating-pattern detector: average of the last 8 intervals if
 * their spread is small, dropping high outliers while at least 6 remain;
 * PVSIM_CEDE_LATENCY_NO_TYPICAL otherwise. */
uint64_t pvsim_cede_latency_gov_typical_ns(const struct pvsim_cede_latency_gov *g);
/* Pick a state: CEDE (1) when its target residency <= the predicted idle
 * time min(typical, next timer) and its exit latency <= latency_req_ns;
 * snooze (0) otherwise. *predicted_ns gets the prediction if non-NULL. */
unsigned int pvsim_cede_latency_gov_select(const struct pvsim_cede_latency_gov *g,
			       const struct pvs_idle_state states[2],
			       uint64_t next_timer_ns, uint64_t latency_req_ns,
			       uint64_t *predicted_ns);

/* ---- workloads ---------------------------------------------------------- */

enum pvsim_cede_latency_kind {
	/* pairs: the client thinks, wakes the server (IPI), blocks; the
	 * server works, wakes the client, blocks */
	PVSIM_CEDE_LATENCY_PINGPONG = 0,
	/* each CPU: run, then sleep until its timer fires */
	PVSIM_CEDE_LATENCY_TIMER_SLEEP,
	/* each CPU: run, then wait for an IPI from an always-busy source */
	PVSIM_CEDE_LATENCY_IPI_SLEEP
};

#define PVSIM_CEDE_LATENCY_MAX_CPUS 32

struct pvsim_cede_latency_work {
	enum pvsim_cede_latency_kind kind;
	uint32_t nr_cpus;
	/* server work / sleeper run time, ns */
	uint64_t work_min_ns, work_max_ns;
	/* client think / sleep time, ns */
	uint64_t think_min_ns, think_max_ns;
	/* PM QoS resume latency limit, ns (0: none) */
	uint64_t qos_ns;
	/* bypass the governor, always CEDE (the selftest disables snooze) */
	bool force_cede;
	/* not measured; then measured for runtime_ns */
	uint64_t warmup_ns, runtime_ns;
	/* stop once this many samples are kept (0: runtime only) */
	uint32_t stop_samples;
	/* no timer pending: the next timer the governor sees, ns (the tick;
	 * 0: PVSIM_CEDE_LATENCY_NO_TIMER_NS) */
	uint64_t tick_ns;
};

enum pvsim_cede_latency_wl {
	PVSIM_CEDE_LATENCY_SHORT = 0,
	PVSIM_CEDE_LATENCY_QOS,
	PVSIM_CEDE_LATENCY_LONG,
	PVSIM_CEDE_LATENCY_NWL
};

/* Workload w of the scenario, with runtime_ns (0 = default). */
void pvsim_cede_latency_workload(struct pvsim_cede_latency_work *w, enum pvsim_cede_latency_wl wl,
		     uint64_t runtime_ns);
/* The same with parameter values v (NULL: the defaults). */
void pvsim_cede_latency_workload_with(struct pvsim_cede_latency_work *w,
				      enum pvsim_cede_latency_wl wl,
				      uint64_t runtime_ns, const uint64_t *v);
/* The published selftest: 1 ms timers (ipi false) or IPIs ~1 ms apart
 * (ipi true) into a forced CEDE, n samples, with parameter values v
 * (NULL: the defaults). */
void pvsim_cede_latency_selftest_work(struct pvsim_cede_latency_work *w,
				      bool ipi, uint32_t n, const uint64_t *v);

struct pvsim_cede_latency_result {
	/* wake-up latencies, wake to the woken CPU running, ns (the first
	 * cap measured ones; caller-owned buffer) */
	uint64_t *lat_ns;
	size_t n, cap;
	/* every measured wake-up, and those above the QoS limit */
	uint64_t wakes, over_qos;
	/* measured idle time and entries per state (0 snooze, 1 CEDE) */
	uint64_t idle_ns[2], entries[2];
	uint64_t snooze_timeouts;
	uint64_t events, failures;
	const char *first_failure;
	struct pvsim_failure fail;	/* where and when */
};

/*
 * Run one workload on a platform whose idle states are states[] (from
 * pvsim_cede_latency_cede_state()). r->lat_ns / r->cap must be set by the caller.
 * Returns 0, or -1 on bad parameters or engine failure.
 */
int pvsim_cede_latency_run(const struct pvsim_cede_latency_platform *pl,
	       const struct pvs_idle_state states[2],
	       const struct pvsim_cede_latency_work *w, uint64_t seed, bool debug,
	       struct pvsim_cede_latency_result *r);

/* ---- scenario helpers the tests use -------------------------------------- */

#define PVSIM_CEDE_LATENCY_SELFTEST_N 400
#define PVSIM_CEDE_LATENCY_ITERS 10

/*
 * The measuring phase of one boot: timer and IPI selftests (n samples
 * each, sorted on return), their statistics, and the compensation the
 * thread proposes (IPI p99 - firmware latency). Returns 0 or -1.
 */
struct pvsim_cede_latency_measure {
	uint64_t timer_ns[PVSIM_CEDE_LATENCY_SELFTEST_N], ipi_ns[PVSIM_CEDE_LATENCY_SELFTEST_N];
	struct pvs_lat_stats timer, ipi;
	uint64_t fw_latency_ns, compensation_ns;
	uint64_t events, failures;
	struct pvsim_failure fail;	/* the first violation */
};

int pvsim_cede_latency_measure(const struct pvsim_cede_latency_platform *pl, uint64_t seed,
		   bool debug, struct pvsim_cede_latency_measure *m);

/* The workloads' names, as the tables and `show` print them. */
extern const char *const pvsim_cede_latency_wl_name[PVSIM_CEDE_LATENCY_NWL];

/* "IPI ping-pong, 2 pairs, busy 2-20 us / 2-60 us" and the QoS, as the
 * tables and `show` print a workload. */
void pvsim_cede_latency_print_work(FILE *f,
				   const struct pvsim_cede_latency_work *w);

/* The scenario's run (pseries_cede_latency_run.c): every platform, boot,
 * workload and policy, printed as text or JSON and recorded; struct
 * pvsim_scenario's run. */
int pvsim_cede_latency_tables(const struct pvsim_opts *o, FILE *f,
			      struct pvsim_totals *tot);

#pragma GCC visibility pop

#endif /* PVSCHED_SIM_PSERIES_CEDE_LATENCY_H */
