/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * INTERNAL, not API: the steps every arch/ record decoder shares. A decoder
 * checks its arguments with pvs_record_check_(), loads its own fields with
 * env.h's byte-wise loaders and validates them; its *_to_thread() fills
 * struct pvs_thread_state with pvs_thread_state_set_().
 */
#ifndef PVSCHED_INTERNAL_RECORD_H
#define PVSCHED_INTERNAL_RECORD_H

#include <pvsched/env.h>
#include <pvsched/errors.h>
#include <pvsched/preempt.h>

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

#endif /* PVSCHED_INTERNAL_RECORD_H */
