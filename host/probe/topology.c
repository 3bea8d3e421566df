// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * CPU topology: online/possible CPUs, cores, packages, NUMA nodes, threads
 * per core and the SMT control. hwloc on the live system when built with
 * it (PVPROBE_HAVE_HWLOC); sysfs otherwise and always under a sysroot, so
 * fixtures give the same answer on every host.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probe_util.h"

#ifdef PVPROBE_HAVE_HWLOC
#include <hwloc.h>
#endif

#define PVPROBE_BITMAP_BYTES (PVPROBE_MAX_CPUS / 8)

static bool pvprobe_bit(const uint8_t *map, unsigned int i)
{
	return (map[i / 8] >> (i % 8)) & 1u;
}

static void pvprobe_set_bit(uint8_t *map, unsigned int i)
{
	map[i / 8] |= (uint8_t)(1u << (i % 8));
}

int pvprobe_cpulist_parse(const char *buf, size_t len, uint8_t *bitmap)
{
	struct pvprobe_pu_cur c;
	const char *s = buf, *e;
	uint8_t *tmp;
	unsigned int count = 0;
	int rc = 0;

	if (buf == NULL)
		return -PVS_EINVAL;
	e = buf + len;
	pvprobe_pu_trim(&s, &e);
	c.p = s;
	c.end = e;
	tmp = calloc(PVPROBE_BITMAP_BYTES, 1);
	if (tmp == NULL)
		return -PVS_ENOMEM;
	/* An empty list is valid (e.g. cpu/offline with nothing offline). */
	while (c.p < c.end) {
		uint64_t lo, hi, i;

		rc = pvprobe_pu_u64(&c, &lo);
		if (rc < 0)
			goto out;
		hi = lo;
		if (c.p < c.end && *c.p == '-') {
			c.p++;
			rc = pvprobe_pu_u64(&c, &hi);
			if (rc < 0)
				goto out;
		}
		if (hi < lo) {
			rc = -PVS_EBADMSG;
			goto out;
		}
		if (hi >= PVPROBE_MAX_CPUS) {
			rc = -PVS_ERANGE;
			goto out;
		}
		for (i = lo; i <= hi; i++) {
			if (!pvprobe_bit(tmp, (unsigned int)i))
				count++;
			pvprobe_set_bit(tmp, (unsigned int)i);
		}
		if (c.p < c.end) {
			if (*c.p != ',' || c.p + 1 == c.end) {
				rc = -PVS_EBADMSG;
				goto out;
			}
			c.p++;
		}
	}
	if (bitmap != NULL) {
		unsigned int b;

		for (b = 0; b < PVPROBE_BITMAP_BYTES; b++)
			bitmap[b] |= tmp[b];
	}
	rc = (int)count;
out:
	free(tmp);
	return rc;
}

static int pvprobe_cpulist_cb(const char *buf, size_t len, void *bitmap,
			  unsigned int *line)
{
	*line = 1;
	return pvprobe_cpulist_parse(buf, len, bitmap);
}

/* Read the cpulist file sysroot + @rel into @bitmap; returns the count. */
static int pvprobe_read_cpulist(struct pvprobe_ctx *ctx, const char *rel,
			    uint8_t *bitmap)
{
	return pvprobe_pu_read_parse(ctx, rel, pvprobe_cpulist_cb, bitmap);
}

/* A signed topology id ("-1" = not known). */
static int pvprobe_read_id(struct pvprobe_ctx *ctx, const char *path,
		       int64_t *id)
{
	char buf[64];
	const char *s = buf, *e;
	uint64_t v;
	bool neg;
	int rc;

	rc = pvprobe_pu_load_small(ctx, path, buf, sizeof(buf), NULL);
	if (rc < 0)
		return rc == -PVS_ERANGE ? pvprobe_pu_fail(ctx, path, 1,
						      -PVS_EBADMSG) : rc;
	e = buf + strlen(buf);
	pvprobe_pu_trim(&s, &e);
	neg = s < e && *s == '-';
	rc = pvprobe_pu_parse_u64(s + neg, e, &v);
	if (rc == 0 && v > INT32_MAX)
		rc = -PVS_ERANGE;
	if (rc < 0)
		return pvprobe_pu_fail(ctx, path, 1, rc);
	*id = neg ? -(int64_t)v : (int64_t)v;
	return 0;
}

