/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file errors.h
 * @brief Error codes shared by every libpvsched function that can fail.
 *
 * A function that can fail returns `int`: a value >= 0 on success (a result
 * or 0) and the negative of one of these codes on failure, in which case it
 * leaves every output untouched. The values equal Linux's errno numbers, so
 * a kernel caller can hand them on unchanged.
 */
#ifndef PVSCHED_ERRORS_H
#define PVSCHED_ERRORS_H

#include <pvsched/env.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief No such entity to act on: e.g. no task to yield to. */
#define PVS_ESRCH 3
/** @brief A required input (file, field, record) is absent. */
#define PVS_ENOENT 2
/** @brief Reading the input failed. */
#define PVS_EIO 5
/** @brief Transient state: retry (e.g. a seqlock version was odd). */
#define PVS_EAGAIN 11
/** @brief Out of memory (userspace helpers only; the core never allocates). */
#define PVS_ENOMEM 12
/** @brief Invalid argument: NULL pointer, unknown enum, bad index. */
#define PVS_EINVAL 22
/** @brief A value is out of the representable or meaningful range. */
#define PVS_ERANGE 34
/** @brief Malformed data: short, truncated or inconsistent buffer. */
#define PVS_EBADMSG 74
/** @brief Not supported on this platform or in this configuration. */
#define PVS_ENOTSUP 95
/** @brief A deadline passed before the wait ended (userspace waits only). */
#define PVS_ETIMEDOUT 110

/**
 * @brief Describe an error code in a few words.
 *
 * Accepts the code with either sign (`pvs_strerror(-PVS_EINVAL)` and
 * `pvs_strerror(PVS_EINVAL)` are the same) and never returns NULL: unknown
 * codes give "unknown error", 0 gives "success".
 * @param err error code, as returned by a libpvsched function
 * @return a static, NUL-terminated English string
 */
const char *pvs_strerror(int err);

#ifdef __cplusplus
}
#endif

#endif /* PVSCHED_ERRORS_H */
