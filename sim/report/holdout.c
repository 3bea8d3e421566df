// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The hold-out lines' shared parts (holdout.h): published beside
 * simulated, and the agreement of the predicted pairs.
 */
#include <stdlib.h>

#include <pvsched/sim.h>

#include "report/holdout.h"

void pvsim_holdout_pair(FILE *f, struct pvsim_holdout *h, int64_t pub,
			int64_t sim, const char *label, bool predicted)
{
	bool sign = (pub < 0) == (sim < 0);

	pvsim_print_centi(f, pub);
	fprintf(f, " vs ");
	pvsim_print_centi(f, sim);
	if (label)
		fprintf(f, " (%s)", label);
	if (!h || !predicted)
		return;
	h->npred++;
	h->sign += sign;
	h->near += sign && llabs(sim) * 2 >= llabs(pub) &&
		   llabs(sim) <= llabs(pub) * 2;
}

void pvsim_holdout_summary(FILE *f, const struct pvsim_holdout *h,
			   const char *what)
{
	fprintf(f, "\nhold-out: of %u predicted %s the sign agrees at %u, "
		"within 2x at %u (F = fitted, P = predicted)\n", h->npred,
		what, h->sign, h->near);
}
