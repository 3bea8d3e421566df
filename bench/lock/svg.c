// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The lock benchmark's picture: one panel per (CPU quota, critical
 * section, injected preemption, work outside the lock), throughput
 * (median Mops/s, 95 % interval bars) against the thread count, one line
 * per lock, and the lock with the signal's ceiling (median, dashed). Plain
 * SVG 1.1, no dependencies.
 */
#include <stdio.h>
#include <string.h>

#include "lockbench.h"

#define PW 420.0	/* panel width */
#define PH 300.0	/* panel height */
#define ML 60.0		/* margins inside a panel */
#define MR 15.0
#define MT 40.0
#define MB 45.0

static const char *const colors[L_COUNT] = {
	"#1f77b4", "#ff7f0e", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22",
	"#2ca02c", "#d62728", "#9467bd"
};

#define MAX_PANELS (LB_MAX_LIST * LB_MAX_LIST)

/* A panel: the cells that differ only in their thread count. */
struct key {
	unsigned int quota, cs, inj, out;
};

static bool same(const struct key *k, const struct cell *c)
{
	return k->quota == c->quota_mcpus && k->cs == c->cs_ns &&
	       k->inj == c->inject_pct && k->out == c->out_x;
}

/* Panel keys in order of appearance. */
static unsigned int panels(const struct cell *cells, unsigned int n,
			   struct key *keys)
{
	unsigned int i, j, np = 0;

	for (i = 0; i < n; i++) {
		for (j = 0; j < np; j++)
			if (same(&keys[j], &cells[i]))
				break;
		if (j == np && np < MAX_PANELS) {
			keys[np].quota = cells[i].quota_mcpus;
			keys[np].cs = cells[i].cs_ns;
			keys[np].inj = cells[i].inject_pct;
			keys[np++].out = cells[i].out_x;
		}
	}
	return np;
}

/* The dashed ceiling of the lock with the signal across the panel. */
static void ceiling_line(FILE *f, const struct cell *const *row,
			 unsigned int m, double ymax)
{
	struct summary s;
	double x, y, px = 0, py = 0;
	unsigned int i;
	bool first = true;

	for (i = 0; i < m; i++) {
		enum lock_kind k = row[i]->have[L_PVLOCK_OC] ? L_PVLOCK_OC :
							       L_PVLOCK;

		if (!row[i]->have[k])
			continue;
		lb_summarise(row[i], k, &s);
		if (s.ceil <= 0)
			continue;
		x = ML + (PW - ML - MR) * (i + 0.5) / m;
		y = MT + (PH - MT - MB) * (1 - s.ceil / ymax);
		if (!first)
			fprintf(f, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" "
				   "y2=\"%.1f\" stroke=\"#000\" "
				   "stroke-dasharray=\"4 3\"/>\n", px, x, py, y);
		px = x;
		py = y;
		first = false;
	}
}

