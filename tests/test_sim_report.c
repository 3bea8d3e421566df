// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The simulator's reports: the Student's t table against published
 * values, ministat's comparison against numbers worked out by hand
 * (ministat's own iguana/chameleon example, a clear difference, and
 * df > 100), `compare` and `--plot` through the command line on test-only
 * scenarios that record known values, and schbench's output format.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pvs_test.h"
#include "report/cli.h"
#include "report/holdout.h"
#include "report/json.h"
#include "test_sim_util.h"
#include "report/report.h"

/* ---- test-only scenarios ------------------------------------------------ */

static const double iguana[] = { 50, 200, 150, 400, 750, 400, 150 };
static const double chameleon[] = { 150, 400, 720, 500, 930 };

static void fake_show(const struct pvsim_opts *o, FILE *f)
{
	(void)o;
	fprintf(f, "fake: known values\n");
}

static void rec_all(const struct pvsim_opts *o, const char *cs,
		    const char *pol, const char *metric, const double *v,
		    size_t n)
{
	size_t i;

	if (o->iterations && n > o->iterations)
		n = o->iterations;
	for (i = 0; i < n; i++)
		pvsim_record(o, cs, pol, metric, (uint32_t)i, v[i]);
}

/*
 * Case "small": ministat's example, iguana (baseline) vs chameleon.
 * Case "clear & plain": 10..14 vs 20..24. Case "large": 60 values each,
 * 100 + (i % 10) vs 101 + (i % 10) (df = 118). --iterations K keeps the
 * first K values of each set.
 */
static int fake_run(const struct pvsim_opts *o, FILE *f,
		    struct pvsim_totals *tot)
{
	/* case "clear & plain": value i of each set is first + i */
	static const struct {
		const char *policy, *metric;
		double first;
	} plain[] = {
		{ "base", "ops_per_s", 10 }, { "new", "ops_per_s", 20 },
		{ "base", "p50_us", 10 }, { "new", "p50_us", 8 },
		{ "base", "p99.9_us", 900 }, { "new", "p99.9_us", 300 },
		{ "base", "p99_us", 100 }, { "new", "p99_us", 50 },
	};
	double a[60], b[60];
	unsigned int i;
	size_t j;

	fprintf(f, "fake run\n");
	for (i = 0; i < 60; i++) {
		a[i] = 100 + i % 10;
		b[i] = 101 + i % 10;
	}
	rec_all(o, "small", "base", "ops_per_s", iguana, 7);
	rec_all(o, "small", "new", "ops_per_s", chameleon, 5);
	for (i = 0; i < 5; i++)
		for (j = 0; j < sizeof(plain) / sizeof(plain[0]); j++)
			pvsim_record(o, "clear & plain", plain[j].policy,
				     plain[j].metric, i, plain[j].first + i);
	rec_all(o, "large", "base", "ops_per_s", a, 60);
	rec_all(o, "large", "new", "ops_per_s", b, 60);
	if (tot)
		tot->runs++;
	return 0;
}

static const struct pvsim_scenario fake_bars = {
	"fakebars", "known values (bars)", fake_show, fake_run,
	PVSIM_PLOT_BARS, "ops_per_s",
	"none", "none", NULL, NULL, 0, NULL, NULL, 0,
};

static const struct pvsim_scenario fake_pct = {
	"fakepct", "known values (percentile curves)", fake_show, fake_run,
	PVSIM_PLOT_PCT_CURVES, NULL,
	"none", "none", NULL, NULL, 0, NULL, NULL, 0,
};

static const struct pvsim_scenario fake_none = {
	"fakenone", "known values (no picture)", fake_show, fake_run,
	PVSIM_PLOT_NONE, NULL,
	"none", "none", NULL, NULL, 0, NULL, NULL, 0,
};

static const struct pvsim_scenario fake_badbars = {
	"fakebad", "bars of a metric never recorded", fake_show, fake_run,
	PVSIM_PLOT_BARS, "ops_per_s,nothing_per_s",
	"none", "none", NULL, NULL, 0, NULL, NULL, 0,
};

/*
 * Run the command line on a scenario: the arguments after argv[0], up to
 * a NULL; out and err as strings.
 */
