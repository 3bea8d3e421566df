/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file probe/hypervisor.h
 * @brief Hypervisor kind, as the x86 and ppc64 readers report it.
 *
 * Userspace only (pvsched::probe). Conventions shared by every reader
 * (sysroot, error codes, parsers): probe/context.h and docs/probe.md.
 */
#ifndef PVSCHED_PROBE_HYPERVISOR_H
#define PVSCHED_PROBE_HYPERVISOR_H

#ifdef __cplusplus
extern "C" {
#endif

/** @brief Which hypervisor runs this machine, as the probe sees it. */
enum pvprobe_hv {
	/** Not determined (no CPUID source, unrecognised platform). */
	PVPROBE_HV_UNKNOWN = 0,
	/** Bare metal: no hypervisor bit / PowerNV. */
	PVPROBE_HV_NONE,
	/** KVM (x86 "KVMKVMKVM" signature, ppc64 "linux,kvm" device tree or
	 *  a qemu pSeries machine). */
	PVPROBE_HV_KVM,
	/** Microsoft Hyper-V ("Microsoft Hv"). */
	PVPROBE_HV_HYPERV,
	/** Xen ("XenVMMXenVMM"). */
	PVPROBE_HV_XEN,
	/** VMware ("VMwareVMware"). */
	PVPROBE_HV_VMWARE,
	/** FreeBSD bhyve ("bhyve bhyve "). */
	PVPROBE_HV_BHYVE,
	/** QEMU without KVM (TCG, "TCGTCGTCGTCG"). */
	PVPROBE_HV_QEMU,
	/** IBM PowerVM (pHyp) LPAR. */
	PVPROBE_HV_POWERVM,
	/** A hypervisor bit or signature this library does not know. */
	PVPROBE_HV_OTHER
};

/**
 * @brief Short lowercase name of a hypervisor kind ("kvm", "powervm",
 *        "none" ...), stable: it is part of the JSON schema.
 * @param hv a kind
 * @return a static string; "unknown" outside the enum
 */
const char *pvprobe_hv_name(enum pvprobe_hv hv);

#ifdef __cplusplus
}
#endif

#endif /* PVSCHED_PROBE_HYPERVISOR_H */
