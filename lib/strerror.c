// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Error-code names: kept apart so kernels that print their own can drop it. */
#include <pvsched/errors.h>

const char *pvs_strerror(int err)
{
	/* Negate in unsigned arithmetic: -INT_MIN would overflow. */
	unsigned int code = err < 0 ? 0u - (unsigned int)err : (unsigned int)err;

	switch (code) {
	case 0:
		return "success";
	case PVS_ENOENT:
		return "required input not present";
	case PVS_ESRCH:
		return "no task to yield to";
	case PVS_EIO:
		return "input could not be read";
	case PVS_EAGAIN:
		return "transient state, try again";
	case PVS_ENOMEM:
		return "out of memory";
	case PVS_EINVAL:
		return "invalid argument";
	case PVS_ERANGE:
		return "value out of range";
	case PVS_EBADMSG:
		return "malformed input data";
	case PVS_ENOTSUP:
		return "not supported here";
	case PVS_ETIMEDOUT:
		return "deadline passed";
	default:
		return "unknown error";
	}
}
