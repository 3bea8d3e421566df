// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Links against an installed pvsched::probe: the live probe of this host. */
#include <stdio.h>
#include <pvsched/probe.h>

int main(void)
{
	struct pvprobe_ctx ctx;
	struct pvprobe_cpuinfo ci;

	pvprobe_ctx_init(&ctx, NULL);
	if (pvprobe_read_cpuinfo(&ctx, &ci) < 0)
		return 1;
	printf("probe consumer: %u CPUs\n", ci.nr_processors);
	return 0;
}
