// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Names for the spin decision's enums (logs, tools, the demo). The decision
 * itself is static inline in include/pvsched/spin.h, to cost what the
 * kernel's own spin loops cost.
 */
#include <pvsched/spin.h>

const char *pvs_spin_action_str(enum pvs_spin_action a)
{
	switch (a) {
	case PVS_SPIN_SPIN:
		return "spin";
	case PVS_SPIN_YIELD:
		return "yield";
	case PVS_SPIN_PARK:
		return "park";
	}
	return "invalid";
}

const char *pvs_spin_reason_str(enum pvs_spin_reason r)
{
	switch (r) {
	case PVS_SPIN_REASON_BUDGET_LEFT:
		return "budget left";
	case PVS_SPIN_REASON_SPUN_OUT:
		return "already spun the whole budget";
	case PVS_SPIN_REASON_HELD_LONG:
		return "lock held longer than the budget";
	case PVS_SPIN_REASON_NO_BUDGET:
		return "steal and spinners left no budget";
	case PVS_SPIN_REASON_TOO_SHORT:
		return "budget left buys no PAUSE";
	case PVS_SPIN_REASON_OWNER_PREEMPTED:
		return "owner's vCPU is preempted";
	case PVS_SPIN_REASON_OWNER_SLEEPING:
		return "owner is sleeping";
	case PVS_SPIN_REASON_HERD:
		return "spinners already fill the CPUs";
	case PVS_SPIN_REASON_ARRIVAL:
		return "arrival poll past a full herd";
	}
	return "invalid";
}
