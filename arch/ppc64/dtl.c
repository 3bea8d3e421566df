// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Dispatch-trace-log entry decoder: raw big-endian 48-byte entry -> struct
 * pvs_dtl_entry, on any host. Layout: struct dtl_entry in Linux's
 * arch/powerpc/include/asm/lppaca.h.
 */
#include <pvsched/arch/ppc64.h>
#include <pvsched/internal/record.h>

int pvs_dtl_entry_decode(const void *buf, size_t len,
			 struct pvs_dtl_entry *out)
{
	const uint8_t *b = (const uint8_t *)buf;
	struct pvs_dtl_entry e;
	int err = pvs_record_check_(buf, len, out, PVS_DTL_ENTRY_SIZE);

	if (err)
		return err;
	e.dispatch_reason = pvs_u8_ld(b + PVS_DTL_OFF_DISPATCH_REASON);
	e.preempt_reason = pvs_u8_ld(b + PVS_DTL_OFF_PREEMPT_REASON);
	e.processor_id = pvs_be16_ld(b + PVS_DTL_OFF_PROCESSOR_ID);
	e.enqueue_to_dispatch_tb =
		pvs_be32_ld(b + PVS_DTL_OFF_ENQUEUE_TO_DISPATCH);
	e.ready_to_enqueue_tb = pvs_be32_ld(b + PVS_DTL_OFF_READY_TO_ENQUEUE);
	e.waiting_to_ready_tb = pvs_be32_ld(b + PVS_DTL_OFF_WAITING_TO_READY);
	e.timebase = pvs_be64_ld(b + PVS_DTL_OFF_TIMEBASE);
	e.fault_addr = pvs_be64_ld(b + PVS_DTL_OFF_FAULT_ADDR);
	e.srr0 = pvs_be64_ld(b + PVS_DTL_OFF_SRR0);
	e.srr1 = pvs_be64_ld(b + PVS_DTL_OFF_SRR1);
	*out = e;
	return 0;
}
