// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * FreeBSD ministat's comparison, for `pvsched sim compare` and the
 * benchmarks (bench/lock, bench/preempt): per data set
 * N Min Max Median Avg Stddev; each set against the first with the pooled
 * variance and a two-sided Student's t at 80 .. 99.5 % confidence.
 *
 * The t table holds the standard two-sided critical values
 * t(1 - (1 - c) / 2, df) to three decimals, computed for this file (the
 * incomplete beta function inverted to 30 digits) and checked against
 * published tables in tests/test_sim_report.c and tests/test_stats.c. Its first five columns are
 * the values of ministat's table; its last is the two-sided 99.5 % value
 * (127.321 at df 1), where ministat's column holds the 99.8 % one
 * (318.313).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ministat.h"

static const double conf_pct[PVSTAT_NCONF] = { 80, 90, 95, 98, 99, 99.5 };

/* row 0: the normal distribution (df above PVSTAT_NSTUDENT) */
static const double student[PVSTAT_NSTUDENT + 1][PVSTAT_NCONF] = {
	/* inf */ {   1.282,   1.645,   1.960,   2.326,   2.576,   2.807 },
	/*   1 */ {   3.078,   6.314,  12.706,  31.821,  63.657, 127.321 },
	/*   2 */ {   1.886,   2.920,   4.303,   6.965,   9.925,  14.089 },
	/*   3 */ {   1.638,   2.353,   3.182,   4.541,   5.841,   7.453 },
	/*   4 */ {   1.533,   2.132,   2.776,   3.747,   4.604,   5.598 },
	/*   5 */ {   1.476,   2.015,   2.571,   3.365,   4.032,   4.773 },
	/*   6 */ {   1.440,   1.943,   2.447,   3.143,   3.707,   4.317 },
	/*   7 */ {   1.415,   1.895,   2.365,   2.998,   3.499,   4.029 },
	/*   8 */ {   1.397,   1.860,   2.306,   2.896,   3.355,   3.833 },
	/*   9 */ {   1.383,   1.833,   2.262,   2.821,   3.250,   3.690 },
	/*  10 */ {   1.372,   1.812,   2.228,   2.764,   3.169,   3.581 },
	/*  11 */ {   1.363,   1.796,   2.201,   2.718,   3.106,   3.497 },
	/*  12 */ {   1.356,   1.782,   2.179,   2.681,   3.055,   3.428 },
	/*  13 */ {   1.350,   1.771,   2.160,   2.650,   3.012,   3.372 },
	/*  14 */ {   1.345,   1.761,   2.145,   2.624,   2.977,   3.326 },
	/*  15 */ {   1.341,   1.753,   2.131,   2.602,   2.947,   3.286 },
	/*  16 */ {   1.337,   1.746,   2.120,   2.583,   2.921,   3.252 },
	/*  17 */ {   1.333,   1.740,   2.110,   2.567,   2.898,   3.222 },
	/*  18 */ {   1.330,   1.734,   2.101,   2.552,   2.878,   3.197 },
	/*  19 */ {   1.328,   1.729,   2.093,   2.539,   2.861,   3.174 },
	/*  20 */ {   1.325,   1.725,   2.086,   2.528,   2.845,   3.153 },
	/*  21 */ {   1.323,   1.721,   2.080,   2.518,   2.831,   3.135 },
	/*  22 */ {   1.321,   1.717,   2.074,   2.508,   2.819,   3.119 },
	/*  23 */ {   1.319,   1.714,   2.069,   2.500,   2.807,   3.104 },
	/*  24 */ {   1.318,   1.711,   2.064,   2.492,   2.797,   3.091 },
	/*  25 */ {   1.316,   1.708,   2.060,   2.485,   2.787,   3.078 },
	/*  26 */ {   1.315,   1.706,   2.056,   2.479,   2.779,   3.067 },
	/*  27 */ {   1.314,   1.703,   2.052,   2.473,   2.771,   3.057 },
	/*  28 */ {   1.313,   1.701,   2.048,   2.467,   2.763,   3.047 },
	/*  29 */ {   1.311,   1.699,   2.045,   2.462,   2.756,   3.038 },
	/*  30 */ {   1.310,   1.697,   2.042,   2.457,   2.750,   3.030 },
	/*  31 */ {   1.309,   1.696,   2.040,   2.453,   2.744,   3.022 },
	/*  32 */ {   1.309,   1.694,   2.037,   2.449,   2.738,   3.015 },
	/*  33 */ {   1.308,   1.692,   2.035,   2.445,   2.733,   3.008 },
	/*  34 */ {   1.307,   1.691,   2.032,   2.441,   2.728,   3.002 },
	/*  35 */ {   1.306,   1.690,   2.030,   2.438,   2.724,   2.996 },
	/*  36 */ {   1.306,   1.688,   2.028,   2.434,   2.719,   2.990 },
	/*  37 */ {   1.305,   1.687,   2.026,   2.431,   2.715,   2.985 },
	/*  38 */ {   1.304,   1.686,   2.024,   2.429,   2.712,   2.980 },
	/*  39 */ {   1.304,   1.685,   2.023,   2.426,   2.708,   2.976 },
	/*  40 */ {   1.303,   1.684,   2.021,   2.423,   2.704,   2.971 },
	/*  41 */ {   1.303,   1.683,   2.020,   2.421,   2.701,   2.967 },
	/*  42 */ {   1.302,   1.682,   2.018,   2.418,   2.698,   2.963 },
	/*  43 */ {   1.302,   1.681,   2.017,   2.416,   2.695,   2.959 },
	/*  44 */ {   1.301,   1.680,   2.015,   2.414,   2.692,   2.956 },
	/*  45 */ {   1.301,   1.679,   2.014,   2.412,   2.690,   2.952 },
	/*  46 */ {   1.300,   1.679,   2.013,   2.410,   2.687,   2.949 },
	/*  47 */ {   1.300,   1.678,   2.012,   2.408,   2.685,   2.946 },
	/*  48 */ {   1.299,   1.677,   2.011,   2.407,   2.682,   2.943 },
	/*  49 */ {   1.299,   1.677,   2.010,   2.405,   2.680,   2.940 },
	/*  50 */ {   1.299,   1.676,   2.009,   2.403,   2.678,   2.937 },
	/*  51 */ {   1.298,   1.675,   2.008,   2.402,   2.676,   2.934 },
	/*  52 */ {   1.298,   1.675,   2.007,   2.400,   2.674,   2.932 },
	/*  53 */ {   1.298,   1.674,   2.006,   2.399,   2.672,   2.929 },
	/*  54 */ {   1.297,   1.674,   2.005,   2.397,   2.670,   2.927 },
	/*  55 */ {   1.297,   1.673,   2.004,   2.396,   2.668,   2.925 },
	/*  56 */ {   1.297,   1.673,   2.003,   2.395,   2.667,   2.923 },
	/*  57 */ {   1.297,   1.672,   2.002,   2.394,   2.665,   2.920 },
	/*  58 */ {   1.296,   1.672,   2.002,   2.392,   2.663,   2.918 },
	/*  59 */ {   1.296,   1.671,   2.001,   2.391,   2.662,   2.916 },
	/*  60 */ {   1.296,   1.671,   2.000,   2.390,   2.660,   2.915 },
	/*  61 */ {   1.296,   1.670,   2.000,   2.389,   2.659,   2.913 },
	/*  62 */ {   1.295,   1.670,   1.999,   2.388,   2.657,   2.911 },
	/*  63 */ {   1.295,   1.669,   1.998,   2.387,   2.656,   2.909 },
	/*  64 */ {   1.295,   1.669,   1.998,   2.386,   2.655,   2.908 },
	/*  65 */ {   1.295,   1.669,   1.997,   2.385,   2.654,   2.906 },
	/*  66 */ {   1.295,   1.668,   1.997,   2.384,   2.652,   2.904 },
	/*  67 */ {   1.294,   1.668,   1.996,   2.383,   2.651,   2.903 },
	/*  68 */ {   1.294,   1.668,   1.995,   2.382,   2.650,   2.902 },
	/*  69 */ {   1.294,   1.667,   1.995,   2.382,   2.649,   2.900 },
	/*  70 */ {   1.294,   1.667,   1.994,   2.381,   2.648,   2.899 },
	/*  71 */ {   1.294,   1.667,   1.994,   2.380,   2.647,   2.897 },
	/*  72 */ {   1.293,   1.666,   1.993,   2.379,   2.646,   2.896 },
	/*  73 */ {   1.293,   1.666,   1.993,   2.379,   2.645,   2.895 },
	/*  74 */ {   1.293,   1.666,   1.993,   2.378,   2.644,   2.894 },
	/*  75 */ {   1.293,   1.665,   1.992,   2.377,   2.643,   2.892 },
	/*  76 */ {   1.293,   1.665,   1.992,   2.376,   2.642,   2.891 },
	/*  77 */ {   1.293,   1.665,   1.991,   2.376,   2.641,   2.890 },
	/*  78 */ {   1.292,   1.665,   1.991,   2.375,   2.640,   2.889 },
	/*  79 */ {   1.292,   1.664,   1.990,   2.374,   2.640,   2.888 },
	/*  80 */ {   1.292,   1.664,   1.990,   2.374,   2.639,   2.887 },
	/*  81 */ {   1.292,   1.664,   1.990,   2.373,   2.638,   2.886 },
	/*  82 */ {   1.292,   1.664,   1.989,   2.373,   2.637,   2.885 },
	/*  83 */ {   1.292,   1.663,   1.989,   2.372,   2.636,   2.884 },
	/*  84 */ {   1.292,   1.663,   1.989,   2.372,   2.636,   2.883 },
	/*  85 */ {   1.292,   1.663,   1.988,   2.371,   2.635,   2.882 },
	/*  86 */ {   1.291,   1.663,   1.988,   2.370,   2.634,   2.881 },
	/*  87 */ {   1.291,   1.663,   1.988,   2.370,   2.634,   2.880 },
	/*  88 */ {   1.291,   1.662,   1.987,   2.369,   2.633,   2.880 },
	/*  89 */ {   1.291,   1.662,   1.987,   2.369,   2.632,   2.879 },
	/*  90 */ {   1.291,   1.662,   1.987,   2.368,   2.632,   2.878 },
	/*  91 */ {   1.291,   1.662,   1.986,   2.368,   2.631,   2.877 },
	/*  92 */ {   1.291,   1.662,   1.986,   2.368,   2.630,   2.876 },
	/*  93 */ {   1.291,   1.661,   1.986,   2.367,   2.630,   2.876 },
	/*  94 */ {   1.291,   1.661,   1.986,   2.367,   2.629,   2.875 },
	/*  95 */ {   1.291,   1.661,   1.985,   2.366,   2.629,   2.874 },
	/*  96 */ {   1.290,   1.661,   1.985,   2.366,   2.628,   2.873 },
	/*  97 */ {   1.290,   1.661,   1.985,   2.365,   2.627,   2.873 },
	/*  98 */ {   1.290,   1.661,   1.984,   2.365,   2.627,   2.872 },
	/*  99 */ {   1.290,   1.660,   1.984,   2.365,   2.626,   2.871 },
	/* 100 */ {   1.290,   1.660,   1.984,   2.364,   2.626,   2.871 },
};

