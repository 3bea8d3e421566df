// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * One name per value of every core enum, for logs, tools and the demo.
 * Each table is indexed by the enum and sized by its count sentinel; a
 * value past the end, or one whose entry is missing, reads "unknown"
 * (tests/test_core.c checks every value below each sentinel has a name).
 */
#include <pvsched/pvsched.h>
#include <pvsched/internal/names.h>

/*
 * PVS_NAMES_(x, count) = { ... }; defines pvs_x_name(enum pvs_x), the public
 * function its header declares, and then the table x_names_[count] that the
 * braces fill (declared ahead so the function can read it).
 */
#define PVS_NAMES_(x, count)                                                  \
	static const char *const x##_names_[count];                           \
	const char *pvs_##x##_name(enum pvs_##x v)                            \
	{                                                                     \
		return pvs_name_of_(x##_names_, count, (unsigned int)v,       \
				    "unknown");                               \
	}                                                                     \
	static const char *const x##_names_[count]

/* ---- preempt.h --------------------------------------------------------- */

PVS_NAMES_(hv_kind, PVS_HV_COUNT) = {
	[PVS_HV_NONE] = "none",
	[PVS_HV_POWERVM] = "powervm",
	[PVS_HV_KVM_PPC] = "kvm-ppc",
	[PVS_HV_PREEMPT_FLAG] = "preempt-flag",
};

PVS_NAMES_(preempt_policy, PVS_PREEMPT_POLICY_COUNT) = {
	[PVS_PREEMPT_IDLE_HINT] = "idle-hint",
	[PVS_PREEMPT_PARITY] = "parity",
};

PVS_NAMES_(preempt_why, PVS_PREEMPT_WHY_COUNT) = {
	[PVS_PREEMPT_WHY_NO_HV] = "bare metal",
	[PVS_PREEMPT_WHY_FLAG_CLEAR] = "preempted byte is 0",
	[PVS_PREEMPT_WHY_FLAG_SET] = "host set the preempted byte",
	[PVS_PREEMPT_WHY_DEDICATED] =
		"step 1: dedicated CPUs are never preempted",
	[PVS_PREEMPT_WHY_DISPATCHED] = "step 2: yield_count even, it is running",
	[PVS_PREEMPT_WHY_NOT_IDLE] =
		"step 3: off its CPU without asking to idle",
	[PVS_PREEMPT_WHY_SAME_CORE] =
		"step 4a: caller runs on that core (whole-core dispatch)",
	[PVS_PREEMPT_WHY_SIBLING_DISPATCHED] =
		"step 4b: a sibling thread is running, so is the core",
	[PVS_PREEMPT_WHY_SIBLING_PREEMPTED] =
		"step 4b: a sibling was taken, so was the core",
	[PVS_PREEMPT_WHY_CEDED] = "step 5: it ceded (idle), nobody took it",
	[PVS_PREEMPT_WHY_YIELD_ODD] = "yield_count odd",
};

/* ---- haltpoll.h -------------------------------------------------------- */

PVS_NAMES_(halt_poll_flavour, PVS_HALT_POLL_FLAVOUR_COUNT) = {
	[PVS_HALT_POLL_KVM_HOST] = "kvm-host",
	[PVS_HALT_POLL_GUEST] = "guest",
};

PVS_NAMES_(halt_poll_event, PVS_HALT_POLL_EVENT_COUNT) = {
	[PVS_HALT_POLL_EV_KEEP] = "keep",
	[PVS_HALT_POLL_EV_GROW] = "grow",
	[PVS_HALT_POLL_EV_SHRINK] = "shrink",
	[PVS_HALT_POLL_EV_RESET] = "reset",
};

