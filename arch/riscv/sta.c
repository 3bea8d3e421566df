// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * SBI STA decoder and reader: raw little-endian 64-byte record -> struct
 * pvs_sbi_sta, on any host. Layout: the SBI specification's STA extension
 * and Linux's struct sbi_sta_struct (arch/riscv/include/asm/sbi.h).
 */
#include <pvsched/arch/riscv.h>
#include <pvsched/internal/record.h>

#define STA_FIELD(member, raw) PVS_FIELD_(struct pvs_sbi_sta, member, raw)

static const struct pvs_field_ sta_fields[] = {
	STA_FIELD(sequence, PVS_SBI_STA_OFF_SEQUENCE),
	STA_FIELD(flags, PVS_SBI_STA_OFF_FLAGS),
	STA_FIELD(steal_ns, PVS_SBI_STA_OFF_STEAL),
	STA_FIELD(preempted, PVS_SBI_STA_OFF_PREEMPTED),
};

/* An odd sequence: copied while the SBI implementation was writing it. */
static int sta_accept(struct pvs_sbi_sta *sta)
{
	return sta->sequence & 1u ? -PVS_EAGAIN : 0;
}

PVS_RECORD_DECODER_(pvs_sbi_sta_decode, pvs_sbi_sta, PVS_SBI_STA_SIZE,
		    false, sta_fields, sta_accept)

/* One naturally aligned little-endian load of the live record. */
static uint32_t sta_le32(const uint8_t *b, unsigned int off)
{
	uint32_t raw = PVS_READ_ONCE(*(const uint32_t *)(b + off));

	return pvs_le32_ld(&raw);
}

int pvs_sbi_sta_read(const void *sta, unsigned int max_tries,
		     struct pvs_sbi_sta *out)
{
	const uint8_t *b = (const uint8_t *)sta;
	struct pvs_sbi_sta st;
	uint64_t steal;
	uint32_t after;
	unsigned int i;

	if (!sta || !out || max_tries == 0)
		return -PVS_EINVAL;
	if (max_tries > PVS_SBI_STA_MAX_TRIES)
		max_tries = PVS_SBI_STA_MAX_TRIES;
	for (i = 1; i <= max_tries; i++) {
		st.sequence = sta_le32(b, PVS_SBI_STA_OFF_SEQUENCE);
		PVS_VIRT_RMB();
		st.flags = sta_le32(b, PVS_SBI_STA_OFF_FLAGS);
		steal = PVS_READ_ONCE(*(const uint64_t *)
				      (b + PVS_SBI_STA_OFF_STEAL));
		st.preempted = PVS_READ_ONCE(b[PVS_SBI_STA_OFF_PREEMPTED]);
		PVS_VIRT_RMB();
		after = sta_le32(b, PVS_SBI_STA_OFF_SEQUENCE);
		if (pvs_sbi_sta_consistent(st.sequence, after)) {
			st.steal_ns = pvs_le64_ld(&steal);
			*out = st;
			return (int)i;
		}
	}
	return -PVS_EAGAIN;
}

int pvs_sbi_sta_to_thread(const struct pvs_sbi_sta *sta,
			  struct pvs_thread_state *out)
{
	return PVS_TO_THREAD_(sta, out, 0, 0, sta->preempted);
}
