// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * A simulator plug-in that reimplements, in its own code, today's rule for
 * the CEDE state a dedicated pseries partition believes
 * (docs/upstream-rules.md, "cpuidle/pseries: Fixup CEDE0 latency only for
 * POWER10 onwards"): on POWER10 and later with firmware records, the
 * smallest non-zero record latency in us and 10 times that as target
 * residency; everywhere else the defaults, 10 us / 100 us. Run beside the
 * built-in policies it must give byte-identical numbers to "kernel" (the
 * CI checks it):
 *
 *   pvsched sim run pseries-cede-latency --plugin ./libcede_kernel_again.so
 *
 * The conversion of timebase ticks to ns is the plain one (ticks x 10^9 /
 * timebase_hz, rounded up to us): the library reproduces Linux's
 * tb_to_ns() bit for bit, which agrees with it for the scenario's records
 * (multiples of 2 us at 512 MHz) but not for every tick count.
 */
#include <pvsched/sim.h>

static int again_cede(void *user, const struct pvs_idle_platform *pf,
		      const struct pvs_xcede_table *fw,
		      const struct pvs_lat_stats *timer,
		      const struct pvs_lat_stats *ipi,
		      struct pvs_idle_latency *out)
{
	uint64_t best_us = 0, best_ns = 0;
	unsigned int i;

	(void)user;
	(void)timer;
	(void)ipi;
	out->name = pf->partition == PVS_IDLE_SHARED ? "Shared Cede" : "CEDE";
	out->exit_latency_us = PVS_IDLE_CEDE_EXIT_US;
	out->target_residency_us = PVS_IDLE_CEDE_RESIDENCY_US;
	out->source = PVS_IDLE_SRC_DEFAULT;
	out->fw_latency_ns = 0;
	if (!fw || !pf->timebase_hz)
		return 0;
	for (i = 0; i < fw->nr_records && i < PVS_XCEDE_MAX_RECORDS; i++) {
		uint64_t ns = fw->records[i].latency_tb * 1000000000ull /
			      pf->timebase_hz;
		uint64_t us = (ns + 999) / 1000;

		if (us && (!best_us || us < best_us)) {
			best_us = us;
			best_ns = ns;
		}
	}
	out->fw_latency_ns = best_ns;
	/* the fix: firmware is trusted from POWER10 on, dedicated only */
	if (best_us && pf->partition == PVS_IDLE_DEDICATED &&
	    pf->cpu >= PVS_IDLE_CPU_POWER10 && pf->cpu != PVS_IDLE_CPU_X86_KVM &&
	    !(pf->cpu > PVS_IDLE_CPU_POWER10 && pf->compat_pre_isa31)) {
		out->exit_latency_us = (uint32_t)best_us;
		out->target_residency_us = (uint32_t)best_us *
					   PVS_IDLE_RESIDENCY_FACTOR;
		out->source = PVS_IDLE_SRC_FIRMWARE;
	}
	return 0;
}

/** @brief The plug-in's policy: only idle_state_latency is its own. */
const struct pvsim_plugin pvsim_plugin = {
	PVSIM_PLUGIN_ABI,
	"today's CEDE rule, reimplemented outside the library (must equal "
	"kernel)",
	{ .name = "cede-kernel-again", .idle_state_latency = again_cede },
};
