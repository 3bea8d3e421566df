// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* `--plot FILE.svg`: the plot kinds (percentile curves, bars, sweep curves), drawn with the chart primitives of svg.c. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report/svg_int.h"
#include "report/sweep.h"

/* ---- percentile curves -------------------------------------------------- */

/* The largest 1, 2 or 5 x 10^k at or below v (up: smallest at or above). */
static double step125(double v, bool up)
{
	static const double mult[4] = { 1, 2, 5, 10 };
	double dec = pow(10, floor(log10(v))), best = up ? 10 * dec : dec;
	unsigned int m;

	for (m = 0; m < 4; m++) {
		double c = mult[m] * dec;

		if (up && c >= v * (1 - 1e-12) && c < best)
			best = c;
		if (!up && c <= v * (1 + 1e-12) && c > best)
			best = c;
	}
	return best;
}

static int cmp_pct(const void *a, const void *b)
{
	double x = svg_pct_of(*(const char *const *)a);
	double y = svg_pct_of(*(const char *const *)b);

	return x < y ? -1 : x > y;
}

static int plot_pct(FILE *f, const struct pvsim_scenario *sc,
		    const struct pvsim_sets *s, FILE *err)
{
	const char *cat[MAX_CATS], *panel[MAX_PANELS];
	size_t ncat = 0, np = 0, nmin = (size_t)-1, nmax = 0, i, j, c, p;
	struct pvsim_stats st;
	double lo = 1e300, hi = 0, llo, lhi, w, pw = 420, ph = 330, top, pv;
	char sub[768], it[64], buf[32];
	int tl = 1;

	for (i = 0; i < s->nmetrics && ncat < MAX_CATS; i++)
		if (svg_pct_of(s->metrics[i]) > 0)
			cat[ncat++] = s->metrics[i];
	if (!ncat) {
		fprintf(err, "scenario %s recorded no latency percentiles "
			"(metrics named p<N>_us) to plot\n", sc->name);
		return -1;
	}
	qsort(cat, ncat, sizeof(cat[0]), cmp_pct);
	/* panels: the cases with a percentile; the y range over all */
	for (c = 0; c < s->ncases; c++) {
		bool any = false;

		for (p = 0; p < s->npolicies; p++)
			for (j = 0; j < ncat; j++) {
				if (!svg_set_stats(s, s->cases[c], s->policies[p],
					       cat[j], &st, &nmin, &nmax))
					continue;
				any = true;
				if (st.mean > 0 && st.mean < lo)
					lo = st.mean;
				if (st.mean > hi)
					hi = st.mean;
				if (svg_published_value(sc, s, s->cases[c],
						    s->policies[p], cat[j],
						    &pv) && pv > 0) {
					lo = pv < lo ? pv : lo;
					hi = pv > hi ? pv : hi;
				}
			}
		if (any && np < MAX_PANELS)
			panel[np++] = s->cases[c];
	}
	if (hi <= 0) {
		fprintf(err, "scenario %s: no positive latency to plot on a "
			"log scale\n", sc->name);
		return -1;
	}
	/* the axis from a 1-2-5 value at or below to one at or above */
	llo = log10(step125(lo, false));
	lhi = log10(step125(hi, true));
	if (lhi - llo < 0.3)
		lhi = llo + log10(2.0);
	c = np < 3 ? np : 3;
	w = 20 + (double)c * pw;
	for (i = 0; i < np; i++) {
		int n = svg_wrap_lines(panel[i], pw - 30, 13);

		tl = n > tl ? n : tl;
	}
	svg_iters_text(it, sizeof(it), nmin, nmax);
	snprintf(sub, sizeof(sub), "Latency percentiles, one panel per case: "
		 "each point is the mean of %s. Lower is better.", it);
	if (sc->npublished)
		snprintf(sub + strlen(sub), sizeof(sub) - strlen(sub),
			 " Black diamonds: the published value, with P = "
			 "predicted, C = calibrated, F = fitted.");
	ph += tl * 16;
	top = svg_begin(f, sc, s, w, sub, true, (np + c - 1) / c * ph);
	for (i = 0; i < np; i++) {
		double px = 10 + (double)(i % c) * pw;
		double py = top + (double)(i / c) * ph;
		double l = px + 66, r = px + pw - 16, t = py + tl * 16 + 10;
		double b = py + ph - 50, step = (r - l) / (double)ncat, d;

		svg_text_block(f, (l + r) / 2, py + 12, pw - 30, 13, "middle",
			   "bold", panel[i]);
		/* log grid: 1, 2, 5 per decade (decades only over many) */
		for (d = floor(llo); d <= lhi; d++) {
			static const double mult[3] = { 1, 2, 5 };
			unsigned int m;

			for (m = 0; m < 3; m++) {
				double v = mult[m] * pow(10, d), lv = log10(v);
				double yy = b - (lv - llo) / (lhi - llo) *
					    (b - t);

				if (lv < llo - 1e-9 || lv > lhi + 1e-9 ||
				    (m && lhi - llo > 4))
					continue;
				svg_hgrid(f, l, r, yy, !m);
				svg_fmt_num(buf, sizeof(buf), v, true);
				svg_text_at(f, l - 5, yy + 4, 11, "end", "", buf);
			}
		}
		svg_frame(f, l, t, r, b);
		svg_y_title(f, px + 16, (t + b) / 2,
			"latency (\xc2\xb5s, log scale)");
		for (j = 0; j < ncat; j++) {
			size_t n = strlen(cat[j]) - 3;	/* drop "_us" */

			memcpy(buf, cat[j], n < sizeof(buf) ? n : 0);
			buf[n < sizeof(buf) ? n : 0] = 0;
			svg_text_at(f, l + step * ((double)j + 0.5), b + 16, 11,
				"middle", "", buf);
		}
		svg_text_at(f, (l + r) / 2, b + 36, 12, "middle", "",
			"percentile");
		for (p = 0; p < s->npolicies; p++) {
			double xs[MAX_CATS], ys[MAX_CATS];
			size_t k = 0, q;

			for (j = 0; j < ncat; j++) {
				double v;

				if (!svg_set_stats(s, panel[i], s->policies[p],
					       cat[j], &st, &nmin, &nmax))
					continue;
				v = st.mean > lo ? st.mean : lo;
				xs[k] = l + step * ((double)j + 0.5);
				ys[k++] = b - (log10(v) - llo) / (lhi - llo) *
					  (b - t);
			}
			if (!k)
				continue;
			fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" "
				"stroke-width=\"2\" stroke-dasharray=\"%s\" "
				"points=\"", svg_color_of(p), svg_dash_of(p));
			for (q = 0; q < k; q++)
				fprintf(f, "%s%.1f,%.1f", q ? " " : "", xs[q],
					ys[q]);
			fprintf(f, "\"/>\n");
			for (q = 0; q < k; q++)
				svg_marker(f, p, xs[q], ys[q]);
			for (j = 0; j < ncat; j++)
				if (svg_published_value(sc, s, panel[i],
						    s->policies[p], cat[j],
						    &pv) && pv > 0)
					svg_mark_published(f,
						l + step * ((double)j + 0.5),
						b - (log10(pv > lo ? pv : lo) -
						     llo) / (lhi - llo) *
						(b - t),
						svg_published_of(sc, panel[i],
							     s->policies[p],
							     cat[j])->label);
		}
	}
	fprintf(f, "</svg>\n");
	return 0;
}

