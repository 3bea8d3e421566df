// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * One name per value of every core enum, for logs, tools and the demo.
 * Each table is indexed by the enum and sized by its count sentinel; a
 * value past the end, or one whose entry is missing, reads "unknown"
 * (tests/test_core.c checks every value below each sentinel has a name).
 */
#include <pvsched/pvsched.h>

#define PVS_NAME_(tab, v)                                                     \
	pvs_name_(tab, sizeof(tab) / sizeof((tab)[0]), (unsigned int)(v))

static const char *pvs_name_(const char *const *tab, unsigned int n,
			     unsigned int v)
{
	return v < n && tab[v] ? tab[v] : "unknown";
}

/* ---- preempt.h --------------------------------------------------------- */

static const char *const hv_kind[PVS_HV_COUNT] = {
	[PVS_HV_NONE] = "none",
	[PVS_HV_POWERVM] = "powervm",
	[PVS_HV_KVM_PPC] = "kvm-ppc",
	[PVS_HV_PREEMPT_FLAG] = "preempt-flag",
};

const char *pvs_hv_kind_name(enum pvs_hv_kind v)
{
	return PVS_NAME_(hv_kind, v);
}

static const char *const preempt_policy[PVS_PREEMPT_POLICY_COUNT] = {
	[PVS_PREEMPT_IDLE_HINT] = "idle-hint",
	[PVS_PREEMPT_PARITY] = "parity",
};

const char *pvs_preempt_policy_name(enum pvs_preempt_policy v)
{
	return PVS_NAME_(preempt_policy, v);
}