static int cmd(const struct pvsim_scenario *sc, char **out, char **err,
	       ...)
{
	FILE *o = tmpfile(), *e = tmpfile();
	char *argv[32] = { "pvsched-sim" };
	int argc = 1, ret;
	va_list ap;

	va_start(ap, err);
	while (argc < 31 && (argv[argc] = va_arg(ap, char *)))
		argc++;
	va_end(ap);
	assert_non_null(o);
	assert_non_null(e);
	ret = pvsim_cmd(sc, argc, argv, o, e);
	*out = sim_test_slurp(o, NULL);
	*err = sim_test_slurp(e, NULL);
	fclose(o);
	fclose(e);
	return ret;
}

#define CMD(sc, out, err, ...) cmd(sc, out, err, __VA_ARGS__, (char *)NULL)

static int conf(const char *s)
{
	int c = pvsim_conf_index(s);

	assert_true(c >= 0);
	return c;
}

/* ---- Student's t table -------------------------------------------------- */

static void assert_close(double a, double b, double eps)
{
	if (fabs(a - b) > eps)
		fail_msg("%.9g != %.9g (eps %g)", a, b, eps);
}

static void test_student_table(void **state)
{
	(void)state;
	/* published two-sided critical values */
	assert_close(pvsim_student_t(1, conf("80")), 3.078, 1e-9);
	assert_close(pvsim_student_t(1, conf("90")), 6.314, 1e-9);
	assert_close(pvsim_student_t(1, conf("95")), 12.706, 1e-9);
	assert_close(pvsim_student_t(1, conf("98")), 31.821, 1e-9);
	assert_close(pvsim_student_t(1, conf("99")), 63.657, 1e-9);
	assert_close(pvsim_student_t(1, conf("99.5")), 127.321, 1e-9);
	assert_close(pvsim_student_t(2, conf("95")), 4.303, 1e-9);
	assert_close(pvsim_student_t(5, conf("99")), 4.032, 1e-9);
	assert_close(pvsim_student_t(8, conf("95")), 2.306, 1e-9);
	assert_close(pvsim_student_t(10, conf("80")), 1.372, 1e-9);
	assert_close(pvsim_student_t(10, conf("95")), 2.228, 1e-9);
	assert_close(pvsim_student_t(10, conf("99.5")), 3.581, 1e-9);
	assert_close(pvsim_student_t(20, conf("90")), 1.725, 1e-9);
	assert_close(pvsim_student_t(30, conf("98")), 2.457, 1e-9);
	assert_close(pvsim_student_t(30, conf("99")), 2.750, 1e-9);
	assert_close(pvsim_student_t(30, conf("99.5")), 3.030, 1e-9);
	assert_close(pvsim_student_t(60, conf("95")), 2.000, 1e-9);
	assert_close(pvsim_student_t(100, conf("95")), 1.984, 1e-9);
	assert_close(pvsim_student_t(100, conf("99")), 2.626, 1e-9);
	/* above 100 degrees: the normal distribution */
	assert_close(pvsim_student_t(101, conf("80")), 1.282, 1e-9);
	assert_close(pvsim_student_t(118, conf("95")), 1.960, 1e-9);
	assert_close(pvsim_student_t(100000, conf("99")), 2.576, 1e-9);
	assert_close(pvsim_student_t(500, conf("99.5")), 2.807, 1e-9);
	/* every column falls with df and stays above the normal value */
	for (unsigned int c = 0; c < PVSIM_NCONF; c++) {
		for (unsigned int df = 2; df <= 100; df++) {
			assert_true(pvsim_student_t(df, c) <=
				    pvsim_student_t(df - 1, c));
			assert_true(pvsim_student_t(df, c) >
				    pvsim_student_t(101, c));
		}
		if (c)
			assert_true(pvsim_student_t(7, c) >
				    pvsim_student_t(7, c - 1));
	}
	/* the levels and their spelling */
	assert_int_equal(pvsim_conf_index("95"), 2);
	assert_int_equal(pvsim_conf_index("99.5%"), 5);
	assert_int_equal(pvsim_conf_index("97"), -1);
	assert_int_equal(pvsim_conf_index("95x"), -1);
	assert_int_equal(pvsim_conf_index(""), -1);
	assert_int_equal(pvsim_conf_index(NULL), -1);
	assert_close(pvsim_conf_pct(5), 99.5, 0);
}

