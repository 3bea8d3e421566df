// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Links against an installed pvsched::sim (pkg-config pvsched-sim) and
 * nothing else: the simulator's own command line lists its scenarios, and
 * a core function names the hypervisor kind they model.
 */
#include <stdio.h>
#include <pvsched/pvsched.h>
#include <pvsched/sim.h>

int main(void)
{
	char *argv[] = { "sim_consumer", "list", NULL };
	FILE *out = fopen("/dev/null", "w");
	int rc;

	if (out == NULL)
		return 1;
	rc = pvsim_main(2, argv, out, stderr);
	fclose(out);
	printf("sim consumer: list exit %d, %s\n", rc,
	       pvs_hv_kind_name(PVS_HV_POWERVM));
	return rc;
}
