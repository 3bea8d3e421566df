/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Internal to svg.c and its parts (svg_plot.c):
 * the model's state and the functions one part calls in another.
 */
#ifndef PVSCHED_SIM_SVG_INT_H
#define PVSCHED_SIM_SVG_INT_H

#include <math.h>

#include "report/report.h"

#pragma GCC visibility push(hidden)

#define FONT "DejaVu Sans, Arial, Helvetica, sans-serif"
#define MAX_LINES 6
#define MAX_PANELS 32
#define MAX_CATS 32

struct fig {
	FILE *f;
	const struct pvsim_sets *s;
	double w, h;		/* whole picture */
	double pw, ph;		/* one panel */
	size_t ncols, npanels;
	double top;		/* first panel row */
	double title_h;		/* panel title block */
};

bool svg_published_value(const struct pvsim_scenario *sc, const struct pvsim_sets *s, const char *cs, const char *pol, const char *metric, double *v);
bool svg_set_stats(const struct pvsim_sets *s, const char *cs, const char *pol, const char *metric, struct pvsim_stats *st, size_t *nmin, size_t *nmax);
const char *svg_color_of(size_t i);
const char *svg_dash_of(size_t i);
const char *svg_unit_of(const char *metric);
const struct pvsim_published *svg_published_of(const struct pvsim_scenario *sc, const char *cs, const char *pol, const char *metric);
double svg_begin(FILE *f, const struct pvsim_scenario *sc, const struct pvsim_sets *s, double w, const char *sub, bool markers, double panels_h);
double svg_pct_of(const char *metric);
int svg_text_block(FILE *f, double x, double y, double width, double size, const char *anchor, const char *weight, const char *s);
int svg_wrap_lines(const char *s, double width, double size);
void svg_fmt_num(char *buf, size_t n, double v, bool tick);
void svg_frame(FILE *f, double l, double t, double r, double b);
void svg_hgrid(FILE *f, double l, double r, double y, bool major);
void svg_iters_text(char *buf, size_t n, size_t nmin, size_t nmax);
void svg_mark_published(FILE *f, double x, double y, const char *label);
void svg_marker(FILE *f, size_t i, double x, double y);
void svg_text_at(FILE *f, double x, double y, double size, const char *anchor, const char *extra, const char *s);
void svg_y_title(FILE *f, double x, double y, const char *s);

#pragma GCC visibility pop

#endif
