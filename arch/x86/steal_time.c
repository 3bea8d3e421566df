// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * kvm_steal_time decoder: raw little-endian 64-byte record -> struct
 * pvs_kvm_steal_time, on any host. Layout: struct kvm_steal_time in Linux's
 * arch/x86/include/uapi/asm/kvm_para.h.
 */
#include <pvsched/arch/x86.h>
#include <pvsched/internal/record.h>

#define ST_FIELD(member, raw) PVS_FIELD_(struct pvs_kvm_steal_time, member, raw)

static const struct pvs_field_ st_fields[] = {
	ST_FIELD(steal_ns, PVS_KVM_ST_OFF_STEAL),
	ST_FIELD(version, PVS_KVM_ST_OFF_VERSION),
	ST_FIELD(flags, PVS_KVM_ST_OFF_FLAGS),
	ST_FIELD(preempted, PVS_KVM_ST_OFF_PREEMPTED),
};

/* An odd version: copied while the host was writing it. */
static int st_accept(struct pvs_kvm_steal_time *st)
{
	return st->version & 1 ? -PVS_EAGAIN : 0;
}

PVS_RECORD_DECODER_(pvs_kvm_steal_time_decode, pvs_kvm_steal_time,
		    PVS_KVM_STEAL_TIME_SIZE, false, st_fields, st_accept)

int pvs_kvm_steal_time_to_thread(const struct pvs_kvm_steal_time *st,
				 struct pvs_thread_state *out)
{
	return PVS_TO_THREAD_(st, out, 0, 0, st->preempted);
}