static void panel(FILE *f, double ox, double oy, const struct cell *cells,
		  unsigned int n, const struct key *key)
{
	const struct cell *row[LB_MAX_LIST];
	struct summary s;
	double ymax = 0, x, y, px, py;
	unsigned int i, k, m = 0, g;

	for (i = 0; i < n && m < LB_MAX_LIST; i++)
		if (same(key, &cells[i]))
			row[m++] = &cells[i];
	for (i = 0; i < m; i++)
		for (k = 0; k < L_COUNT; k++)
			if (row[i]->have[k]) {
				lb_summarise(row[i], (enum lock_kind)k, &s);
				if (s.mops_hi > ymax)
					ymax = s.mops_hi;
				if ((k == L_PVLOCK_OC || k == L_PVLOCK) &&
				    s.ceil > ymax)
					ymax = s.ceil;
			}
	if (ymax <= 0)
		ymax = 1;
	ymax *= 1.05;
	fprintf(f, "<g transform=\"translate(%.0f,%.0f)\">\n", ox, oy);
	fprintf(f, "<text x=\"%.0f\" y=\"22\" font-size=\"14\" "
		   "text-anchor=\"middle\" font-weight=\"bold\">%u ns section"
		   "%s, %s</text>\n", PW / 2, key->cs,
		key->out ? " + outside" : "",
		key->inj ? "injected preemption" : "no injection");
	fprintf(f, "<text x=\"%.0f\" y=\"36\" font-size=\"11\" "
		   "text-anchor=\"middle\">", PW / 2);
	if (key->quota)
		fprintf(f, "cgroup quota %.3g CPUs; ", key->quota / 1000.0);
	if (key->out)
		fprintf(f, "outside work %u x the section; ", key->out);
	if (key->inj)
		fprintf(f, "%u %% of each CPU in 1-3 ms slices; ", key->inj);
	fprintf(f, "dashed: ceiling</text>\n");
	fprintf(f, "<rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" "
		   "fill=\"none\" stroke=\"#444\"/>\n", ML, MT, PW - ML - MR,
		PH - MT - MB);
	for (g = 0; g <= 4; g++) {
		y = MT + (PH - MT - MB) * (1 - g / 4.0);
		fprintf(f, "<line x1=\"%.0f\" x2=\"%.0f\" y1=\"%.1f\" y2=\"%.1f\" "
			   "stroke=\"#ddd\"/><text x=\"%.0f\" y=\"%.1f\" "
			   "font-size=\"10\" text-anchor=\"end\">%.2g</text>\n",
			ML, PW - MR, y, y, ML - 4, y + 3, ymax * g / 4.0);
	}
	fprintf(f, "<text x=\"14\" y=\"%.0f\" font-size=\"11\" "
		   "transform=\"rotate(-90 14 %.0f)\" text-anchor=\"middle\">"
		   "Mops/s (median, 95%% interval)</text>\n",
		MT + (PH - MT - MB) / 2, MT + (PH - MT - MB) / 2);
	for (i = 0; i < m; i++) {
		x = ML + (PW - ML - MR) * (i + 0.5) / m;
		fprintf(f, "<text x=\"%.1f\" y=\"%.0f\" font-size=\"10\" "
			   "text-anchor=\"middle\">%u</text>\n", x, PH - MB + 14,
			row[i]->threads);
	}
	fprintf(f, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"11\" "
		   "text-anchor=\"middle\">threads</text>\n",
		ML + (PW - ML - MR) / 2, PH - 12);
	ceiling_line(f, row, m, ymax);
	for (k = 0; k < L_COUNT; k++) {
		bool first = true;

		for (i = 0; i < m; i++) {
			if (!row[i]->have[k])
				continue;
			lb_summarise(row[i], (enum lock_kind)k, &s);
			/* Each lock a little to the side: bars do not hide. */
			x = ML + (PW - ML - MR) * (i + 0.5) / m +
			    ((double)k - L_COUNT / 2.0) * 3;
			y = MT + (PH - MT - MB) * (1 - s.mops / ymax);
			fprintf(f, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" "
				   "y2=\"%.1f\" stroke=\"%s\"/>\n", x, x,
				MT + (PH - MT - MB) * (1 - s.mops_lo / ymax),
				MT + (PH - MT - MB) * (1 - s.mops_hi / ymax),
				colors[k]);
			fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" "
				   "fill=\"%s\"/>\n", x, y, colors[k]);
			if (!first)
				fprintf(f, "<line x1=\"%.1f\" x2=\"%.1f\" "
					   "y1=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
					   "stroke-width=\"1.5\"/>\n", px, x,
					py, y, colors[k]);
			px = x;
			py = y;
			first = false;
		}
	}
	fprintf(f, "</g>\n");
}

int lb_svg(const char *path, const struct cell *cells, unsigned int n)
{
	static struct key keys[MAX_PANELS];
	unsigned int np = panels(cells, n, keys), i, k, cols = 2, rows;
	double w, h;
	FILE *f;

	if (np == 0)
		return -1;
	if (np < cols)
		cols = np;
	rows = (np + cols - 1) / cols;
	w = cols * PW;
	h = rows * PH + 60;
	f = fopen(path, "w");
	if (f == NULL)
		return -1;
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		   "<!-- SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause "
		   "-->\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" "
		   "height=\"%.0f\" font-family=\"sans-serif\">\n"
		   "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
		w, h);
	for (i = 0; i < np; i++)
		panel(f, (i % cols) * PW, (i / cols) * PH, cells, n, &keys[i]);
	for (k = 0; k < L_COUNT; k++) {
		double x = 20 + k * (w - 40) / L_COUNT, y = rows * PH + 30;

		fprintf(f, "<circle cx=\"%.0f\" cy=\"%.0f\" r=\"4\" fill=\"%s\"/>"
			   "<text x=\"%.0f\" y=\"%.0f\" font-size=\"12\">%s"
			   "</text>\n", x, y, colors[k], x + 8, y + 4,
			lock_names[k]);
	}
	fprintf(f, "</svg>\n");
	return fclose(f) == 0 ? 0 : -1;
}