/* ---- ministat ----------------------------------------------------------- */

static void stats_of(const double *v, size_t n, struct pvsim_stats *st)
{
	double c[64];

	memcpy(c, v, n * sizeof(*v));
	assert_int_equal(pvsim_stats_of(c, n, st), 0);
}

static void test_stats(void **state)
{
	struct pvsim_stats st;
	double one = 4;

	(void)state;
	/* iguana: sum 2100, squared deviations 340000 */
	stats_of(iguana, 7, &st);
	assert_int_equal(st.n, 7);
	assert_close(st.min, 50, 0);
	assert_close(st.max, 750, 0);
	assert_close(st.median, 200, 0);
	assert_close(st.mean, 300, 1e-12);
	assert_close(st.var, 340000.0 / 6, 1e-9);
	assert_close(st.stddev, 238.04761, 1e-5);	/* ministat prints */
	/* chameleon: sum 2700, squared deviations 357800 */
	stats_of(chameleon, 5, &st);
	assert_close(st.median, 500, 0);
	assert_close(st.mean, 540, 1e-12);
	assert_close(st.var, 89450, 1e-9);
	assert_close(st.stddev, 299.08193, 1e-5);
	/* even n: mean of the middle two */
	stats_of((const double[]){ 4, 1, 3, 2 }, 4, &st);
	assert_close(st.median, 2.5, 0);
	stats_of(&one, 1, &st);
	assert_close(st.var, 0, 0);
	assert_int_equal(pvsim_stats_of(&one, 0, &st), -1);
}

static void test_ttest_by_hand(void **state)
{
	struct pvsim_stats x, y;
	struct pvsim_ttest r;
	double s, ratio;

	(void)state;
	/*
	 * iguana vs chameleon, df 10: pooled variance (340000 + 357800) / 10
	 * = 69780, s = sqrt(69780) sqrt(1/5 + 1/7); diff 240.
	 */
	stats_of(iguana, 7, &x);
	stats_of(chameleon, 5, &y);
	s = sqrt(69780.0) * sqrt(1.0 / 5 + 1.0 / 7);
	assert_int_equal(pvsim_ttest(&x, &y, conf("95"), &r), 0);
	assert_close(r.t, 2.228, 0);
	assert_close(r.pooled_s, sqrt(69780.0), 1e-9);
	assert_close(r.diff, 240, 1e-9);
	assert_close(r.err, 2.228 * s, 1e-9);	/* 344.6: not proven */
	assert_false(r.proven);
	assert_int_equal(pvsim_ttest(&x, &y, conf("80"), &r), 0);
	assert_close(r.err, 1.372 * s, 1e-9);	/* 212.2 < 240: proven */
	assert_true(r.proven);
	assert_close(r.pct, 80, 1e-9);
	/* ratio error: (4 x 89450 + 6 x 340000/6 x 1.8^2) / 10 x (12/35) */
	ratio = 540.0 / 300;
	assert_close(r.pct_err, 1.372 * sqrt((4 * 89450.0 + 340000.0 *
			ratio * ratio) / 10 * (12.0 / 35)) * 100 / 300, 1e-9);
	assert_close(r.pct_err, 102.3002343, 1e-6);

	/* 10..14 vs 20..24: variances 2.5, s = sqrt(2.5 x 0.4) = 1 */
	stats_of((const double[]){ 10, 11, 12, 13, 14 }, 5, &x);
	stats_of((const double[]){ 20, 21, 22, 23, 24 }, 5, &y);
	assert_int_equal(pvsim_ttest(&x, &y, conf("95"), &r), 0);
	assert_close(r.err, 2.306, 1e-12);
	assert_close(r.diff, 10, 1e-12);
	assert_true(r.proven);
	assert_close(r.pct, 1000.0 / 12, 1e-9);
	/* too few values */
	stats_of((const double[]){ 1, 2 }, 2, &x);
	assert_int_equal(pvsim_ttest(&x, &y, conf("95"), &r), -1);
	assert_int_equal(pvsim_ttest(&y, &x, conf("95"), &r), -1);
}

