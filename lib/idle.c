// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * CEDE exit latency: the pseries cpuidle rules before and after the
 * "Fixup CEDE0 latency only for POWER10 onwards" fix (pseries-cede-latency), and the
 * compensation the thread suggested. See include/pvsched/idle.h.
 */
#include <pvsched/idle.h>
#include <pvsched/internal/arith.h>

#define PVS_IDLE_NR_STATES 2
#define PVS_NSEC_PER_SEC 1000000000u
#define PVS_NSEC_PER_USEC 1000u
/* fixup_cede0_latency(): u64 min_xcede_latency_us = UINT_MAX */
#define PVS_IDLE_KERNEL_MIN_START_US 0xffffffffu

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

/*
 * Linux's timebase-to-ns conversion (arch/powerpc/kernel/time.c), bit for
 * bit. At boot, time_init() takes the 64.64 fixed-point 1e9 / tb_hz
 * (div128_by_32(1000000000, 0, tb_ticks_per_sec)) and shifts it right
 * until its integer part is 0: tb_to_ns_scale is the fraction, shift the
 * count. tb_to_ns(t) = mulhdu(t, scale) << shift: a floor at every step,
 * so not exact (at 512 MHz it is 2 x floor(125 t / 128)), and the final
 * shift wraps modulo 2^64 for huge t, as the kernel's u64 does.
 */
struct pvs_idle_tb_conv {
	uint64_t scale;
	unsigned int shift;
};

static void pvs_idle_tb_conv_init(struct pvs_idle_tb_conv *c, uint32_t hz)
{
	/* floor(1e9 * 2^64 / hz) by 32-bit long division: 1e9 < 2^32, so
	 * the dividend's limbs are 0, 1e9, 0, 0 and each remainder < hz.
	 */
	uint64_t x = pvs_div_u64(PVS_NSEC_PER_SEC, hz);
	uint64_t rb = (uint64_t)(PVS_NSEC_PER_SEC - x * hz) << 32;
	uint64_t y = pvs_div_u64(rb, hz);
	uint64_t rc = (rb - y * hz) << 32;
	uint64_t z = pvs_div_u64(rc, hz);
	uint64_t high = x, scale = (y << 32) + z;
	unsigned int shift = 0;

	/* high <= 1e9 < 2^30: at most 30 rounds */
	while (high != 0) {
		scale = (scale >> 1) | (high << 63);
		high >>= 1;
		shift++;
	}
	c->scale = scale;
	c->shift = shift;
}

static uint64_t pvs_idle_tb_to_ns(const struct pvs_idle_tb_conv *c,
				  uint64_t tb)
{
	return pvs_mulhi_u64_(tb, c->scale) << c->shift;
}

/* fixup_cede0_latency()'s DIV_ROUND_UP_ULL(ns, NSEC_PER_USEC): ns + 999
 * wraps for ns > 2^64 - 1000, giving 0 us, as in the kernel.
 */
static uint64_t pvs_idle_record_us(uint64_t ns)
{
	return pvs_div_u64(ns + (PVS_NSEC_PER_USEC - 1), PVS_NSEC_PER_USEC);
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
	uint64_t min_nz_ns = UINT64_MAX, min_nz_us = UINT64_MAX;
	uint64_t min_all_us = UINT64_MAX, ns;
	struct pvs_idle_tb_conv conv;
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
	pvs_idle_tb_conv_init(&conv, platform->timebase_hz);
	for (i = 0; i < PVS_XCEDE_MAX_RECORDS && i < nr; i++) {
		uint64_t us;

		ns = pvs_idle_tb_to_ns(&conv, fw_table->records[i].latency_tb);
		us = pvs_idle_record_us(ns);
		if (us < min_all_us)
			min_all_us = us;
		/* 4bceb03859c1: a 0 us record is unrealistic, skip it; and
		 * min_xcede_latency_us starts at UINT_MAX, so a record of
		 * UINT_MAX us or more never becomes the minimum.
		 */
		if (us == 0 || us >= PVS_IDLE_KERNEL_MIN_START_US)
			continue;
		if (!have_nz || us < min_nz_us ||
		    (us == min_nz_us && ns < min_nz_ns)) {
			min_nz_us = us;
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
		 * partition sees from POWER10 on.
		 */
		if (have_nz)
			ret = pvs_idle_set_fw(&res, min_nz_us,
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
