// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * CEDE exit latency: the pseries cpuidle rules before and after the
 * "Fixup CEDE0 latency only for POWER10 onwards" fix (pseries-cede-latency), and the
 * compensation the thread suggested. See include/pvsched/idle.h.
 */
#include <pvsched/idle.h>

#define PVS_IDLE_NR_STATES 2
#define PVS_NSEC_PER_SEC 1000000000u
#define PVS_NSEC_PER_USEC 1000u

/* dedicated_states[] in drivers/cpuidle/cpuidle-pseries.c */
static const struct pvs_idle_state pvs_idle_dedicated[PVS_IDLE_NR_STATES] = {
	{ "snooze", 0, 0 },
	{ "CEDE", PVS_IDLE_CEDE_EXIT_US, PVS_IDLE_CEDE_RESIDENCY_US },
};

/* shared_states[] in drivers/cpuidle/cpuidle-pseries.c */
static const struct pvs_idle_state pvs_idle_shared[PVS_IDLE_NR_STATES] = {
	{ "snooze", 0, 0 },
	{ "Shared Cede", PVS_IDLE_CEDE_EXIT_US, PVS_IDLE_CEDE_RESIDENCY_US },
};

/* cpuidle_poll_state_init() and haltpoll_driver in cpuidle-haltpoll.c */
static const struct pvs_idle_state pvs_idle_haltpoll[PVS_IDLE_NR_STATES] = {
	{ "POLL", 0, 0 },
	{ "haltpoll idle", 1, 1 },
};

int pvs_idle_default_states(enum pvs_idle_cpu cpu,
			    enum pvs_idle_partition partition,
			    const struct pvs_idle_state **states)
{
	if (!states || (unsigned int)cpu >= PVS_IDLE_CPU_COUNT ||
	    (unsigned int)partition >= PVS_IDLE_PARTITION_COUNT)
		return -PVS_EINVAL;
	if (cpu == PVS_IDLE_CPU_X86_KVM)
		*states = pvs_idle_haltpoll;
	else if (partition == PVS_IDLE_SHARED)
		*states = pvs_idle_shared;
	else
		*states = pvs_idle_dedicated;
	return PVS_IDLE_NR_STATES;
}

/* floor(tb * 1e9 / hz) without a 128-bit product; UINT64_MAX if it
 * does not fit. hz is non-zero. */
static uint64_t pvs_idle_tb_to_ns(uint64_t tb, uint32_t hz)
{
	uint64_t sec = pvs_div_u64(tb, hz);
	uint64_t rem = tb - sec * hz;	/* < hz < 2^32: rem * 1e9 < 2^62 */
	uint64_t frac = pvs_div_u64(rem * PVS_NSEC_PER_SEC, hz);

	if (sec > pvs_div_u64(UINT64_MAX - frac, PVS_NSEC_PER_SEC))
		return UINT64_MAX;
	return sec * PVS_NSEC_PER_SEC + frac;
}

/* DIV_ROUND_UP(ns, NSEC_PER_USEC), without the ns + 999 overflow. */
static uint64_t pvs_idle_ns_to_us_ceil(uint64_t ns)
{
	uint64_t us = pvs_div_u64(ns, PVS_NSEC_PER_USEC);

	return us + (ns - us * PVS_NSEC_PER_USEC != 0);
}

/* Linux's gate: cpu_has_feature(CPU_FTR_ARCH_31) || pvr_version_is(PVR_POWER10). */
static bool pvs_idle_fw_trusted(const struct pvs_idle_platform *p)
{
	if (p->cpu == PVS_IDLE_CPU_POWER10)
		return true;
	return p->cpu == PVS_IDLE_CPU_POWER11 && !p->compat_pre_isa31;
}

