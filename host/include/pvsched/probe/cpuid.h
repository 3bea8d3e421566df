/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file probe/cpuid.h
 * @brief x86 CPUID: hypervisor identity and KVM paravirt features, from the
 *        instruction, libcpuid or a dump file.
 *
 * Userspace only (pvsched::probe). Conventions shared by every reader
 * (sysroot, error codes, parsers): probe/context.h and docs/probe.md.
 */
#ifndef PVSCHED_PROBE_CPUID_H
#define PVSCHED_PROBE_CPUID_H

#include <pvsched/env.h>
#include <pvsched/errors.h>
#include <pvsched/probe/context.h>
#include <pvsched/probe/hypervisor.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief First CPUID leaf of the hypervisor range. */
#define PVPROBE_CPUID_HV_FIRST 0x40000000u
/** @brief Last hypervisor base Linux scans (hypervisor_cpuid_base()). */
#define PVPROBE_CPUID_HV_LAST 0x4000ff00u
/** @brief Distance between two hypervisor bases. */
#define PVPROBE_CPUID_HV_STEP 0x100u

/** @brief KVM feature bit (CPUID KVM base + 1, EAX): kvmclock. */
#define PVPROBE_KVM_FEATURE_CLOCKSOURCE 0
/** @brief KVM feature bit: no I/O delay needed. */
#define PVPROBE_KVM_FEATURE_NOP_IO_DELAY 1
/** @brief KVM feature bit: kvmclock at the new MSRs. */
#define PVPROBE_KVM_FEATURE_CLOCKSOURCE2 3
/** @brief KVM feature bit: asynchronous page faults. */
#define PVPROBE_KVM_FEATURE_ASYNC_PF 4
/** @brief KVM feature bit: steal time (struct kvm_steal_time). */
#define PVPROBE_KVM_FEATURE_STEAL_TIME 5
/** @brief KVM feature bit: paravirtual end of interrupt. */
#define PVPROBE_KVM_FEATURE_PV_EOI 6
/** @brief KVM feature bit: paravirtual spinlock kick (pv_unhalt). */
#define PVPROBE_KVM_FEATURE_PV_UNHALT 7
/** @brief KVM feature bit: paravirtual TLB flush. */
#define PVPROBE_KVM_FEATURE_PV_TLB_FLUSH 9
/** @brief KVM feature bit: async PF delivered as a VM exit. */
#define PVPROBE_KVM_FEATURE_ASYNC_PF_VMEXIT 10
/** @brief KVM feature bit: paravirtual IPI hypercall. */
#define PVPROBE_KVM_FEATURE_PV_SEND_IPI 11
/** @brief KVM feature bit: guest-controlled host halt polling. */
#define PVPROBE_KVM_FEATURE_POLL_CONTROL 12
/** @brief KVM feature bit: directed yield hypercall (KVM_HC_SCHED_YIELD). */
#define PVPROBE_KVM_FEATURE_PV_SCHED_YIELD 13
/** @brief KVM feature bit: async PF delivered as an interrupt. */
#define PVPROBE_KVM_FEATURE_ASYNC_PF_INT 14
/** @brief KVM feature bit: extended destination ID in MSI. */
#define PVPROBE_KVM_FEATURE_MSI_EXT_DEST_ID 15
/** @brief KVM feature bit: kvmclock is stable across CPUs. */
#define PVPROBE_KVM_FEATURE_CLOCKSOURCE_STABLE 24
/** @brief KVM hint bit (KVM base + 1, EDX): vCPUs are never preempted
 *         for long (KVM_HINTS_REALTIME): spinning is safe. */
#define PVPROBE_KVM_HINT_REALTIME 0

/**
 * @brief Short name of a KVM feature bit, as Linux spells it without the
 *        KVM_FEATURE_ prefix ("STEAL_TIME").
 * @param bit bit number 0..31
 * @return a static string, or NULL for a bit this library does not name
 */
const char *pvprobe_kvm_feature_name(unsigned int bit);

/** @brief One CPUID result: the four registers for (leaf, subleaf). */
struct pvprobe_cpuid_leaf {
	/** EAX input. */
	uint32_t leaf;
	/** ECX input. */
	uint32_t subleaf;
	/** EAX output. */
	uint32_t eax;
	/** EBX output. */
	uint32_t ebx;
	/** ECX output. */
	uint32_t ecx;
	/** EDX output. */
	uint32_t edx;
};

/** @brief A set of recorded CPUID results (a dump file). */
struct pvprobe_cpuid_dump {
	/** Valid entries in @ref leaves. */
	unsigned int nr;
	/** The entries, in file order (the first of duplicates wins). */
	struct pvprobe_cpuid_leaf leaves[PVPROBE_MAX_CPUID_LEAVES];
};

/**
 * @brief Parse a CPUID dump in the format of `cpuid -1 -r` (and of
 *        `pvsched cpuid`): lines
 *        `0xLLLLLLLL 0xSS: eax=0x........ ebx=0x........ ecx=0x........
 *        edx=0x........`, with optional leading blanks.
 *
 * Lines starting with "CPU", '#' and empty lines are skipped; the first
 * CPU's block only is kept (a second "CPU" header ends the dump). Any other
 * line is malformed.
 * @param buf text, need not be NUL-terminated
 * @param len bytes in @p buf
 * @param out result, untouched on error
 * @return number of leaves; -PVS_EINVAL NULL; -PVS_EBADMSG malformed;
 *         -PVS_ERANGE a value over 32 bits or more than
 *         ::PVPROBE_MAX_CPUID_LEAVES leaves
 */
