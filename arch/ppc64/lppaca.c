// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * lppaca (VPA) decoder: raw big-endian 640-byte image -> struct pvs_lppaca,
 * on any host. Layout: struct lppaca in arch/powerpc/include/asm/lppaca.h.
 */
#include <pvsched/arch/ppc64.h>
#include <pvsched/internal/record.h>

int pvs_lppaca_decode(const void *buf, size_t len, struct pvs_lppaca *out)
{
	const uint8_t *b = (const uint8_t *)buf;
	struct pvs_lppaca l;
	int err = pvs_record_check_(buf, len, out, PVS_LPPACA_SIZE);

	if (err)
		return err;
	l.desc = pvs_be32_ld(b + PVS_LPPACA_OFF_DESC);
	l.size = pvs_be16_ld(b + PVS_LPPACA_OFF_SIZE);
	if (l.desc != PVS_LPPACA_DESC || l.size < PVS_LPPACA_SIZE)
		return -PVS_EBADMSG;
	l.old_status = pvs_u8_ld(b + PVS_LPPACA_OFF_OLD_STATUS);
	l.shared = (l.old_status & PVS_LPPACA_OLD_SHARED_PROC) != 0;
	l.cede_latency_hint = pvs_u8_ld(b + PVS_LPPACA_OFF_CEDE_LATENCY_HINT);
	l.dtl_enable_mask = pvs_u8_ld(b + PVS_LPPACA_OFF_DTL_ENABLE_MASK);
	l.donate_dedicated_cpu =
		pvs_u8_ld(b + PVS_LPPACA_OFF_DONATE_DEDICATED_CPU);
	l.idle = pvs_u8_ld(b + PVS_LPPACA_OFF_IDLE);
	l.yield_count = pvs_be32_ld(b + PVS_LPPACA_OFF_YIELD_COUNT);
	l.dispersion_count = pvs_be32_ld(b + PVS_LPPACA_OFF_DISPERSION_COUNT);
	l.enqueue_dispatch_tb =
		pvs_be64_ld(b + PVS_LPPACA_OFF_ENQUEUE_DISPATCH_TB);
	l.ready_enqueue_tb = pvs_be64_ld(b + PVS_LPPACA_OFF_READY_ENQUEUE_TB);
	l.dtl_idx = pvs_be64_ld(b + PVS_LPPACA_OFF_DTL_IDX);
	*out = l;
	return 0;
}

int pvs_lppaca_to_thread(const struct pvs_lppaca *l,
			 struct pvs_thread_state *out)
{
	if (!l || !out)
		return -PVS_EINVAL;
	return pvs_thread_state_set_(out, l->yield_count, l->idle, 0);
}
