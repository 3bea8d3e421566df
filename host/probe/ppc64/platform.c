// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * ppc64 platform facts from the device tree
 * (docs/upstream-rules.md#userspace-signals): the first CPU node's
 * ibm,thread-groups (big cores) and which hypervisor runs the partition
 * (PowerVM, KVM, none on PowerNV).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <string.h>

#include "../probe_util.h"

/* ---- ibm,thread-groups --------------------------------------------------- */

/* Group property 1: threads sharing an L1 (Linux THREAD_GROUP_SHARE_L1). */
#define PVPROBE_TG_SHARE_L1 1u

int pvprobe_thread_groups_parse(const void *buf, size_t len,
			    struct pvprobe_thread_groups *out)
{
	const uint8_t *b = buf;
	size_t cells, i = 0;
	struct pvprobe_thread_groups tg;
	bool first = true;

	if (buf == NULL || out == NULL)
		return -PVS_EINVAL;
	if (len == 0 || len % 4 != 0)
		return -PVS_EBADMSG;
	cells = len / 4;
	memset(&tg, 0, sizeof(tg));
	while (i < cells) {
		uint32_t prop, ngroups, per;
		uint64_t ids;

		if (cells - i < 3)
			return -PVS_EBADMSG;
		prop = pvs_be32_ld(b + 4 * i);
		ngroups = pvs_be32_ld(b + 4 * i + 4);
		per = pvs_be32_ld(b + 4 * i + 8);
		i += 3;
		if (ngroups == 0 || per == 0)
			return -PVS_EBADMSG;
		if (ngroups > PVPROBE_MAX_CPUS || per > PVPROBE_MAX_CPUS)
			return -PVS_ERANGE;
		ids = (uint64_t)ngroups * per;
		if (ids > cells - i)
			return -PVS_EBADMSG;
		if (ids > PVPROBE_MAX_CPUS)
			return -PVS_ERANGE;
		if (first)
			tg.threads_per_core = (unsigned int)ids;
		else if (ids != tg.threads_per_core)
			return -PVS_EBADMSG; /* every set covers one core */
		first = false;
		if (prop == PVPROBE_TG_SHARE_L1 && tg.l1_group_threads == 0) {
			tg.l1_group_threads = per;
			tg.big_cores = ngroups >= 2;
		}
		i += (size_t)ids;
	}
	*out = tg;
	return 0;
}

static int pvprobe_thread_groups_cb(const char *buf, size_t len, void *tg,
				unsigned int *line)
{
	(void)line; /* binary: no lines */
	return pvprobe_thread_groups_parse(buf, len, tg);
}

/* The first /proc/device-tree/cpus/PowerPC,* node's ibm,thread-groups. */
static int pvprobe_read_thread_groups(struct pvprobe_ctx *ctx,
				  struct pvprobe_thread_groups *tg)
{
	char rel[PVPROBE_PATH_MAX], best[256] = "";
	struct dirent *de;
	DIR *d;

	d = pvprobe_pu_opendir(ctx, "/proc/device-tree/cpus");
	if (d == NULL)
		return -PVS_ENOENT;
	/* readdir order is arbitrary: take the smallest name, so the answer
	 * does not depend on the filesystem. */
	while ((de = readdir(d)) != NULL)
		if (strncmp(de->d_name, "PowerPC,", 8) == 0 &&
		    strlen(de->d_name) < sizeof(best) &&
		    (best[0] == '\0' || strcmp(de->d_name, best) < 0))
			strcpy(best, de->d_name);
	closedir(d);
	if (best[0] == '\0')
		return -PVS_ENOENT;
	snprintf(rel, sizeof(rel),
		 "/proc/device-tree/cpus/%s/ibm,thread-groups", best);
	return pvprobe_pu_read_parse(ctx, rel, pvprobe_thread_groups_cb, tg);
}

/* Whether a device-tree "compatible" list (NUL-separated) holds @want. */
static bool pvprobe_dt_compatible(struct pvprobe_ctx *ctx, const char *rel,
			      const char *want)
{
	char path[PVPROBE_PATH_MAX], buf[512];
	size_t len, i = 0;

	if (pvprobe_pu_path(ctx, path, "%s", rel) < 0 ||
	    pvprobe_pu_load_small(ctx, path, buf, sizeof(buf), &len) < 0)
		return false;
	while (i < len) {
		size_t n = strnlen(buf + i, len - i);

		if (n == strlen(want) && memcmp(buf + i, want, n) == 0)
			return true;
		i += n + 1;
	}
	return false;
}

int pvprobe_read_ppc_platform(struct pvprobe_ctx *ctx,
			   const struct pvprobe_cpuinfo *ci,
			   struct pvprobe_ppc_platform *out)
{
	struct pvprobe_ppc_platform p;
	int rc;

	if (ctx == NULL || ci == NULL || out == NULL ||
	    ci->arch != PVPROBE_ARCH_PPC64)
		return -PVS_EINVAL;
	memset(&p, 0, sizeof(p));
	p.power_gen = ci->power_gen;
	p.compat = ci->power_compat;
	p.timebase_hz = ci->timebase_hz;
	if (pvprobe_dt_compatible(ctx, "/proc/device-tree/hypervisor/compatible",
			      "linux,kvm") ||
	    strstr(ci->machine, "emulated by qemu") != NULL)
		p.hv = PVPROBE_HV_KVM;
	else if (strcmp(ci->platform, "PowerNV") == 0)
		p.hv = PVPROBE_HV_NONE;
	else if (strcmp(ci->platform, "pSeries") == 0)
		p.hv = PVPROBE_HV_POWERVM;
	else
		p.hv = PVPROBE_HV_UNKNOWN;
	rc = pvprobe_read_thread_groups(ctx, &p.groups);
	if (rc < 0 && rc != -PVS_ENOENT)
		return rc;
	ctx->bad_path[0] = '\0';
	*out = p;
	return 0;
}
