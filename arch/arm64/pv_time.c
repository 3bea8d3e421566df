// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Arm PV time stolen-time decoder: raw little-endian 64-byte record ->
 * struct pvs_arm64_stolen_time, on any host. Layout: DEN0057A and Linux's
 * struct pvclock_vcpu_stolen_time (arch/arm64/include/asm/pvclock-abi.h).
 */
#include <pvsched/arch/arm64.h>
#include <pvsched/internal/record.h>

#define ST_FIELD(member, raw)                                                 \
	PVS_FIELD_(struct pvs_arm64_stolen_time, member, raw)

static const struct pvs_field_ st_fields[] = {
	ST_FIELD(revision, PVS_ARM64_ST_OFF_REVISION),
	ST_FIELD(attributes, PVS_ARM64_ST_OFF_ATTRIBUTES),
	ST_FIELD(stolen_ns, PVS_ARM64_ST_OFF_STOLEN_TIME),
};

/* Linux reads no stolen time from a record of another revision. */
static int st_accept(struct pvs_arm64_stolen_time *st)
{
	return st->revision != 0 || st->attributes != 0 ? -PVS_ENOTSUP : 0;
}

PVS_RECORD_DECODER_(pvs_arm64_stolen_time_decode,
		    pvs_arm64_stolen_time, PVS_ARM64_STOLEN_TIME_SIZE,
		    false, st_fields, st_accept)

int pvs_arm64_stolen_time_to_thread(const struct pvs_arm64_stolen_time *st,
				    struct pvs_thread_state *out)
{
	return PVS_TO_THREAD_(st, out, 0, 0, 0);
}