/* ---- bars --------------------------------------------------------------- */

static double nice_step(double range)
{
	double raw = range / 5, mag, norm;

	if (raw <= 0)
		return 1;
	mag = pow(10, floor(log10(raw)));
	norm = raw / mag;
	return (norm < 1.5 ? 1 : norm < 3 ? 2 : norm < 7 ? 5 : 10) * mag;
}

/* A linear y axis: grid lines and tick labels from lo to hi, the frame. */
static void linear_axis(FILE *f, double l, double t, double r, double b,
			double lo, double hi, double step, double size)
{
	char buf[64];
	double v;

	for (v = lo; v <= hi + step * 1e-9; v += step) {
		double yy = b - (v - lo) / (hi - lo) * (b - t);

		svg_hgrid(f, l, r, yy, true);
		svg_fmt_num(buf, sizeof(buf), v, true);
		svg_text_at(f, l - 5, yy + 4, size, "end", "", buf);
	}
	svg_frame(f, l, t, r, b);
}

static int plot_bars(FILE *f, const struct pvsim_scenario *sc,
		     const struct pvsim_sets *s, FILE *err)
{
	const char *met[MAX_PANELS];
	char list[512], sub[1024], it[64], *q;
	size_t nm = 0, nmin = (size_t)-1, nmax = 0, i, c, p, ncol;
	struct pvsim_stats st;
	double pw, ph = 380, gw, bw = 34, w, top;
	int gl = 1, tl = 1;

	if (!sc->plot_metrics || !*sc->plot_metrics) {
		fprintf(err, "scenario %s: bar plot without plot_metrics\n",
			sc->name);
		return -1;
	}
	/* "a,b,c": one panel each */
	snprintf(list, sizeof(list), "%s", sc->plot_metrics);
	for (q = list; *q && nm < MAX_PANELS; ) {
		met[nm++] = q;
		q += strcspn(q, ",");
		if (*q)
			*q++ = 0;
	}
	for (i = 0; i < nm; i++) {
		bool found = false;

		for (c = 0; c < s->nmetrics; c++)
			found |= !strcmp(s->metrics[c], met[i]);
		if (!found) {
			fprintf(err, "scenario %s: plot metric '%s' was not "
				"recorded\n", sc->name, met[i]);
			return -1;
		}
	}
	/* group width from the bars; group labels wrapped below */
	gw = (double)s->npolicies * bw + 28;
	if (gw < 90)
		gw = 90;
	pw = 66 + 16 + gw * (double)s->ncases;
	if (pw < 360)
		pw = 360;
	for (c = 0; c < s->ncases; c++) {
		int n = svg_wrap_lines(s->cases[c], gw - 6, 11);

		gl = n > gl ? n : gl;
	}
	ncol = nm < 2 ? nm : 2;
	w = 20 + (double)ncol * pw;
	/* subtitle: what each metric's better direction is */
	for (i = 0; i < nm; i++)
		for (c = 0; c < s->ncases; c++)
			for (p = 0; p < s->npolicies; p++)
				svg_set_stats(s, s->cases[c], s->policies[p],
					  met[i], &st, &nmin, &nmax);
	svg_iters_text(it, sizeof(it), nmin, nmax);
	snprintf(sub, sizeof(sub), "Bars: mean of %s per case and policy; "
		 "whiskers: min to max; labels: mean and change against the "
		 "baseline.", it);
	for (i = 0; i < nm; i++) {
		int b = pvsim_metric_better(met[i]);

		if (b)
			snprintf(sub + strlen(sub), sizeof(sub) - strlen(sub),
				 " %s %s is better.", b > 0 ? "Higher" :
				 "Lower", met[i]);
	}
	if (sc->npublished)
		snprintf(sub + strlen(sub), sizeof(sub) - strlen(sub),
			 " Black diamonds: the published value (a published "
			 "change is drawn against the simulated baseline), "
			 "with P = predicted, C = calibrated, F = fitted.");
	for (i = 0; i < nm; i++) {
		int n = svg_wrap_lines(met[i], pw - 30, 13);

		tl = n > tl ? n : tl;
	}
	ph += gl * 13 + tl * 16;
	top = svg_begin(f, sc, s, w, sub, false, (nm + ncol - 1) / ncol * ph);
	for (i = 0; i < nm; i++) {
		double px = 10 + (double)(i % ncol) * pw;
		double py = top + (double)(i / ncol) * ph;
		double l = px + 66, r = px + pw - 16, t = py + tl * 16 + 22;
		double b = py + ph - gl * 13 - 24, vmin = 0, vmax = 0, step;
		double lo, hi, v;
		const char *u = svg_unit_of(met[i]);
		char yt[128], pt[256];
		int better = pvsim_metric_better(met[i]);

		snprintf(pt, sizeof(pt), "%s (%s)", met[i], better > 0 ?
			 "higher is better" : better < 0 ? "lower is better" :
			 "no better direction known");
		svg_text_block(f, (l + r) / 2, py + 12, pw - 30, 13, "middle",
			   "bold", pt);
		for (c = 0; c < s->ncases; c++)
			for (p = 0; p < s->npolicies; p++) {
				if (!svg_set_stats(s, s->cases[c], s->policies[p],
					       met[i], &st, &nmin, &nmax))
					continue;
				vmin = st.min < vmin ? st.min : vmin;
				vmax = st.max > vmax ? st.max : vmax;
				if (svg_published_value(sc, s, s->cases[c],
						    s->policies[p], met[i],
						    &v)) {
					vmin = v < vmin ? v : vmin;
					vmax = v > vmax ? v : vmax;
				}
			}
		step = nice_step(vmax - vmin);
		lo = floor(vmin / step) * step;
		hi = ceil(vmax / step) * step;
		if (hi <= lo)
			hi = lo + step;
		/* room above the tallest whisker for its labels */
		hi += (hi - lo) * 0.12;
		linear_axis(f, l, t, r, b, lo, hi, step, 11);
		snprintf(yt, sizeof(yt), "%s%s%s%s", met[i], u ? " (" : "",
			 u ? u : "", u ? ")" : "");
		svg_y_title(f, px + 16, (t + b) / 2, yt);
		for (c = 0; c < s->ncases; c++) {
			double gx = l + gw * (double)c + 14;
			double base = 0;
			bool have_base = false;

			svg_text_block(f, gx + gw / 2 - 14, b + 15, gw - 6, 11,
				   "middle", "normal", s->cases[c]);
			for (p = 0; p < s->npolicies; p++) {
				double x = gx + bw * (double)p, ym, y0, y1, yb;
				char lab[64], chg[64];

				if (!svg_set_stats(s, s->cases[c], s->policies[p],
					       met[i], &st, &nmin, &nmax))
					continue;
				ym = b - (st.mean - lo) / (hi - lo) * (b - t);
				yb = b - (0 - lo) / (hi - lo) * (b - t);
				y0 = b - (st.min - lo) / (hi - lo) * (b - t);
				y1 = b - (st.max - lo) / (hi - lo) * (b - t);
				fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" "
					"width=\"%.1f\" height=\"%.1f\" "
					"fill=\"%s\"/>\n", x + 2,
					ym < yb ? ym : yb, bw - 4,
					fabs(yb - ym), svg_color_of(p));
				fprintf(f, "<path d=\"M%.1f %.1fV%.1fM%.1f "
					"%.1fh8M%.1f %.1fh8\" stroke=\"#222\" "
					"stroke-width=\"1.2\"/>\n",
					x + bw / 2, y0, y1, x + bw / 2 - 4, y0,
					x + bw / 2 - 4, y1);
				svg_fmt_num(lab, sizeof(lab), st.mean, false);
				chg[0] = 0;
				if (!p) {
					base = st.mean;
					have_base = true;
				} else if (have_base && base != 0) {
					double pc = (st.mean - base) * 100 /
						    fabs(base);

					snprintf(chg, sizeof(chg),
						 fabs(pc) < 10 ? "%+.1f%%" :
						 "%+.0f%%", pc);
				}
				svg_text_at(f, x + bw / 2, y1 - (chg[0] ? 15 : 4),
					9, "middle", "", lab);
				if (chg[0])
					svg_text_at(f, x + bw / 2, y1 - 4, 9,
						"middle",
						" font-weight=\"bold\"", chg);
				if (svg_published_value(sc, s, s->cases[c],
						    s->policies[p], met[i],
						    &v))
					svg_mark_published(f, x + bw / 2,
						b - (v - lo) / (hi - lo) *
						(b - t),
						svg_published_of(sc, s->cases[c],
							     s->policies[p],
							     met[i])->label);
			}
		}
	}
	fprintf(f, "</svg>\n");
	return 0;
}