static void test_ttest_df_above_100(void **state)
{
	double a[60], b[60];
	struct pvsim_stats x, y;
	struct pvsim_ttest r;
	double s;
	unsigned int i;

	(void)state;
	for (i = 0; i < 60; i++) {
		a[i] = 100 + i % 10;
		b[i] = 101 + i % 10;
	}
	/*
	 * Six runs of 0..9: squared deviations 6 x 82.5 = 495, variance
	 * 495 / 59 in both; s = sqrt(495 / 59) sqrt(2 / 60); df 118 takes
	 * the normal value: 1.960 x 0.5288 = 1.0365 > 1 (not proven), 1.282
	 * x 0.5288 = 0.678 < 1 (proven at 80 %).
	 */
	stats_of(a, 60, &x);
	stats_of(b, 60, &y);
	assert_close(x.var, 495.0 / 59, 1e-9);
	s = sqrt(495.0 / 59) * sqrt(2.0 / 60);
	assert_int_equal(pvsim_ttest(&x, &y, conf("95"), &r), 0);
	assert_close(r.t, 1.960, 0);
	assert_close(r.err, 1.960 * s, 1e-9);
	assert_false(r.proven);
	assert_int_equal(pvsim_ttest(&x, &y, conf("80"), &r), 0);
	assert_close(r.t, 1.282, 0);
	assert_true(r.proven);
	assert_close(r.pct, 100 / 104.5, 1e-9);
}

static void test_ministat_text(void **state)
{
	FILE *f = tmpfile();
	struct pvsim_stats x, y;
	struct pvsim_ttest r;
	char *s;

	(void)state;
	assert_non_null(f);
	stats_of(iguana, 7, &x);
	stats_of(chameleon, 5, &y);
	pvsim_ministat_head(f);
	pvsim_ministat_row(f, 'x', &x);
	pvsim_ministat_row(f, '+', &y);
	assert_int_equal(pvsim_ttest(&x, &y, conf("95"), &r), 0);
	pvsim_ministat_verdict(f, conf("95"), &r);
	assert_int_equal(pvsim_ttest(&x, &y, conf("80"), &r), 0);
	pvsim_ministat_verdict(f, conf("80"), &r);
	s = sim_test_slurp(f, NULL);
	/* ministat's manual page prints the first four lines */
	assert_string_equal(s,
"    N           Min           Max        Median           Avg        Stddev\n"
"x   7            50           750           200           300     238.04761\n"
"+   5           150           930           500           540     299.08193\n"
"No difference proven at 95.0% confidence\n"
"Difference at 80.0% confidence\n"
"\t240 +/- 212.215\n"
"\t80% +/- 102.3%\n"
"\t(Student's t, pooled s = 264.159)\n");
	free(s);
	fclose(f);
}

static void test_metric_better(void **state)
{
	(void)state;
	assert_int_equal(pvsim_metric_better("p99.9_us"), -1);
	assert_int_equal(pvsim_metric_better("steal_ms"), -1);
	assert_int_equal(pvsim_metric_better("physc"), -1);
	assert_int_equal(pvsim_metric_better("records_per_s"), 1);
	assert_int_equal(pvsim_metric_better("jobs_per_min"), 1);
	assert_int_equal(pvsim_metric_better("dhry_score"), 1);
	assert_int_equal(pvsim_metric_better("exits_per_s"), 0);
	assert_int_equal(pvsim_metric_better("vcsw"), 0);
}

/* ---- compare through the command line ----------------------------------- */

