// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * kvm_steal_time decoder: raw little-endian 64-byte record -> struct
 * pvs_kvm_steal_time, on any host. Layout: struct kvm_steal_time in Linux's
 * arch/x86/include/uapi/asm/kvm_para.h.
 */
#include <pvsched/arch/x86.h>
#include <pvsched/internal/record.h>

int pvs_kvm_steal_time_decode(const void *buf, size_t len,
			      struct pvs_kvm_steal_time *out)
{
	const uint8_t *b = (const uint8_t *)buf;
	struct pvs_kvm_steal_time st;
	int err = pvs_record_check_(buf, len, out, PVS_KVM_STEAL_TIME_SIZE);

	if (err)
		return err;
	st.version = pvs_le32_ld(b + PVS_KVM_ST_OFF_VERSION);
	if (st.version & 1)
		return -PVS_EAGAIN;
	st.steal_ns = pvs_le64_ld(b + PVS_KVM_ST_OFF_STEAL);
	st.flags = pvs_le32_ld(b + PVS_KVM_ST_OFF_FLAGS);
	st.preempted = pvs_u8_ld(b + PVS_KVM_ST_OFF_PREEMPTED);
	*out = st;
	return 0;
}

int pvs_kvm_steal_time_to_thread(const struct pvs_kvm_steal_time *st,
				 struct pvs_thread_state *out)
{
	if (!st || !out)
		return -PVS_EINVAL;
	return pvs_thread_state_set_(out, 0, 0, st->preempted);
}
