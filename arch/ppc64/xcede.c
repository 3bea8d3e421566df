// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Decoder for the extended CEDE latency settings (RTAS
 * ibm,get-system-parameter, token 45). Portable: reads the big-endian
 * bytes with the env.h loaders, so it runs on any host.
 */
#include <pvsched/idle.h>

int pvs_xcede_parse(const void *buf, size_t len, struct pvs_xcede_table *out)
{
	const uint8_t *b = (const uint8_t *)buf;
	unsigned int payload_size, nr, i;

	if (!buf || !out)
		return -PVS_EINVAL;
	if (len < PVS_XCEDE_HDR_SIZE)
		return -PVS_EBADMSG;
	/* record_size holds the size minus one (PAPR "length N minus one"). */
	if (pvs_u8_ld(b + 2) + 1u != PVS_XCEDE_RECORD_SIZE)
		return -PVS_EBADMSG;
	/* payload_size counts record_size, the records and a NUL byte. */
	payload_size = pvs_be16_ld(b);
	if (payload_size < 2)
		return -PVS_EBADMSG;
	nr = (payload_size - 2) / PVS_XCEDE_RECORD_SIZE;
	if (nr > PVS_XCEDE_MAX_RECORDS)
		return -PVS_EBADMSG;
	if (len < 2 + (size_t)payload_size)
		return -PVS_EBADMSG;

	/* Everything is validated: nothing below can fail. Unused slots are
	 * zeroed so a table never carries stale records.
	 */
	for (i = 0; i < PVS_XCEDE_MAX_RECORDS; i++) {
		struct pvs_xcede_record *r = &out->records[i];
		const uint8_t *rec;

		if (i >= nr) {
			r->hint = 0;
			r->wake_on_irqs = 0;
			r->latency_tb = 0;
			continue;
		}
		rec = b + PVS_XCEDE_HDR_SIZE + i * PVS_XCEDE_RECORD_SIZE;
		r->hint = pvs_u8_ld(rec);
		r->latency_tb = pvs_be64_ld(rec + 1);
		r->wake_on_irqs = pvs_u8_ld(rec + 9);
	}
	out->nr_records = nr;
	return (int)nr;
}
