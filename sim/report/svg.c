// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * `--plot FILE.svg`: a run's records as one self-contained SVG, written by
 * hand (no library): latency percentile curves (one panel per case, one
 * line per policy, log y axis) or bars (one panel per metric, one group
 * per case, one bar per policy with a min-max whisker and its change
 * against the baseline). Text widths are estimated from the font size.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report/svg_int.h"

/* Okabe-Ito: told apart with the common colour-vision deficiencies */
static const char *const palette[] = {
	"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9",
	"#000000", "#F0E442",
};

#define NPALETTE (sizeof(palette) / sizeof(palette[0]))

static const char *const dashes[] = { "", "7,4", "2,3", "9,3,2,3" };

/* The dash pattern of policy i's line. */
const char *svg_dash_of(size_t i)
{
	return dashes[i % 4];
}

const char *svg_color_of(size_t i)
{
	return palette[i % NPALETTE];
}

/* ---- text --------------------------------------------------------------- */

static void xml_text(FILE *f, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n && s[i]; i++) {
		const char *e = s[i] == '&' ? "&amp;" : s[i] == '<' ? "&lt;" :
				s[i] == '>' ? "&gt;" : s[i] == '"' ? "&quot;" :
				NULL;

		if (e)
			fputs(e, f);
		else
			fputc(s[i], f);
	}
}

/* Estimated width of n characters at a font size, px (bold sans-serif
 * runs about 0.6 em per character: wrap early rather than clip). */
static double text_w(size_t n, double size)
{
	return (double)n * size * 0.62;
}

struct line {
	size_t off, len;
};

/* Greedy word wrap into at most MAX_LINES lines of maxc characters. */
static int wrap(const char *s, size_t maxc, struct line *l)
{
	size_t i = 0, n = strlen(s);
	int k = 0;

	if (maxc < 4)
		maxc = 4;
	while (i < n && k < MAX_LINES) {
		size_t end = i, brk = 0;

		while (s[i] == ' ')
			i++;
		end = i;
		while (end < n && end - i < maxc) {
			if (s[end] == ' ')
				brk = end;
			end++;
		}
		if (end < n && s[end] != ' ' && brk > i)
			end = brk;
		l[k].off = i;
		l[k].len = end - i;
		k++;
		i = end;
	}
	return k;
}

/*
 * Text wrapped to width, first baseline at y; returns the lines (f NULL:
 * only counts them).
 */
int svg_text_block(FILE *f, double x, double y, double width, double size,
		   const char *anchor, const char *weight, const char *s)
{
	struct line l[MAX_LINES];
	int i, n = wrap(s, (size_t)(width / text_w(1, size)), l);

	for (i = 0; f && i < n; i++) {
		fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%g\" "
			"text-anchor=\"%s\" font-weight=\"%s\">", x,
			y + i * size * 1.25, size, anchor, weight);
		xml_text(f, s + l[i].off, l[i].len);
		fputs("</text>\n", f);
	}
	return n;
}

int svg_wrap_lines(const char *s, double width, double size)
{
	return svg_text_block(NULL, 0, 0, width, size, "", "", s);
}

void svg_text_at(FILE *f, double x, double y, double size,
		 const char *anchor, const char *extra, const char *s)
{
	fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%g\" "
		"text-anchor=\"%s\"%s>", x, y, size, anchor, extra);
	xml_text(f, s, strlen(s));
	fputs("</text>\n", f);
}

/*
 * A number with a k/M/G suffix: an axis tick exactly ("2.5k"), a bar's
 * label with 3 significant digits, plain below 10000 ("9870").
 */
void svg_fmt_num(char *buf, size_t n, double v, bool tick)
{
	static const double div[4] = { 1e9, 1e6, 1e3, 1 };
	static const char *const suffix[4] = { "G", "M", "k", "" };
	double a = fabs(v);
	unsigned int i = 0;

	while (i < 3 && a < div[i] * (i == 2 && !tick ? 10 : 1))
		i++;
	snprintf(buf, n, tick ? "%g%s" : "%.3g%s", v / div[i], suffix[i]);
}

