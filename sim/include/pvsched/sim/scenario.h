/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file sim/scenario.h
 * @brief Scenarios: parameters as data, run options, per-iteration records,
 *        totals, published numbers, the scenario table and the command
 *        line.
 *
 * Part of <pvsched/sim.h> (userspace C11, pvsched::sim).
 */
#ifndef PVSCHED_SIM_SCENARIO_H
#define PVSCHED_SIM_SCENARIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <pvsched/sim/engine.h>
#include <pvsched/sim/plugin.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief Where a parameter's value comes from (`show` prints it). */
enum pvsim_prov {
	/** @brief Taken from a source (the published setup, a datasheet,
	 *         the kernel's code): pvsim_param::source says which. */
	PVSIM_PROV_MEASURED,
	/** @brief An input fitted to a measured speed or distribution (not
	 *         to the result the scenario compares). */
	PVSIM_PROV_CALIBRATED,
	/** @brief Chosen to reproduce a published result: that result is
	 *         no prediction. */
	PVSIM_PROV_FITTED,
	/** @brief A modelling choice, neither measured nor fitted (its
	 *         effect is what `--robustness` shows). */
	PVSIM_PROV_ASSUMED
};

/** @brief Most parameters a scenario declares. */
#define PVSIM_MAX_PARAMS 64

/**
 * @brief One settable parameter of a scenario (`--set key=value`,
 *        `--params FILE`, `sweep --vary`): an integer in its unit.
 */
struct pvsim_param {
	/** @brief Key, its unit in the name ("slot_us", "jitter_pm"). */
	const char *key;
	/** @brief Unit, for messages ("us", "per mille", "cores"). */
	const char *unit;
	/** @brief Default value. */
	uint64_t def;
	/** @brief Smallest valid value. */
	uint64_t lo;
	/** @brief Largest valid value. */
	uint64_t hi;
	/** @brief Where the default comes from. */
	enum pvsim_prov prov;
	/** @brief The source (measured), what it was fitted or calibrated
	 *         to, or why it was chosen (assumed). */
	const char *source;
};

/**
 * @brief The name of a provenance ("measured", "calibrated", "fitted",
 *        "assumed").
 * @param p the provenance
 * @return its name
 */
const char *pvsim_prov_name(enum pvsim_prov p);

/* ---- per-iteration records (compare, plots) ----------------------------- */

/**
 * @brief One measured value of one iteration of one case under one policy.
 *
 * Scenarios record every per-iteration number they print (a percentile, a
 * throughput, physc) with pvsim_record(); `compare` runs Student's t on
 * them and `--plot` draws them. Strings are copied.
 */
struct pvsim_rec {
	/** @brief Case, e.g. "overcommit" or "80 threads, 128 VPs". */
	char *case_name;
	/** @brief Policy, e.g. "parity" or "idle-hint". */
	char *policy;
	/** @brief Metric, e.g. "p99_us", "records_per_s", "physc". */
	char *metric;
	/** @brief Iteration, from 0. */
	uint32_t iter;
	/** @brief The value (the tool may use doubles; the engine does not). */
	double value;
};

/** @brief A growable list of records (owned by whoever set it up). */
struct pvsim_sink {
	/** @brief Records, in recording order. */
	struct pvsim_rec *v;
	/** @brief Records held. */
	size_t n;
	/** @brief Allocated entries. */
	size_t cap;
	/** @brief An allocation failed: some records were lost. */
	bool lost;
};

/** @brief How `--plot` draws a scenario's records. */
enum pvsim_plot_kind {
	/** @brief No picture. */
	PVSIM_PLOT_NONE,
	/** @brief Latency percentile curves: metrics named p<N>_us (p50_us,
	 *         p99.9_us...) on the x axis, one line per case and policy,
	 *         the mean over iterations on a log y axis. */
	PVSIM_PLOT_PCT_CURVES,
	/** @brief Bars: one panel per metric listed in plot_metrics, one
	 *         group per case, one bar per policy (mean over iterations,
	 *         min-max whisker). */
	PVSIM_PLOT_BARS
};

