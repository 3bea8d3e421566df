// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * cpuidle: driver, governor and per-CPU states
 * (/sys/devices/system/cpu/cpuidle/current_{driver,governor},
 * /sys/devices/system/cpu/cpuN/cpuidle/stateK/{name,desc,latency,residency,
 * usage,time,disable}; docs/upstream-rules.md#userspace-signals).
 */
#include <stdio.h>
#include <string.h>

#include "probe_util.h"

/* Attribute file names, indexed by enum pvprobe_cpuidle_attr. */
static const char *const pvprobe_cpuidle_attr_file[PVPROBE_CPUIDLE_ATTR_COUNT] = {
	"name", "desc", "latency", "residency", "usage", "time", "disable"
};

/* Longest attribute we accept: one short value. */
#define PVPROBE_CPUIDLE_ATTR_BUF 128

static int pvprobe_idle_text(const char *text, char *dst, size_t cap)
{
	return pvprobe_pu_copy_text(dst, cap, text, text + strlen(text));
}

int pvprobe_cpuidle_state_parse(const char *const text[PVPROBE_CPUIDLE_ATTR_COUNT],
			 struct pvprobe_cpuidle_state *out)
{
	static const enum pvprobe_cpuidle_attr num_attr[] = {
		PVPROBE_CPUIDLE_ATTR_LATENCY, PVPROBE_CPUIDLE_ATTR_RESIDENCY,
		PVPROBE_CPUIDLE_ATTR_USAGE, PVPROBE_CPUIDLE_ATTR_TIME,
		PVPROBE_CPUIDLE_ATTR_DISABLE
	};
	uint64_t num[sizeof(num_attr) / sizeof(num_attr[0])] = { 0 };
	struct pvprobe_cpuidle_state s;
	unsigned int i;
	int rc;

	if (text == NULL || out == NULL)
		return -PVS_EINVAL;
	if (text[PVPROBE_CPUIDLE_ATTR_NAME] == NULL ||
	    text[PVPROBE_CPUIDLE_ATTR_LATENCY] == NULL ||
	    text[PVPROBE_CPUIDLE_ATTR_RESIDENCY] == NULL)
		return -PVS_ENOENT;
	memset(&s, 0, sizeof(s));
	rc = pvprobe_idle_text(text[PVPROBE_CPUIDLE_ATTR_NAME], s.name, sizeof(s.name));
	if (rc < 0)
		return rc;
	if (s.name[0] == '\0')
		return -PVS_EBADMSG;
	if (text[PVPROBE_CPUIDLE_ATTR_DESC] != NULL) {
		rc = pvprobe_idle_text(text[PVPROBE_CPUIDLE_ATTR_DESC], s.desc,
				   sizeof(s.desc));
		if (rc < 0)
			return rc;
	}
	for (i = 0; i < sizeof(num_attr) / sizeof(num_attr[0]); i++) {
		const char *t = text[num_attr[i]];

		if (t == NULL)
			continue;
		rc = pvprobe_pu_text_u64(t, false, &num[i]);
		if (rc < 0)
			return rc;
	}
	s.latency_us = num[0];
	s.residency_us = num[1];
	s.usage = num[2];
	s.time_us = num[3];
	s.disabled = num[4] != 0;
	*out = s;
	return 0;
}

/* Read one state directory: 0, 1 if there is no such state (no name
 * file), or a negative -PVS_E* code with the offending file recorded. */
static int pvprobe_read_state(struct pvprobe_ctx *ctx, unsigned int cpu,
			  unsigned int k, struct pvprobe_cpuidle_state *st)
{
	char buf[PVPROBE_CPUIDLE_ATTR_COUNT][PVPROBE_CPUIDLE_ATTR_BUF];
	const char *text[PVPROBE_CPUIDLE_ATTR_COUNT];
	char path[PVPROBE_PATH_MAX];
	unsigned int a;
	int rc;

	for (a = 0; a < PVPROBE_CPUIDLE_ATTR_COUNT; a++) {
		rc = pvprobe_pu_path(
			ctx, path,
			"/sys/devices/system/cpu/cpu%u/cpuidle/state%u/%s", cpu,
			k, pvprobe_cpuidle_attr_file[a]);
		if (rc < 0)
			return rc;
		rc = pvprobe_pu_load_small(ctx, path, buf[a], sizeof(buf[a]), NULL);
		if (rc == -PVS_ENOENT) {
			text[a] = NULL;
			continue;
		}
		if (rc < 0)
			return rc == -PVS_ERANGE
				       ? pvprobe_pu_fail(ctx, path, 1, -PVS_EBADMSG)
				       : rc;
		text[a] = buf[a];
	}
	if (text[PVPROBE_CPUIDLE_ATTR_NAME] == NULL)
		return 1;
	rc = pvprobe_cpuidle_state_parse(text, st);
	if (rc < 0) {
		/* Name the first attribute that fails on its own. */
		for (a = 0; a < PVPROBE_CPUIDLE_ATTR_COUNT; a++) {
			const char *one[PVPROBE_CPUIDLE_ATTR_COUNT] = { NULL };
			struct pvprobe_cpuidle_state tmp;

			one[PVPROBE_CPUIDLE_ATTR_NAME] = "x";
			one[PVPROBE_CPUIDLE_ATTR_LATENCY] = "0";
			one[PVPROBE_CPUIDLE_ATTR_RESIDENCY] = "0";
			one[a] = text[a];
			if (pvprobe_cpuidle_state_parse(one, &tmp) < 0)
				break;
		}
		if (a == PVPROBE_CPUIDLE_ATTR_COUNT)
			a = PVPROBE_CPUIDLE_ATTR_NAME;
		pvprobe_pu_path(ctx, path,
			    "/sys/devices/system/cpu/cpu%u/cpuidle/state%u/%s",
			    cpu, k, pvprobe_cpuidle_attr_file[a]);
		return pvprobe_pu_fail(ctx, path, text[a] ? 1 : 0,
				   pvprobe_pu_secondary(rc));
	}
	return 0;
}

/* current_driver / current_governor: one word. */
static int pvprobe_read_word(struct pvprobe_ctx *ctx, const char *rel,
			 char *dst, size_t cap)
{
	char path[PVPROBE_PATH_MAX], buf[PVPROBE_CPUIDLE_ATTR_BUF];
	int rc;

	rc = pvprobe_pu_path(ctx, path, "%s", rel);
	if (rc < 0)
		return rc;
	rc = pvprobe_pu_load_small(ctx, path, buf, sizeof(buf), NULL);
	if (rc == -PVS_ERANGE)
		rc = -PVS_EBADMSG;
	if (rc == 0)
		rc = pvprobe_idle_text(buf, dst, cap);
	if (rc == 0 && dst[0] == '\0')
		rc = -PVS_EBADMSG;
	return rc < 0 ? pvprobe_pu_fail(ctx, path, rc == -PVS_ENOENT ? 0 : 1, rc)
		      : 0;
}

int pvprobe_read_cpuidle(struct pvprobe_ctx *ctx, unsigned int cpu,
		      struct pvprobe_cpuidle *out)
{
	static const char base[] = "/sys/devices/system/cpu/cpuidle/";
	struct pvprobe_cpuidle ci;
	char rel[PVPROBE_PATH_MAX];
	unsigned int k;
	int rc;

	if (ctx == NULL || out == NULL || cpu >= PVPROBE_MAX_CPUS)
		return -PVS_EINVAL;
	memset(&ci, 0, sizeof(ci));
	ci.cpu = cpu;
	snprintf(rel, sizeof(rel), "%scurrent_driver", base);
	rc = pvprobe_read_word(ctx, rel, ci.driver, sizeof(ci.driver));
	if (rc < 0)
		return rc;
	/* Kernels without governor switching expose current_governor_ro. */
	snprintf(rel, sizeof(rel), "%scurrent_governor", base);
	rc = pvprobe_read_word(ctx, rel, ci.governor, sizeof(ci.governor));
	if (rc == -PVS_ENOENT) {
		snprintf(rel, sizeof(rel), "%scurrent_governor_ro", base);
		rc = pvprobe_read_word(ctx, rel, ci.governor, sizeof(ci.governor));
	}
	if (rc < 0 && rc != -PVS_ENOENT)
		return rc;
	for (k = 0; k < PVPROBE_MAX_IDLE_STATES; k++) {
		rc = pvprobe_read_state(ctx, cpu, k, &ci.states[k]);
		if (rc == 1)
			break;
		if (rc < 0)
			return rc;
	}
	ci.nr_states = k;
	ctx->bad_path[0] = '\0';
	*out = ci;
	return 0;
}