static void test_compare_cli(void **state)
{
	/* an option compare refuses, and what its message names */
	static const struct {
		const char *opt, *arg, *says[3];
	} bad[] = {
		{ "--base", "old", { "unknown policy 'old'",
				     "recorded policies: base, new" } },
		{ "--metric", "nope",
		  { "unknown metric 'nope'",
		    "ops_per_s, p50_us, p99.9_us, p99_us" } },
		{ "--case", "4", { "unknown case '4'", "1: \"small\"",
				   "3: \"large\"" } },
		{ "--confidence", "97", { "bad --confidence '97' "
					  "(80|90|95|98|99|99.5)" } },
	};
	char *out, *err;
	size_t i, j;

	(void)state;
	/* everything, 95 %: small not proven, clear proven, large not */
	assert_int_equal(CMD(&fake_bars, &out, &err, "compare", "fakebars"),
			 0);
	assert_string_equal(err, "");
	assert_non_null(strstr(out,
"fakebars: small, ops_per_s (higher is better)\n"
"x base (baseline)\n"
"+ new\n"
"    N           Min           Max        Median           Avg        Stddev\n"
"x   7            50           750           200           300     238.04761\n"
"+   5           150           930           500           540     299.08193\n"
"No difference proven at 95.0% confidence\n"));
	assert_non_null(strstr(out,
"fakebars: clear & plain, ops_per_s (higher is better)\n"));
	assert_non_null(strstr(out,
"fakebars: clear & plain, p99_us (lower is better)\n"
"x base (baseline)\n"
"+ new\n"
"    N           Min           Max        Median           Avg        Stddev\n"
"x   5           100           104           102           102     1.5811388\n"
"+   5            50            54            52            52     1.5811388\n"
"Difference at 95.0% confidence\n"
"\t-50 +/- 2.306\n"));
	free(out);
	free(err);

	/* one case by number, one metric, 80 %: now the large case differs */
	assert_int_equal(CMD(&fake_bars, &out, &err, "compare", "fakebars",
			     "--case", "3", "--metric", "ops_per_s",
			     "--confidence", "80"), 0);
	assert_non_null(strstr(out, "fakebars: large, ops_per_s"));
	assert_non_null(strstr(out, "Difference at 80.0% confidence\n"));
	assert_null(strstr(out, "small"));
	assert_null(strstr(out, "p99_us"));
	free(out);
	free(err);

	/* by name */
	assert_int_equal(CMD(&fake_bars, &out, &err, "compare", "fakebars",
			     "--case", "clear & plain", "--metric", "p50_us"),
			 0);
	assert_non_null(strstr(out, "clear & plain, p50_us"));
	assert_null(strstr(out, "ops_per_s"));
	free(out);
	free(err);

	/* --base: "new" becomes the baseline, the difference flips sign */
	assert_int_equal(CMD(&fake_bars, &out, &err, "compare", "fakebars",
			     "--case", "clear & plain", "--metric", "p99_us",
			     "--base", "new"), 0);
	assert_non_null(strstr(out,
"x new (baseline)\n"
"+ base\n"
"    N           Min           Max        Median           Avg        Stddev\n"
"x   5            50            54            52            52     1.5811388\n"
"+   5           100           104           102           102     1.5811388\n"
"Difference at 95.0% confidence\n"
"\t50 +/- 2.306\n"));
	free(out);
	free(err);
	/* what compare refuses, and the message says what exists */
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(CMD(&fake_bars, &out, &err, "compare",
				     "fakebars", bad[i].opt, bad[i].arg), 2);
		for (j = 0; j < 3 && bad[i].says[j]; j++)
			assert_non_null(strstr(err, bad[i].says[j]));
		free(out);
		free(err);
	}
	/* compare options given to run */
	assert_int_equal(CMD(&fake_bars, &out, &err, "run", "fakebars",
			     "--metric", "p50_us"), 2);
	free(out);
	free(err);

	/* fewer than 3 values: said, and the exit status says so */
	assert_int_equal(CMD(&fake_bars, &out, &err, "compare", "fakebars",
			     "--iterations", "2", "--case", "small"), 1);
	assert_non_null(strstr(out, "Cannot compare: ministat needs at least "
				    "3 values per set (x has 2, + has 2)"));
	assert_non_null(strstr(err, "--iterations 3 or more"));
	free(out);
	free(err);
}

static void test_compare_json(void **state)
{
	char *out, *err;

	(void)state;
	assert_int_equal(CMD(&fake_bars, &out, &err, "compare", "fakebars",
			     "--json", "--case", "clear & plain", "--metric",
			     "ops_per_s"), 0);
	assert_string_equal(out,
"{\"scenario\":\"fakebars\",\"confidence\":95.0,\"baseline\":\"base\","
"\"comparisons\":[{\"case\":\"clear & plain\",\"metric\":\"ops_per_s\","
"\"better\":\"higher\",\"sets\":["
"{\"policy\":\"base\",\"n\":5,\"min\":10,\"max\":14,\"median\":12,"
"\"avg\":12,\"stddev\":1.58113883},"
"{\"policy\":\"new\",\"n\":5,\"min\":20,\"max\":24,\"median\":22,"
"\"avg\":22,\"stddev\":1.58113883}],"
"\"vs_first\":[{\"policy\":\"new\",\"difference_proven\":true,"
"\"diff\":10,\"diff_err\":2.306,\"diff_pct\":83.33333333,"
"\"diff_pct_err\":28.37668341,\"pooled_s\":1.58113883,\"t\":2.306}]}]}\n");
	free(out);
	free(err);
	/* the scenario's own text is not in compare's output */
	assert_int_equal(CMD(&fake_bars, &out, &err, "compare", "fakebars"),
			 0);
	assert_null(strstr(out, "fake run"));
	free(out);
	free(err);
}