/** @brief Options of `pvsched-sim run`. */
struct pvsim_opts {
	/** @brief Base seed; iteration i uses a seed derived from it and i. */
	uint64_t seed;
	/** @brief Iterations (0 = the scenario's default). */
	uint32_t iterations;
	/** @brief Measured run time per iteration, ns (0 = default). */
	uint64_t runtime_ns;
	/** @brief Print JSON instead of the published text tables. */
	bool json;
	/** @brief Check invariants at every event. */
	bool debug;
	/** @brief Print schbench's own output (2023+ three-table format)
	 *         where the scenario measures schbench-like latencies. */
	bool schbench;
	/** @brief Where pvsim_record() stores values (NULL: nowhere). */
	struct pvsim_sink *sink;
	/** @brief Self-test of the invariant checks: each model run records
	 *         a violation at this event number (0 = never;
	 *         see pvsim::inject_event). */
	uint64_t inject_event;
	/** @brief A policy to run beside the built-in ones (`--plugin`;
	 *         NULL: none). */
	const struct pvsim_hooks *plugin;
	/** @brief Values of the scenario's parameters, indexed like its
	 *         table (pvsim_scenario::params); NULL: the defaults. */
	const uint64_t *param;
};

/**
 * @brief A parameter's value in a run: @p o->param[i] when set, else the
 *        table's default.
 * @param o   run options
 * @param tab the scenario's parameter table
 * @param i   index in @p tab
 * @return the value, in the parameter's unit
 */
static inline uint64_t pvsim_param_value(const struct pvsim_opts *o,
					 const struct pvsim_param *tab,
					 unsigned int i)
{
	return o->param ? o->param[i] : tab[i].def;
}

/**
 * @brief Record one per-iteration value into o->sink (no-op without one).
 * @param o         run options
 * @param case_name case
 * @param policy    policy
 * @param metric    metric (units in the name: _us, _per_s)
 * @param iter      iteration, from 0
 * @param value     the value
 */
void pvsim_record(const struct pvsim_opts *o, const char *case_name,
		    const char *policy, const char *metric, uint32_t iter,
		    double value);

/**
 * @brief Free a sink's records and empty it.
 * @param k the sink
 */
void pvsim_sink_free(struct pvsim_sink *k);

/** @brief Totals of a scenario run (for tests and the benchmark). */
struct pvsim_totals {
	/** @brief Events processed over all runs. */
	uint64_t events;
	/** @brief Invariant violations over all runs. */
	uint64_t failures;
	/** @brief Model runs. */
	uint32_t runs;
	/** @brief The first violation over all runs (what, when, event). */
	struct pvsim_failure fail;
	/** @brief Its case ("" when the scenario did not say). */
	char fail_case[64];
	/** @brief Its policy ("" when the scenario did not say). */
	char fail_policy[32];
	/** @brief Its iteration. */
	uint32_t fail_iter;
	/** @brief Its run's seed. */
	uint64_t fail_seed;
};

/**
 * @brief Add one model run to the totals; the first run with a violation
 *        also gives where it happened.
 * @param tot       totals (NULL: no-op)
 * @param events    the run's events
 * @param failures  its violations
 * @param fail      its first violation (NULL: not known)
 * @param case_name its case (NULL: "")
 * @param policy    its policy (NULL: "")
 * @param iter      its iteration
 * @param seed      its seed
 */
void pvsim_totals_add(struct pvsim_totals *tot, uint64_t events,
		      uint64_t failures, const struct pvsim_failure *fail,
		      const char *case_name, const char *policy,
		      uint32_t iter, uint64_t seed);

/**
 * @brief Print the first violation of @p tot in one line: which invariant,
 *        when (simulated ms), the event, the case, policy, iteration and
 *        seed, and the count (nothing when there is none).
 * @param f    output stream
 * @param prog message prefix ("pvsched sim")
 * @param tot  totals
 */
void pvsim_totals_print_failure(FILE *f, const char *prog,
				const struct pvsim_totals *tot);