int pvprobe_cpuid_dump_parse(const char *buf, size_t len,
			 struct pvprobe_cpuid_dump *out);

/**
 * @brief A CPUID source: fills regs[0..3] = EAX, EBX, ECX, EDX for
 *        (leaf, subleaf).
 * @param arg     the source's own argument
 * @param leaf    EAX input
 * @param subleaf ECX input
 * @param regs    EAX, EBX, ECX, EDX out
 * @return 0, or a negative error code (probe/context.h)
 */
typedef int (*pvprobe_cpuid_fn)(void *arg, uint32_t leaf, uint32_t subleaf,
			    uint32_t regs[4]);

/**
 * @brief CPUID source reading a dump: a leaf absent from the dump reads
 *        as all zeroes (what hardware returns for an unimplemented
 *        hypervisor leaf).
 * @param arg     a const struct pvprobe_cpuid_dump *
 * @param leaf    EAX input
 * @param subleaf ECX input
 * @param regs    EAX, EBX, ECX, EDX out
 * @return 0; -PVS_EINVAL NULL argument
 */
int pvprobe_cpuid_from_dump(void *arg, uint32_t leaf, uint32_t subleaf,
			uint32_t regs[4]);

/**
 * @brief CPUID source executing the instruction on this CPU.
 * @param arg     unused
 * @param leaf    EAX input
 * @param subleaf ECX input
 * @param regs    EAX, EBX, ECX, EDX out
 * @return 0; -PVS_ENOTSUP when not built for x86; -PVS_EINVAL NULL regs
 */
int pvprobe_cpuid_native(void *arg, uint32_t leaf, uint32_t subleaf,
		     uint32_t regs[4]);

/** @brief Where the x86 hypervisor facts came from. */
enum pvprobe_cpuid_via {
	/** The CPUID instruction, bases scanned by this library. */
	PVPROBE_CPUID_VIA_RAW = 0,
	/** libcpuid's cpuid_get_hypervisor() for the kind, raw CPUID for
	 *  the KVM leaves (libcpuid does not expose them). */
	PVPROBE_CPUID_VIA_LIBCPUID,
	/** A CPUID dump file (fixtures, offline analysis). */
	PVPROBE_CPUID_VIA_FILE
};

/** @brief x86 hypervisor identity and KVM paravirt features. */
struct pvprobe_x86_hv {
	/** Hypervisor at the first base with a signature (0x40000000
	 *  normally; Hyper-V emulating KVM puts KVM at 0x40000100). */
	enum pvprobe_hv kind;
	/** CPUID.1:ECX bit 31 ("a hypervisor is present"). */
	bool hypervisor_bit;
	/** Base where @ref kind's signature was found, 0 if none. */
	uint32_t base;
	/** EAX of that base: the hypervisor's highest leaf. */
	uint32_t max_leaf;
	/** The 12-byte signature (EBX, ECX, EDX), NUL-terminated, bytes
	 *  outside printable ASCII replaced by '.'. */
	char signature[13];
	/** Base of the KVM leaves found by scanning every base for
	 *  "KVMKVMKVM\0\0\0" like Linux's kvm_cpuid_base(); 0 = no KVM. */
	uint32_t kvm_base;
	/** KVM features: EAX of kvm_base + 1 (PVPROBE_KVM_FEATURE_* bits). */
	uint32_t kvm_features;
	/** KVM hints: EDX of kvm_base + 1 (::PVPROBE_KVM_HINT_REALTIME). */
	uint32_t kvm_hints;
	/** Source of these facts. */
	enum pvprobe_cpuid_via via;
};

/**
 * @brief Decode the hypervisor facts from any CPUID source.
 *
 * Reads leaf 1 for the hypervisor bit, scans bases 0x40000000..0x4000FF00
 * (step 0x100) for signatures: the first one found gives the kind, the
 * first "KVMKVMKVM" one the KVM base, whose leaf base+1 gives the features
 * (EAX) and hints (EDX), if base's max leaf reaches it. No hypervisor bit
 * means bare metal (::PVPROBE_HV_NONE), without scanning, as Linux does.
 * @param fn  CPUID source
 * @param arg its argument
 * @param out result (via is set to ::PVPROBE_CPUID_VIA_RAW), untouched on error
 * @return 0; -PVS_EINVAL NULL; the source's error code
 */
int pvprobe_x86_hv_decode(pvprobe_cpuid_fn fn, void *arg, struct pvprobe_x86_hv *out);

/**
 * @brief Probe the x86 hypervisor: from the CPUID dump named by the
 *        context (pvprobe_ctx::cpuid_file, or SYSROOT/cpuid under a
 *        sysroot), else on the live x86 system from libcpuid (when built
 *        with it) plus raw CPUID, else from raw CPUID.
 * @param ctx context
 * @param out result, untouched on error
 * @return 0; -PVS_ENOENT no dump under a sysroot; -PVS_ENOTSUP live
 *         probe on a non-x86 build; parse errors of the dump
 */
int pvprobe_read_x86_hv(struct pvprobe_ctx *ctx, struct pvprobe_x86_hv *out);

#ifdef __cplusplus
}
#endif

#endif /* PVSCHED_PROBE_CPUID_H */
