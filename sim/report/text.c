// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Printing the scenarios share: signed hundredths ("+12.34"),
 * fixed-point numbers, policy names, the rule between cases.
 */
#include <stdio.h>

#include <pvsched/sim.h>

#include "engine/sim_int.h"
#include "report/report.h"

void pvsim_print_rule(FILE *f)
{
	fprintf(f, "------------------------------------------------"
		"--------\n");
}

void pvsim_print_centi(FILE *f, int64_t centi)
{
	uint64_t m = centi < 0 ? (uint64_t)-centi : (uint64_t)centi;

	fprintf(f, "%c%llu.%02llu", centi < 0 ? '-' : '+',
		(unsigned long long)(m / 100), (unsigned long long)(m % 100));
}

const char *pvsim_fixed(char *b, size_t n, uint64_t v, unsigned int decimals)
{
	static const uint64_t pow10[4] = { 1, 10, 100, 1000 };
	uint64_t d = pow10[decimals < 4 ? decimals : 3];

	snprintf(b, n, "%llu.%0*llu", (unsigned long long)(v / d),
		 (int)(decimals < 4 ? decimals : 3),
		 (unsigned long long)(v % d));
	return b;
}

const char *pvsim_policy(const struct pvsim_opts *o,
			 const char *const *builtin, unsigned int n,
			 unsigned int pol)
{
	return pol < n ? builtin[pol] : o->plugin->name;
}