int pvsim_plot_svg(const struct pvsim_scenario *sc,
		     const struct pvsim_sink *k, FILE *out, FILE *err)
{
	struct pvsim_sets s;
	int ret;

	if (sc->plot_kind == PVSIM_PLOT_NONE) {
		fprintf(err, "scenario %s has no plot\n", sc->name);
		return -1;
	}
	if (!k || !k->n) {
		fprintf(err, "scenario %s recorded no values to plot (it does "
			"not call pvsim_record() yet)\n", sc->name);
		return -1;
	}
	if (pvsim_sets_build(&s, k)) {
		fprintf(err, "out of memory\n");
		return -1;
	}
	if (sc->plot_kind == PVSIM_PLOT_PCT_CURVES)
		ret = plot_pct(out, sc, &s, err);
	else
		ret = plot_bars(out, sc, &s, err);
	pvsim_sets_free(&s);
	return ret;
}

/* ---- sweep curves ------------------------------------------------------- */

/* Mean of one (case, policy, metric) of a point's sets. */
static bool sweep_mean(const struct pvsim_sets *s, const char *cs,
		       const char *pol, const char *metric, double *v)
{
	const struct pvsim_set *set = pvsim_sets_find(s, cs, pol, metric);
	size_t i;

	if (!set || !set->n)
		return false;
	for (*v = 0, i = 0; i < set->n; i++)
		*v += set->v[i];
	*v /= (double)set->n;
	return true;
}

