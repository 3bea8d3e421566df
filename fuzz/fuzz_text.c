// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * libFuzzer target for the remaining probe parsers on the same bytes:
 * /proc/cpuinfo, CPUID dumps (then decoded), CPU lists and the
 * ibm,thread-groups device-tree property.
 */
#include <stdlib.h>
#include <string.h>

#include <pvsched/probe.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct pvprobe_cpuid_dump dump;
	static uint8_t map[PVPROBE_MAX_CPUS / 8];
	struct pvprobe_cpuinfo ci;
	struct pvprobe_thread_groups tg;
	struct pvprobe_x86_hv hv;
	int rc;

	if (pvprobe_cpuinfo_parse((const char *)data, size, &ci) == 0 &&
	    (ci.nr_processors == 0 || ci.arch == PVPROBE_ARCH_UNKNOWN))
		abort();
	rc = pvprobe_cpuid_dump_parse((const char *)data, size, &dump);
	if (rc >= 0) {
		if ((unsigned int)rc != dump.nr ||
		    rc > PVPROBE_MAX_CPUID_LEAVES)
			abort();
		if (pvprobe_x86_hv_decode(pvprobe_cpuid_from_dump, &dump, &hv) != 0 ||
		    hv.signature[12] != '\0')
			abort();
	}
	memset(map, 0, sizeof(map));
	rc = pvprobe_cpulist_parse((const char *)data, size, map);
	if (rc > PVPROBE_MAX_CPUS)
		abort();
	if (pvprobe_thread_groups_parse(data, size, &tg) == 0 &&
	    (tg.threads_per_core == 0 ||
	     tg.l1_group_threads > tg.threads_per_core))
		abort();
	return 0;
}