/* Unit of a metric from its name, for axis labels. */
const char *svg_unit_of(const char *metric)
{
	size_t n = strlen(metric);

	if (n > 3 && !strcmp(metric + n - 3, "_us"))
		return "\xc2\xb5s";
	if (n > 3 && !strcmp(metric + n - 3, "_ns"))
		return "ns";
	if (n > 3 && !strcmp(metric + n - 3, "_ms"))
		return "ms";
	if (!strcmp(metric, "physc"))
		return "physical cores consumed";
	return NULL;
}

/* ---- data --------------------------------------------------------------- */

/* Percentile of a metric named p<N>_us, or -1. */
double svg_pct_of(const char *metric)
{
	char *end;
	double v;

	if (metric[0] != 'p' || metric[1] < '0' || metric[1] > '9')
		return -1;
	v = strtod(metric + 1, &end);
	if (strcmp(end, "_us") || v <= 0 || v >= 100)
		return -1;
	return v;
}

bool svg_set_stats(const struct pvsim_sets *s, const char *cs,
		   const char *pol, const char *metric,
		   struct pvsim_stats *st, size_t *nmin, size_t *nmax)
{
	struct pvsim_set *t = pvsim_sets_find(s, cs, pol, metric);

	if (!t || pvsim_stats_of(t->v, t->n, st))
		return false;
	if (st->n < *nmin)
		*nmin = st->n;
	if (st->n > *nmax)
		*nmax = st->n;
	return true;
}

void svg_iters_text(char *buf, size_t n, size_t nmin, size_t nmax)
{
	if (nmin == nmax)
		snprintf(buf, n, "%zu iteration%s", nmin, nmin == 1 ? "" : "s");
	else
		snprintf(buf, n, "%zu-%zu iterations", nmin, nmax);
}

/* ---- the picture -------------------------------------------------------- */

/*
 * Title, subtitle and the policy legend (f NULL: measure only); returns
 * the height used.
 */
static double header(FILE *f, const struct pvsim_scenario *sc,
		     const struct pvsim_sets *s, double w, const char *sub,
		     bool markers)
{
	char title[512];
	double y = 30, x;
	size_t i;
	int n;

	snprintf(title, sizeof(title), "%s: %s", sc->name, sc->summary);
	n = svg_text_block(f, w / 2, y, w - 40, 17, "middle", "bold", title);
	y += n * 17 * 1.25 + 2;
	n = svg_text_block(f, w / 2, y, w - 40, 13, "middle", "normal", sub);
	y += n * 13 * 1.25 + 6;
	/* legend: one entry per policy, wrapped in rows */
	x = 20;
	for (i = 0; i < s->npolicies; i++) {
		char name[256];
		double ew;

		snprintf(name, sizeof(name), "%s%s", s->policies[i],
			 i ? "" : " (baseline)");
		ew = 34 + text_w(strlen(name), 12) + 24;
		if (x + ew > w - 20 && x > 20) {
			x = 20;
			y += 20;
		}
		if (f) {
			if (markers) {
				fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" "
					"x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
					"stroke-width=\"2.5\" "
					"stroke-dasharray=\"%s\"/>\n", x,
					y - 4, x + 28, y - 4, svg_color_of(i),
					dashes[i % 4]);
			} else {
				fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" "
					"width=\"22\" height=\"12\" "
					"fill=\"%s\"/>\n", x + 3, y - 10,
					svg_color_of(i));
			}
			svg_text_at(f, x + 34, y, 12, "start", "", name);
		}
		x += ew;
	}
	return y + 14;
}

/*
 * The picture's start: size (header plus panels_h), white background,
 * header; returns where the panels start.
 */
