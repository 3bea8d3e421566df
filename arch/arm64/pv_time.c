// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Arm PV time stolen-time decoder: raw little-endian 64-byte record ->
 * struct pvs_arm64_stolen_time, on any host. Layout: DEN0057A and Linux's
 * struct pvclock_vcpu_stolen_time (arch/arm64/include/asm/pvclock-abi.h).
 */
#include <pvsched/arch/arm64.h>
#include <pvsched/internal/record.h>

int pvs_arm64_stolen_time_decode(const void *buf, size_t len,
				 struct pvs_arm64_stolen_time *out)
{
	const uint8_t *b = (const uint8_t *)buf;
	struct pvs_arm64_stolen_time st;
	int err = pvs_record_check_(buf, len, out, PVS_ARM64_STOLEN_TIME_SIZE);

	if (err)
		return err;
	st.revision = pvs_le32_ld(b + PVS_ARM64_ST_OFF_REVISION);
	st.attributes = pvs_le32_ld(b + PVS_ARM64_ST_OFF_ATTRIBUTES);
	if (st.revision != 0 || st.attributes != 0)
		return -PVS_ENOTSUP;
	st.stolen_ns = pvs_le64_ld(b + PVS_ARM64_ST_OFF_STOLEN_TIME);
	*out = st;
	return 0;
}

int pvs_arm64_stolen_time_to_thread(const struct pvs_arm64_stolen_time *st,
				    struct pvs_thread_state *out)
{
	if (!st || !out)
		return -PVS_EINVAL;
	return pvs_thread_state_set_(out, 0, 0, 0);
}
