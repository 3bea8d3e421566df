/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file probe/cpuidle.h
 * @brief cpuidle: driver, governor and the idle states of one CPU (sysfs).
 *
 * Userspace only (pvsched::probe). Conventions shared by every reader
 * (sysroot, error codes, parsers): probe/context.h and docs/probe.md.
 */
#ifndef PVSCHED_PROBE_CPUIDLE_H
#define PVSCHED_PROBE_CPUIDLE_H

#include <pvsched/env.h>
#include <pvsched/errors.h>
#include <pvsched/probe/context.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief Index of each attribute file of a cpuidle state, in the order
 *         pvprobe_cpuidle_state_parse() takes their texts. */
enum pvprobe_cpuidle_attr {
	/** "name". Required. */
	PVPROBE_CPUIDLE_ATTR_NAME = 0,
	/** "desc". Optional. */
	PVPROBE_CPUIDLE_ATTR_DESC,
	/** "latency": exit latency, us. Required. */
	PVPROBE_CPUIDLE_ATTR_LATENCY,
	/** "residency": target residency, us. Required. */
	PVPROBE_CPUIDLE_ATTR_RESIDENCY,
	/** "usage": times entered. Optional. */
	PVPROBE_CPUIDLE_ATTR_USAGE,
	/** "time": total time in the state, us. Optional. */
	PVPROBE_CPUIDLE_ATTR_TIME,
	/** "disable": 0/1. Optional. */
	PVPROBE_CPUIDLE_ATTR_DISABLE,
	/** Number of attributes. */
	PVPROBE_CPUIDLE_ATTR_COUNT
};

/** @brief One cpuidle state of one CPU. */
struct pvprobe_cpuidle_state {
	/** Name ("POLL", "C1", "snooze", "CEDE", "haltpoll idle" ...). */
	char name[PVPROBE_NAME_LEN];
	/** Description. */
	char desc[PVPROBE_TEXT_LEN];
	/** Exit latency, us. */
	uint64_t latency_us;
	/** Target residency, us. */
	uint64_t residency_us;
	/** Times entered. */
	uint64_t usage;
	/** Total time spent in it, us. */
	uint64_t time_us;
	/** Disabled by the administrator. */
	bool disabled;
};

/** @brief cpuidle driver, governor and the states of one CPU. */
struct pvprobe_cpuidle {
	/** current_driver ("intel_idle", "haltpoll", "pseries_idle",
	 *  "acpi_idle"; "none" when no driver is registered). */
	char driver[PVPROBE_NAME_LEN];
	/** current_governor ("menu", "teo", "ladder", "haltpoll"). */
	char governor[PVPROBE_NAME_LEN];
	/** CPU whose states follow. */
	unsigned int cpu;
	/** Number of states. */
	unsigned int nr_states;
	/** The states, by index. */
	struct pvprobe_cpuidle_state states[PVPROBE_MAX_IDLE_STATES];
};

/**
 * @brief Parse one state from the texts of its attribute files.
 *
 * Each text is the file's content (NUL-terminated, one value and an
 * optional newline) or NULL when the file is absent. Names are copied
 * (trailing blanks removed; too long or with control bytes: malformed);
 * numbers must be decimal.
 * @param text texts indexed by enum pvprobe_cpuidle_attr
 * @param out  result, untouched on error
 * @return 0; -PVS_EINVAL; -PVS_ENOENT a required attribute is absent;
 *         -PVS_EBADMSG; -PVS_ERANGE
 */
int pvprobe_cpuidle_state_parse(const char *const text[PVPROBE_CPUIDLE_ATTR_COUNT],
			 struct pvprobe_cpuidle_state *out);

/**
 * @brief Read the cpuidle driver and governor
 *        (/sys/devices/system/cpu/cpuidle/current_{driver,governor}) and
 *        the states of @p cpu (.../cpuN/cpuidle/stateK/).
 * @param ctx context
 * @param cpu CPU number
 * @param out result, untouched on error
 * @return 0; -PVS_ENOENT no cpuidle (no current_driver); -PVS_EBADMSG a
 *         state without name, latency or residency; parse errors
 */
int pvprobe_read_cpuidle(struct pvprobe_ctx *ctx, unsigned int cpu,
		      struct pvprobe_cpuidle *out);

#ifdef __cplusplus
}
#endif

#endif /* PVSCHED_PROBE_CPUIDLE_H */