double svg_begin(FILE *f, const struct pvsim_scenario *sc,
		 const struct pvsim_sets *s, double w, const char *sub,
		 bool markers, double panels_h)
{
	double top = header(NULL, sc, s, w, sub, markers);
	double h = top + panels_h + 10;

	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
		"width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
		"font-family=\"%s\">\n", w, h, w, h, FONT);
	fprintf(f, "<rect width=\"100%%\" height=\"100%%\" "
		"fill=\"white\"/>\n");
	header(f, sc, s, w, sub, markers);
	return top;
}

void svg_marker(FILE *f, size_t i, double x, double y)
{
	const char *c = svg_color_of(i);

	switch (i % 4) {
	case 0:
		fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" "
			"fill=\"%s\"/>\n", x, y, c);
		break;
	case 1:
		fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"8\" "
			"height=\"8\" fill=\"%s\"/>\n", x - 4, y - 4, c);
		break;
	case 2:
		fprintf(f, "<path d=\"M%.1f %.1fl5 8h-10z\" fill=\"%s\"/>\n",
			x, y - 5, c);
		break;
	default:
		fprintf(f, "<path d=\"M%.1f %.1fl5 5l-5 5l-5 -5z\" "
			"fill=\"%s\"/>\n", x, y - 5, c);
	}
}

/* Rotated y axis title at the left of a panel. */
void svg_y_title(FILE *f, double x, double y, const char *s)
{
	fprintf(f, "<text transform=\"translate(%.1f,%.1f) rotate(-90)\" "
		"font-size=\"12\" text-anchor=\"middle\">", x, y);
	xml_text(f, s, strlen(s));
	fputs("</text>\n", f);
}

void svg_frame(FILE *f, double l, double t, double r, double b)
{
	fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
		"height=\"%.1f\" fill=\"none\" stroke=\"#444\"/>\n", l, t,
		r - l, b - t);
}

void svg_hgrid(FILE *f, double l, double r, double y, bool major)
{
	fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
		"stroke=\"%s\"/>\n", l, y, r, y, major ? "#ccc" : "#eee");
}

/* ---- published values ---------------------------------------------------- */

/* The published number marked on a bar or a curve's point, or NULL. */
const struct pvsim_published *svg_published_of(
					       const struct pvsim_scenario *sc, const char *cs, const char *pol,
					       const char *metric)
{
	unsigned int i;

	for (i = 0; i < sc->npublished; i++)
		if (pvsim_key_is(sc->published[i].case_name,
				 sc->published[i].policy,
				 sc->published[i].metric, cs, pol, metric))
			return &sc->published[i];
	return NULL;
}

/* Where a published number is drawn: a level, or a change applied to
 * the first policy's simulated mean. */
bool svg_published_value(const struct pvsim_scenario *sc,
			 const struct pvsim_sets *s, const char *cs,
			 const char *pol, const char *metric, double *v)
{
	const struct pvsim_published *pub = svg_published_of(sc, cs, pol, metric);
	struct pvsim_stats st;
	size_t nmin = 0, nmax = 0;

	if (!pub)
		return false;
	*v = pub->value;
	if (!pub->change_pct)
		return true;
	if (!svg_set_stats(s, cs, s->policies[0], metric, &st, &nmin, &nmax))
		return false;
	*v = st.mean * (1 + pub->value / 100);
	return true;
}

/* A published value on a bar or a curve: a black diamond and its label's
 * initial. */
void svg_mark_published(FILE *f, double x, double y, const char *label)
{
	char l[2] = { label && *label ? (char)(*label - 'a' + 'A') : '?',
		      0 };

	fprintf(f, "<path d=\"M%.1f %.1fl5 5l-5 5l-5 -5z\" fill=\"#000\" "
		"stroke=\"#fff\" stroke-width=\"1\"/>\n", x, y - 5);
	svg_text_at(f, x + 8, y + 4, 9, "start", " font-weight=\"bold\"", l);
}