/* ---- pictures ----------------------------------------------------------- */

static char *plot(const struct pvsim_scenario *sc, const char *verb,
		  int want)
{
	char path[] = "/tmp/test_sim_report_XXXXXX";
	char name[64], *out, *err, *svg = NULL;
	int fd = mkstemp(path);
	FILE *f;

	assert_true(fd >= 0);
	close(fd);
	snprintf(name, sizeof(name), "%s", sc->name);
	assert_int_equal(CMD(sc, &out, &err, (char *)verb, name, "--plot",
			     path), want);
	f = fopen(path, "r");
	if (want == 0) {
		assert_non_null(f);
		svg = sim_test_slurp(f, NULL);
		fclose(f);
	} else if (want == 1) {
		/* a failed picture leaves no half-written file */
		assert_null(f);
		svg = err;
		err = NULL;
	} else {
		/* refused before the run: the file is not touched */
		assert_non_null(f);
		fclose(f);
		svg = err;
		err = NULL;
	}
	remove(path);
	free(out);
	free(err);
	return svg;
}

static void assert_svg_sane(const char *s)
{
	assert_true(!strncmp(s, "<svg xmlns=\"http://www.w3.org/2000/svg\"",
			     39));
	assert_non_null(strstr(s, "</svg>\n"));
	assert_null(strstr(s, "nan"));
	assert_null(strstr(s, "inf"));
	/* names are escaped */
	assert_null(strstr(s, "clear & plain"));
	assert_non_null(strstr(s, "clear &amp; plain"));
}

/* What the bars' plot shows: title, axis, legend, and the bars' labels
 * (means and changes against the baseline). */
static const char *const bars_say[] = {
	"fakebars: known values (bars)", "ops_per_s (higher is better)",
	">base (baseline)</text>", ">new</text>",
	">300</text>", ">540</text>", ">+80%</text>", ">+83%</text>",
	">+1.0%</text>",	/* 105.5 / 104.5 */
	NULL
};

static void test_plot_bars(void **state)
{
	char *s;

	(void)state;
	s = plot(&fake_bars, "run", 0);
	assert_svg_sane(s);
	sim_test_has_all(s, bars_say);
	free(s);
	/* compare can draw too */
	s = plot(&fake_bars, "compare", 0);
	assert_svg_sane(s);
	free(s);
	s = plot(&fake_badbars, "run", 1);
	assert_non_null(strstr(s, "plot metric 'nothing_per_s' was not "
				  "recorded"));
	free(s);
	s = plot(&fake_none, "run", 2);
	assert_non_null(strstr(s, "scenario fakenone has no plot"));
	free(s);
}

static void test_plot_pct(void **state)
{
	char *s, *a, *b, *c;

	(void)state;
	s = plot(&fake_pct, "run", 0);
	assert_svg_sane(s);
	/* only the case with percentiles is a panel */
	assert_null(strstr(s, ">small<"));
	/* the subtitle says which way is better (it may wrap) */
	assert_true(strstr(s, "Lower is better") != NULL ||
		    (strstr(s, "Lower is") != NULL && strstr(s, "better.")));
	/* x axis: percentiles in numeric order, not recording order */
	a = strstr(s, ">p50</text>");
	b = strstr(s, ">p99</text>");
	c = strstr(s, ">p99.9</text>");
	assert_true(a && b && c && a < b && b < c);
	/* one line per policy: two polylines of three points */
	a = strstr(s, "<polyline");
	assert_non_null(a);
	b = strstr(a + 1, "<polyline");
	assert_non_null(b);
	assert_null(strstr(b + 1, "<polyline"));
	free(s);
}

