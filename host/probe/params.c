// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Module parameters the polling heuristics read
 * (docs/upstream-rules.md#kvm-halt-poll-window): the KVM host's halt_poll_ns
 * family
 * and PLE / pause filter, and the guest cpuidle-haltpoll governor's
 * guest_halt_poll_* family.
 */
#include <string.h>

#include "probe_util.h"

/* Longest module parameter value we accept. */
#define PVPROBE_PARAM_BUF 64

/* One parameter: a decimal (or Y/N with @yn) in
 * /sys/module/<module>/parameters/<name>. */
static int pvprobe_read_param(struct pvprobe_ctx *ctx, const char *module,
			  const char *name, bool yn, uint64_t *v)
{
	char path[PVPROBE_PATH_MAX], buf[PVPROBE_PARAM_BUF];
	int rc;

	rc = pvprobe_pu_path(ctx, path, "/sys/module/%s/parameters/%s", module,
			 name);
	if (rc < 0)
		return rc;
	rc = pvprobe_pu_load_small(ctx, path, buf, sizeof(buf), NULL);
	if (rc == -PVS_ERANGE)
		return pvprobe_pu_fail(ctx, path, 1, -PVS_EBADMSG);
	if (rc < 0)
		return rc;
	rc = pvprobe_pu_text_u64(buf, yn, v);
	return rc < 0 ? pvprobe_pu_fail(ctx, path, 1, rc) : 0;
}

static bool pvprobe_param_exists(struct pvprobe_ctx *ctx, const char *module,
			     const char *name)
{
	char path[PVPROBE_PATH_MAX];

	return pvprobe_pu_path(ctx, path, "/sys/module/%s/parameters/%s", module,
			   name) == 0 && pvprobe_pu_exists(ctx, path);
}

/* Read @n parameters named @names into @v, all required. Only the first
 * may be absent (-PVS_ENOENT: no such module) and only if @first_optional;
 * a module missing a later one is malformed. */
static int pvprobe_read_params(struct pvprobe_ctx *ctx, const char *module,
			   const char *const *names, unsigned int n,
			   bool first_optional, uint64_t *v)
{
	unsigned int i;
	int rc;

	for (i = 0; i < n; i++) {
		rc = pvprobe_read_param(ctx, module, names[i], false, &v[i]);
		if (rc < 0)
			return i == 0 && first_optional ? rc :
							  pvprobe_pu_secondary(rc);
	}
	return 0;
}

/* Linux before 5.1 had no halt_poll_ns_grow_start: it grew from 10 us. */
#define PVPROBE_OLD_GROW_START_NS 10000u

/* Narrow a parameter to its 32-bit field, naming the file on overflow. */
static int pvprobe_u32(struct pvprobe_ctx *ctx, const char *module,
		   const char *name, uint64_t v, uint32_t *out)
{
	char path[PVPROBE_PATH_MAX];

	if (v > UINT32_MAX) {
		pvprobe_pu_path(ctx, path, "/sys/module/%s/parameters/%s", module,
			    name);
		return pvprobe_pu_fail(ctx, path, 1, -PVS_ERANGE);
	}
	*out = (uint32_t)v;
	return 0;
}

int pvprobe_read_kvm_host(struct pvprobe_ctx *ctx,
		       struct pvprobe_kvm_host_params *out)
{
	static const char *const hp[] = { "halt_poll_ns", "halt_poll_ns_grow",
					  "halt_poll_ns_shrink" };
	static const char *const vmx[] = { "ple_gap", "ple_window",
					   "ple_window_grow",
					   "ple_window_shrink",
					   "ple_window_max" };
	static const char *const svm[] = { "pause_filter_thresh",
					   "pause_filter_count",
					   "pause_filter_count_grow",
					   "pause_filter_count_shrink",
					   "pause_filter_count_max" };
	struct pvprobe_kvm_host_params p;
	const char *const *names = NULL;
	const char *module = NULL;
	uint32_t *ple[5];
	uint64_t v[5];
	unsigned int i;
	int rc;

	if (ctx == NULL || out == NULL)
		return -PVS_EINVAL;
	memset(&p, 0, sizeof(p));
	rc = pvprobe_read_params(ctx, "kvm", hp, 3, true, v);
	if (rc < 0)
		return rc;
	p.halt_poll.flavour = PVS_HALT_POLL_KVM_HOST;
	p.halt_poll.max_ns = v[0];
	p.halt_poll.allow_shrink = true;
	rc = pvprobe_u32(ctx, "kvm", hp[1], v[1], &p.halt_poll.grow);
	if (rc == 0)
		rc = pvprobe_u32(ctx, "kvm", hp[2], v[2], &p.halt_poll.shrink);
	if (rc < 0)
		return rc;
	rc = pvprobe_read_param(ctx, "kvm", "halt_poll_ns_grow_start", false,
			    &p.halt_poll.grow_start_ns);
	if (rc == -PVS_ENOENT)
		p.halt_poll.grow_start_ns = PVPROBE_OLD_GROW_START_NS;
	else if (rc < 0)
		return rc;
	/* Whichever vendor module is loaded must be complete. */
	if (pvprobe_param_exists(ctx, "kvm_intel", vmx[0])) {
		module = "kvm_intel";
		names = vmx;
		p.ple.vendor = PVS_PLE_VMX;
	} else if (pvprobe_param_exists(ctx, "kvm_amd", svm[0])) {
		module = "kvm_amd";
		names = svm;
		p.ple.vendor = PVS_PLE_SVM;
	}
	if (module != NULL) {
		rc = pvprobe_read_params(ctx, module, names, 5, false, v);
		if (rc < 0)
			return rc;
		ple[0] = &p.ple.gap;
		ple[1] = &p.ple.window;
		ple[2] = &p.ple.grow;
		ple[3] = &p.ple.shrink;
		ple[4] = &p.ple.window_max;
		for (i = 0; i < 5; i++) {
			rc = pvprobe_u32(ctx, module, names[i], v[i], ple[i]);
			if (rc < 0)
				return rc;
		}
		p.has_ple = true;
	}
	ctx->bad_path[0] = '\0';
	*out = p;
	return 0;
}

int pvprobe_read_guest_haltpoll(struct pvprobe_ctx *ctx,
			     struct pvs_halt_poll_params *out)
{
	static const char *const names[] = { "guest_halt_poll_ns",
					     "guest_halt_poll_grow",
					     "guest_halt_poll_grow_start",
					     "guest_halt_poll_shrink" };
	struct pvs_halt_poll_params p;
	uint64_t v[4], allow;
	int rc;

	if (ctx == NULL || out == NULL)
		return -PVS_EINVAL;
	rc = pvprobe_read_params(ctx, "haltpoll", names, 4, true, v);
	if (rc < 0)
		return rc;
	rc = pvprobe_read_param(ctx, "haltpoll", "guest_halt_poll_allow_shrink",
			    true, &allow);
	if (rc < 0)
		return pvprobe_pu_secondary(rc);
	memset(&p, 0, sizeof(p));
	p.flavour = PVS_HALT_POLL_GUEST;
	p.max_ns = v[0];
	p.grow_start_ns = v[2];
	p.allow_shrink = allow != 0;
	rc = pvprobe_u32(ctx, "haltpoll", names[1], v[1], &p.grow);
	if (rc == 0)
		rc = pvprobe_u32(ctx, "haltpoll", names[3], v[3], &p.shrink);
	if (rc < 0)
		return rc;
	*out = p;
	return 0;
}
