// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Links against an installed pvsched::lock (pkg-config pvsched-lock) and
 * nothing else: a pvs_mutex around a core decision. The lock library
 * requires the core (docs/abi.md), so pvs_is_preempted() resolves.
 */
#include <stdio.h>
#include <string.h>
#include <pvsched/lock.h>
#include <pvsched/pvsched.h>

static struct pvs_mutex lock = PVS_MUTEX_INITIALIZER;

int main(void)
{
	struct pvs_core_state cs;
	bool preempted;

	memset(&cs, 0, sizeof(cs));
	cs.hv = PVS_HV_NONE;
	cs.smt = 1;
	cs.caller_thread = PVS_CALLER_OTHER_CORE;
	if (pvs_mutex_lock(&lock) != 0)
		return 1;
	preempted = pvs_is_preempted(&cs, 0);
	pvs_mutex_unlock(&lock);
	printf("lock consumer: bare metal vCPU %s\n",
	       preempted ? "preempted" : "running");
	return preempted ? 1 : 0;
}