/* ---- schbench's format -------------------------------------------------- */

static void test_schbench_format(void **state)
{
	struct pvsim_hist *h = malloc(3 * sizeof(*h));
	struct pvsim_schbench_out so;
	uint64_t req = 3000, v;
	FILE *f = tmpfile();
	char *s;

	(void)state;
	assert_non_null(h);
	assert_non_null(f);
	pvsim_hist_clear(&h[0]);
	pvsim_hist_clear(&h[1]);
	pvsim_hist_clear(&h[2]);
	/* 1..100 once each: percentile k is k; rows count since the last */
	for (v = 1; v <= 100; v++)
		pvsim_hist_add(&h[0], v);
	/*
	 * 1000 us lands in a 2 us bucket reported by its midpoint, 1001;
	 * the unprinted 20th percentile's row takes all 10 samples
	 */
	for (v = 0; v < 10; v++)
		pvsim_hist_add(&h[1], 1000);
	memset(&so, 0, sizeof(so));
	so.wakeup = &h[0];
	so.runtime_s = 30;
	pvsim_schbench_print(f, &so);
	so.wakeup = NULL;
	so.request = &h[1];
	so.rps = &h[0];
	so.requests = &req;
	pvsim_schbench_print(f, &so);
	so.request = NULL;
	so.rps = NULL;
	so.requests = NULL;
	so.wakeup = &h[2];	/* empty: zeros, as schbench */
	pvsim_schbench_print(f, &so);
	s = sim_test_slurp(f, NULL);
	assert_string_equal(s,
"Wakeup Latencies percentiles (usec) runtime 30 (s) (100 total samples)\n"
"\t  50.0th: 50         (30 samples)\n"
"\t  90.0th: 90         (40 samples)\n"
"\t* 99.0th: 99         (9 samples)\n"
"\t  99.9th: 100        (1 samples)\n"
"\t  min=1, max=100\n"
"Request Latencies percentiles (usec) runtime 30 (s) (10 total samples)\n"
"\t  50.0th: 1001       (0 samples)\n"
"\t  90.0th: 1001       (0 samples)\n"
"\t* 99.0th: 1001       (0 samples)\n"
"\t  99.9th: 1001       (0 samples)\n"
"\t  min=1000, max=1000\n"
"RPS percentiles (requests) runtime 30 (s) (100 total samples)\n"
"\t  20.0th: 20         (20 samples)\n"
"\t* 50.0th: 50         (30 samples)\n"
"\t  90.0th: 90         (40 samples)\n"
"\t  min=1, max=100\n"
"average rps: 100.00\n"
"Wakeup Latencies percentiles (usec) runtime 30 (s) (0 total samples)\n"
"\t  50.0th: 0          (0 samples)\n"
"\t  90.0th: 0          (0 samples)\n"
"\t* 99.0th: 0          (0 samples)\n"
"\t  99.9th: 0          (0 samples)\n"
"\t  min=0, max=0\n");
	free(s);
	fclose(f);
	free(h);
}

/* ppc-idle-hint --schbench: schbench's tables instead of the compare tables */
static void test_ppc_idle_hint_schbench(void **state)
{
	char *argv[] = { "pvsched-sim", "run", "ppc-idle-hint", "--schbench",
			 "--iterations", "1", "--runtime-ms", "40" };
	FILE *f[2] = { tmpfile(), tmpfile() }, *e = tmpfile();
	char *s[2], *p;
	unsigned int i, n = 0;

	(void)state;
	for (i = 0; i < 2; i++) {
		assert_non_null(f[i]);
		assert_int_equal(pvsim_main(8, argv, f[i], e), 0);
		s[i] = sim_test_slurp(f[i], NULL);
		fclose(f[i]);
	}
	fclose(e);
	assert_string_equal(s[0], s[1]);
	assert_null(strstr(s[0], "compare%"));
	assert_null(strstr(s[0], "Request Latencies"));
	for (p = s[0]; (p = strstr(p, "Wakeup Latencies percentiles (usec) "
				   "runtime 0 (s) (")); p++)
		n++;
	assert_int_equal(n, 6);	/* 3 cases x 2 policies */
	assert_non_null(strstr(s[0], "\n\t* 99.0th: "));
	assert_non_null(strstr(s[0], "\n\t  99.9th: "));
	assert_non_null(strstr(s[0], "\n\t  min="));
	free(s[0]);
	free(s[1]);
}

