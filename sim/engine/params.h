/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file params.h
 * @brief A scenario's parameters (engine/params.c): defaults, look-up,
 *        `--set key=value`, `--params FILE` and `show`'s table, all
 *        from the scenario's one table (struct pvsim_param).
 */
#ifndef PVSCHED_SIM_PARAMS_H
#define PVSCHED_SIM_PARAMS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <pvsched/sim.h>

#pragma GCC visibility push(hidden)

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief A whole decimal (or 0x hex) number that fits 64 bits: no sign,
 *        no blank, nothing after it, no overflow (strtoull's ERANGE).
 * @param s the text (NULL: invalid)
 * @param v the value
 * @return 0, or -1 when @p s is no such number
 */
int pvsim_parse_u64(const char *s, uint64_t *v);

/**
 * @brief Fill @p v with a scenario's defaults.
 * @param sc the scenario
 * @param v  sc->nparams values
 */
void pvsim_params_defaults(const struct pvsim_scenario *sc, uint64_t *v);

/**
 * @brief Index of a parameter by key.
 * @param sc  the scenario
 * @param key the key (not necessarily terminated)
 * @param len its length
 * @return the index, or -1
 */
int pvsim_param_find(const struct pvsim_scenario *sc, const char *key,
		     size_t len);

/**
 * @brief Apply one "key=value": the value must be an integer within the
 *        parameter's range.
 * @param sc   the scenario
 * @param v    its values
 * @param kv   "key=value"
 * @param prog message prefix
 * @param err  diagnostics: an unknown key lists the valid ones, a bad
 *             value gives the range and unit
 * @return 0, or -1 after a message
 */
int pvsim_param_set(const struct pvsim_scenario *sc, uint64_t *v,
		    const char *kv, const char *prog, FILE *err);

/**
 * @brief Apply a file of "key = value" lines ('#' starts a comment).
 * @param sc   the scenario
 * @param v    its values
 * @param path the file
 * @param prog message prefix
 * @param err  diagnostics (with the line number)
 * @return 0, or -1 after a message
 */
int pvsim_params_file(const struct pvsim_scenario *sc, uint64_t *v,
		      const char *path, const char *prog, FILE *err);

/**
 * @brief `show`'s parameter table: key, default, range and unit,
 *        provenance, source.
 * @param sc the scenario
 * @param f  output stream
 */
void pvsim_params_show(const struct pvsim_scenario *sc, FILE *f);

#ifdef __cplusplus
}
#endif

#pragma GCC visibility pop

#endif /* PVSCHED_SIM_PARAMS_H */
