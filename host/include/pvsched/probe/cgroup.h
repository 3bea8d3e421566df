/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file probe/cgroup.h
 * @brief The CPUs a process really has: its affinity mask, its cgroup's CPU
 *        bandwidth limit (v2 cpu.max, v1 cpu.cfs_quota_us/cfs_period_us,
 *        the tightest of the cgroup and its ancestors) and how much of the
 *        time the limit throttled it (cpu.stat).
 *
 * Userspace only (pvsched::probe). Conventions shared by every reader
 * (sysroot, error codes, parsers): probe/context.h and docs/probe.md.
 * The cgroup is found as Go's container-aware GOMAXPROCS finds it: the
 * /proc/self/cgroup line of a v1 hierarchy whose controllers include
 * "cpu" wins over the v2 line ("0::"); /proc/self/mountinfo gives that
 * hierarchy's mount point ("cgroup" with "cpu" in its super options, or
 * "cgroup2"). Unlike Go, which reads only the process's own cgroup, every
 * ancestor up to the mount point is read too and the smallest
 * quota/period wins (a parent's limit binds its children).
 */
#ifndef PVSCHED_PROBE_CGROUP_H
#define PVSCHED_PROBE_CGROUP_H

#include <pvsched/env.h>
#include <pvsched/errors.h>
#include <pvsched/probe/context.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief Which cgroup hierarchy holds the process's CPU controller. */
enum pvprobe_cgroup_ver {
	/** None found (no /proc/self/cgroup, or no mount for it). */
	PVPROBE_CGROUP_NONE = 0,
	/** cgroup v1, a hierarchy with the "cpu" controller. */
	PVPROBE_CGROUP_V1,
	/** cgroup v2, the unified hierarchy. */
	PVPROBE_CGROUP_V2
};

/** @brief Where pvprobe_cpus::nr_affinity came from. */
enum pvprobe_affinity_via {
	/** sched_getaffinity() of the calling thread (live system). */
	PVPROBE_AFFINITY_SYSCALL = 0,
	/** Cpus_allowed_list of SYSROOT/proc/self/status (under a sysroot). */
	PVPROBE_AFFINITY_STATUS,
	/** SYSROOT/sys/devices/system/cpu/online (no status file). */
	PVPROBE_AFFINITY_ONLINE
};

/** @brief One level's CPU bandwidth limit. */
struct pvprobe_cpu_quota {
	/** A limit is set (false: "max" or a v1 quota of -1). */
	bool limited;
	/** CPU time the group may use per period, us (0 if unlimited). */
	uint64_t quota_us;
	/** Enforcement period, us (> 0 when limited). */
	uint64_t period_us;
};

/** @brief Throttling counters of cpu.stat, since the cgroup was created. */
struct pvprobe_cpu_throttle {
	/** Enforcement periods that elapsed with the group runnable. */
	uint64_t nr_periods;
	/** Periods in which the group ran out of quota. */
	uint64_t nr_throttled;
	/** Time its runqueues spent throttled, summed over CPUs, ns (v2
	 *  throttled_usec x 1000, v1 throttled_time). */
	uint64_t throttled_ns;
};

/** @brief The CPUs a process really has. */
struct pvprobe_cpus {
	/** CPUs in the affinity mask. */
	uint32_t nr_affinity;
	/** Source of @ref nr_affinity. */
	enum pvprobe_affinity_via affinity_via;
	/** Hierarchy of the CPU controller. */
	enum pvprobe_cgroup_ver ver;
	/** The process's cgroup, relative to its hierarchy ("" if none). */
	char cgroup[PVPROBE_PATH_MAX];
	/** The tightest limit of the cgroup and its ancestors. */
	struct pvprobe_cpu_quota quota;
	/** Levels above the cgroup where @ref quota is set (0: its own). */
	uint32_t quota_depth;
	/** quota / period in milli-CPUs, rounded up (0 if unlimited). */
	uint32_t quota_mcpus;
	/** min(nr_affinity x 1000, quota_mcpus): the CPU capacity, mCPUs. */
	uint32_t effective_mcpus;
	/** effective_mcpus rounded up to whole CPUs, at least 1: how many
	 *  threads can run at once (0.5 CPU of quota still runs one). */
	uint32_t effective_cpus;
	/** cpu.stat of the limiting level was read (false: no limit's
	 *  counters, or the file lacks them). */
	bool have_throttle;
	/** Its counters. */
	struct pvprobe_cpu_throttle throttle;
	/** throttled_ns / (nr_periods x period): the share of time a
	 *  runqueue of the group spent throttled, treated like steal, ppm,
	 *  at most 1000000 (0 without counters). */
	uint32_t throttled_ppm;
	/** nr_throttled / nr_periods, ppm (0 without counters). */
	uint32_t periods_throttled_ppm;
};

/**
 * @brief Parse /proc/self/cgroup ("ID:controllers:path" lines): the v1
 *        line whose comma-separated controllers include "cpu", else the
 *        v2 line (ID 0, no controllers).
 * @param buf  text, need not be NUL-terminated
 * @param len  bytes
 * @param path the cgroup's path (NUL-terminated), untouched on error
 * @param cap  bytes at @p path
 * @return the ::pvprobe_cgroup_ver found (::PVPROBE_CGROUP_NONE if no line
 *         names the CPU controller); -PVS_EINVAL; -PVS_EBADMSG a line
 *         without two colons, a path not starting with '/', or longer
 *         than @p cap
 */
int pvprobe_cgroup_self_parse(const char *buf, size_t len, char *path,
			      size_t cap);

/**
 * @brief Find a hierarchy's mount in /proc/self/mountinfo: fstype
 *        "cgroup2" for v2, "cgroup" with "cpu" among the super options for
 *        v1. Of several, the first whose root is @p cgroup or a prefix of
 *        it, else the first. Octal escapes (\\040) are decoded.
 * @param buf    text, need not be NUL-terminated
 * @param len    bytes
 * @param ver    ::PVPROBE_CGROUP_V1 or ::PVPROBE_CGROUP_V2
 * @param cgroup the cgroup's path (from pvprobe_cgroup_self_parse())
 * @param mnt    mount point, untouched unless found
 * @param root   root of the mount within the hierarchy, as @p mnt
 * @param cap    bytes at @p mnt and at @p root each
 * @return 1 found; 0 no such mount; -PVS_EINVAL; -PVS_EBADMSG a malformed
 *         cgroup line (fields missing, bad escape, too long)
 */
int pvprobe_mountinfo_cgroup_parse(const char *buf, size_t len,
				   enum pvprobe_cgroup_ver ver,
				   const char *cgroup, char *mnt, char *root,
				   size_t cap);

/**
 * @brief Parse a v2 cpu.max: "max PERIOD" or "QUOTA PERIOD", an optional
 *        newline.
 * @param buf text, need not be NUL-terminated
 * @param len bytes
 * @param out result, untouched on error
 * @return 0; -PVS_EINVAL; -PVS_EBADMSG (also a zero period); -PVS_ERANGE
 */
int pvprobe_cpu_max_parse(const char *buf, size_t len,
			  struct pvprobe_cpu_quota *out);

/**
 * @brief Parse v1 cpu.cfs_quota_us ("-1" = unlimited, or a count) and
 *        cpu.cfs_period_us (a count > 0), each one number and a newline.
 * @param quota  cfs_quota_us text, need not be NUL-terminated
 * @param qlen   bytes
 * @param period cfs_period_us text
 * @param plen   bytes
 * @param out    result, untouched on error
 * @return 0; -PVS_EINVAL; -PVS_EBADMSG; -PVS_ERANGE
 */
int pvprobe_cfs_quota_parse(const char *quota, size_t qlen, const char *period,
			    size_t plen, struct pvprobe_cpu_quota *out);

/**
 * @brief Parse cpu.stat ("key value" lines; unknown keys skipped): v2
 *        nr_periods, nr_throttled, throttled_usec; v1 nr_periods,
 *        nr_throttled, throttled_time (ns).
 * @param buf text, need not be NUL-terminated
 * @param len bytes
 * @param ver ::PVPROBE_CGROUP_V1 or ::PVPROBE_CGROUP_V2
 * @param out result, untouched unless 1 is returned
 * @return 1 the three counters were there; 0 they were not (v2 without
 *         the cpu controller: usage only); -PVS_EINVAL; -PVS_EBADMSG a
 *         line not "key number", a key twice, or only some of the three;
 *         -PVS_ERANGE
 */
int pvprobe_cpu_stat_parse(const char *buf, size_t len,
			   enum pvprobe_cgroup_ver ver,
			   struct pvprobe_cpu_throttle *out);

/**
 * @brief Derive the effective CPUs from the affinity count and a limit:
 *        fills pvprobe_cpus::quota_mcpus, effective_mcpus, effective_cpus,
 *        throttled_ppm and periods_throttled_ppm from the other fields.
 *        Integer arithmetic; quota_mcpus = ceil(quota_us x 1000 /
 *        period_us), effective_cpus = ceil(effective_mcpus / 1000) >= 1.
 * @param c filled in place (nr_affinity, quota, have_throttle, throttle)
 */
void pvprobe_cpus_derive(struct pvprobe_cpus *c);

/**
 * @brief Read the CPUs the process has: affinity (live: sched_getaffinity;
 *        under a sysroot: proc/self/status, else cpu/online), the cgroup
 *        from proc/self/cgroup and proc/self/mountinfo, the limit of each
 *        level from the cgroup up to the mount point, and the cpu.stat of
 *        the level whose limit binds (of the cgroup when unlimited).
 *        A level without the limit files is unlimited (the v2 root has no
 *        cpu.max); no cgroup file or mount means no limit.
 * @param ctx context
 * @param out result, untouched on error
 * @return 0; -PVS_EINVAL; -PVS_EBADMSG / -PVS_ERANGE a malformed file
 *         (named in ctx); -PVS_ENOENT no affinity source
 */
int pvprobe_read_cpus(struct pvprobe_ctx *ctx, struct pvprobe_cpus *out);

#ifdef __cplusplus
}
#endif

#endif /* PVSCHED_PROBE_CGROUP_H */
