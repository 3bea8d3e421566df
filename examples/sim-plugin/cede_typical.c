// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * A simulator plug-in with a CEDE rule of its own, for
 * pseries-cede-latency: believe the typical measured wake-up, not the
 * tail. The exit latency is the boot's IPI selftest median, rounded up to
 * us, the target residency 10 times that, whatever the firmware says (on
 * POWER9 about 8 us / 80 us where the kernel keeps 10 / 100). Does a
 * shorter residency win the short idles back, or does it cost wake-up
 * latency?
 *
 *   pvsched sim compare pseries-cede-latency --plugin ./libcede_typical.so \
 *       --base kernel --metric p99_us
 */
#include <pvsched/sim.h>

static int typical_cede(void *user, const struct pvs_idle_platform *pf,
			const struct pvs_xcede_table *fw,
			const struct pvs_lat_stats *timer,
			const struct pvs_lat_stats *ipi,
			struct pvs_idle_latency *out)
{
	struct pvs_idle_platform lib = *pf;
	uint64_t us = (ipi->median_ns + 999) / 1000;

	(void)user;
	(void)timer;
	/* the library's answer for the name and the firmware value */
	lib.compensation_ns = 0;
	if (pvs_idle_state_latency(&lib, fw, PVS_IDLE_KERNEL, out))
		return -1;
	if (!ipi->n || !us || us > PVS_IDLE_MAX_EXIT_US)
		return 0;	/* no selftest: today's rule */
	out->exit_latency_us = (uint32_t)us;
	out->target_residency_us = (uint32_t)us * PVS_IDLE_RESIDENCY_FACTOR;
	out->source = PVS_IDLE_SRC_COMPENSATED;
	return 0;
}

/** @brief The plug-in's policy. */
const struct pvsim_plugin pvsim_plugin = {
	PVSIM_PLUGIN_ABI,
	"CEDE exit latency = the boot's IPI selftest median, residency 10x",
	{ .name = "cede-typical", .idle_state_latency = typical_cede },
};
