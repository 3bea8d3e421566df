// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * libFuzzer target: pvs_xcede_parse() (idle.h) on arbitrary bytes, as the
 * probe hands it a firmware dump, then pvs_idle_state_latency() with the
 * table on every processor, partition mode and policy. A failed parse
 * touches nothing; a table holds at most 16 records; every latency the
 * rule picks stays within its bound with residency 10 x exit.
 */
#include <stdlib.h>
#include <string.h>

#include <pvsched/idle.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pvs_xcede_table t, canary;
	unsigned int cpu, part, pol;
	int rc;

	memset(&t, 0xa5, sizeof(t));
	canary = t;
	rc = pvs_xcede_parse(data, size, &t);
	if (rc < 0) {
		if (memcmp(&t, &canary, sizeof(t)) != 0)
			abort();
		return 0;
	}
	if ((uint32_t)rc != t.nr_records ||
	    t.nr_records > PVS_XCEDE_MAX_RECORDS)
		abort();
	for (cpu = 0; cpu < PVS_IDLE_CPU_COUNT; cpu++)
		for (part = 0; part < PVS_IDLE_PARTITION_COUNT; part++)
			for (pol = 0; pol < PVS_IDLE_POLICY_COUNT; pol++) {
				struct pvs_idle_platform p;
				struct pvs_idle_latency out;

				memset(&p, 0, sizeof(p));
				p.cpu = (enum pvs_idle_cpu)cpu;
				p.partition = (enum pvs_idle_partition)part;
				p.timebase_hz = PVS_IDLE_POWER_TB_HZ;
				p.compensation_ns = size ? data[0] * 1000u : 0;
				rc = pvs_idle_state_latency(&p, &t,
					(enum pvs_idle_policy)pol, &out);
				if (rc == -PVS_ERANGE)
					continue;
				if (rc != 0 || out.name == NULL ||
				    out.exit_latency_us > PVS_IDLE_MAX_EXIT_US)
					abort();
				if (out.source != PVS_IDLE_SRC_DEFAULT &&
				    out.target_residency_us !=
					    out.exit_latency_us *
						    PVS_IDLE_RESIDENCY_FACTOR)
					abort();
			}
	return 0;
}
