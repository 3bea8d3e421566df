/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file probe/cpuinfo.h
 * @brief /proc/cpuinfo: which machine (architecture, processor model, POWER
 *        generation, timebase).
 *
 * Userspace only (pvsched::probe). Conventions shared by every reader
 * (sysroot, error codes, parsers): probe/context.h and docs/probe.md.
 */
#ifndef PVSCHED_PROBE_CPUINFO_H
#define PVSCHED_PROBE_CPUINFO_H

#include <pvsched/env.h>
#include <pvsched/errors.h>
#include <pvsched/probe/context.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief Instruction-set family of the probed system (from its cpuinfo,
 *         not from the host that runs the probe: a fixture of a POWER9
 *         LPAR is probed as ppc64 on an x86 host). */
enum pvprobe_arch {
	/** cpuinfo not recognised. */
	PVPROBE_ARCH_UNKNOWN = 0,
	/** x86 / x86-64 ("vendor_id" lines). */
	PVPROBE_ARCH_X86,
	/** 64-bit POWER ("cpu : POWERn" lines). */
	PVPROBE_ARCH_PPC64,
	/** Anything else recognised as a Linux cpuinfo (32-bit arm, s390
	 *  ...); earlier releases reported arm64 and RISC-V so. */
	PVPROBE_ARCH_OTHER,
	/** arm64 ("CPU implementer" lines, "CPU architecture" 8 or later). */
	PVPROBE_ARCH_AARCH64,
	/** 64-bit RISC-V ("isa : rv64..." lines). */
	PVPROBE_ARCH_RISCV64
};

/** @brief What /proc/cpuinfo says about the processors. */
struct pvprobe_cpuinfo {
	/** Instruction-set family. */
	enum pvprobe_arch arch;
	/** Number of "processor" entries (online CPUs). */
	unsigned int nr_processors;
	/** x86: the "hypervisor" flag (CPUID.1:ECX bit 31) is listed. */
	bool hypervisor_flag;
	/** x86 "vendor_id" (GenuineIntel, AuthenticAMD); "" elsewhere. */
	char vendor[PVPROBE_NAME_LEN];
	/** x86 "model name"; ppc64 "cpu" (e.g. "POWER9 (architected),
	 *  altivec supported"); riscv64 "uarch" (e.g. "sifive,u74-mc"), or
	 *  "isa" when there is none; "" on arm64, whose kernel prints no
	 *  model name (only implementer and part numbers). */
	char model[PVPROBE_TEXT_LEN];
	/** ppc64: processor generation from the PVR in "revision" (8, 9,
	 *  10, 11), or from the "cpu" line when there is no PVR; 0 if not
	 *  POWER or unknown. */
	unsigned int power_gen;
	/** ppc64: the "cpu" line names an older generation than the PVR
	 *  (a compatibility mode such as POWER9 mode on a POWER10). */
	bool power_compat;
	/** ppc64 "timebase" in Hz; 0 elsewhere. */
	uint64_t timebase_hz;
	/** ppc64 "platform" (pSeries, PowerNV); "" elsewhere. */
	char platform[PVPROBE_NAME_LEN];
	/** ppc64 "machine" (e.g. "CHRP IBM,9009-42A" or "CHRP IBM pSeries
	 *  (emulated by qemu)"); "" elsewhere. */
	char machine[PVPROBE_TEXT_LEN];
};

/**
 * @brief Parse the text of /proc/cpuinfo.
 *
 * Recognises x86 ("vendor_id", "model name", "flags"), ppc64 ("cpu",
 * "revision ... (pvr XXXX YYYY)", "timebase", "platform", "machine"),
 * arm64 ("CPU implementer", "CPU architecture") and riscv64 ("isa",
 * "uarch") layouts; other keys are ignored. A line without ':' (other than an empty
 * one) is malformed.
 * @param buf text, need not be NUL-terminated
 * @param len bytes in @p buf
 * @param out result, untouched on error
 * @return 0; -PVS_EINVAL NULL argument; -PVS_EBADMSG malformed or no
 *         "processor" entry; -PVS_ERANGE a number too large
 */
int pvprobe_cpuinfo_parse(const char *buf, size_t len, struct pvprobe_cpuinfo *out);

/**
 * @brief Read and parse SYSROOT/proc/cpuinfo.
 * @param ctx context (sysroot, error location)
 * @param out result, untouched on error
 * @return 0 or a negative error code (probe/context.h)
 */
int pvprobe_read_cpuinfo(struct pvprobe_ctx *ctx, struct pvprobe_cpuinfo *out);

#ifdef __cplusplus
}
#endif

#endif /* PVSCHED_PROBE_CPUINFO_H */
