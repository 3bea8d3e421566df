// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * LoongArch kvm_steal_time -> pvs_thread_state under the LoongArch rule.
 * The record decodes with x86's decoder (same layout: Linux's
 * arch/loongarch/include/asm/kvm_para.h); only the preempted rule differs.
 */
#include <pvsched/arch/loongarch.h>
#include <pvsched/internal/record.h>

int pvs_loongarch_steal_time_to_thread(const struct pvs_kvm_steal_time *st,
				       bool preempt,
				       struct pvs_thread_state *out)
{
	return PVS_TO_THREAD_(st, out, 0, 0, preempt ?
			      st->preempted & PVS_LOONGARCH_VCPU_PREEMPTED :
			      0);
}
