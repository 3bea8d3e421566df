// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * lppaca (VPA) decoder: raw big-endian 640-byte image -> struct pvs_lppaca,
 * on any host. Layout: struct lppaca in arch/powerpc/include/asm/lppaca.h.
 */
#include <pvsched/arch/ppc64.h>
#include <pvsched/internal/record.h>

#define LPPACA_FIELD(member, raw) PVS_FIELD_(struct pvs_lppaca, member, raw)

static const struct pvs_field_ lppaca_fields[] = {
	LPPACA_FIELD(desc, PVS_LPPACA_OFF_DESC),
	LPPACA_FIELD(size, PVS_LPPACA_OFF_SIZE),
	LPPACA_FIELD(old_status, PVS_LPPACA_OFF_OLD_STATUS),
	LPPACA_FIELD(cede_latency_hint, PVS_LPPACA_OFF_CEDE_LATENCY_HINT),
	LPPACA_FIELD(dtl_enable_mask, PVS_LPPACA_OFF_DTL_ENABLE_MASK),
	LPPACA_FIELD(donate_dedicated_cpu,
		     PVS_LPPACA_OFF_DONATE_DEDICATED_CPU),
	LPPACA_FIELD(idle, PVS_LPPACA_OFF_IDLE),
	LPPACA_FIELD(yield_count, PVS_LPPACA_OFF_YIELD_COUNT),
	LPPACA_FIELD(dispersion_count, PVS_LPPACA_OFF_DISPERSION_COUNT),
	LPPACA_FIELD(enqueue_dispatch_tb, PVS_LPPACA_OFF_ENQUEUE_DISPATCH_TB),
	LPPACA_FIELD(ready_enqueue_tb, PVS_LPPACA_OFF_READY_ENQUEUE_TB),
	LPPACA_FIELD(dtl_idx, PVS_LPPACA_OFF_DTL_IDX),
};

/* The eye-catcher, and a registered size that covers the structure. */
static int lppaca_accept(struct pvs_lppaca *l)
{
	if (l->desc != PVS_LPPACA_DESC || l->size < PVS_LPPACA_SIZE)
		return -PVS_EBADMSG;
	l->shared = (l->old_status & PVS_LPPACA_OLD_SHARED_PROC) != 0;
	return 0;
}

PVS_RECORD_DECODER_(pvs_lppaca_decode, pvs_lppaca, PVS_LPPACA_SIZE,
		    true, lppaca_fields, lppaca_accept)

int pvs_lppaca_to_thread(const struct pvs_lppaca *l,
			 struct pvs_thread_state *out)
{
	return PVS_TO_THREAD_(l, out, l->yield_count, l->idle, 0);
}