static const char *const preempt_why[PVS_PREEMPT_WHY_COUNT] = {
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

const char *pvs_preempt_why_name(enum pvs_preempt_why v)
{
	return PVS_NAME_(preempt_why, v);
}

/* ---- haltpoll.h -------------------------------------------------------- */

static const char *const halt_poll_flavour[PVS_HALT_POLL_FLAVOUR_COUNT] = {
	[PVS_HALT_POLL_KVM_HOST] = "kvm-host",
	[PVS_HALT_POLL_GUEST] = "guest",
};

const char *pvs_halt_poll_flavour_name(enum pvs_halt_poll_flavour v)
{
	return PVS_NAME_(halt_poll_flavour, v);
}

static const char *const halt_poll_event[PVS_HALT_POLL_EVENT_COUNT] = {
	[PVS_HALT_POLL_EV_KEEP] = "keep",
	[PVS_HALT_POLL_EV_GROW] = "grow",
	[PVS_HALT_POLL_EV_SHRINK] = "shrink",
	[PVS_HALT_POLL_EV_RESET] = "reset",
};

const char *pvs_halt_poll_event_name(enum pvs_halt_poll_event v)
{
	return PVS_NAME_(halt_poll_event, v);
}

static const char *const halt_poll_preset[PVS_HALT_POLL_PRESET_COUNT] = {
	[PVS_HALT_POLL_PRESET_X86] = "x86",
	[PVS_HALT_POLL_PRESET_ARM64] = "arm64",
	[PVS_HALT_POLL_PRESET_S390] = "s390",
	[PVS_HALT_POLL_PRESET_POWERPC] = "powerpc",
	[PVS_HALT_POLL_PRESET_GUEST] = "guest",
};

const char *pvs_halt_poll_preset_name(enum pvs_halt_poll_preset v)
{
	return PVS_NAME_(halt_poll_preset, v);
}

static const char *const halt_poll_gen[PVS_HALT_POLL_GEN_COUNT] = {
	[PVS_HALT_POLL_GEN_TODAY] = "today",
	[PVS_HALT_POLL_GEN_OLD_RESET] = "old-reset",
};

const char *pvs_halt_poll_gen_name(enum pvs_halt_poll_gen v)
{
	return PVS_NAME_(halt_poll_gen, v);
}

static const char *const poll_policy[PVS_POLL_POLICY_COUNT] = {
	[PVS_POLL_PLAIN] = "plain",
	[PVS_POLL_RELAX] = "relax",
	[PVS_POLL_STOP_SIBLING_BUSY] = "stop-sibling-busy",
};

const char *pvs_poll_policy_name(enum pvs_poll_policy v)
{
	return PVS_NAME_(poll_policy, v);
}

static const char *const poll_action[PVS_POLL_ACTION_COUNT] = {
	[PVS_POLL_ACT_STOP_WAKEUP] = "stop-wakeup",
	[PVS_POLL_ACT_STOP_RUNNABLE] = "stop-runnable",
	[PVS_POLL_ACT_STOP_TIMEOUT] = "stop-timeout",
	[PVS_POLL_ACT_STOP_SIBLING] = "stop-sibling",
	[PVS_POLL_ACT_STOP_INVALID] = "stop-invalid",
	[PVS_POLL_ACT_SPIN] = "spin",
	[PVS_POLL_ACT_SPIN_RELAX] = "spin-relax",
};

const char *pvs_poll_action_name(enum pvs_poll_action v)
{
	return PVS_NAME_(poll_action, v);
}

/* ---- idle.h ------------------------------------------------------------ */

static const char *const idle_cpu[PVS_IDLE_CPU_COUNT] = {
	[PVS_IDLE_CPU_POWER8] = "POWER8",
	[PVS_IDLE_CPU_POWER9] = "POWER9",
	[PVS_IDLE_CPU_POWER10] = "POWER10",
	[PVS_IDLE_CPU_POWER11] = "POWER11",
	[PVS_IDLE_CPU_X86_KVM] = "x86-kvm",
};

const char *pvs_idle_cpu_name(enum pvs_idle_cpu v)
{
	return PVS_NAME_(idle_cpu, v);
}

static const char *const idle_partition[PVS_IDLE_PARTITION_COUNT] = {
	[PVS_IDLE_DEDICATED] = "dedicated",
	[PVS_IDLE_SHARED] = "shared",
};

const char *pvs_idle_partition_name(enum pvs_idle_partition v)
{
	return PVS_NAME_(idle_partition, v);
}

static const char *const idle_policy[PVS_IDLE_POLICY_COUNT] = {
	[PVS_IDLE_KERNEL] = "kernel",
	[PVS_IDLE_TRUST_FW] = "trust-fw",
	[PVS_IDLE_COMPENSATED] = "compensated",
};

const char *pvs_idle_policy_name(enum pvs_idle_policy v)
{
	return PVS_NAME_(idle_policy, v);
}

static const char *const idle_source[PVS_IDLE_SOURCE_COUNT] = {
	[PVS_IDLE_SRC_DEFAULT] = "default",
	[PVS_IDLE_SRC_FIRMWARE] = "firmware",
	[PVS_IDLE_SRC_COMPENSATED] = "compensated",
};

const char *pvs_idle_source_name(enum pvs_idle_source v)
{
	return PVS_NAME_(idle_source, v);
}

/* ---- pack.h ------------------------------------------------------------ */

static const char *const pack_policy[PVS_PACK_POLICY_COUNT] = {
	[PVS_PACK_SPREAD] = "spread",
	[PVS_PACK_CORES] = "pack",
	[PVS_PACK_BALANCER] = "balancer",
};

const char *pvs_pack_policy_name(enum pvs_pack_policy v)
{
	return PVS_NAME_(pack_policy, v);
}

static const char *const asym_rule[PVS_ASYM_RULE_COUNT] = {
	[PVS_ASYM_SMT_DELTA] = "smt-delta",
	[PVS_ASYM_IDLE_CORE] = "idle-core",
};

const char *pvs_asym_rule_name(enum pvs_asym_rule v)
{
	return PVS_NAME_(asym_rule, v);
}

static const char *const sd_level[PVS_SD_NR_LEVELS] = {
	[PVS_SD_SMT] = "SMT",
	[PVS_SD_CACHE] = "CACHE",
	[PVS_SD_MC] = "MC",
	[PVS_SD_PKG] = "PKG",
	[PVS_SD_NUMA] = "NUMA",
};

const char *pvs_sd_level_name(enum pvs_sd_level v)
{
	return PVS_NAME_(sd_level, v);
}

/* ---- ple.h ------------------------------------------------------------- */

static const char *const ple_vendor[PVS_PLE_VENDOR_COUNT] = {
	[PVS_PLE_VMX] = "vmx",
	[PVS_PLE_SVM] = "svm",
};

const char *pvs_ple_vendor_name(enum pvs_ple_vendor v)
{
	return PVS_NAME_(ple_vendor, v);
}

static const char *const ple_event[PVS_PLE_EVENT_COUNT] = {
	[PVS_PLE_EXIT] = "exit",
	[PVS_PLE_SCHED_IN] = "sched-in",
};

const char *pvs_ple_event_name(enum pvs_ple_event v)
{
	return PVS_NAME_(ple_event, v);
}

/* ---- admit.h ----------------------------------------------------------- */

static const char *const admit_action[PVS_ADMIT_ACTION_COUNT] = {
	[PVS_ADMIT_ACTIVE] = "active",
	[PVS_ADMIT_PASSIVE] = "passive",
	[PVS_ADMIT_ROTATE] = "rotate",
};

const char *pvs_admit_action_name(enum pvs_admit_action v)
{
	return PVS_NAME_(admit_action, v);
}

static const char *const admit_reason[PVS_ADMIT_REASON_COUNT] = {
	[PVS_ADMIT_REASON_ROOM] = "room in the active set",
	[PVS_ADMIT_REASON_FULL] = "active set full",
	[PVS_ADMIT_REASON_OWNER_OFF] = "owner off its CPU: one contender",
	[PVS_ADMIT_REASON_BYPASS_BOUND] = "parked waiter passed over too long",
};

const char *pvs_admit_reason_name(enum pvs_admit_reason v)
{
	return PVS_NAME_(admit_reason, v);
}

/* ---- spin.h ------------------------------------------------------------ */

static const char *const spin_action[PVS_SPIN_ACTION_COUNT] = {
	[PVS_SPIN_SPIN] = "spin",
	[PVS_SPIN_YIELD] = "yield",
	[PVS_SPIN_PARK] = "park",
};

const char *pvs_spin_action_name(enum pvs_spin_action v)
{
	return PVS_NAME_(spin_action, v);
}

static const char *const spin_policy[PVS_SPIN_POLICY_COUNT] = {
	[PVS_SPIN_POLICY_FIXED] = "fixed",
	[PVS_SPIN_POLICY_PV] = "pv",
};

const char *pvs_spin_policy_name(enum pvs_spin_policy v)
{
	return PVS_NAME_(spin_policy, v);
}

static const char *const spin_owner[PVS_SPIN_OWNER_COUNT] = {
	[PVS_SPIN_OWNER_UNKNOWN] = "owner-unknown",
	[PVS_SPIN_OWNER_RUNNING] = "running",
	[PVS_SPIN_OWNER_PREEMPTED] = "preempted",
	[PVS_SPIN_OWNER_SLEEPING] = "sleeping",
	[PVS_SPIN_OWNER_NONE] = "none",
};

const char *pvs_spin_owner_name(enum pvs_spin_owner v)
{
	return PVS_NAME_(spin_owner, v);
}

static const char *const spin_reason[PVS_SPIN_REASON_COUNT] = {
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

const char *pvs_spin_reason_name(enum pvs_spin_reason v)
{
	return PVS_NAME_(spin_reason, v);
}

/* ---- yield.h ----------------------------------------------------------- */

static const char *const yield_policy[PVS_YIELD_POLICY_COUNT] = {
	[PVS_YIELD_BASELINE] = "baseline",
	[PVS_YIELD_BAILOUT] = "bail-out",
};

const char *pvs_yield_policy_name(enum pvs_yield_policy v)
{
	return PVS_NAME_(yield_policy, v);
}

static const char *const dy_stop[PVS_DY_STOP_COUNT] = {
	[PVS_DY_STOP_BOOSTED] = "boosted",
	[PVS_DY_STOP_FAILURES] = "3 failures",
	[PVS_DY_STOP_EXHAUSTED] = "all looked at",
};

const char *pvs_dy_stop_name(enum pvs_dy_stop v)
{
	return PVS_NAME_(dy_stop, v);
}