/* Count distinct values in ids[0..n). */
static unsigned int pvprobe_distinct(int64_t *ids, unsigned int n)
{
	unsigned int i, j, d = 0;

	for (i = 0; i < n; i++) {
		for (j = 0; j < i; j++)
			if (ids[j] == ids[i])
				break;
		d += j == i;
	}
	return d;
}

/* NUMA nodes holding at least one CPU (/sys/devices/system/node). */
static int pvprobe_count_nodes(struct pvprobe_ctx *ctx, unsigned int *nodes)
{
	char path[PVPROBE_PATH_MAX];
	struct dirent *de;
	unsigned int n = 0;
	DIR *d;
	int rc;

	d = pvprobe_pu_opendir(ctx, "/sys/devices/system/node");
	if (d == NULL) {
		*nodes = 0;
		return 0;
	}
	while ((de = readdir(d)) != NULL) {
		const char *name = de->d_name;
		uint64_t id;

		if (strncmp(name, "node", 4) != 0 ||
		    pvprobe_pu_parse_u64(name + 4, name + strlen(name), &id) < 0)
			continue;
		snprintf(path, sizeof(path),
			 "/sys/devices/system/node/%s/cpulist", name);
		rc = pvprobe_read_cpulist(ctx, path, NULL);
		if (rc == -PVS_ENOENT)
			continue;
		if (rc < 0) {
			closedir(d);
			return rc;
		}
		n += rc > 0;
	}
	closedir(d);
	*nodes = n;
	return 0;
}

static int pvprobe_topology_sysfs(struct pvprobe_ctx *ctx, struct pvprobe_topology *t)
{
	char path[PVPROBE_PATH_MAX];
	uint8_t *online = NULL, *sib = NULL;
	int64_t *core = NULL, *pkg = NULL;
	unsigned int cpu, n = 0;
	int rc;

	online = calloc(PVPROBE_BITMAP_BYTES, 1);
	sib = calloc(PVPROBE_BITMAP_BYTES, 1);
	core = calloc(PVPROBE_MAX_CPUS, sizeof(*core));
	pkg = calloc(PVPROBE_MAX_CPUS, sizeof(*pkg));
	if (online == NULL || sib == NULL || core == NULL || pkg == NULL) {
		rc = -PVS_ENOMEM;
		goto out;
	}
	rc = pvprobe_read_cpulist(ctx, "/sys/devices/system/cpu/online", online);
	if (rc < 0)
		goto out;
	t->nr_online = (unsigned int)rc;
	rc = pvprobe_read_cpulist(ctx, "/sys/devices/system/cpu/possible", NULL);
	if (rc == -PVS_ENOENT)
		rc = (int)t->nr_online;
	if (rc < 0)
		goto out;
	t->nr_possible = (unsigned int)rc;
	for (cpu = 0; cpu < PVPROBE_MAX_CPUS; cpu++) {
		unsigned int first, k;

		if (!pvprobe_bit(online, cpu))
			continue;
		rc = pvprobe_pu_path(
			ctx, path,
			"/sys/devices/system/cpu/cpu%u/topology/physical_package_id",
			cpu);
		if (rc == 0)
			rc = pvprobe_pu_secondary(pvprobe_read_id(ctx, path, &pkg[n]));
		if (rc < 0)
			goto out;
		memset(sib, 0, PVPROBE_BITMAP_BYTES);
		snprintf(
			path, sizeof(path),
			"/sys/devices/system/cpu/cpu%u/topology/thread_siblings_list",
			cpu);
		rc = pvprobe_pu_secondary(pvprobe_read_cpulist(ctx, path, sib));
		if (rc < 0)
			goto out;
		if (!pvprobe_bit(sib, cpu)) {
			/* A CPU is always its own sibling. */
			rc = pvprobe_pu_fail(ctx, path, 1, -PVS_EBADMSG);
			goto out;
		}
		for (first = 0; !pvprobe_bit(sib, first); first++)
			;
		/* The core is named by its first thread: unique on every
		 * arch, unlike core_id (per package on x86). */
		core[n] = first;
		for (k = 0, rc = 0; k < PVPROBE_MAX_CPUS; k++)
			rc += pvprobe_bit(sib, k) && pvprobe_bit(online, k);
		if ((unsigned int)rc > t->threads_per_core)
			t->threads_per_core = (unsigned int)rc;
		n++;
	}
	t->nr_cores = pvprobe_distinct(core, n);
	t->nr_packages = pvprobe_distinct(pkg, n);
	rc = pvprobe_count_nodes(ctx, &t->nr_nodes);
out:
	free(online);
	free(sib);
	free(core);
	free(pkg);
	return rc < 0 ? rc : 0;
}