int pvstat_conf_index(const char *text)
{
	char *end;
	double v;
	int i;

	if (!text || !*text)
		return -1;
	v = strtod(text, &end);
	if (*end == '%')
		end++;
	if (*end)
		return -1;
	for (i = 0; i < PVSTAT_NCONF; i++)
		if (v == conf_pct[i])
			return i;
	return -1;
}

double pvstat_conf_pct(unsigned int conf)
{
	return conf_pct[conf < PVSTAT_NCONF ? conf : 2];
}

double pvstat_student_t(unsigned int df, unsigned int conf)
{
	if (conf >= PVSTAT_NCONF)
		conf = 2;
	if (df > PVSTAT_NSTUDENT)
		df = 0;
	else if (!df)
		df = 1;
	return student[df][conf];
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

int pvstat_stats_of(double *v, size_t n, struct pvstat_stats *st)
{
	double sum = 0, ss = 0;
	size_t i;

	memset(st, 0, sizeof(*st));
	if (!n)
		return -1;
	qsort(v, n, sizeof(*v), cmp_double);
	for (i = 0; i < n; i++)
		sum += v[i];
	st->n = n;
	st->min = v[0];
	st->max = v[n - 1];
	st->median = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
	st->mean = sum / (double)n;
	for (i = 0; i < n; i++)
		ss += (v[i] - st->mean) * (v[i] - st->mean);
	st->var = n > 1 ? ss / (double)(n - 1) : 0;
	st->stddev = sqrt(st->var);
	return 0;
}

int pvstat_ttest(const struct pvstat_stats *base,
		  const struct pvstat_stats *x, unsigned int conf,
		  struct pvstat_ttest *r)
{
	double n1 = (double)x->n, n2 = (double)base->n, ratio;

	memset(r, 0, sizeof(*r));
	if (x->n < 3 || base->n < 3)
		return -1;
	r->t = pvstat_student_t((unsigned int)(x->n + base->n - 2), conf);
	r->pooled_s = sqrt(((n1 - 1) * x->var + (n2 - 1) * base->var) /
			   (n1 + n2 - 2));
	r->diff = x->mean - base->mean;
	r->err = r->t * r->pooled_s * sqrt(1 / n1 + 1 / n2);
	r->proven = fabs(r->diff) > r->err;
	/*
	 * The ratio x / base by the delta method, as ministat: the baseline's
	 * variance weighs (mean / base mean)^2 in the pooled sum.
	 */
	ratio = base->mean != 0 ? x->mean / base->mean : 0;
	r->pct = base->mean != 0 ? r->diff * 100 / base->mean : 0;
	r->pct_err = base->mean != 0 ?
		r->t * sqrt(((n1 - 1) * x->var +
			     (n2 - 1) * base->var * ratio * ratio) /
			    (n1 + n2 - 2) * (1 / n1 + 1 / n2)) *
		100 / fabs(base->mean) : 0;
	return 0;
}

void pvstat_ministat_head(FILE *f)
{
	fprintf(f, "    N           Min           Max        Median"
		"           Avg        Stddev\n");
}

void pvstat_ministat_row(FILE *f, char sym, const struct pvstat_stats *st)
{
	fprintf(f, "%c %3zu %13.8g %13.8g %13.8g %13.8g %13.8g\n", sym, st->n,
		st->min, st->max, st->median, st->mean, st->stddev);
}

void pvstat_ministat_verdict(FILE *f, unsigned int conf,
			      const struct pvstat_ttest *r)
{
	if (!r->proven) {
		fprintf(f, "No difference proven at %.1f%% confidence\n",
			pvstat_conf_pct(conf));
		return;
	}
	fprintf(f, "Difference at %.1f%% confidence\n", pvstat_conf_pct(conf));
	fprintf(f, "\t%g +/- %g\n", r->diff, r->err);
	fprintf(f, "\t%g%% +/- %g%%\n", r->pct, r->pct_err);
	fprintf(f, "\t(Student's t, pooled s = %g)\n", r->pooled_s);
}

int pvstat_mean_ci(const struct pvstat_stats *st, unsigned int conf,
		   double *lo, double *hi)
{
	double half;

	if (st->n < 2)
		return -1;
	half = pvstat_student_t((unsigned int)(st->n - 1), conf) *
	       st->stddev / sqrt((double)st->n);
	*lo = st->mean - half;
	*hi = st->mean + half;
	return 0;
}

/*
 * The interval is taken on log(ratio) and mapped back (the geometric
 * mean's interval): a ratio lives on a multiplicative scale, 0.5 and 2
 * are the same distance from 1, and the interval never goes below 0.
 */
int pvstat_ratio_of(const double *x, const double *base, size_t n,
		    unsigned int conf, struct pvstat_ratio *r)
{
	double v[1024], lv[1024], lo, hi;
	struct pvstat_stats st, lst;
	size_t i, k = 0;

	memset(r, 0, sizeof(*r));
	for (i = 0; i < n && k < sizeof(v) / sizeof(v[0]); i++)
		if (base[i] > 0 && x[i] > 0) {
			v[k] = x[i] / base[i];
			lv[k] = log(v[k]);
			k++;
		}
	if (pvstat_stats_of(v, k, &st) < 0)
		return -1;
	pvstat_stats_of(lv, k, &lst);
	r->n = k;
	r->median = st.median;
	if (pvstat_mean_ci(&lst, conf, &lo, &hi) < 0) {
		r->lo = r->hi = st.median;
		return 0;
	}
	r->lo = exp(lo);
	r->hi = exp(hi);
	return 0;
}

int pvstat_ratio_vs(const struct pvstat_ratio *r, double thr)
{
	if (r->lo > thr)
		return 1;
	if (r->hi < thr)
		return -1;
	return 0;
}
