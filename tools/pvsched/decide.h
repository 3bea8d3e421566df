/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * The Decisions section of `pvsched probe`: what the library's heuristics
 * decide from the probed facts. Every decision is made by the library's own
 * decision functions; this file only maps probe results to their inputs.
 */
#ifndef PVSCHED_TOOLS_DECIDE_H
#define PVSCHED_TOOLS_DECIDE_H

#include <stdbool.h>
#include <stdio.h>

#include "json.h"

struct pvs_report;

struct pvs_decisions {
	bool done;
};

void pvs_decide(struct pvs_report *r);
void pvs_decide_text(const struct pvs_report *r, FILE *f);
void pvs_decide_json(const struct pvs_report *r, struct pvs_json *j);

#endif /* PVSCHED_TOOLS_DECIDE_H */