#ifdef PVPROBE_HAVE_HWLOC
static int pvprobe_topology_hwloc(struct pvprobe_topology *t)
{
	hwloc_topology_t topo;
	unsigned int i, ncores, maxpu = 0;
	int n;

	if (hwloc_topology_init(&topo) < 0)
		return -PVS_ENOMEM;
	/* Count what the kernel has online, not what our cgroup allows,
	 * to agree with sysfs. */
	hwloc_topology_set_flags(topo, HWLOC_TOPOLOGY_FLAG_INCLUDE_DISALLOWED);
	if (hwloc_topology_load(topo) < 0) {
		hwloc_topology_destroy(topo);
		return -PVS_EIO;
	}
	n = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PU);
	t->nr_online = n > 0 ? (unsigned int)n : 0;
	n = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_CORE);
	ncores = n > 0 ? (unsigned int)n : 0;
	for (i = 0; i < ncores; i++) {
		hwloc_obj_t c = hwloc_get_obj_by_type(topo, HWLOC_OBJ_CORE, i);
		int w = c ? hwloc_bitmap_weight(c->cpuset) : 0;

		if (w > 0 && (unsigned int)w > maxpu)
			maxpu = (unsigned int)w;
	}
	t->nr_cores = ncores;
	t->threads_per_core = maxpu;
	n = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PACKAGE);
	t->nr_packages = n > 0 ? (unsigned int)n : 0;
	n = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_NUMANODE);
	t->nr_nodes = n > 0 ? (unsigned int)n : 0;
	hwloc_topology_destroy(topo);
	return t->nr_online > 0 && t->nr_cores > 0 ? 0 : -PVS_EIO;
}
#endif

int pvprobe_read_topology(struct pvprobe_ctx *ctx, struct pvprobe_topology *out)
{
	char path[PVPROBE_PATH_MAX], buf[PVPROBE_NAME_LEN];
	struct pvprobe_topology t;
	int rc;

	if (ctx == NULL || out == NULL)
		return -PVS_EINVAL;
	memset(&t, 0, sizeof(t));
	rc = pvprobe_topology_sysfs(ctx, &t);
	if (rc < 0)
		return rc;
#ifdef PVPROBE_HAVE_HWLOC
	if (pvprobe_ctx_live(ctx)) {
		struct pvprobe_topology h = t;

		/* hwloc knows caches, dies and odd layouts better; sysfs
		 * stays the fallback if it fails. possible is sysfs-only. */
		if (pvprobe_topology_hwloc(&h) == 0) {
			h.via = PVPROBE_TOPO_VIA_HWLOC;
			t = h;
		}
	}
#endif
	rc = pvprobe_pu_path(ctx, path, "/sys/devices/system/cpu/smt/control");
	if (rc < 0)
		return rc;
	rc = pvprobe_pu_load_small(ctx, path, buf, sizeof(buf), NULL);
	if (rc == 0)
		rc = pvprobe_pu_copy_text(t.smt_control, sizeof(t.smt_control), buf,
				      buf + strlen(buf));
	if (rc == -PVS_ERANGE)
		rc = -PVS_EBADMSG;
	if (rc < 0 && rc != -PVS_ENOENT)
		return pvprobe_pu_fail(ctx, path, 1, rc);
	ctx->bad_path[0] = '\0';
	*out = t;
	return 0;
}
