// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Decisions: filled in as the decision modules land (see decide.h). */
#include "report.h"

void pvs_decide(struct pvs_report *r)
{
	r->dec.done = false;
}

void pvs_decide_text(const struct pvs_report *r, FILE *f)
{
	(void)r;
	(void)f;
}

void pvs_decide_json(const struct pvs_report *r, struct pvs_json *j)
{
	(void)r;
	pvs_json_null(j, "decisions");
}