/* The JSON writer: commas and brackets per level, exact fixed point,
 * escaped strings, and every open level closed by pvsim_json_end(). */
static void test_json_writer(void **state)
{
	static const uint64_t v[3] = { 7, 0, 18446744073709551615ull };
	static const uint64_t centi[2] = { 5, 123456 };
	static const uint8_t fw[3] = { 0x00, 0x0c, 0xff };
	struct pvsim_json j;
	FILE *f = tmpfile();
	char *s;

	(void)state;
	assert_non_null(f);
	pvsim_json_begin(&j, f, "a\"b\\c\n", 3);
	pvsim_json_u64(&j, "iterations", 2);
	pvsim_json_arr(&j, "cases");
	pvsim_json_obj(&j, NULL);
	pvsim_json_u64s(&j, "n", v, 3);
	pvsim_json_fixeds(&j, "score", centi, 2, 2);
	pvsim_json_obj(&j, "empty");
	pvsim_json_close(&j);
	pvsim_json_close(&j);
	pvsim_json_obj(&j, NULL);
	pvsim_json_sfixed(&j, "d", -484, 2);
	pvsim_json_sfixed(&j, "u", 7, 3);
	pvsim_json_i64(&j, "i", -1);
	pvsim_json_hex(&j, "fw", fw, 3);
	pvsim_json_bool(&j, "b", true);
	pvsim_json_num(&j, "x", 0.5);
	pvsim_json_num(&j, "nan", NAN);
	pvsim_json_u64s(&j, "none", v, 0);
	pvsim_json_end(&j);
	s = sim_test_slurp(f, NULL);
	assert_string_equal(s,
		"{\"scenario\":\"a\\\"b\\\\c\\u000a\",\"seed\":3,"
		"\"iterations\":2,\"cases\":[{\"n\":[7,0,"
		"18446744073709551615],\"score\":[0.05,1234.56],"
		"\"empty\":{}},{\"d\":-4.84,\"u\":0.007,\"i\":-1,"
		"\"fw\":\"000cff\",\"b\":true,\"x\":0.5,\"nan\":null,"
		"\"none\":[]}]}\n");
	free(s);
	fclose(f);
}

/* The hold-out pair and tally: signed hundredths, the label, and only
 * predicted pairs counted (sign agrees; within 2x). */
static void test_holdout(void **state)
{
	struct pvsim_holdout h = { 0, 0, 0 };
	FILE *f = tmpfile();
	char *s;

	(void)state;
	assert_non_null(f);
	pvsim_holdout_pair(f, &h, -484, -250, "P", true);
	fprintf(f, ";");
	pvsim_holdout_pair(f, &h, 100, 201, "P", true);
	fprintf(f, ";");
	pvsim_holdout_pair(f, &h, 100, -100, NULL, true);
	fprintf(f, ";");
	pvsim_holdout_pair(f, &h, 5, 5, "fitted", false);
	pvsim_holdout_summary(f, &h, "percentiles");
	s = sim_test_slurp(f, NULL);
	assert_string_equal(s, "-4.84 vs -2.50 (P);+1.00 vs +2.01 (P);"
			    "+1.00 vs -1.00;+0.05 vs +0.05 (fitted)\n"
			    "hold-out: of 3 predicted percentiles the sign "
			    "agrees at 2, within 2x at 1 (F = fitted, P = "
			    "predicted)\n");
	assert_int_equal(h.npred, 3);
	free(s);
	fclose(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_student_table),
		cmocka_unit_test(test_stats),
		cmocka_unit_test(test_ttest_by_hand),
		cmocka_unit_test(test_ttest_df_above_100),
		cmocka_unit_test(test_ministat_text),
		cmocka_unit_test(test_metric_better),
		cmocka_unit_test(test_compare_cli),
		cmocka_unit_test(test_compare_json),
		cmocka_unit_test(test_plot_bars),
		cmocka_unit_test(test_plot_pct),
		cmocka_unit_test(test_schbench_format),
		cmocka_unit_test(test_ppc_idle_hint_schbench),
		cmocka_unit_test(test_json_writer),
		cmocka_unit_test(test_holdout),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