/**
 * @brief A published number a picture marks beside the simulated bar of
 *        the same case, policy and metric.
 */
struct pvsim_published {
	/** @brief Case, as recorded. */
	const char *case_name;
	/** @brief Policy, as recorded. */
	const char *policy;
	/** @brief Metric, as recorded. */
	const char *metric;
	/** @brief The value; with change_pct, a change in percent against
	 *         the first policy's simulated mean (drawn at that mean x
	 *         (1 + value / 100)). */
	double value;
	/** @brief value is a published change, not a level. */
	bool change_pct;
	/** @brief How the simulator relates to it: "predicted",
	 *         "calibrated" or "fitted" (the picture prints it). */
	const char *label;
};

/** @brief A named scenario. */
struct pvsim_scenario {
	/** @brief Name used on the command line. */
	const char *name;
	/** @brief One-line summary for `list`. */
	const char *summary;
	/**
	 * @brief Print the model assumptions and parameters, with the
	 *        numbers of the parameter values @p o holds.
	 * @param o run options (o->param: the values, NULL: the table's
	 *          defaults)
	 * @param f output stream
	 */
	void (*show)(const struct pvsim_opts *o, FILE *f);
	/**
	 * @brief Run every case, iteration and policy and print the tables.
	 * @param o   options
	 * @param f   output stream
	 * @param tot totals (may be NULL)
	 * @return 0, or -1 on failure
	 */
	int (*run)(const struct pvsim_opts *o, FILE *f,
		   struct pvsim_totals *tot);
	/** @brief How `--plot` draws the records. */
	enum pvsim_plot_kind plot_kind;
	/** @brief PVSIM_PLOT_BARS: comma-separated metrics, one panel
	 *         each (e.g. "records_per_s,physc"); NULL otherwise. */
	const char *plot_metrics;
	/** @brief The upstream change modelled: subject, year, kernel
	 *         version (`show` prints it first). */
	const char *upstream;
	/** @brief The published experiment followed: benchmark, machine,
	 *         the published numbers. */
	const char *experiment;
	/** @brief The pvsim_hooks members the scenario consults, comma
	 *         separated ("pick_cpu"); NULL: it takes no plug-in yet. */
	const char *hooks;
	/** @brief Its settable parameters (NULL: none yet). */
	const struct pvsim_param *params;
	/** @brief Entries in params (at most PVSIM_MAX_PARAMS). */
	unsigned int nparams;
	/**
	 * @brief Check values that are each within range but may not fit
	 *        together (NULL: any combination runs).
	 * @param o run options (o->param: the values)
	 * @return NULL, or the rule they break (static text)
	 */
	const char *(*params_invalid)(const struct pvsim_opts *o);
	/** @brief Published numbers the picture marks (NULL: none). */
	const struct pvsim_published *published;
	/** @brief Entries in published. */
	unsigned int npublished;
};

/**
 * @brief The scenario table, entry by entry.
 * @param i index, from 0
 * @return the scenario, or NULL past the last one
 */
const struct pvsim_scenario *pvsim_scenario_at(unsigned int i);

/**
 * @brief Look a scenario up by name.
 * @param name scenario name
 * @return the scenario, or NULL
 */
const struct pvsim_scenario *pvsim_find(const char *name);

/**
 * @brief The `pvsched-sim` command line: list | show NAME | run NAME
 *        [options] | compare NAME [options] (see `help`; report.h).
 * @param argc argument count (argv[0] is the program or sub-command name)
 * @param argv arguments
 * @param out  normal output
 * @param err  diagnostics
 * @return process exit status
 */
int pvsim_main(int argc, char **argv, FILE *out, FILE *err);

/**
 * @brief Print hundredths as a signed decimal: +12.34, -0.05, +0.00.
 * @param f     output stream
 * @param centi the value, in hundredths
 */
void pvsim_print_centi(FILE *f, int64_t centi);

#ifdef __cplusplus
}
#endif

#endif /* PVSCHED_SIM_SCENARIO_H */