int pvsim_plot_sweep_svg(FILE *f, const char *scenario, const char *key,
			 const uint64_t *x, const struct pvsim_sets *const *s,
			 unsigned int n)
{
	const struct pvsim_sets *s0 = s[0];
	const double pw = 330, ph = 230;
	size_t c, m, p, np = 0, k = 0;
	double w, h, v;
	char buf[64], title[256];
	unsigned int i;

	for (m = 0; m < s0->nmetrics; m++)
		np += pvsim_metric_better(s0->metrics[m]) ? s0->ncases : 0;
	if (!np || n < 2)
		return -1;
	w = 20 + 3 * pw;
	h = 90 + (double)((np + 2) / 3) * ph;
	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" "
		"height=\"%.0f\" font-family=\"%s\">\n<rect width=\"100%%\" "
		"height=\"100%%\" fill=\"#fff\"/>\n", w, h, FONT);
	snprintf(title, sizeof(title), "%s: every metric against %s (mean "
		 "over iterations)", scenario, key);
	svg_text_at(f, w / 2, 24, 16, "middle", " font-weight=\"bold\"", title);
	for (p = 0; p < s0->npolicies; p++) {
		fprintf(f, "<rect x=\"%.1f\" y=\"40\" width=\"22\" "
			"height=\"10\" fill=\"%s\"/>\n", 20 + 160 * (double)p,
			svg_color_of(p));
		svg_text_at(f, 46 + 160 * (double)p, 50, 12, "start", "",
			s0->policies[p]);
	}
	for (m = 0; m < s0->nmetrics; m++) {
		int better = pvsim_metric_better(s0->metrics[m]);

		if (!better)
			continue;
		for (c = 0; c < s0->ncases; c++, k++) {
			double px = 10 + (double)(k % 3) * pw;
			double py = 70 + (double)(k / 3) * ph;
			double l = px + 60, r = px + pw - 14, t = py + 34;
			double b = py + ph - 34, lo = 0, hi = 0, step;
			bool any = false;

			for (i = 0; i < n; i++)
				for (p = 0; p < s0->npolicies; p++)
					if (sweep_mean(s[i], s0->cases[c],
						       s0->policies[p],
						       s0->metrics[m], &v)) {
						lo = any && lo < v ? lo : v;
						hi = any && hi > v ? hi : v;
						any = true;
					}
			if (!any)
				continue;
			step = nice_step(hi - lo > 0 ? hi - lo : fabs(hi) + 1);
			lo = floor(lo / step) * step;
			hi = ceil(hi / step) * step;
			if (hi <= lo)
				hi = lo + step;
			snprintf(title, sizeof(title), "%s: %s (%s)",
				 s0->cases[c], s0->metrics[m], better > 0 ?
				 "higher is better" : "lower is better");
			svg_text_block(f, (l + r) / 2, py + 14, pw - 20, 11,
				   "middle", "bold", title);
			linear_axis(f, l, t, r, b, lo, hi, step, 10);
			for (i = 0; i < n; i += n > 6 ? (n + 5) / 6 : 1) {
				double xx = l + (r - l) * i / (n - 1);

				snprintf(buf, sizeof(buf), "%llu",
					 (unsigned long long)x[i]);
				svg_text_at(f, xx, b + 14, 10, "middle", "", buf);
			}
			svg_text_at(f, (l + r) / 2, b + 28, 10, "middle", "", key);
			for (p = 0; p < s0->npolicies; p++) {
				fprintf(f, "<polyline fill=\"none\" "
					"stroke=\"%s\" stroke-width=\"2\" "
					"stroke-dasharray=\"%s\" points=\"",
					svg_color_of(p), svg_dash_of(p));
				for (i = 0; i < n; i++)
					if (sweep_mean(s[i], s0->cases[c],
						       s0->policies[p],
						       s0->metrics[m], &v))
						fprintf(f, "%.1f,%.1f ",
							l + (r - l) * i /
							(n - 1),
							b - (v - lo) /
							(hi - lo) * (b - t));
				fprintf(f, "\"/>\n");
				for (i = 0; i < n; i++)
					if (sweep_mean(s[i], s0->cases[c],
						       s0->policies[p],
						       s0->metrics[m], &v))
						svg_marker(f, p,
						       l + (r - l) * i /
						       (n - 1),
						       b - (v - lo) /
						       (hi - lo) * (b - t));
			}
		}
	}
	fprintf(f, "</svg>\n");
	return 0;
}
