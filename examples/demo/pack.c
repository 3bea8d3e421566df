// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Demo section for pack.h (splpar-asym-pack): the upstream change's shared-processor POWER10
 * partitions, 128 and 40 virtual processors of SMT8, running 40, 80 and 160
 * busy threads placed one by one under each policy, then the domain levels
 * and priorities the kernel would use there.
 */
#include <stdio.h>
#include <string.h>

#include "demo.h"

/* Place n busy threads one at a time; return the cores in use. */
static int demo_place(uint32_t nr_cpus, uint32_t n, enum pvs_pack_policy policy)
{
	static uint32_t nr_running[PVS_MAX_CPUS];
	struct pvs_pack_topology t;
	uint32_t i;
	int cpu;

	t.nr_cpus = nr_cpus;
	t.threads_per_core = 8;
	memset(nr_running, 0, sizeof(nr_running));
	for (i = 0; i < n; i++) {
		cpu = pvs_pack_pick_cpu(&t, nr_running, NULL, policy);
		if (cpu < 0)
			return cpu;
		nr_running[cpu]++;
	}
	return pvs_pack_cores_in_use(&t, nr_running);
}

static void demo_partition(uint32_t nr_vps)
{
	static const uint32_t threads[] = { 40, 80, 160 };
	unsigned int i;

	printf("  shared SMT8 partition, %u virtual processors (%u CPUs):\n",
	       nr_vps, nr_vps * 8);
	for (i = 0; i < sizeof(threads) / sizeof(threads[0]); i++)
		printf("    %3u threads: SPREAD uses %3d cores, BALANCER %3d, "
		       "CORES %3d\n", threads[i],
		       demo_place(nr_vps * 8, threads[i], PVS_PACK_SPREAD),
		       demo_place(nr_vps * 8, threads[i], PVS_PACK_BALANCER),
		       demo_place(nr_vps * 8, threads[i], PVS_PACK_CORES));
}

static void demo_levels(const char *what, const struct pvs_pack_machine *m,
			enum pvs_pack_policy policy)
{
	struct pvs_pack_domains d;
	unsigned int lvl;

	if (pvs_pack_domains(m, policy, &d) < 0) {
		printf("  %s: invalid machine\n", what);
		return;
	}
	printf("  %-34s", what);
	for (lvl = 0; lvl < PVS_SD_NR_LEVELS; lvl++) {
		if (d.present & PVS_SD_BIT(lvl))
			printf(" %s%s", pvs_sd_level_name((enum pvs_sd_level)lvl),
			       d.asym & PVS_SD_BIT(lvl) ? "*" : "");
	}
	printf("\n");
}

void demo_pack(void)
{
	struct pvs_pack_topology t;
	struct pvs_pack_machine m;
	static const uint32_t cpus[] = { 0, 7, 8, 1023 };
	int32_t spread, cores;
	unsigned int i;

	demo_heading("pack: fewest big cores on shared LPARs (splpar-asym-pack)",
		     "\"powerpc/smp: Shared processor sched optimizations\" (2023): "
		     "pack light work onto fewer cores where idle cores cost");
	printf("Cores a fresh placement of busy threads occupies (what physc\n"
	       "approaches); why: SPREAD gives each thread its own idle core as\n"
	       "CFS's idle-core search does; BALANCER places where the kernel's\n"
	       "asym-packing pull rules converge (one busy thread per idle SMT4\n"
	       "half of the highest-priority big cores: the published physc\n"
	       "40 -> 21 at 40 threads); CORES, the library's own rule that no\n"
	       "kernel applies, fills each 8-thread core before the next.\n");
	demo_partition(128);
	demo_partition(40);

	printf("Sched-domain levels, * = SD_ASYM_PACKING; why: the patch packs\n"
	       "at CACHE and PKG and drops MC on shared LPARs only:\n");
	memset(&m, 0, sizeof(m));
	m.shared_processor = true;
	m.big_cores = true;
	m.threads_per_core = 8;
	m.shared_caches = true;
	m.coregroup = true;
	m.numa = true;
	demo_levels("shared, big cores, SPREAD:", &m, PVS_PACK_SPREAD);
	demo_levels("shared, big cores, BALANCER:", &m, PVS_PACK_BALANCER);
	m.shared_processor = false;
	demo_levels("dedicated, big cores, BALANCER:", &m,
		    PVS_PACK_BALANCER);

	printf("asym priority on the 1024-CPU partition; why: the patched rule\n"
	       "(BALANCER and CORES alike) ranks whole cores, so threads of one\n"
	       "core never pull from each other:\n");
	t.nr_cpus = 1024;
	t.threads_per_core = 8;
	for (i = 0; i < sizeof(cpus) / sizeof(cpus[0]); i++) {
		if (pvs_asym_prio(&t, cpus[i], PVS_PACK_SPREAD, &spread) < 0 ||
		    pvs_asym_prio(&t, cpus[i], PVS_PACK_BALANCER, &cores) < 0)
			continue;
		printf("  CPU %4u: SPREAD %5d, BALANCER %4d\n", cpus[i],
		       (int)spread, (int)cores);
	}
}
