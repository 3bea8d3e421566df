// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Links against an installed pvsched::probe (pkg-config pvsched-probe) and
 * nothing else: the live probe of this host, and a core function.
 */
#include <stdio.h>
#include <pvsched/probe.h>
#include <pvsched/pvsched.h>

int main(void)
{
	struct pvprobe_ctx ctx;
	struct pvprobe_cpuinfo ci;

	pvprobe_ctx_init(&ctx, NULL);
	if (pvprobe_read_cpuinfo(&ctx, &ci) < 0)
		return 1;
	printf("probe consumer: %u CPUs, libpvsched %s\n", ci.nr_processors,
	       pvs_version_string());
	return 0;
}
