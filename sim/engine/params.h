/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file params.h
 * @brief A scenario's parameters (engine/params.c): defaults, look-up,
 *        `--set key=value`, `--params FILE` and `show`'s table, all
 *        from the scenario's one table (struct pvsim_param).
 */
#ifndef PVSCHED_SIM_PARAMS_H
#define PVSCHED_SIM_PARAMS_H

#include <stdbool.h>
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

/** @brief How a model's parameter field stores a table value. */
enum pvsim_field_kind {
	PVSIM_FIELD_U64,	/**< uint64_t: value x scale */
	PVSIM_FIELD_U32,	/**< uint32_t: value x scale, truncated */
	PVSIM_FIELD_BOOL,	/**< bool: value != 0 */
};

/**
 * @brief One row of a scenario's binding: where table parameter @c param
 *        lands in the model's parameter struct and in which unit.
 */
struct pvsim_param_field {
	/** @brief Index in the scenario's table (struct pvsim_param). */
	uint16_t param;
	/** @brief Byte offset of the field in the model's struct. */
	uint16_t offset;
	/** @brief The field's type. */
	enum pvsim_field_kind kind;
	/** @brief Table unit to field unit (1; 1000 for us -> ns ...). */
	uint32_t scale;
};

/* offsetof(T, member), refused at compile time unless the member is
 * @p size bytes (a row of the wrong kind would write half a field). */
#define PVSIM_FIELD_AT(T, member, size)					\
	(offsetof(T, member) +						\
	 0 * sizeof(char[sizeof(((T *)0)->member) == (size) ? 1 : -1]))

/** @brief A binding row: table index @p i into @p T's @p member, a
 *         uint64_t, times @p scale. */
#define PVSIM_BIND_U64(i, T, member, scale) \
	{ (i), PVSIM_FIELD_AT(T, member, 8), PVSIM_FIELD_U64, (scale) }
/** @brief A binding row for a uint32_t @p member (the value as is). */
#define PVSIM_BIND_U32(i, T, member) \
	{ (i), PVSIM_FIELD_AT(T, member, 4), PVSIM_FIELD_U32, 1 }
/** @brief A binding row for a bool @p member (value != 0). */
#define PVSIM_BIND_BOOL(i, T, member) \
	{ (i), PVSIM_FIELD_AT(T, member, sizeof(bool)),\
	  PVSIM_FIELD_BOOL, 1 }

/**
 * @brief Write a run's values of a table onto a model's parameter
 *        struct, one binding row a field: the one place a scenario's
 *        table meets its model.
 * @param o     run options (their values, or the table's defaults)
 * @param tab   the scenario's parameter table
 * @param f     the binding rows
 * @param n     how many
 * @param model the model's parameter struct the offsets refer to
 */
void pvsim_param_fields(const struct pvsim_opts *o,
			const struct pvsim_param *tab,
			const struct pvsim_param_field *f, size_t n,
			void *model);

/**
 * @brief The first of a table's (low, high) parameter pairs whose run
 *        values are out of order: the check every scenario with ranges
 *        makes in its params_invalid().
 * @param o    run options (their values, or the table's defaults)
 * @param tab  the scenario's parameter table
 * @param pair table indices: pair[i][0]'s value must be <= pair[i][1]'s
 * @param n    how many pairs
 * @return the index in @p pair of the first pair out of order, or -1
 */
int pvsim_param_unordered(const struct pvsim_opts *o,
			  const struct pvsim_param *tab,
			  const unsigned int (*pair)[2], size_t n);

#ifdef __cplusplus
}
#endif

#pragma GCC visibility pop

#endif /* PVSCHED_SIM_PARAMS_H */
