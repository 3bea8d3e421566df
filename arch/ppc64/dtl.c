// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Dispatch-trace-log entry decoder: raw big-endian 48-byte entry -> struct
 * pvs_dtl_entry, on any host. Layout: struct dtl_entry in Linux's
 * arch/powerpc/include/asm/lppaca.h.
 */
#include <pvsched/arch/ppc64.h>
#include <pvsched/internal/record.h>

#define DTL_FIELD(member, raw) PVS_FIELD_(struct pvs_dtl_entry, member, raw)

static const struct pvs_field_ dtl_fields[] = {
	DTL_FIELD(dispatch_reason, PVS_DTL_OFF_DISPATCH_REASON),
	DTL_FIELD(preempt_reason, PVS_DTL_OFF_PREEMPT_REASON),
	DTL_FIELD(processor_id, PVS_DTL_OFF_PROCESSOR_ID),
	DTL_FIELD(enqueue_to_dispatch_tb, PVS_DTL_OFF_ENQUEUE_TO_DISPATCH),
	DTL_FIELD(ready_to_enqueue_tb, PVS_DTL_OFF_READY_TO_ENQUEUE),
	DTL_FIELD(waiting_to_ready_tb, PVS_DTL_OFF_WAITING_TO_READY),
	DTL_FIELD(timebase, PVS_DTL_OFF_TIMEBASE),
	DTL_FIELD(fault_addr, PVS_DTL_OFF_FAULT_ADDR),
	DTL_FIELD(srr0, PVS_DTL_OFF_SRR0),
	DTL_FIELD(srr1, PVS_DTL_OFF_SRR1),
};

/* Every entry is valid: the log has no eye-catcher or version. */
PVS_RECORD_DECODER_(pvs_dtl_entry_decode, pvs_dtl_entry,
		    PVS_DTL_ENTRY_SIZE, true, dtl_fields, pvs_record_any_)
