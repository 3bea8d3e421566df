// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * libFuzzer target: the cgroup CPU limit parsers (probe/cgroup.h) on the
 * same bytes: /proc/self/cgroup, mountinfo (both versions), cpu.max, the
 * v1 quota with a fixed period, cpu.stat (both versions). Failures touch
 * nothing; what parses is consistent (a limit has a period, a path starts
 * with '/' and is NUL-terminated); the derivation of the effective CPUs
 * stays within the affinity count.
 */
#include <stdlib.h>
#include <string.h>

#include <pvsched/probe.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define PATH_CAP 64

static void untouched(const void *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (((const unsigned char *)p)[i] != 0x5a)
			abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *buf = (const char *)data;
	char path[PATH_CAP], mnt[PATH_CAP], root[PATH_CAP];
	struct pvprobe_cpu_throttle t;
	struct pvprobe_cpus c;
	int rc, ver;

	memset(path, 0x5a, sizeof(path));
	rc = pvprobe_cgroup_self_parse(buf, size, path, sizeof(path));
	if (rc < 0 || rc == PVPROBE_CGROUP_NONE)
		untouched(path, sizeof(path));
	else if (rc > PVPROBE_CGROUP_V2 || path[0] != '/' ||
		 memchr(path, '\0', sizeof(path)) == NULL)
		abort();
	for (ver = PVPROBE_CGROUP_V1; ver <= PVPROBE_CGROUP_V2; ver++) {
		memset(mnt, 0x5a, sizeof(mnt));
		memset(root, 0x5a, sizeof(root));
		rc = pvprobe_mountinfo_cgroup_parse(buf, size,
			(enum pvprobe_cgroup_ver)ver, "/a/b", mnt, root,
			sizeof(mnt));
		if (rc == 1 && (mnt[0] != '/' || root[0] != '/' ||
				memchr(mnt, '\0', sizeof(mnt)) == NULL))
			abort();
		if (rc != 1) {
			untouched(mnt, sizeof(mnt));
			untouched(root, sizeof(root));
		}
		memset(&t, 0x5a, sizeof(t));
		if (pvprobe_cpu_stat_parse(buf, size,
					   (enum pvprobe_cgroup_ver)ver, &t) != 1)
			untouched(&t, sizeof(t));
	}
	memset(&c, 0, sizeof(c));
	memset(&c.quota, 0x5a, sizeof(c.quota));
	rc = pvprobe_cpu_max_parse(buf, size, &c.quota);
	if (rc < 0)
		untouched(&c.quota, sizeof(c.quota));
	else if (c.quota.period_us == 0 ||
		 (c.quota.limited && c.quota.quota_us == 0))
		abort();
	if (rc == 0) {
		c.nr_affinity = 1 + (size & 0xff);
		pvprobe_cpus_derive(&c);
		if (c.effective_cpus == 0 || c.effective_cpus > c.nr_affinity ||
		    c.effective_mcpus > c.nr_affinity * 1000u)
			abort();
	}
	memset(&c.quota, 0x5a, sizeof(c.quota));
	if (pvprobe_cfs_quota_parse(buf, size, "100000\n", 7, &c.quota) < 0)
		untouched(&c.quota, sizeof(c.quota));
	return 0;
}
