/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file sweep.h
 * @brief `sweep` (report/sweep.c): one parameter varied across a range,
 *        or every parameter at 50 % and 150 % (robustness), and the
 *        sweep's picture (report/svg_plot.c).
 */
#ifndef PVSCHED_SIM_SWEEP_H
#define PVSCHED_SIM_SWEEP_H

#include <stdint.h>
#include <stdio.h>

#include <pvsched/sim.h>

#include "report/report.h"

#pragma GCC visibility push(hidden)

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief `sweep`: with @p vary ("key=from:to:steps"), every metric across
 *        the range and where the winner changes; without, the robustness
 *        report (each parameter at 50 % and 150 %, one at a time).
 * @param prog message prefix
 * @param sc   the scenario
 * @param o    run options (o->param: the values around which to vary)
 * @param vary the --vary argument, or NULL for --robustness
 * @param out  report
 * @param err  diagnostics
 * @return exit status: 0, 1 (a run failed), 2 (bad usage)
 */
int pvsim_sweep(const char *prog, const struct pvsim_scenario *sc,
		const struct pvsim_opts *o, const char *vary, FILE *plot,
		FILE *out, FILE *err);

/**
 * @brief `sweep --vary ... --plot FILE.svg`: one panel per case and
 *        metric with a better direction, the metric (mean over
 *        iterations) against the varied parameter, one curve per policy.
 * @param f        output
 * @param scenario scenario name (title)
 * @param key      the varied parameter
 * @param x        its values, one per point
 * @param s        each point's record sets
 * @param n        points (2 or more)
 * @return 0, or -1 when nothing can be drawn
 */
int pvsim_plot_sweep_svg(FILE *f, const char *scenario, const char *key,
			 const uint64_t *x, const struct pvsim_sets *const *s,
			 unsigned int n);

#ifdef __cplusplus
}
#endif

#pragma GCC visibility pop

#endif /* PVSCHED_SIM_SWEEP_H */
