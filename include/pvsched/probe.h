/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file probe.h
 * @brief Userspace probing: what this machine looks like to the heuristics.
 *
 * **Userspace only** (libpvsched_probe.a, CMake target pvsched::probe); not
 * included by pvsched.h and not kernel-safe: the readers open files,
 * allocate and (for CPUID and the PAUSE calibration) execute instructions.
 * They produce the plain structs the decision headers take as inputs:
 * hypervisor kind and paravirt features (x86 CPUID, ppc64 device tree),
 * partition mode (/proc/powerpc/lparcfg), topology with SMT and big cores,
 * per-CPU steal rate (/proc/stat), run delay (schedstat), cpuidle states,
 * halt-poll / haltpoll / PLE parameters, the measured cost of one PAUSE and
 * rseq time-slice-extension availability. REFERENCE.md section 6 lists
 * where Linux exposes each signal.
 *
 * Conventions, for every reader:
 *  - A `pvprobe_*()` reader takes a struct pvprobe_ctx whose sysroot
 *    prefixes every path, so tests point it at a fixture tree
 *    (tests/fixtures/HOST/proc/stat ...).
 *  - It returns 0 (or a count) on success, or a negative PVPROBE_E* code:
 *    -PVS_ENOENT the file is absent, -PVS_EBADMSG it is malformed
 *    (truncated line, garbage number, missing required field, or a file
 *    that must exist because its source does: a cpuidle state without
 *    its latency, a module missing one of its parameters),
 *    -PVS_ERANGE a number does not fit (e.g. a counter >= 2^64),
 *    -PVS_EIO it could not be read, -PVS_ENOMEM, -PVS_EINVAL bad argument.
 *    On failure it names the offending file (and line, when known) in
 *    pvprobe_ctx::bad_path / pvprobe_ctx::bad_line and leaves every
 *    output untouched.
 *  - Each file reader is split into a pure parser over a buffer
 *    (`pvs_*_parse()`, fuzzed in fuzz/) and a thin reader that loads the
 *    file under the sysroot.
 *  - Parsers never crash on any input and never read outside the buffer;
 *    the buffer need not be NUL-terminated.
 */
#ifndef PVSCHED_PROBE_H
#define PVSCHED_PROBE_H

#include <pvsched/env.h>
#include <pvsched/errors.h>
#include <pvsched/haltpoll.h>
#include <pvsched/ple.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- limits -------------------------------------------------------------- */

/** @brief Longest path a reader builds (sysroot included), bytes with NUL. */
#define PVPROBE_PATH_MAX 512
/** @brief CPU numbers the readers accept are 0 .. PVPROBE_MAX_CPUS-1. */
#define PVPROBE_MAX_CPUS 8192
/** @brief Most cpuidle states per CPU (Linux CPUIDLE_STATE_MAX). */
#define PVPROBE_MAX_IDLE_STATES 10
/** @brief Size of the short name buffers (idle state, driver, governor). */
#define PVPROBE_NAME_LEN 32
/** @brief Size of the longer text buffers (model, machine, signature). */
#define PVPROBE_TEXT_LEN 64
/** @brief Largest file a reader loads, bytes (/proc/stat of a big host). */
#define PVPROBE_FILE_MAX (16u << 20)
/** @brief Most CPUID leaves a CPUID dump file may hold. */
#define PVPROBE_MAX_CPUID_LEAVES 256

/* ---- context ------------------------------------------------------------- */

/**
 * @brief Where the readers read, and where they say what went wrong.
 *
 * Initialise with pvprobe_ctx_init(). Not thread-safe: one per thread.
 */
struct pvprobe_ctx {
	/** Directory prefixed to every absolute path ("/proc/stat" is read
	 *  as sysroot + "/proc/stat"); NULL or "" or "/" mean the live
	 *  system. Not copied: it must outlive the context. */
	const char *sysroot;
	/** CPUID dump to use instead of the CPUID instruction (see
	 *  pvprobe_cpuid_dump_parse()); NULL = "SYSROOT/cpuid" when a sysroot
	 *  is set, the instruction on the live system. */
	const char *cpuid_file;
	/** Full path of the file behind the last error ("" if none). */
	char bad_path[PVPROBE_PATH_MAX];
	/** 1-based line of the last error in that file, 0 if not known. */
	unsigned int bad_line;
};

