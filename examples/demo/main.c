// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * pvs_demo: what each libpvsched heuristic decides for a few documented
 * inputs (the situations of the upstream change threads). Every number printed is
 * computed by the library at run time.
 */
#include <stdio.h>

#include "demo.h"

void demo_heading(const char *title, const char *explain)
{
	printf("\n== %s\n   %s\n", title, explain);
}

int main(void)
{
	printf("libpvsched %s: decisions for documented inputs\n",
	       pvs_version_string());
	/* module sections: one call each, alphabetical */
	demo_preempt();
	demo_yield();
	demo_idle();
	demo_haltpoll();
	demo_pack();
	demo_spin();
	demo_spin_rt();
	return 0;
}
