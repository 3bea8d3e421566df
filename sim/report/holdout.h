/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file holdout.h
 * @brief The hold-out lines' shared parts: a published number beside the
 *        simulated one ("+1.23 vs -0.45 (predicted)") and, over the
 *        predicted pairs, how often the sign agrees and the value is
 *        within a factor of 2.
 *
 * Each scenario still writes its own heading (what is compared, in which
 * unit); the pairs and the tally come from here:
 *
 *     struct pvsim_holdout h = { 0, 0, 0 };
 *
 *     fprintf(f, "published vs simulated compare%%:");
 *     for (i = 0; i < n; i++) {
 *             fprintf(f, "%s p%u ", i ? ";" : "", pct[i]);
 *             pvsim_holdout_pair(f, &h, pub[i], sim[i], "P", predicted[i]);
 *     }
 *     pvsim_holdout_summary(f, &h, "percentiles");
 *
 * To move ppc_idle_hint.c's print_holdout() onto it: the per-percentile
 * pvsim_print_centi(pb), " vs ", pvsim_print_centi(sm), " (%c)" and the
 * npred/sign/near counting are one pvsim_holdout_pair() call (label "F"
 * or "P", predicted when the label is 'p'), the closing line
 * pvsim_holdout_summary(f, &h, "percentiles") (it prints the leading
 * newline and the "(F = fitted, P = predicted)" key). splpar_asym_pack.c's
 * "%Change" pair is pvsim_holdout_pair(f, NULL, published change,
 * simulated change, staged ? "fitted" : "predicted", false).
 */
#ifndef PVSCHED_SIM_HOLDOUT_H
#define PVSCHED_SIM_HOLDOUT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#pragma GCC visibility push(hidden)

#ifdef __cplusplus
extern "C" {
#endif

/** @brief Agreement of the predicted pairs printed so far. */
struct pvsim_holdout {
	/** @brief Predicted pairs counted. */
	unsigned int npred;
	/** @brief Of those, the pairs whose signs agree. */
	unsigned int sign;
	/** @brief Of those, the pairs also within a factor of 2. */
	unsigned int near;
};

/**
 * @brief Print "PUB vs SIM", both signed hundredths as
 *        pvsim_print_centi() prints them ("+1.23"), then " (LABEL)"
 *        when @p label is given; count a predicted pair in @p h.
 * @param f         output
 * @param h         the tally (NULL: none)
 * @param pub       the published number, hundredths
 * @param sim       the simulated number, hundredths
 * @param label     fitted/predicted/calibrated or its letter (NULL: none)
 * @param predicted count the pair in @p h
 */
void pvsim_holdout_pair(FILE *f, struct pvsim_holdout *h, int64_t pub,
			int64_t sim, const char *label, bool predicted);

/**
 * @brief The closing line: "\nhold-out: of N predicted WHAT the sign
 *        agrees at S, within 2x at W (F = fitted, P = predicted)\n".
 * @param f    output
 * @param h    the tally
 * @param what what the pairs are ("percentiles")
 */
void pvsim_holdout_summary(FILE *f, const struct pvsim_holdout *h,
			   const char *what);

#ifdef __cplusplus
}
#endif

#pragma GCC visibility pop

#endif /* PVSCHED_SIM_HOLDOUT_H */
