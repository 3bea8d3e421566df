/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file ministat.h
 * @brief FreeBSD ministat's statistics, shared by the simulator's compare
 *        and the benchmarks: summaries, the two-sided Student's t table,
 *        the pooled-variance t test and a mean's confidence interval.
 *
 * Userspace (libc, libm): library `pvsched_stats`, not installed.
 */
#ifndef PVSCHED_HOST_STATS_MINISTAT_H
#define PVSCHED_HOST_STATS_MINISTAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/** @brief Confidence levels of the Student's t table (ministat's six). */
#define PVSTAT_NCONF 6
/** @brief Degrees of freedom in the table; above, the normal value. */
#define PVSTAT_NSTUDENT 100

/** @brief One data set's summary, as ministat prints it. */
struct pvstat_stats {
	/** @brief Values. */
	size_t n;
	/** @brief Smallest value. */
	double min;
	/** @brief Largest value. */
	double max;
	/** @brief Median (mean of the middle two for an even n). */
	double median;
	/** @brief Arithmetic mean. */
	double mean;
	/** @brief Sample variance (n - 1 in the denominator; 0 for n < 2). */
	double var;
	/** @brief Square root of var. */
	double stddev;
};

/**
 * @brief Summarise a data set (two-pass mean and variance).
 * @param v values; sorted in place
 * @param n number of values
 * @param st the summary
 * @return 0, or -1 when @p n is 0
 */
int pvstat_stats_of(double *v, size_t n, struct pvstat_stats *st);

/**
 * @brief Index of a confidence level in the table.
 * @param text "80", "90", "95", "98", "99" or "99.5" (a trailing '%' is
 *             accepted)
 * @return 0 .. PVSTAT_NCONF - 1, or -1 for any other text
 */
int pvstat_conf_index(const char *text);

/**
 * @brief A confidence level in percent.
 * @param conf index from pvstat_conf_index()
 * @return 80.0 .. 99.5
 */
double pvstat_conf_pct(unsigned int conf);

/**
 * @brief Two-sided Student's t critical value, t(1 - (1 - c) / 2, df), to
 *        three decimals; the normal value above PVSTAT_NSTUDENT degrees.
 * @param df   degrees of freedom, 1 or more (0 gives the df-1 value)
 * @param conf index from pvstat_conf_index()
 * @return the critical value
 */
double pvstat_student_t(unsigned int df, unsigned int conf);

/** @brief A data set compared with the baseline, ministat's way. */
struct pvstat_ttest {
	/** @brief Critical t used (df = n1 + n2 - 2). */
	double t;
	/** @brief Pooled standard deviation s_p. */
	double pooled_s;
	/** @brief Difference of means, set - baseline. */
	double diff;
	/** @brief Half-width of its confidence interval, t x s_p x
	 *         sqrt(1/n1 + 1/n2). */
	double err;
	/** @brief diff as a percentage of the baseline mean. */
	double pct;
	/** @brief Half-width of pct's interval: ministat's ratio error, the
	 *         baseline variance scaled by (mean / baseline mean)^2. */
	double pct_err;
	/** @brief |diff| > err: a difference is proven at this confidence. */
	bool proven;
};

/**
 * @brief Compare a data set with the baseline (pooled variance, Student's
 *        t, as FreeBSD's ministat).
 * @param base the baseline's summary
 * @param x    the other set's summary
 * @param conf index from pvstat_conf_index()
 * @param r    the result
 * @return 0, or -1 when either set has fewer than 3 values
 */
int pvstat_ttest(const struct pvstat_stats *base,
		  const struct pvstat_stats *x, unsigned int conf,
		  struct pvstat_ttest *r);

/**
 * @brief Print ministat's column header ("    N  Min  Max ...").
 * @param f output
 */
void pvstat_ministat_head(FILE *f);

/**
 * @brief Print one set's summary row as ministat does.
 * @param f   output
 * @param sym the set's symbol ('x' for the first, then '+', '*', ...)
 * @param st  the summary
 */
void pvstat_ministat_row(FILE *f, char sym, const struct pvstat_stats *st);

/**
 * @brief Print the verdict: "Difference at 95.0% confidence" and the
 *        three lines after it, or "No difference proven at ...".
 * @param f    output
 * @param conf index from pvstat_conf_index()
 * @param r    the comparison
 */
void pvstat_ministat_verdict(FILE *f, unsigned int conf,
			      const struct pvstat_ttest *r);

/**
 * @brief Confidence interval of a set's mean: mean +/- t(n - 1) x stddev /
 *        sqrt(n) (the benchmarks apply it to per-repetition ratios).
 * @param st   the summary
 * @param conf index from pvstat_conf_index()
 * @param lo   lower end
 * @param hi   upper end
 * @return 0, or -1 when the set has fewer than 2 values
 */
int pvstat_mean_ci(const struct pvstat_stats *st, unsigned int conf,
		   double *lo, double *hi);

/** @brief A ratio of two paired series (x[i] / base[i] per repetition). */
struct pvstat_ratio {
	/** @brief Repetitions with a usable ratio (base > 0). */
	size_t n;
	/** @brief Median of the per-repetition ratios. */
	double median;
	/** @brief Interval of the ratios' geometric mean: pvstat_mean_ci()
	 *         of log(ratio), mapped back with exp(). */
	double lo;
	/** @brief Upper end of that interval. */
	double hi;
};

/**
 * @brief Per-repetition ratios x[i] / base[i], their median and interval.
 *
 * Interleaved benchmarks pair each repetition's runs, so a slow minute
 * hurts both; the ratio, not the raw values, is what is compared.
 * @param x    values of the compared set
 * @param base values of the baseline, same repetitions
 * @param n    repetitions (at most 1024)
 * @param conf index from pvstat_conf_index()
 * @param r    the result (interval = median when fewer than 2 ratios)
 * @return 0, or -1 when no repetition has base > 0 and x > 0 (others
 *         are left out)
 */
int pvstat_ratio_of(const double *x, const double *base, size_t n,
		    unsigned int conf, struct pvstat_ratio *r);

/**
 * @brief Where a ratio's interval lies against a threshold.
 * @param r   the ratio
 * @param thr threshold (1: "better or worse"; 0.95: "not below 0.95")
 * @return +1 the interval is above @p thr, -1 below, 0 it spans it (no
 *         difference proven)
 */
int pvstat_ratio_vs(const struct pvstat_ratio *r, double thr);

#endif /* PVSCHED_HOST_STATS_MINISTAT_H */
