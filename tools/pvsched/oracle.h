/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * `pvsched oracle start|stop|status` and the owner-on-CPU signal line of
 * `pvsched probe`.
 */
#ifndef PVSCHED_TOOLS_ORACLE_H
#define PVSCHED_TOOLS_ORACLE_H

#include <stdbool.h>
#include <stdint.h>

/* Which owner-on-CPU signal a waiter of this machine would use. */
struct owner_signal {
	const char *source;	/* "pinned" or "none" */
	const char *reason;	/* why none ("not pinned", ...), or "ok" */
	uint32_t nr_cpus;	/* CPUs the pinned map covers */
	bool vcpu_preempted;	/* the map carries the vCPU-preempted flag */
};

/* Look for the pinned oracle under @sysroot (NULL: the live system). */
void owner_signal_probe(struct owner_signal *s, const char *sysroot);

/* `pvsched oracle ...` with argv[0] == "oracle"; exit status. */
int cmd_oracle(int argc, char **argv);

#endif /* PVSCHED_TOOLS_ORACLE_H */