PVS_NAMES_(halt_poll_preset, PVS_HALT_POLL_PRESET_COUNT) = {
	[PVS_HALT_POLL_PRESET_X86] = "x86",
	[PVS_HALT_POLL_PRESET_ARM64] = "arm64",
	[PVS_HALT_POLL_PRESET_S390] = "s390",
	[PVS_HALT_POLL_PRESET_POWERPC] = "powerpc",
	[PVS_HALT_POLL_PRESET_GUEST] = "guest",
};

PVS_NAMES_(halt_poll_gen, PVS_HALT_POLL_GEN_COUNT) = {
	[PVS_HALT_POLL_GEN_TODAY] = "today",
	[PVS_HALT_POLL_GEN_OLD_RESET] = "old-reset",
};

PVS_NAMES_(poll_policy, PVS_POLL_POLICY_COUNT) = {
	[PVS_POLL_PLAIN] = "plain",
	[PVS_POLL_RELAX] = "relax",
	[PVS_POLL_STOP_SIBLING_BUSY] = "stop-sibling-busy",
};

PVS_NAMES_(poll_action, PVS_POLL_ACTION_COUNT) = {
	[PVS_POLL_ACT_STOP_WAKEUP] = "stop-wakeup",
	[PVS_POLL_ACT_STOP_RUNNABLE] = "stop-runnable",
	[PVS_POLL_ACT_STOP_TIMEOUT] = "stop-timeout",
	[PVS_POLL_ACT_STOP_SIBLING] = "stop-sibling",
	[PVS_POLL_ACT_STOP_INVALID] = "stop-invalid",
	[PVS_POLL_ACT_SPIN] = "spin",
	[PVS_POLL_ACT_SPIN_RELAX] = "spin-relax",
};

/* ---- idle.h ------------------------------------------------------------ */

PVS_NAMES_(idle_cpu, PVS_IDLE_CPU_COUNT) = {
	[PVS_IDLE_CPU_POWER8] = "POWER8",
	[PVS_IDLE_CPU_POWER9] = "POWER9",
	[PVS_IDLE_CPU_POWER10] = "POWER10",
	[PVS_IDLE_CPU_POWER11] = "POWER11",
	[PVS_IDLE_CPU_X86_KVM] = "x86-kvm",
};

PVS_NAMES_(idle_partition, PVS_IDLE_PARTITION_COUNT) = {
	[PVS_IDLE_DEDICATED] = "dedicated",
	[PVS_IDLE_SHARED] = "shared",
};

PVS_NAMES_(idle_policy, PVS_IDLE_POLICY_COUNT) = {
	[PVS_IDLE_KERNEL] = "kernel",
	[PVS_IDLE_TRUST_FW] = "trust-fw",
	[PVS_IDLE_COMPENSATED] = "compensated",
};

PVS_NAMES_(idle_source, PVS_IDLE_SOURCE_COUNT) = {
	[PVS_IDLE_SRC_DEFAULT] = "default",
	[PVS_IDLE_SRC_FIRMWARE] = "firmware",
	[PVS_IDLE_SRC_COMPENSATED] = "compensated",
};

/* ---- pack.h ------------------------------------------------------------ */

PVS_NAMES_(pack_policy, PVS_PACK_POLICY_COUNT) = {
	[PVS_PACK_SPREAD] = "spread",
	[PVS_PACK_CORES] = "pack",
	[PVS_PACK_BALANCER] = "balancer",
};

PVS_NAMES_(asym_rule, PVS_ASYM_RULE_COUNT) = {
	[PVS_ASYM_SMT_DELTA] = "smt-delta",
	[PVS_ASYM_IDLE_CORE] = "idle-core",
};

PVS_NAMES_(sd_level, PVS_SD_NR_LEVELS) = {
	[PVS_SD_SMT] = "SMT",
	[PVS_SD_CACHE] = "CACHE",
	[PVS_SD_MC] = "MC",
	[PVS_SD_PKG] = "PKG",
	[PVS_SD_NUMA] = "NUMA",
};

/* ---- ple.h ------------------------------------------------------------- */