/**
 * @brief Initialise a context.
 * @param ctx     context to fill
 * @param sysroot directory to read under (NULL or "/" for the live system);
 *                kept by pointer
 */
void pvprobe_ctx_init(struct pvprobe_ctx *ctx, const char *sysroot);

/**
 * @brief Whether the context reads the live system (no sysroot).
 * @param ctx an initialised context
 * @return true if the sysroot is NULL, "" or "/"
 */
bool pvprobe_ctx_live(const struct pvprobe_ctx *ctx);

/**
 * @brief Load a small binary or text file under the sysroot as it is (a
 *        firmware buffer dump such as an extended-CEDE table, a
 *        device-tree property).
 * @param ctx  context (sysroot, error location)
 * @param path absolute path below the sysroot, e.g. "/xcede"
 * @param buf  destination, untouched on error
 * @param cap  bytes available at @p buf
 * @param len  bytes loaded
 * @return 0; -PVS_ENOENT absent; -PVS_ERANGE larger than @p cap; -PVS_EIO;
 *         -PVS_EINVAL NULL argument
 */
int pvprobe_load(struct pvprobe_ctx *ctx, const char *path, void *buf,
		   size_t cap, size_t *len);

/* ---- /proc/cpuinfo: which machine ---------------------------------------- */

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
	/** Anything else recognised as a Linux cpuinfo (arm64, s390 ...). */
	PVPROBE_ARCH_OTHER
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
	 *  altivec supported"). */
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
 * Recognises x86 ("vendor_id", "model name", "flags") and ppc64 ("cpu",
 * "revision ... (pvr XXXX YYYY)", "timebase", "platform", "machine")
 * layouts; other keys are ignored. A line without ':' (other than an empty
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
 * @return 0 or a negative PVPROBE_E* code (see file comment)
 */
int pvprobe_read_cpuinfo(struct pvprobe_ctx *ctx, struct pvprobe_cpuinfo *out);

/* ---- hypervisor kind ----------------------------------------------------- */

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
 * @return a static string; "invalid" outside the enum
 */
const char *pvprobe_hv_name(enum pvprobe_hv hv);

/* ---- x86: CPUID ---------------------------------------------------------- */

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
 * @return 0, or a negative PVPROBE_E* code
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

/* ---- PAUSE (cpu_relax) cost ---------------------------------------------- */

/** @brief PAUSEs per calibration window: 16, like MariaDB. 16 PAUSEs of
 *         at most ~140 cycles stay below Intel's default ple_window (4096
 *         cycles) and AMD's pause_filter_count (3000), so a guest's
 *         calibration does not trigger a pause-loop exit. */
#define PVPROBE_PAUSE_WINDOW_ITERS 16u
/** @brief Default number of windows (the minimum over them is kept). */
#define PVPROBE_PAUSE_WINDOWS 200u
/** @brief Smallest credible cost of one PAUSE, ps (0.1 ns: one cycle at
 *         10 GHz); a window cheaper than that is a clock artefact. */
#define PVPROBE_PAUSE_MIN_PS 100u
/** @brief Largest credible cost of one PAUSE, ps (2 us); a dearer
 *         window was interrupted or preempted. */
#define PVPROBE_PAUSE_MAX_PS 2000000u

/** @brief Result of a PAUSE calibration. */
struct pvprobe_pause_cal {
	/** Cost of one PAUSE (cpu_relax()), picoseconds. */
	uint32_t pause_ps;
	/** Clock-read overhead subtracted from every window, ns. */
	uint32_t overhead_ns;
	/** Windows kept after dropping absurd ones. */
	uint32_t windows_used;
	/** Windows measured. */
	uint32_t windows_total;
};

/**
 * @brief Robust estimate from timed windows (the pure part of the
 *        calibration, tested with synthetic samples).
 *
 * overhead = the minimum of @p empty_ns (windows timing nothing). For each
 * PAUSE window, per-PAUSE cost = (pause_ns[i] - overhead) * 1000 / iters
 * ps; windows at or below the overhead, or giving less than
 * ::PVPROBE_PAUSE_MIN_PS or more than ::PVPROBE_PAUSE_MAX_PS, are dropped as
 * absurd (clock step, interrupt, preemption); the minimum of the others is
 * the result (noise only ever adds time).
 * @param pause_ns elapsed ns of @p n windows of @p iters PAUSEs
 * @param empty_ns elapsed ns of @p n empty windows
 * @param n        windows of each kind, >= 1
 * @param iters    PAUSEs per window, >= 1
 * @param out      result, untouched on error
 * @return 0; -PVS_EINVAL bad argument; -PVS_ERANGE no credible window
 */
int pvprobe_pause_estimate(const uint64_t *pause_ns, const uint64_t *empty_ns,
		       unsigned int n, unsigned int iters,
		       struct pvprobe_pause_cal *out);

/**
 * @brief Measure the cost of one PAUSE on this CPU (x86 PAUSE, arm64
 *        YIELD, ppc64 the HMT_low/HMT_medium pair of cpu_relax()).
 *
 * @p windows windows of ::PVPROBE_PAUSE_WINDOW_ITERS PAUSEs and as many empty
 * ones, timed with CLOCK_MONOTONIC, each separated by a PAUSE-free gap
 * longer than ple_gap (128 cycles) so the host's pause-loop detector
 * restarts; then pvprobe_pause_estimate(). About 0.2 ms with the default.
 * @param windows number of windows, 1..10000 (0 = ::PVPROBE_PAUSE_WINDOWS)
 * @param out     result, untouched on error
 * @return 0; -PVS_ENOTSUP no relax instruction known for this build;
 *         -PVS_EINVAL; -PVS_ENOMEM; -PVS_ERANGE no credible window
 */
int pvprobe_read_pause(unsigned int windows, struct pvprobe_pause_cal *out);

/* ---- KVM host and guest haltpoll parameters ------------------------------ */

/**
 * @brief Host-side KVM parameters (this machine runs KVM guests), in the
 *        decision modules' own structs so they feed pvs_halt_poll_step()
 *        and pvs_ple_grow() / pvs_ple_shrink() directly.
 */
struct pvprobe_kvm_host_params {
	/** /sys/module/kvm/parameters/halt_poll_ns (max_ns), _grow,
	 *  _grow_start (10000 when absent: kernels before 5.1 grew from
	 *  10 us), _shrink; flavour ::PVS_HALT_POLL_KVM_HOST, allow_shrink
	 *  true (the host always shrinks). */
	struct pvs_halt_poll_params halt_poll;
	/** kvm_intel or kvm_amd is loaded: @ref ple is valid. */
	bool has_ple;
	/** kvm_intel ple_gap, ple_window, ple_window_grow, ple_window_shrink,
	 *  ple_window_max (vendor ::PVS_PLE_VMX), or kvm_amd
	 *  pause_filter_thresh, pause_filter_count, _count_grow,
	 *  _count_shrink, _count_max (vendor ::PVS_PLE_SVM). */
	struct pvs_ple_params ple;
};

/**
 * @brief Read /sys/module/kvm/parameters/halt_poll_ns* and, when present,
 *        the kvm_intel PLE or kvm_amd pause-filter parameters.
 * @param ctx context
 * @param out result, untouched on error
 * @return 0; -PVS_ENOENT the kvm module (halt_poll_ns) is absent: this is
 *         not a KVM host; -PVS_EBADMSG a malformed or missing value;
 *         -PVS_ERANGE a value wider than its field (32 bits but for
 *         halt_poll_ns and grow_start)
 */
int pvprobe_read_kvm_host(struct pvprobe_ctx *ctx,
		       struct pvprobe_kvm_host_params *out);

/**
 * @brief Read the guest cpuidle-haltpoll governor's parameters
 *        (/sys/module/haltpoll/parameters/guest_halt_poll_ns as max_ns,
 *        _grow, _grow_start, _shrink, _allow_shrink) into the haltpoll
 *        decision's struct, flavour ::PVS_HALT_POLL_GUEST.
 * @param ctx context
 * @param out result, untouched on error
 * @return 0; -PVS_ENOENT the haltpoll governor is not built in / loaded;
 *         -PVS_EBADMSG / -PVS_ERANGE a malformed value
 */
int pvprobe_read_guest_haltpoll(struct pvprobe_ctx *ctx,
			     struct pvs_halt_poll_params *out);

/* ---- ppc64: lparcfg, big cores, platform --------------------------------- */

/** @brief pvprobe_lparcfg::have bit: partition_entitled_capacity was present. */
#define PVPROBE_LPARCFG_HAVE_ENTITLEMENT 0x1u
/** @brief pvprobe_lparcfg::have bit: capped was present. */
#define PVPROBE_LPARCFG_HAVE_CAPPED 0x2u
/** @brief pvprobe_lparcfg::have bit: dispatches and dispatch_dispersions. */
#define PVPROBE_LPARCFG_HAVE_DISPATCH 0x4u
/** @brief pvprobe_lparcfg::have bit: purr and tbr. */
#define PVPROBE_LPARCFG_HAVE_PURR 0x8u
/** @brief pvprobe_lparcfg::have bit: pool, pool_capacity, pool_idle_time,
 *         pool_num_procs (shared partitions only). */
#define PVPROBE_LPARCFG_HAVE_POOL 0x10u

/** @brief The fields of /proc/powerpc/lparcfg the heuristics use. */
struct pvprobe_lparcfg {
	/** Format version, major ("lparcfg 1.9" gives 1). */
	unsigned int version_major;
	/** Format version, minor ("lparcfg 1.9" gives 9). */
	unsigned int version_minor;
	/** Which optional groups were present (PVPROBE_LPARCFG_HAVE_*). */
	unsigned int have;
	/** shared_processor_mode=1: a shared-processor partition. */
	bool shared;
	/** capped=1 (valid with ::PVPROBE_LPARCFG_HAVE_CAPPED). */
	bool capped;
	/** partition_id. */
	uint64_t partition_id;
	/** partition_entitled_capacity, hundredths of a processor. */
	uint64_t entitled_capacity;
	/** partition_active_processors: virtual processors (cores). */
	uint64_t active_processors;
	/** partition_potential_processors. */
	uint64_t potential_processors;
	/** system_active_processors: physical processors in the system. */
	uint64_t system_active_processors;
	/** capacity_weight (uncapped weight, 0..255). */
	uint64_t capacity_weight;
	/** dispatches: sum of all vCPUs' lppaca yield_count (vcsw). */
	uint64_t dispatches;
	/** dispatch_dispersions: dispatches on another physical CPU. */
	uint64_t dispatch_dispersions;
	/** purr: sum of all CPUs' PURR, timebase ticks. */
	uint64_t purr;
	/** tbr: the timebase when read. */
	uint64_t tbr;
	/** pool: shared pool number. */
	uint64_t pool;
	/** pool_capacity: processors in the pool x 100. */
	uint64_t pool_capacity;
	/** pool_idle_time: pool idle timebase ticks. */
	uint64_t pool_idle_time;
	/** pool_num_procs: physical processors in the pool. */
	uint64_t pool_num_procs;
	/** system_type (e.g. "IBM,9009-42A"). */
	char system_type[PVPROBE_TEXT_LEN];
};

/**
 * @brief Parse the text of /proc/powerpc/lparcfg (format of Linux's
 *        arch/powerpc/platforms/pseries/lparcfg.c, 1.x).
 *
 * The first line must be "lparcfg <major>.<minor>"; then key=value lines.
 * Keys the struct names must have a valid decimal value (else
 * -PVS_EBADMSG, or -PVS_ERANGE for >= 2^64); other keys are ignored
 * (firmware adds its own, some with text values); a non-empty line without
 * '=' is malformed. partition_active_processors and shared_processor_mode
 * are required (Linux prints them last, so a truncated file lacks them).
 * @param buf text, need not be NUL-terminated
 * @param len bytes in @p buf
 * @param out result, untouched on error
 * @return 0 or a negative PVPROBE_E* code
 */
int pvprobe_lparcfg_parse(const char *buf, size_t len, struct pvprobe_lparcfg *out);

/**
 * @brief Read and parse SYSROOT/proc/powerpc/lparcfg.
 * @param ctx context
 * @param out result, untouched on error
 * @return 0; -PVS_ENOENT not a pseries partition; parse errors
 */
int pvprobe_read_lparcfg(struct pvprobe_ctx *ctx, struct pvprobe_lparcfg *out);

/** @brief POWER thread groups (device-tree property ibm,thread-groups). */
struct pvprobe_thread_groups {
	/** Threads per core (the threads listed in the first group set). */
	unsigned int threads_per_core;
	/** Threads per small core that share an L1 (group property 1); 0 if
	 *  the property does not list property 1. */
	unsigned int l1_group_threads;
	/** Big cores: the L1 property splits a core into two or more groups
	 *  (POWER9/POWER10 SMT8 cores on PowerVM). */
	bool big_cores;
};

/**
 * @brief Decode an ibm,thread-groups property: big-endian u32 cells,
 *        repeated [property, nr_groups, threads_per_group, then
 *        nr_groups * threads_per_group thread ids].
 * @param buf property bytes
 * @param len bytes (a multiple of 4)
 * @param out result, untouched on error
 * @return 0; -PVS_EINVAL NULL; -PVS_EBADMSG short, misaligned or
 *         inconsistent; -PVS_ERANGE a count above ::PVPROBE_MAX_CPUS
 */
int pvprobe_thread_groups_parse(const void *buf, size_t len,
			    struct pvprobe_thread_groups *out);

/** @brief The ppc64 platform facts. */
struct pvprobe_ppc_platform {
	/** PowerVM, KVM or none (PowerNV bare metal). */
	enum pvprobe_hv hv;
	/** Processor generation (8, 9, 10, 11), 0 unknown. */
	unsigned int power_gen;
	/** The partition runs in an older compatibility mode. */
	bool compat;
	/** Timebase in Hz. */
	uint64_t timebase_hz;
	/** Thread groups of the first CPU node (zero if not in the tree). */
	struct pvprobe_thread_groups groups;
};

/**
 * @brief Identify a ppc64 platform from cpuinfo and the device tree
 *        (SYSROOT/proc/device-tree/hypervisor/compatible containing
 *        "linux,kvm" means KVM, like Linux's is_kvm_guest(); platform
 *        PowerNV means bare metal; pSeries otherwise is PowerVM; a qemu
 *        machine line also means KVM), and read the first CPU node's
 *        ibm,thread-groups (/proc/device-tree/cpus/PowerPC,*).
 * @param ctx context
 * @param ci  the parsed cpuinfo (arch must be ppc64)
 * @param out result, untouched on error
 * @return 0; -PVS_EINVAL not a ppc64 cpuinfo; -PVS_EBADMSG malformed
 *         thread-groups property
 */
int pvprobe_read_ppc_platform(struct pvprobe_ctx *ctx,
			   const struct pvprobe_cpuinfo *ci,
			   struct pvprobe_ppc_platform *out);

/* ---- /proc/stat: steal --------------------------------------------------- */

/** @brief One cpu line of /proc/stat, in USER_HZ ticks. */
struct pvprobe_cpu_times {
	/** CPU number, or -1 for the aggregate "cpu" line. */
	int32_t cpu;
	/** Columns present (4..10; absent columns read as 0). */
	unsigned int nr_fields;
	/** user (includes guest). */
	uint64_t user;
	/** nice (includes guest_nice). */
	uint64_t nice;
	/** system. */
	uint64_t system;
	/** idle. */
	uint64_t idle;
	/** iowait. */
	uint64_t iowait;
	/** irq. */
	uint64_t irq;
	/** softirq. */
	uint64_t softirq;
	/** steal: time the hypervisor ran something else while this vCPU
	 *  wanted to run. */
	uint64_t steal;
	/** guest (already counted in user). */
	uint64_t guest;
	/** guest_nice (already counted in nice). */
	uint64_t guest_nice;
};

/** @brief A parsed /proc/stat: the aggregate line and per-CPU lines. */
struct pvprobe_stat {
	/** The "cpu" line. */
	struct pvprobe_cpu_times total;
	/** Per-CPU lines parsed into @ref cpus. */
	unsigned int nr_cpus;
	/** Caller-provided array of @ref cap entries. */
	struct pvprobe_cpu_times *cpus;
	/** Capacity of @ref cpus. */
	unsigned int cap;
};

/**
 * @brief Parse the text of /proc/stat (the cpu lines; others are skipped).
 *
 * Each cpu line needs 4 to 10 decimal columns (more are ignored: newer
 * kernels may append); the "cpu" line is required and CPU numbers must be
 * unique and below ::PVPROBE_MAX_CPUS.
 * @param buf text, need not be NUL-terminated
 * @param len bytes in @p buf
 * @param st  in: cpus and cap set; out: total, nr_cpus and cpus[] (all
 *            untouched on error)
 * @return number of per-CPU lines; -PVS_EINVAL; -PVS_EBADMSG malformed or
 *         duplicate; -PVS_ERANGE a counter >= 2^64, a CPU number too large
 *         or more lines than @p st->cap; -PVS_ENOMEM
 */
int pvprobe_stat_parse(const char *buf, size_t len, struct pvprobe_stat *st);

/**
 * @brief Read and parse SYSROOT/proc/stat.
 * @param ctx context
 * @param st  as for pvprobe_stat_parse()
 * @return as pvprobe_stat_parse(), or -PVS_ENOENT / -PVS_EIO
 */
int pvprobe_read_stat(struct pvprobe_ctx *ctx, struct pvprobe_stat *st);

/** @brief Steal rate of one CPU (or of all) over a window. */
struct pvprobe_steal_rate {
	/** CPU number, -1 for the aggregate. */
	int32_t cpu;
	/** Steal ticks in the window. */
	uint64_t steal_ticks;
	/** All ticks in the window (user+nice+system+idle+iowait+irq+
	 *  softirq+steal). */
	uint64_t total_ticks;
	/** steal / total, parts per million of wall time (0 when total 0). */
	uint32_t steal_ppm;
	/** steal / (steal + busy), ppm, busy = user+nice+system+irq+
	 *  softirq: how much of the time this vCPU wanted to run it was
	 *  preempted instead (the preemption estimate of `pvsched watch`). */
	uint32_t preempt_ppm;
};

/**
 * @brief Steal rate between two samples of one CPU line.
 *
 * Each column's delta saturates at 0 (Linux's idle and iowait can step
 * back slightly under NO_HZ; a CPU that went offline restarts at 0).
 * @param before earlier sample, or NULL for "since boot" (all zero)
 * @param after  later sample
 * @param out    result (cpu copied from @p after)
 * @return 0; -PVS_EINVAL NULL @p after or @p out, or CPU numbers differ
 */
int pvprobe_steal_rate(const struct pvprobe_cpu_times *before,
		   const struct pvprobe_cpu_times *after,
		   struct pvprobe_steal_rate *out);

/* ---- schedstat: run delay ------------------------------------------------ */

/** @brief /proc/PID/task/TID/schedstat. */
struct pvprobe_schedstat {
	/** Time spent on a CPU, ns. */
	uint64_t run_ns;
	/** Time spent runnable on a runqueue, waiting for a CPU, ns. */
	uint64_t wait_ns;
	/** Timeslices run on a CPU. */
	uint64_t timeslices;
};

/**
 * @brief Parse a per-task schedstat: exactly three decimal numbers
 *        separated by blanks, then an optional newline.
 * @param buf text, need not be NUL-terminated
 * @param len bytes
 * @param out result, untouched on error
 * @return 0; -PVS_EINVAL; -PVS_EBADMSG; -PVS_ERANGE
 */
int pvprobe_schedstat_parse(const char *buf, size_t len,
			struct pvprobe_schedstat *out);

/**
 * @brief Read /proc/PID/task/TID/schedstat under the sysroot.
 * @param ctx context
 * @param pid process id, or 0 for "self"
 * @param tid thread id, or 0 for the process's main thread
 * @param out result, untouched on error
 * @return 0 or a negative PVPROBE_E* code (-PVS_ENOENT: no such task, or
 *         CONFIG_SCHED_INFO off)
 */
int pvprobe_read_schedstat(struct pvprobe_ctx *ctx, int pid, int tid,
			struct pvprobe_schedstat *out);

/** @brief One cpu line of /proc/schedstat (version 15 and later). */
struct pvprobe_rq_schedstat {
	/** CPU number. */
	int32_t cpu;
	/** Time tasks ran on this CPU, ns (field 7). */
	uint64_t run_ns;
	/** Time tasks waited on this CPU's runqueue, ns (field 8). */
	uint64_t wait_ns;
	/** Timeslices run on this CPU (field 9). */
	uint64_t timeslices;
};

/**
 * @brief Parse /proc/schedstat: "version N" (15..17 accepted), an optional
 *        "timestamp" line, "cpuN" lines with 9 numbers, "domainN" lines
 *        (skipped).
 * @param buf  text, need not be NUL-terminated
 * @param len  bytes
 * @param cpus caller array, untouched on error
 * @param cap  entries in @p cpus
 * @return number of cpu lines; -PVS_EINVAL; -PVS_EBADMSG; -PVS_ERANGE
 *         (also: more lines than @p cap, unsupported version)
 */
int pvprobe_rq_schedstat_parse(const char *buf, size_t len,
			   struct pvprobe_rq_schedstat *cpus, unsigned int cap);

/**
 * @brief Read and parse SYSROOT/proc/schedstat (CONFIG_SCHEDSTATS).
 * @param ctx  context
 * @param cpus caller array, untouched on error
 * @param cap  entries in @p cpus
 * @return as pvprobe_rq_schedstat_parse(), or -PVS_ENOENT
 */
int pvprobe_read_rq_schedstat(struct pvprobe_ctx *ctx,
			   struct pvprobe_rq_schedstat *cpus, unsigned int cap);

/* ---- cpuidle ------------------------------------------------------------- */

/** @brief Index of each attribute file of a cpuidle state, in the order
 *         pvprobe_cpuidle_state_parse() takes their texts. */
enum pvprobe_cpuidle_attr {
	/** "name". Required. */
	PVPROBE_CPUIDLE_ATTR_NAME = 0,
	/** "desc". Optional. */
	PVPROBE_CPUIDLE_ATTR_DESC,
	/** "latency": exit latency, us. Required. */
	PVPROBE_CPUIDLE_ATTR_LATENCY,
	/** "residency": target residency, us. Required. */
	PVPROBE_CPUIDLE_ATTR_RESIDENCY,
	/** "usage": times entered. Optional. */
	PVPROBE_CPUIDLE_ATTR_USAGE,
	/** "time": total time in the state, us. Optional. */
	PVPROBE_CPUIDLE_ATTR_TIME,
	/** "disable": 0/1. Optional. */
	PVPROBE_CPUIDLE_ATTR_DISABLE,
	/** Number of attributes. */
	PVPROBE_CPUIDLE_ATTR_COUNT
};

/** @brief One cpuidle state of one CPU. */
struct pvprobe_cpuidle_state {
	/** Name ("POLL", "C1", "snooze", "CEDE", "haltpoll idle" ...). */
	char name[PVPROBE_NAME_LEN];
	/** Description. */
	char desc[PVPROBE_TEXT_LEN];
	/** Exit latency, us. */
	uint64_t latency_us;
	/** Target residency, us. */
	uint64_t residency_us;
	/** Times entered. */
	uint64_t usage;
	/** Total time spent in it, us. */
	uint64_t time_us;
	/** Disabled by the administrator. */
	bool disabled;
};

/** @brief cpuidle driver, governor and the states of one CPU. */
struct pvprobe_cpuidle {
	/** current_driver ("intel_idle", "haltpoll", "pseries_idle",
	 *  "acpi_idle"; "none" when no driver is registered). */
	char driver[PVPROBE_NAME_LEN];
	/** current_governor ("menu", "teo", "ladder", "haltpoll"). */
	char governor[PVPROBE_NAME_LEN];
	/** CPU whose states follow. */
	unsigned int cpu;
	/** Number of states. */
	unsigned int nr_states;
	/** The states, by index. */
	struct pvprobe_cpuidle_state states[PVPROBE_MAX_IDLE_STATES];
};

/**
 * @brief Parse one state from the texts of its attribute files.
 *
 * Each text is the file's content (NUL-terminated, one value and an
 * optional newline) or NULL when the file is absent. Names are copied
 * (trailing blanks removed; too long or with control bytes: malformed);
 * numbers must be decimal.
 * @param text texts indexed by enum pvprobe_cpuidle_attr
 * @param out  result, untouched on error
 * @return 0; -PVS_EINVAL; -PVS_ENOENT a required attribute is absent;
 *         -PVS_EBADMSG; -PVS_ERANGE
 */
int pvprobe_cpuidle_state_parse(const char *const text[PVPROBE_CPUIDLE_ATTR_COUNT],
			 struct pvprobe_cpuidle_state *out);

/**
 * @brief Read the cpuidle driver and governor
 *        (/sys/devices/system/cpu/cpuidle/current_{driver,governor}) and
 *        the states of @p cpu (.../cpuN/cpuidle/stateK/).
 * @param ctx context
 * @param cpu CPU number
 * @param out result, untouched on error
 * @return 0; -PVS_ENOENT no cpuidle (no current_driver); -PVS_EBADMSG a
 *         state without name, latency or residency; parse errors
 */
int pvprobe_read_cpuidle(struct pvprobe_ctx *ctx, unsigned int cpu,
		      struct pvprobe_cpuidle *out);

/* ---- topology ------------------------------------------------------------ */

/** @brief Where the topology came from. */
enum pvprobe_topo_via {
	/** /sys/devices/system/cpu (always used under a sysroot). */
	PVPROBE_TOPO_VIA_SYSFS = 0,
	/** hwloc (live system, when built with it). */
	PVPROBE_TOPO_VIA_HWLOC
};

/** @brief CPU topology summary. */
struct pvprobe_topology {
	/** Online CPUs. */
	unsigned int nr_online;
	/** Possible CPUs (online + offline + hot-pluggable). */
	unsigned int nr_possible;
	/** Distinct cores among online CPUs. */
	unsigned int nr_cores;
	/** Distinct packages (sockets) among online CPUs. */
	unsigned int nr_packages;
	/** NUMA nodes with online CPUs (0 if not exposed). */
	unsigned int nr_nodes;
	/** Most online threads in one core (the SMT mode in use). */
	unsigned int threads_per_core;
	/** /sys/devices/system/cpu/smt/control ("on", "off", "forceoff",
	 *  "notsupported", "notimplemented" or a thread count); "" absent. */
	char smt_control[PVPROBE_NAME_LEN];
	/** Source. */
	enum pvprobe_topo_via via;
};

/**
 * @brief Parse a Linux CPU list ("0-3,8,10-11\n").
 * @param buf    text, need not be NUL-terminated
 * @param len    bytes
 * @param bitmap optional bitmap of ::PVPROBE_MAX_CPUS bits to set (not
 *               cleared first), may be NULL; untouched on error
 * @return number of CPUs listed; -PVS_EBADMSG malformed or a reversed
 *         range; -PVS_ERANGE a CPU >= ::PVPROBE_MAX_CPUS
 */
int pvprobe_cpulist_parse(const char *buf, size_t len, uint8_t *bitmap);

/**
 * @brief Read the topology: hwloc on the live system when built with it,
 *        else sysfs (cpu/online, cpu/possible, cpuN/topology/
 *        {physical_package_id,thread_siblings_list}, nodeN/cpulist,
 *        smt/control).
 * @param ctx context
 * @param out result, untouched on error
 * @return 0; -PVS_ENOENT no cpu/online; parse errors
 */
int pvprobe_read_topology(struct pvprobe_ctx *ctx, struct pvprobe_topology *out);

/* ---- rseq time-slice extension ------------------------------------------- */

/** @brief rseq time-slice extension (Linux 7.0+). */
struct pvprobe_rseq_slice {
	/** The kernel offers it. */
	bool available;
	/** Largest extension, ns (/proc/sys/kernel/rseq_slice_extension_nsec;
	 *  0 if that sysctl is absent). */
	uint64_t max_ns;
	/** Live system only: prctl(PR_RSEQ_SLICE_EXTENSION,
	 *  PR_RSEQ_SLICE_EXTENSION_GET) answered (so @ref available is
	 *  authoritative). */
	bool prctl_checked;
};

/**
 * @brief Whether a lock holder can ask not to be preempted for a few us:
 *        on the live system prctl(PR_RSEQ_SLICE_EXTENSION=79, GET=1)
 *        (EINVAL on older kernels), plus the sysctl
 *        kernel.rseq_slice_extension_nsec; under a sysroot the sysctl only.
 * @param ctx context
 * @param out result, untouched on error
 * @return 0; -PVS_ENOENT not available (the answer on kernels before
 *         7.0); -PVS_EBADMSG / -PVS_ERANGE malformed sysctl
 */
int pvprobe_read_rseq_slice(struct pvprobe_ctx *ctx,
			 struct pvprobe_rseq_slice *out);

#ifdef __cplusplus
}
#endif

#endif /* PVSCHED_PROBE_H */
