/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file report.h
 * @brief The simulator's reports: ministat-like comparisons of recorded
 *        values (`pvsched sim compare`), SVG pictures (`--plot`) and
 *        schbench's own output (`--schbench`).
 *
 * Tool code: it allocates, prints and uses doubles; the engine and the
 * models stay in integers. Everything here works from the records that
 * scenarios store with pvsim_record(), so that it works the same for
 * every scenario. The command line (cli.h), the parameters
 * (engine/params.h) and `sweep` (sweep.h) have their own headers.
 */
#ifndef PVSCHED_SIM_REPORT_H
#define PVSCHED_SIM_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <pvsched/sim.h>

#include "ministat.h"

#pragma GCC visibility push(hidden)

#ifdef __cplusplus
extern "C" {
#endif

/* ---- records grouped into data sets ------------------------------------- */

/** @brief The values of one (case, policy, metric), one per iteration. */
struct pvsim_set {
	/** @brief Case (points into the sink's records). */
	const char *case_name;
	/** @brief Policy (points into the sink's records). */
	const char *policy;
	/** @brief Metric (points into the sink's records). */
	const char *metric;
	/** @brief Values in recording order (pvsim_stats() sorts them). */
	double *v;
	/** @brief Values held. */
	size_t n;
};

/**
 * @brief A sink's records grouped into data sets, with the cases,
 *        policies and metrics in order of first appearance (the first
 *        policy is the baseline).
 */
struct pvsim_sets {
	/** @brief Data sets, in order of first appearance. */
	struct pvsim_set *set;
	/** @brief Data sets held. */
	size_t nset;
	/** @brief Distinct cases. */
	const char **cases;
	/** @brief Number of cases. */
	size_t ncases;
	/** @brief Distinct policies, baseline first. */
	const char **policies;
	/** @brief Number of policies. */
	size_t npolicies;
	/** @brief Distinct metrics. */
	const char **metrics;
	/** @brief Number of metrics. */
	size_t nmetrics;
};

/**
 * @brief Group a sink's records. The sets point into the sink's strings:
 *        keep the sink until pvsim_sets_free().
 * @param s where to store the sets
 * @param k the sink
 * @return 0, or -1 when an allocation fails (@p s is then empty)
 */
int pvsim_sets_build(struct pvsim_sets *s, const struct pvsim_sink *k);

/**
 * @brief Whether a row recorded as (@p case_name, @p policy, @p metric)
 *        is the one asked for as (@p cs, @p pol, @p met): the key data
 *        sets and published values are looked up by.
 * @return true when all three names are equal
 */
bool pvsim_key_is(const char *case_name, const char *policy,
		  const char *metric, const char *cs, const char *pol,
		  const char *met);

/**
 * @brief Find the data set of one (case, policy, metric).
 * @param s         the sets
 * @param case_name case
 * @param policy    policy
 * @param metric    metric
 * @return the set, or NULL when nothing was recorded for it
 */
struct pvsim_set *pvsim_sets_find(const struct pvsim_sets *s,
				      const char *case_name,
				      const char *policy, const char *metric);

/**
 * @brief Free what pvsim_sets_build() allocated and empty @p s.
 * @param s the sets
 */
void pvsim_sets_free(struct pvsim_sets *s);

/**
 * @brief Which direction of a metric is better, from its name: "_us",
 *        "_ns", "_ms" endings and "physc" (cores consumed for the same
 *        work) are better lower; work rates (records_per_, jobs_per_,
 *        ops_per_, requests_per_, transactions_per_, loops_per_ ...) and
 *        names ending in "_score" are better higher; any other rate
 *        (e.g. exits_per_s) is left unknown.
 * @param metric metric name
 * @return -1 lower is better, +1 higher is better, 0 unknown
 */
int pvsim_metric_better(const char *metric);

/* ---- ministat ----------------------------------------------------------- */

/*
 * The ministat code lives in host/stats/ministat.h (shared with the
 * benchmarks, included above); the simulator keeps its names for it.
 */
/** @brief Confidence levels of the Student's t table. */
#define PVSIM_NCONF PVSTAT_NCONF
/** @brief Degrees of freedom in the table. */
#define PVSIM_NSTUDENT PVSTAT_NSTUDENT
/** @brief struct pvstat_stats. */
#define pvsim_stats pvstat_stats
/** @brief pvstat_stats_of(). */
#define pvsim_stats_of pvstat_stats_of
/** @brief pvstat_conf_index(). */
#define pvsim_conf_index pvstat_conf_index
/** @brief pvstat_conf_pct(). */
#define pvsim_conf_pct pvstat_conf_pct
/** @brief pvstat_student_t(). */
#define pvsim_student_t pvstat_student_t
/** @brief struct pvstat_ttest and pvstat_ttest(). */
#define pvsim_ttest pvstat_ttest
/** @brief pvstat_ministat_head(). */
#define pvsim_ministat_head pvstat_ministat_head
/** @brief pvstat_ministat_row(). */
#define pvsim_ministat_row pvstat_ministat_row
/** @brief pvstat_ministat_verdict(). */
#define pvsim_ministat_verdict pvstat_ministat_verdict

/** @brief What `compare` compares and how it prints. */
struct pvsim_compare_opts {
	/** @brief Only this metric (NULL: all). */
	const char *metric;
	/** @brief Only this case, by name or 1-based number (NULL: all). */
	const char *case_name;
	/** @brief Baseline policy, by name (NULL: the first recorded). */
	const char *base;
	/** @brief Confidence index (pvsim_conf_index()). */
	unsigned int conf;
	/** @brief One JSON object instead of the text. */
	bool json;
};

/**
 * @brief `compare`: for each (case, metric), every policy against the
 *        baseline (c->base, else the first recorded policy), ministat-like.
 * @param scenario scenario name (for the headers)
 * @param k        the records of a run
 * @param c        options
 * @param out      report
 * @param err      diagnostics (unknown metric or case, nothing recorded)
 * @return 0; 1 when a set had fewer than 3 values (said in the report);
 *         2 on an unknown metric, case or baseline policy; -1 on no
 *         records or no memory
 */
int pvsim_compare(const char *scenario, const struct pvsim_sink *k,
		    const struct pvsim_compare_opts *c, FILE *out, FILE *err);

/* ---- SVG ---------------------------------------------------------------- */

/**
 * @brief Draw a run's records as one self-contained SVG, per the
 *        scenario's plot_kind (see enum pvsim_plot_kind).
 * @param sc  the scenario
 * @param k   its records
 * @param out where the SVG text goes
 * @param err diagnostics ("scenario X has no plot", nothing to draw)
 * @return 0, or -1 (nothing written to @p out)
 */
int pvsim_plot_svg(const struct pvsim_scenario *sc,
		     const struct pvsim_sink *k, FILE *out, FILE *err);

/* ---- schbench's output -------------------------------------------------- */

/** @brief What a schbench-format report shows; NULL parts are left out. */
struct pvsim_schbench_out {
	/** @brief Wake-up latencies, us (NULL: no table). */
	const struct pvsim_hist *wakeup;
	/** @brief Request latencies, us (NULL: no table). */
	const struct pvsim_hist *request;
	/** @brief Requests per second sampled once a second (NULL: no
	 *         table). */
	const struct pvsim_hist *rps;
	/** @brief Requests completed (NULL: no "average rps" line). */
	const uint64_t *requests;
	/** @brief Run time, whole seconds, printed in each header and the
	 *         divisor of "average rps". */
	uint64_t runtime_s;
};

/**
 * @brief Print histograms as schbench (2023+) prints its final report:
 *        "Wakeup Latencies percentiles (usec) runtime R (s) (S total
 *        samples)" with rows 50, 90, *99, 99.9 and min/max, then the
 *        request latencies alike, "RPS percentiles (requests)" with rows
 *        20, *50, 90, and "average rps: X".
 * @param f output
 * @param s what to print
 */
void pvsim_schbench_print(FILE *f, const struct pvsim_schbench_out *s);

/**
 * @brief Print the rule the text reports end each case with: a line of
 *        56 dashes.
 * @param f output
 */
void pvsim_print_rule(FILE *f);

#ifdef __cplusplus
}
#endif

#pragma GCC visibility pop

#endif /* PVSCHED_SIM_REPORT_H */