PVS_NAMES_(ple_vendor, PVS_PLE_VENDOR_COUNT) = {
	[PVS_PLE_VMX] = "vmx",
	[PVS_PLE_SVM] = "svm",
};

PVS_NAMES_(ple_event, PVS_PLE_EVENT_COUNT) = {
	[PVS_PLE_EXIT] = "exit",
	[PVS_PLE_SCHED_IN] = "sched-in",
};

/* ---- admit.h ----------------------------------------------------------- */

PVS_NAMES_(admit_action, PVS_ADMIT_ACTION_COUNT) = {
	[PVS_ADMIT_ACTIVE] = "active",
	[PVS_ADMIT_PASSIVE] = "passive",
	[PVS_ADMIT_ROTATE] = "rotate",
};

PVS_NAMES_(admit_reason, PVS_ADMIT_REASON_COUNT) = {
	[PVS_ADMIT_REASON_ROOM] = "room in the active set",
	[PVS_ADMIT_REASON_FULL] = "active set full",
	[PVS_ADMIT_REASON_OWNER_OFF] = "owner off its CPU: one contender",
	[PVS_ADMIT_REASON_BYPASS_BOUND] = "parked waiter passed over too long",
	[PVS_ADMIT_REASON_RELEASER_BACK] =
		"one CPU: the releaser is back before a wake-up",
};

/* ---- spin.h ------------------------------------------------------------ */

PVS_NAMES_(spin_action, PVS_SPIN_ACTION_COUNT) = {
	[PVS_SPIN_SPIN] = "spin",
	[PVS_SPIN_YIELD] = "yield",
	[PVS_SPIN_PARK] = "park",
};

PVS_NAMES_(spin_policy, PVS_SPIN_POLICY_COUNT) = {
	[PVS_SPIN_POLICY_FIXED] = "fixed",
	[PVS_SPIN_POLICY_PV] = "pv",
};

PVS_NAMES_(spin_owner, PVS_SPIN_OWNER_COUNT) = {
	[PVS_SPIN_OWNER_UNKNOWN] = "owner-unknown",
	[PVS_SPIN_OWNER_RUNNING] = "running",
	[PVS_SPIN_OWNER_PREEMPTED] = "preempted",
	[PVS_SPIN_OWNER_SLEEPING] = "sleeping",
	[PVS_SPIN_OWNER_NONE] = "none",
};

PVS_NAMES_(spin_reason, PVS_SPIN_REASON_COUNT) = {
	[PVS_SPIN_REASON_BUDGET_LEFT] = "budget left",
	[PVS_SPIN_REASON_SPUN_OUT] = "already spun the whole budget",
	[PVS_SPIN_REASON_HELD_LONG] = "lock held longer than the budget",
	[PVS_SPIN_REASON_NO_BUDGET] = "steal and spinners left no budget",
	[PVS_SPIN_REASON_TOO_SHORT] = "budget left buys no PAUSE",
	[PVS_SPIN_REASON_OWNER_PREEMPTED] = "owner's vCPU is preempted",
	[PVS_SPIN_REASON_OWNER_SLEEPING] = "owner is sleeping",
	[PVS_SPIN_REASON_HERD] = "spinners already fill the CPUs",
	[PVS_SPIN_REASON_ARRIVAL] = "arrival poll past a full herd",
};

/* ---- yield.h ----------------------------------------------------------- */

PVS_NAMES_(yield_policy, PVS_YIELD_POLICY_COUNT) = {
	[PVS_YIELD_BASELINE] = "baseline",
	[PVS_YIELD_BAILOUT] = "bail-out",
};

PVS_NAMES_(dy_stop, PVS_DY_STOP_COUNT) = {
	[PVS_DY_STOP_BOOSTED] = "boosted",
	[PVS_DY_STOP_FAILURES] = "3 failures",
	[PVS_DY_STOP_EXHAUSTED] = "all looked at",
};
