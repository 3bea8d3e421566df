/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file probe/context.h
 * @brief Probe context: the sysroot every reader reads under, where the
 *        last error was, and the size limits.
 *
 * Userspace only (pvsched::probe). Every reader follows these rules
 * (docs/probe.md explains them):
 *  - A `pvprobe_read_<x>()` reader takes a struct pvprobe_ctx; its sysroot
 *    prefixes every path (tests read fixture trees under tests/fixtures/).
 *  - It returns 0 (or a count) on success, or a negative error code:
 *    -PVS_ENOENT the file is absent; -PVS_EBADMSG it is malformed
 *    (truncated, garbage, a required field or a file its source implies
 *    is missing); -PVS_ERANGE a number does not fit; -PVS_EIO it could not
 *    be read; -PVS_ENOMEM; -PVS_EINVAL a bad argument. On failure it
 *    names the file (and line, when known) in pvprobe_ctx::bad_path and
 *    pvprobe_ctx::bad_line and leaves every output untouched.
 *  - A `pvprobe_<x>_parse()` parser works on a buffer that need not be
 *    NUL-terminated, never reads outside it and never crashes (fuzz/).
 */
#ifndef PVSCHED_PROBE_CONTEXT_H
#define PVSCHED_PROBE_CONTEXT_H

#include <pvsched/env.h>
#include <pvsched/errors.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief Longest path a reader builds (sysroot included), bytes with NUL. */
#define PVPROBE_PATH_MAX 512
/** @brief CPU numbers the readers accept are 0 .. PVPROBE_MAX_CPUS-1. */
#define PVPROBE_MAX_CPUS 8192
/** @brief Most cpuidle states per CPU (Linux CPUIDLE_STATE_MAX). */
#define PVPROBE_MAX_IDLE_STATES 10
/** @brief Size of the short name buffers (idle state, driver, governor). */
#define PVPROBE_NAME_LEN 32
/** @brief Size of the longer text buffers (model, machine, signature). */
#define PVPROBE_TEXT_LEN 64
/** @brief Largest file a reader loads, bytes (/proc/stat of a big host). */
#define PVPROBE_FILE_MAX (16u << 20)
/** @brief Most CPUID leaves a CPUID dump file may hold. */
#define PVPROBE_MAX_CPUID_LEAVES 256

/**
 * @brief Where the readers read, and where they say what went wrong.
 *
 * Initialise with pvprobe_ctx_init(). Not thread-safe: one per thread.
 */
struct pvprobe_ctx {
	/** Directory prefixed to every absolute path ("/proc/stat" is read
	 *  as sysroot + "/proc/stat"); NULL or "" or "/" mean the live
	 *  system. Not copied: it must outlive the context. */
	const char *sysroot;
	/** CPUID dump to use instead of the CPUID instruction (see
	 *  pvprobe_cpuid_dump_parse()); NULL = "SYSROOT/cpuid" when a sysroot
	 *  is set, the instruction on the live system. */
	const char *cpuid_file;
	/** Full path of the file behind the last error ("" if none). */
	char bad_path[PVPROBE_PATH_MAX];
	/** 1-based line of the last error in that file, 0 if not known. */
	unsigned int bad_line;
};

/**
 * @brief Initialise a context.
 * @param ctx     context to fill
 * @param sysroot directory to read under (NULL or "/" for the live system);
 *                kept by pointer
 */
void pvprobe_ctx_init(struct pvprobe_ctx *ctx, const char *sysroot);

/**
 * @brief Whether the context reads the live system (no sysroot).
 * @param ctx an initialised context
 * @return true if the sysroot is NULL, "" or "/"
 */
bool pvprobe_ctx_live(const struct pvprobe_ctx *ctx);

/**
 * @brief Load a small binary or text file under the sysroot as it is (a
 *        firmware buffer dump such as an extended-CEDE table, a
 *        device-tree property).
 * @param ctx  context (sysroot, error location)
 * @param path absolute path below the sysroot, e.g. "/xcede"
 * @param buf  destination, untouched on error
 * @param cap  bytes available at @p buf
 * @param len  bytes loaded
 * @return 0; -PVS_ENOENT absent; -PVS_ERANGE larger than @p cap; -PVS_EIO;
 *         -PVS_EINVAL NULL argument
 */
int pvprobe_load(struct pvprobe_ctx *ctx, const char *path, void *buf,
		   size_t cap, size_t *len);

#ifdef __cplusplus
}
#endif

#endif /* PVSCHED_PROBE_CONTEXT_H */
