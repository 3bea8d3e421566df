// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The probe's names for its values (probe/hypervisor.h, probe/cpuid.h),
 * each table indexed by the value, as lib/names.c is for the core's enums.
 * The names are part of `pvsched probe`'s text and JSON (docs/probe-json.md).
 */
#include "probe_util.h"
#include <pvsched/internal/names.h>

static const char *const hv_names[] = {
	[PVPROBE_HV_UNKNOWN] = "unknown",
	[PVPROBE_HV_NONE] = "none",
	[PVPROBE_HV_KVM] = "kvm",
	[PVPROBE_HV_HYPERV] = "hyperv",
	[PVPROBE_HV_XEN] = "xen",
	[PVPROBE_HV_VMWARE] = "vmware",
	[PVPROBE_HV_BHYVE] = "bhyve",
	[PVPROBE_HV_QEMU] = "qemu",
	[PVPROBE_HV_POWERVM] = "powervm",
	[PVPROBE_HV_OTHER] = "other",
};

const char *pvprobe_hv_name(enum pvprobe_hv hv)
{
	return PVS_NAME_OF_(hv_names, hv, "unknown");
}

/* By feature bit (KVM_CPUID_FEATURES eax); a bit with no entry has no
 * name (NULL). */
static const char *const kvm_feature_names[] = {
	[PVPROBE_KVM_FEATURE_CLOCKSOURCE] = "CLOCKSOURCE",
	[PVPROBE_KVM_FEATURE_NOP_IO_DELAY] = "NOP_IO_DELAY",
	[PVPROBE_KVM_FEATURE_CLOCKSOURCE2] = "CLOCKSOURCE2",
	[PVPROBE_KVM_FEATURE_ASYNC_PF] = "ASYNC_PF",
	[PVPROBE_KVM_FEATURE_STEAL_TIME] = "STEAL_TIME",
	[PVPROBE_KVM_FEATURE_PV_EOI] = "PV_EOI",
	[PVPROBE_KVM_FEATURE_PV_UNHALT] = "PV_UNHALT",
	[PVPROBE_KVM_FEATURE_PV_TLB_FLUSH] = "PV_TLB_FLUSH",
	[PVPROBE_KVM_FEATURE_ASYNC_PF_VMEXIT] = "ASYNC_PF_VMEXIT",
	[PVPROBE_KVM_FEATURE_PV_SEND_IPI] = "PV_SEND_IPI",
	[PVPROBE_KVM_FEATURE_POLL_CONTROL] = "POLL_CONTROL",
	[PVPROBE_KVM_FEATURE_PV_SCHED_YIELD] = "PV_SCHED_YIELD",
	[PVPROBE_KVM_FEATURE_ASYNC_PF_INT] = "ASYNC_PF_INT",
	[PVPROBE_KVM_FEATURE_MSI_EXT_DEST_ID] = "MSI_EXT_DEST_ID",
	[PVPROBE_KVM_FEATURE_CLOCKSOURCE_STABLE] = "CLOCKSOURCE_STABLE_BIT",
};

const char *pvprobe_kvm_feature_name(unsigned int bit)
{
	return PVS_NAME_OF_(kvm_feature_names, bit, NULL);
}
