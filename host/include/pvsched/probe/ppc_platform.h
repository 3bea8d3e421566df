/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file probe/ppc_platform.h
 * @brief ppc64 platform from the device tree: hypervisor (PowerVM, KVM,
 *        none) and big cores (ibm,thread-groups).
 *
 * Userspace only (pvsched::probe). Conventions shared by every reader
 * (sysroot, error codes, parsers): probe/context.h and docs/probe.md.
 */
#ifndef PVSCHED_PROBE_PPC_PLATFORM_H
#define PVSCHED_PROBE_PPC_PLATFORM_H

#include <pvsched/env.h>
#include <pvsched/errors.h>
#include <pvsched/probe/context.h>
#include <pvsched/probe/cpuinfo.h>
#include <pvsched/probe/hypervisor.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief POWER thread groups (device-tree property ibm,thread-groups). */
struct pvprobe_thread_groups {
	/** Threads per core (the threads listed in the first group set). */
	unsigned int threads_per_core;
	/** Threads per small core that share an L1 (group property 1); 0 if
	 *  the property does not list property 1. */
	unsigned int l1_group_threads;
	/** Big cores: the L1 property splits a core into two or more groups
	 *  (POWER9/POWER10 SMT8 cores on PowerVM). */
	bool big_cores;
};

/**
 * @brief Decode an ibm,thread-groups property: big-endian u32 cells,
 *        repeated [property, nr_groups, threads_per_group, then
 *        nr_groups * threads_per_group thread ids].
 * @param buf property bytes
 * @param len bytes (a multiple of 4)
 * @param out result, untouched on error
 * @return 0; -PVS_EINVAL NULL; -PVS_EBADMSG short, misaligned or
 *         inconsistent; -PVS_ERANGE a count above ::PVPROBE_MAX_CPUS
 */
int pvprobe_thread_groups_parse(const void *buf, size_t len,
			    struct pvprobe_thread_groups *out);

/** @brief The ppc64 platform facts. */
struct pvprobe_ppc_platform {
	/** PowerVM, KVM or none (PowerNV bare metal). */
	enum pvprobe_hv hv;
	/** Processor generation (8, 9, 10, 11), 0 unknown. */
	unsigned int power_gen;
	/** The partition runs in an older compatibility mode. */
	bool compat;
	/** Timebase in Hz. */
	uint64_t timebase_hz;
	/** Thread groups of the first CPU node (zero if not in the tree). */
	struct pvprobe_thread_groups groups;
};

/**
 * @brief Identify a ppc64 platform from cpuinfo and the device tree
 *        (SYSROOT/proc/device-tree/hypervisor/compatible containing
 *        "linux,kvm" means KVM, like Linux's is_kvm_guest(); platform
 *        PowerNV means bare metal; pSeries otherwise is PowerVM; a qemu
 *        machine line also means KVM), and read the first CPU node's
 *        ibm,thread-groups (/proc/device-tree/cpus/PowerPC,*).
 * @param ctx context
 * @param ci  the parsed cpuinfo (arch must be ppc64)
 * @param out result, untouched on error
 * @return 0; -PVS_EINVAL not a ppc64 cpuinfo; -PVS_EBADMSG malformed
 *         thread-groups property
 */
int pvprobe_read_ppc_platform(struct pvprobe_ctx *ctx,
			   const struct pvprobe_cpuinfo *ci,
			   struct pvprobe_ppc_platform *out);

#ifdef __cplusplus
}
#endif

#endif /* PVSCHED_PROBE_PPC_PLATFORM_H */
