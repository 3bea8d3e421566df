/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file json.h
 * @brief The one JSON writer of the scenarios' `run --json`: a compact
 *        text (no white space) written as it goes, with the commas and
 *        the closing brackets kept by the writer.
 *
 * Every scenario's JSON is one object that starts with its name and seed
 * and ends with a newline:
 *
 *     struct pvsim_json j;
 *
 *     pvsim_json_begin(&j, f, "my-scenario", o->seed);
 *     pvsim_json_u64(&j, "iterations", iters);   // ,"iterations":10
 *     pvsim_json_arr(&j, "cases");               // ,"cases":[
 *     for (c = 0; c < ncases; c++) {
 *             pvsim_json_obj(&j, NULL);          // {  or ,{
 *             pvsim_json_str(&j, "case", name[c]);
 *             pvsim_json_u64s(&j, "jobs_per_min", jpm[c], iters);
 *             pvsim_json_close(&j);              // }
 *     }
 *     pvsim_json_end(&j);                        // ]}\n
 *
 * gives {"scenario":"my-scenario","seed":1,"iterations":10,"cases":[{...},
 * {...}]}. Inside an object every value takes a key; inside an array the
 * key is NULL. Numbers in fixed point (hundredths, thousandths, as the
 * models keep them) are printed exactly with pvsim_json_fixed() and
 * pvsim_json_sfixed(), never through a double.
 *
 * To move a scenario's hand-written writer onto it (ppc_idle_hint.c,
 * splpar_asym_pack.c): keep a struct pvsim_json where the run keeps its
 * FILE *, replace the opening fprintf by pvsim_json_begin() and the final
 * "]}\n" by pvsim_json_end(), and each `"%s{\"key\":...", i ? "," : ""`
 * by pvsim_json_obj()/pvsim_json_arr() and a value call; `"%u.%02u"`
 * pairs become pvsim_json_fixed(..., 2), a signed compare% in hundredths
 * pvsim_json_sfixed(..., 2). The text stays byte for byte the same.
 */
#ifndef PVSCHED_SIM_JSON_H
#define PVSCHED_SIM_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#pragma GCC visibility push(hidden)

#ifdef __cplusplus
extern "C" {
#endif

/** @brief Objects and arrays open at once, the outermost included. */
#define PVSIM_JSON_DEPTH 12

/** @brief A JSON text being written (fill with pvsim_json_begin()). */
struct pvsim_json {
	/** @brief Where the text goes. */
	FILE *f;
	/** @brief Objects and arrays open (1 after pvsim_json_begin()). */
	unsigned int depth;
	/** @brief Per level: its closing bracket ('}' or ']'). */
	char close[PVSIM_JSON_DEPTH];
	/** @brief Per level: a value is written (the next takes a comma). */
	bool more[PVSIM_JSON_DEPTH];
};

/**
 * @brief Open the outermost object: {. (pvsim_json_begin() is this, the
 *        scenario's name and the seed; `compare --json` opens its own.)
 * @param j the writer
 * @param f where the text goes
 */
void pvsim_json_open(struct pvsim_json *j, FILE *f);

/**
 * @brief Open the scenario's object: {"scenario":"NAME","seed":SEED.
 * @param j        the writer
 * @param f        where the text goes
 * @param scenario the scenario's name
 * @param seed     the run's seed (struct pvsim_opts' seed)
 */
void pvsim_json_begin(struct pvsim_json *j, FILE *f, const char *scenario,
		      uint64_t seed);

/**
 * @brief Close every object and array still open, then a newline.
 * @param j the writer
 */
void pvsim_json_end(struct pvsim_json *j);

/**
 * @brief Open an object as the next value.
 * @param j   the writer
 * @param key its key inside an object, NULL inside an array
 */
void pvsim_json_obj(struct pvsim_json *j, const char *key);

/**
 * @brief Open an array as the next value.
 * @param j   the writer
 * @param key its key inside an object, NULL inside an array
 */
void pvsim_json_arr(struct pvsim_json *j, const char *key);

/**
 * @brief Close the innermost open object or array.
 * @param j the writer
 */
void pvsim_json_close(struct pvsim_json *j);

/**
 * @brief A string value, with '"', '\\' and control characters escaped.
 * @param j   the writer
 * @param key its key (NULL inside an array)
 * @param s   the string
 */
void pvsim_json_str(struct pvsim_json *j, const char *key, const char *s);

/**
 * @brief A whole number.
 * @param j   the writer
 * @param key its key (NULL inside an array)
 * @param v   the number
 */
void pvsim_json_u64(struct pvsim_json *j, const char *key, uint64_t v);

/**
 * @brief A signed whole number.
 * @param j   the writer
 * @param key its key (NULL inside an array)
 * @param v   the number
 */
void pvsim_json_i64(struct pvsim_json *j, const char *key, int64_t v);

/**
 * @brief true or false.
 * @param j   the writer
 * @param key its key (NULL inside an array)
 * @param v   the value
 */
void pvsim_json_bool(struct pvsim_json *j, const char *key, bool v);

/**
 * @brief A measured double (statistics of the reports, not the models'
 *        integers): "%.10g", null when not finite.
 * @param j   the writer
 * @param key its key (NULL inside an array)
 * @param v   the number
 */
void pvsim_json_num(struct pvsim_json *j, const char *key, double v);

/**
 * @brief A number in fixed point: v / 10^decimals with that many
 *        decimals (1..3), e.g. 123456 with 3 gives 123.456.
 * @param j        the writer
 * @param key      its key (NULL inside an array)
 * @param v        the number in units of 10^-decimals
 * @param decimals 1, 2 or 3
 */
void pvsim_json_fixed(struct pvsim_json *j, const char *key, uint64_t v,
		      unsigned int decimals);

/**
 * @brief A signed number in fixed point, as pvsim_json_fixed() with a
 *        leading '-' when negative (-484 with 2 gives -4.84).
 * @param j        the writer
 * @param key      its key (NULL inside an array)
 * @param v        the number in units of 10^-decimals
 * @param decimals 1, 2 or 3
 */
void pvsim_json_sfixed(struct pvsim_json *j, const char *key, int64_t v,
		       unsigned int decimals);

/**
 * @brief An array of whole numbers: "key":[v0,v1,...].
 * @param j   the writer
 * @param key its key (NULL inside an array)
 * @param v   the numbers
 * @param n   how many
 */
void pvsim_json_u64s(struct pvsim_json *j, const char *key,
		     const uint64_t *v, size_t n);

/**
 * @brief An array of fixed-point numbers (see pvsim_json_fixed()).
 * @param j        the writer
 * @param key      its key (NULL inside an array)
 * @param v        the numbers in units of 10^-decimals
 * @param n        how many
 * @param decimals 1, 2 or 3
 */
void pvsim_json_fixeds(struct pvsim_json *j, const char *key,
		       const uint64_t *v, size_t n, unsigned int decimals);

/**
 * @brief Bytes as a string of lower-case hex digits ("000c09...").
 * @param j   the writer
 * @param key its key (NULL inside an array)
 * @param b   the bytes
 * @param n   how many
 */
void pvsim_json_hex(struct pvsim_json *j, const char *key, const uint8_t *b,
		    size_t n);

#ifdef __cplusplus
}
#endif

#pragma GCC visibility pop

#endif /* PVSCHED_SIM_JSON_H */
