/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * INTERNAL, not API: the steps every arch/ record decoder shares. A decoder
 * lists its fields once (struct pvs_field_, with PVS_FIELD_()), and
 * PVS_RECORD_DECODER_() writes the decode function: check the arguments,
 * load every field with env.h's byte-wise loaders into a local copy, let
 * the decoder's own rule accept it (and fill what is derived), then write
 * the output. Its *_to_thread() is one PVS_TO_THREAD_().
 */
#ifndef PVSCHED_INTERNAL_RECORD_H
#define PVSCHED_INTERNAL_RECORD_H

#include <pvsched/env.h>
#include <pvsched/errors.h>
#include <pvsched/preempt.h>

/* Most fields one record lists (the bound of the loading loop). */
#define PVS_RECORD_MAX_FIELDS_ 16u

/*
 * Where one field sits in the raw record and in the struct it decodes to;
 * it has the same size in both: 1, 2, 4 or 8 bytes.
 */
struct pvs_field_ {
	uint16_t raw;	/* byte offset in the raw record */
	uint16_t host;	/* offsetof() in the decoded struct */
	uint8_t size;	/* bytes */
};

/* The field @member of @type, at byte @raw of the raw record. */
#define PVS_FIELD_(type, member, raw)                                         \
	{ (raw), offsetof(type, member), sizeof(((type *)0)->member) }

/*
 * 0 when a decode may go on; -PVS_EINVAL when buf or out is NULL,
 * -PVS_EBADMSG when len is below the record's size bytes.
 */
static inline int pvs_record_check_(const void *buf, size_t len,
				    const void *out, size_t size)
{
	if (!buf || !out)
		return -PVS_EINVAL;
	return len < size ? -PVS_EBADMSG : 0;
}

/* Load field f of the raw record at b (big-endian if big) into dec. */
static inline void pvs_field_load_(const struct pvs_field_ *f,
				   const uint8_t *b, bool big, void *dec)
{
	const uint8_t *s = b + f->raw;
	void *d = (uint8_t *)dec + f->host;

	switch (f->size) {
	case 1:
		*(uint8_t *)d = pvs_u8_ld(s);
		break;
	case 2:
		*(uint16_t *)d = big ? pvs_be16_ld(s) : pvs_le16_ld(s);
		break;
	case 4:
		*(uint32_t *)d = big ? pvs_be32_ld(s) : pvs_le32_ld(s);
		break;
	default:
		*(uint64_t *)d = big ? pvs_be64_ld(s) : pvs_le64_ld(s);
		break;
	}
}

/*
 * pvs_record_check_() for a size-byte record, then load the nr fields of
 * fields[] (at most PVS_RECORD_MAX_FIELDS_) into dec; returns 0 or the
 * check's error, dec then untouched.
 */
static inline int pvs_record_load_(const void *buf, size_t len,
				   const void *out, size_t size, bool big,
				   const struct pvs_field_ *fields,
				   unsigned int nr, void *dec)
{
	int err = pvs_record_check_(buf, len, out, size);
	unsigned int i;

	if (err)
		return err;
	for (i = 0; i < nr && i < PVS_RECORD_MAX_FIELDS_; i++)
		pvs_field_load_(&fields[i], (const uint8_t *)buf, big, dec);
	return 0;
}

/*
 * Define int fn(const void *buf, size_t len, struct tag *out), the public
 * decoder its header declares, over the array fields (PVS_FIELD_() rows) of
 * a size-byte record in big-endian (big) or little-endian order.
 * accept(struct tag *dec) returns 0 for a record it takes (filling any
 * derived field) or the negative error the header documents; out is
 * written only on success.
 */
#define PVS_RECORD_DECODER_(fn, tag, size, big, fields, accept)               \
	int fn(const void *buf, size_t len, struct tag *out)                  \
	{                                                                     \
		struct tag dec;                                               \
		int err = pvs_record_load_(buf, len, out, size, big, fields,  \
					   sizeof(fields) / sizeof((fields)[0]), \
					   &dec);                             \
									      \
		if (!err)                                                     \
			err = accept(&dec);                                   \
		if (!err)                                                     \
			*out = dec;                                           \
		return err;                                                   \
	}

/* The accept rule of a record whose every value is valid. */
static inline int pvs_record_any_(void *dec)
{
	(void)dec;
	return 0;
}

/* What one record says about its thread, written to out; returns 0. */
static inline int pvs_thread_state_set_(struct pvs_thread_state *out,
					uint32_t yield_count, uint8_t idle,
					uint8_t preempted)
{
	out->yield_count = yield_count;
	out->idle = idle;
	out->preempted = preempted;
	return 0;
}

/*
 * The body of a *_to_thread(): -PVS_EINVAL when the decoded record rec or
 * out is NULL, else fill out from the three values (read from rec only
 * then) and return 0.
 */
#define PVS_TO_THREAD_(rec, out, yield_count, idle, preempted)                \
	((rec) && (out) ? pvs_thread_state_set_(out, yield_count, idle,       \
						preempted) : -PVS_EINVAL)

#endif /* PVSCHED_INTERNAL_RECORD_H */
