/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file cli.h
 * @brief The command line's `run` and `compare` of one scenario
 *        (report/cli.c; pvsim_main() in <pvsched/sim.h> looks the
 *        scenario up and calls it).
 */
#ifndef PVSCHED_SIM_CLI_H
#define PVSCHED_SIM_CLI_H

#include <stdio.h>

#include <pvsched/sim.h>

#pragma GCC visibility push(hidden)

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief `run` or `compare` of one scenario (the part of pvsim_main()
 *        after the scenario's look-up; tests pass their own scenario).
 * @param sc   the scenario
 * @param argc argument count
 * @param argv argv[1] "run" or "compare", argv[2] the scenario's name,
 *             then the options
 * @param out  normal output
 * @param err  diagnostics
 * @return process exit status: 0; 1 when the run or a report failed (or
 *         compare had fewer than 3 values per set); 2 on bad usage
 */
int pvsim_cmd(const struct pvsim_scenario *sc, int argc, char **argv,
		FILE *out, FILE *err);

#ifdef __cplusplus
}
#endif

#pragma GCC visibility pop

#endif /* PVSCHED_SIM_CLI_H */