/* Take exit latency us from firmware: residency 10x, range-checked. */
static int pvs_idle_set_fw(struct pvs_idle_latency *res, uint64_t us,
			   enum pvs_idle_source source)
{
	if (us > PVS_IDLE_MAX_EXIT_US)
		return -PVS_ERANGE;
	res->exit_latency_us = (uint32_t)us;
	res->target_residency_us = (uint32_t)us * PVS_IDLE_RESIDENCY_FACTOR;
	res->source = source;
	return 0;
}

int pvs_idle_state_latency(const struct pvs_idle_platform *platform,
			   const struct pvs_xcede_table *fw_table,
			   enum pvs_idle_policy policy,
			   struct pvs_idle_latency *out)
{
	const struct pvs_idle_state *states;
	struct pvs_idle_latency res;
	uint64_t min_nz_ns = UINT64_MAX, min_all_us = UINT64_MAX, ns;
	unsigned int nr = 0, i;
	bool have_nz = false;
	int ret;

	if (!platform || !out || (unsigned int)policy >= PVS_IDLE_POLICY_COUNT)
		return -PVS_EINVAL;
	ret = pvs_idle_default_states(platform->cpu, platform->partition,
				      &states);
	if (ret < 0)
		return ret;
	res.name = states[1].name;
	res.exit_latency_us = states[1].exit_latency_us;
	res.target_residency_us = states[1].target_residency_us;
	res.source = PVS_IDLE_SRC_DEFAULT;
	res.fw_latency_ns = 0;
	if (platform->cpu == PVS_IDLE_CPU_X86_KVM)
		goto done;	/* no firmware table on x86: haltpoll's state */

	if (platform->timebase_hz == 0)
		return -PVS_EINVAL;
	if (fw_table) {
		nr = fw_table->nr_records;
		if (nr > PVS_XCEDE_MAX_RECORDS)
			return -PVS_EINVAL;
	}
	for (i = 0; i < PVS_XCEDE_MAX_RECORDS && i < nr; i++) {
		uint64_t us;

		ns = pvs_idle_tb_to_ns(fw_table->records[i].latency_tb,
				       platform->timebase_hz);
		us = pvs_idle_ns_to_us_ceil(ns);
		if (us < min_all_us)
			min_all_us = us;
		/* 4bceb03859c1: a 0 us record is unrealistic, skip it. */
		if (us != 0 && (!have_nz || ns < min_nz_ns)) {
			min_nz_ns = ns;
			have_nz = true;
		}
	}
	if (have_nz)
		res.fw_latency_ns = min_nz_ns;
	if (platform->partition == PVS_IDLE_SHARED)
		goto done;	/* Shared Cede never reads the records */

	ret = 0;
	if (policy == PVS_IDLE_TRUST_FW) {
		/* d947fb4c965c: only lower, and stay 1 us above snooze. */
		if (min_all_us < PVS_IDLE_CEDE_EXIT_US)
			ret = pvs_idle_set_fw(&res, min_all_us > 1 ?
					      min_all_us - 1 : 1,
					      PVS_IDLE_SRC_FIRMWARE);
	} else if (pvs_idle_fw_trusted(platform)) {
		/* Both KERNEL and COMPENSATED: firmware reports what the
		 * partition sees from POWER10 on. */
		if (have_nz)
			ret = pvs_idle_set_fw(&res,
					      pvs_idle_ns_to_us_ceil(min_nz_ns),
					      PVS_IDLE_SRC_FIRMWARE);
	} else if (policy == PVS_IDLE_COMPENSATED && have_nz) {
		ns = min_nz_ns + platform->compensation_ns;
		if (ns < min_nz_ns)
			ns = UINT64_MAX;
		ret = pvs_idle_set_fw(&res, pvs_idle_ns_to_us_ceil(ns),
				      PVS_IDLE_SRC_COMPENSATED);
	}
	if (ret < 0)
		return ret;
done:
	out->name = res.name;
	out->exit_latency_us = res.exit_latency_us;
	out->target_residency_us = res.target_residency_us;
	out->source = res.source;
	out->fw_latency_ns = res.fw_latency_ns;
	return 0;
}
