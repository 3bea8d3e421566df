/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file oracle.h
 * @brief The owner-on-CPU oracle: which thread runs on each CPU now, from
 *        a BPF program on sched_switch, read through a read-only mmap.
 *
 * **Userspace only** (Linux). The kernel's mutex spins only while its
 * owner is on a CPU (owner_on_cpu()) whose vCPU is not preempted
 * (vcpu_is_preempted()); nothing in /proc tells a userspace waiter either.
 * This oracle does: a BPF program attached to the sched_switch tracepoint
 * writes, in one 64-byte slot per CPU, the thread id (and process id) it
 * switches to; userspace maps the array read-only and compares.
 *
 * Two ways to get one:
 * - pvrt_oracle_open_pinned() (library `pvsched_rt`, no libbpf): map the
 *   array an administrator pinned with `pvsched oracle start`
 *   (pvrt_oracle_pin()). Any user the pin's group admits; no privilege.
 * - pvrt_oracle_open() (library `pvsched_oracle`, libbpf): load and
 *   attach a private copy when the caller may (root or CAP_BPF +
 *   CAP_PERFMON), else fall back to the pinned one.
 *
 * Either fails cleanly with a ::pvrt_oracle_why, and every user of the
 * oracle (pvrt_spin_wait_for()) then applies the heuristics it applies
 * without one.
 *
 * The vCPU-preempted flag (KVM's kvm_steal_time.preempted) is copied too
 * where the kernel lets a BPF program address the per-CPU steal_time
 * variable (it needs the symbol in kallsyms, CONFIG_KALLSYMS_ALL);
 * pvrt_oracle_vcpu_preempted() says "unknown" elsewhere.
 */
#ifndef PVSCHED_ORACLE_H
#define PVSCHED_ORACLE_H

#include <pvsched/env.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief Default directory of the pins, under the BPF filesystem. */
#define PVRT_ORACLE_PIN_DIR "/sys/fs/bpf/pvsched"

/** @brief Where an oracle's data comes from. */
enum pvrt_oracle_source {
	/** No oracle: the caller uses its heuristics. */
	PVRT_ORACLE_SOURCE_NONE = 0,
	/** A program this process loaded and attached. */
	PVRT_ORACLE_SOURCE_ATTACHED = 1,
	/** The map pinned by `pvsched oracle start`. */
	PVRT_ORACLE_SOURCE_PINNED = 2
};

/** @brief Why an open failed (or ::PVRT_ORACLE_OK). */
enum pvrt_oracle_why {
	/** Opened. */
	PVRT_ORACLE_OK = 0,
	/** Built without libbpf/bpftool/clang (attach only). */
	PVRT_ORACLE_NOT_BUILT = 1,
	/** The kernel refused to load or attach for lack of privilege. */
	PVRT_ORACLE_NO_PRIVILEGE = 2,
	/** No kernel BTF (/sys/kernel/btf/vmlinux or the path given). */
	PVRT_ORACLE_NO_BTF = 3,
	/** The kernel rejected the program (verifier, missing symbol). */
	PVRT_ORACLE_REJECTED = 4,
	/** Nothing pinned at the pin directory. */
	PVRT_ORACLE_NOT_PINNED = 5,
	/** A pin exists but this user may not read it. */
	PVRT_ORACLE_NO_ACCESS = 6,
	/** The pinned object is not the oracle's map (type, size, flags). */
	PVRT_ORACLE_BAD_MAP = 7,
	/** Turned off (PVRT_ORACLE=off in the environment, or by options). */
	PVRT_ORACLE_DISABLED = 8,
	/** Out of memory or another system error. */
	PVRT_ORACLE_SYSTEM = 9
};

/** @brief An open oracle (opaque). */
struct pvrt_oracle;

/** @brief Options of pvrt_oracle_open(); zero-initialise for defaults. */
struct pvrt_oracle_opts {
	/** Pin directory (NULL: ::PVRT_ORACLE_PIN_DIR). */
	const char *pin_dir;
	/** Kernel BTF file (NULL: /sys/kernel/btf/vmlinux). */
	const char *btf_path;
	/** A BPF object to load instead of the built-in ones (tests: a
	 *  program the verifier rejects); NULL: built-in. */
	const void *obj_buf;
	/** Size of @c obj_buf, bytes. */
	size_t obj_size;
	/** Do not try to attach a private copy. */
	bool no_attach;
	/** Do not fall back to the pinned map. */
	bool no_pinned;
	/** Do not try the variant that copies kvm_steal_time.preempted. */
	bool no_steal;
};

/**
 * @brief Map the pinned oracle read-only (no privilege, no libbpf).
 * @param out     the oracle, or NULL on failure
 * @param pin_dir pin directory (NULL: ::PVRT_ORACLE_PIN_DIR)
 * @param why     why it failed (may be NULL)
 * @return 0, or a negative errno-style code (-PVS_ENOENT, ...)
 */
int pvrt_oracle_open_pinned(struct pvrt_oracle **out, const char *pin_dir,
			    enum pvrt_oracle_why *why);

/**
 * @brief Get an oracle: attach a private copy if allowed and possible,
 *        else map the pinned one (library `pvsched_oracle`).
 *
 * Tries, in order and as @p opts allows: the program that also copies
 * the vCPU-preempted flags, the plain program, the pinned map. The reason
 * returned on failure is the attach's when the pinned map was not tried,
 * else the pinned map's.
 * @param out  the oracle, or NULL on failure
 * @param opts options (NULL: defaults)
 * @param why  why it failed (may be NULL)
 * @return 0, or a negative errno-style code
 */
int pvrt_oracle_open(struct pvrt_oracle **out,
		     const struct pvrt_oracle_opts *opts,
		     enum pvrt_oracle_why *why);

/**
 * @brief The process-wide pinned oracle, opened once on first use
 *        (thread-safe); NULL when there is none or PVRT_ORACLE=off.
 * @return the oracle or NULL
 */
const struct pvrt_oracle *pvrt_oracle_default(void);

/**
 * @brief Is thread @p tid the one running on CPU @p cpu now?
 *
 * Two loads from the mapped slot; wait-free.
 * @param o   oracle (NULL: false)
 * @param tid thread id (gettid()); 0 asks "is the CPU idle"
 * @param cpu CPU number
 * @return true if @p tid is on @p cpu
 */
bool pvrt_oracle_is_running(const struct pvrt_oracle *o, uint32_t tid,
			    int cpu);

/**
 * @brief Process id of the thread running on CPU @p cpu now.
 * @param o   oracle
 * @param cpu CPU number
 * @return its process id (0: idle), or -1 for a NULL oracle or a CPU it
 *         does not cover
 */
int64_t pvrt_oracle_tgid_on(const struct pvrt_oracle *o, int cpu);

/**
 * @brief Was CPU @p cpu's vCPU preempted by the host at the last switch
 *        anywhere?
 * @param o   oracle
 * @param cpu CPU number
 * @return 1 preempted, 0 running, -1 not known (the kernel did not let
 *         the program read the flag, or no oracle)
 */
int pvrt_oracle_vcpu_preempted(const struct pvrt_oracle *o, int cpu);

/**
 * @brief Context switches the oracle has seen on CPU @p cpu.
 * @param o   oracle
 * @param cpu CPU number
 * @return the count (0 for a NULL oracle or an uncovered CPU)
 */
uint64_t pvrt_oracle_switches(const struct pvrt_oracle *o, int cpu);

/**
 * @brief CPUs the oracle covers.
 * @param o oracle
 * @return slots in its map (0 for NULL)
 */
uint32_t pvrt_oracle_nr_cpus(const struct pvrt_oracle *o);

/**
 * @brief Where this oracle's data comes from.
 * @param o oracle
 * @return its source (::PVRT_ORACLE_SOURCE_NONE for NULL)
 */
enum pvrt_oracle_source pvrt_oracle_source_of(const struct pvrt_oracle *o);

/**
 * @brief Unmap and, for an attached oracle, detach and unload.
 * @param o oracle (NULL: nothing)
 */
void pvrt_oracle_close(struct pvrt_oracle *o);

/**
 * @brief A short name for a reason ("no privilege", "rejected", ...).
 * @param why the reason
 * @return a static string
 */
const char *pvrt_oracle_why_name(enum pvrt_oracle_why why);

/**
 * @brief The attached program's own run statistics (library
 *        `pvsched_oracle`): what the kernel counts while run-time
 *        statistics are on (pvrt_oracle_stats_enable()).
 * @param o       an attached oracle
 * @param runs    invocations counted
 * @param run_ns  time spent in the program, ns
 * @return 0; -PVS_EINVAL when @p o is not attached; -PVS_EIO
 */
int pvrt_oracle_prog_stats(const struct pvrt_oracle *o, uint64_t *runs,
			   uint64_t *run_ns);

/**
 * @brief Turn the kernel's BPF run-time statistics on (root) until the
 *        returned descriptor is closed (BPF_ENABLE_STATS).
 * @return a descriptor to close(), or a negative code
 */
int pvrt_oracle_stats_enable(void);

/**
 * @brief Load, attach and pin the oracle for unprivileged readers
 *        (library `pvsched_oracle`; root).
 *
 * Mounts the BPF filesystem on the pin directory's parent if it is not
 * one; creates @p pin_dir (mode 0750, group @p gid, or 0700); pins the
 * map (mode 0660, group @p gid, or 0600) and the program's link, so the
 * program stays attached after this process exits. The map is frozen
 * (BPF_MAP_FREEZE): the kernel refuses every update from userspace and
 * every writable mmap, root's included; only the program writes it. The
 * pin's write bit is there because the kernel mmaps a map only through a
 * file opened read-write; the freeze, not the mode, makes it read-only.
 * @param pin_dir directory (NULL: ::PVRT_ORACLE_PIN_DIR)
 * @param gid     group allowed to read, or -1 for none (root only)
 * @param no_steal skip the vCPU-preempted variant
 * @param why     why it failed (may be NULL)
 * @return 0; -PVS_EAGAIN if already pinned; another negative code
 */
int pvrt_oracle_pin(const char *pin_dir, int64_t gid, bool no_steal,
		    enum pvrt_oracle_why *why);

/**
 * @brief Remove the pins (the program detaches when the last user of the
 *        map's mmap and of the link is gone).
 * @param pin_dir directory (NULL: ::PVRT_ORACLE_PIN_DIR)
 * @return 0; -PVS_ENOENT if nothing was pinned; another negative code
 */
int pvrt_oracle_unpin(const char *pin_dir);

/**
 * @brief Check that @p fd is the oracle's map and map it read-only into a
 *        new oracle (the loader's and the pinned map's common step).
 * @param fd     a BPF map file descriptor; not closed
 * @param source where the map came from, reported by the new oracle
 * @param out    the new oracle (pvrt_oracle_close() frees it); untouched
 *               on error
 * @param why    if not NULL, why it failed
 * @return 0, or a negative -PVS_E* code
 */
int pvrt_oracle_map_fd(int fd, enum pvrt_oracle_source source,
		       struct pvrt_oracle **out, enum pvrt_oracle_why *why);

/**
 * @brief The full path of a pin, "<dir>/<name>", into @p buf.
 * @param buf  output, NUL-terminated; untouched on error
 * @param len  size of @p buf, bytes
 * @param dir  the pin directory (e.g. ::PVRT_ORACLE_PIN_DIR)
 * @param name the pinned object's name
 * @return 0, or -PVS_ERANGE when it does not fit
 */
int pvrt_oracle_pin_path(char *buf, size_t len, const char *dir,
			 const char *name);

#ifdef __cplusplus
}
#endif

#endif /* PVSCHED_ORACLE_H */
