/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file probe/topology.h
 * @brief CPU topology: online and possible CPUs, cores, packages, nodes,
 *        SMT (sysfs or hwloc).
 *
 * Userspace only (pvsched::probe). Conventions shared by every reader
 * (sysroot, error codes, parsers): probe/context.h and docs/probe.md.
 */
#ifndef PVSCHED_PROBE_TOPOLOGY_H
#define PVSCHED_PROBE_TOPOLOGY_H

#include <pvsched/env.h>
#include <pvsched/errors.h>
#include <pvsched/probe/context.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief Where the topology came from. */
enum pvprobe_topo_via {
	/** /sys/devices/system/cpu (always used under a sysroot). */
	PVPROBE_TOPO_VIA_SYSFS = 0,
	/** hwloc (live system, when built with it). */
	PVPROBE_TOPO_VIA_HWLOC
};

/** @brief CPU topology summary. */
struct pvprobe_topology {
	/** Online CPUs. */
	unsigned int nr_online;
	/** Possible CPUs (online + offline + hot-pluggable). */
	unsigned int nr_possible;
	/** Distinct cores among online CPUs. */
	unsigned int nr_cores;
	/** Distinct packages (sockets) among online CPUs. */
	unsigned int nr_packages;
	/** NUMA nodes with online CPUs (0 if not exposed). */
	unsigned int nr_nodes;
	/** Most online threads in one core (the SMT mode in use). */
	unsigned int threads_per_core;
	/** /sys/devices/system/cpu/smt/control ("on", "off", "forceoff",
	 *  "notsupported", "notimplemented" or a thread count); "" absent. */
	char smt_control[PVPROBE_NAME_LEN];
	/** Source. */
	enum pvprobe_topo_via via;
};

/**
 * @brief Parse a Linux CPU list ("0-3,8,10-11\n").
 * @param buf    text, need not be NUL-terminated
 * @param len    bytes
 * @param bitmap optional bitmap of ::PVPROBE_MAX_CPUS bits to set (not
 *               cleared first), may be NULL; untouched on error
 * @return number of CPUs listed; -PVS_EBADMSG malformed or a reversed
 *         range; -PVS_ERANGE a CPU >= ::PVPROBE_MAX_CPUS
 */
int pvprobe_cpulist_parse(const char *buf, size_t len, uint8_t *bitmap);

/**
 * @brief Read the topology: hwloc on the live system when built with it,
 *        else sysfs (cpu/online, cpu/possible, cpuN/topology/
 *        {physical_package_id,thread_siblings_list}, nodeN/cpulist,
 *        smt/control).
 * @param ctx context
 * @param out result, untouched on error
 * @return 0; -PVS_ENOENT no cpu/online; parse errors
 */
int pvprobe_read_topology(struct pvprobe_ctx *ctx, struct pvprobe_topology *out);

#ifdef __cplusplus
}
#endif

#endif /* PVSCHED_PROBE_TOPOLOGY_H */
