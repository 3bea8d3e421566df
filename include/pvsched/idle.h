/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file idle.h
 * @brief Which exit latency to believe for the CEDE idle state, the
 *        extended-CEDE firmware decoder, and integer latency statistics.
 *
 * Rationale: docs/heuristics.md, "idle.h".
 */
#ifndef PVSCHED_IDLE_H
#define PVSCHED_IDLE_H

#include <pvsched/env.h>
#include <pvsched/errors.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Extended CEDE records (RTAS get-system-parameter token 45) ------- */

/** @brief RTAS ibm,get-system-parameter token of the "Cede Latency
 *         Settings Information" parameter (PAPR; CEDE_LATENCY_TOKEN in
 *         cpuidle-pseries.c).
 */
#define PVS_XCEDE_TOKEN 45
/** @brief Size in bytes of one extended CEDE record (the buffer's
 *         record-size byte holds this minus one).
 */
#define PVS_XCEDE_RECORD_SIZE 10
/** @brief Most records a buffer may hold (Linux reserves room for 16). */
#define PVS_XCEDE_MAX_RECORDS 16
/** @brief Offset of the first record: be16 payload_size, u8 record_size. */
#define PVS_XCEDE_HDR_SIZE 3
/**
 * @brief Largest buffer the parser reads: header, 16 records and the
 *        terminating NUL byte counted by payload_size (2 + 2 + 16 x 10).
 *        Larger buffers are accepted; bytes past the payload are ignored.
 */
#define PVS_XCEDE_MAX_BUF (2 + 2 + PVS_XCEDE_MAX_RECORDS * PVS_XCEDE_RECORD_SIZE)

/** @brief One extended CEDE state, decoded to host order. */
struct pvs_xcede_record {
	/** @brief Cede latency specifier value: the hint the guest writes to
	 *         lppaca cede_latency_hint to ask for this state.
	 */
	uint8_t hint;
	/** @brief Non-zero if the state wakes on external interrupts. */
	uint8_t wake_on_irqs;
	/** @brief Maximum wake-up latency in timebase ticks, as firmware
	 *         reports it (not converted).
	 */
	uint64_t latency_tb;
};

/** @brief The decoded token-45 parameter. */
struct pvs_xcede_table {
	/** @brief Number of valid entries in @ref records, 0..16. */
	uint32_t nr_records;
	/** @brief The records, in firmware order. */
	struct pvs_xcede_record records[PVS_XCEDE_MAX_RECORDS];
};

/**
 * @brief Decode the buffer returned by RTAS ibm,get-system-parameter for
 *        token 45 (extended CEDE latency settings).
 *
 * Layout (big-endian, packed; parse_cede_parameters() in
 * drivers/cpuidle/cpuidle-pseries.c): be16 payload_size @0, u8
 * record_size @2 holding the record size minus one (must be 9), then
 * records from @3, each u8 hint @0, be64 latency in timebase ticks @1, u8
 * wake_on_irqs @9. payload_size counts the record-size byte, the records
 * and a trailing NUL byte, so the number of records is
 * (payload_size - 2) / 10. Like Linux, a remainder of 1..9 bytes left by
 * that division is ignored.
 *
 * Stricter than Linux (which trusts payload_size): the buffer is rejected
 * with -PVS_EBADMSG when it is shorter than 3 bytes, when record_size + 1
 * != 10, when payload_size < 2, when it announces more than
 * @ref PVS_XCEDE_MAX_RECORDS records (rejected, not truncated), or when
 * @p len < 2 + payload_size (the payload claims bytes the buffer does not
 * have). Bytes after the payload are ignored (RTAS fills a work area
 * larger than the payload). The NUL byte's value is not checked.
 *
 * @param buf the raw buffer, any alignment
 * @param len bytes readable at @p buf
 * @param out decoded table (entries past nr_records zeroed); written
 *            only on success
 * @return the number of records (0..16) on success; -PVS_EINVAL if @p buf
 *         or @p out is NULL; -PVS_EBADMSG for a malformed buffer. On error
 *         @p out is untouched.
 */
int pvs_xcede_parse(const void *buf, size_t len, struct pvs_xcede_table *out);

/* ---- CEDE exit latency -------------------------------------------------- */

/** @brief Linux's default CEDE (and Shared Cede) exit latency, in us. */
#define PVS_IDLE_CEDE_EXIT_US 10
/** @brief Linux's default CEDE (and Shared Cede) target residency, in us. */
#define PVS_IDLE_CEDE_RESIDENCY_US 100
/** @brief Target residency = this factor x exit latency when the latency
 *         comes from firmware (fixup_cede0_latency()).
 */
#define PVS_IDLE_RESIDENCY_FACTOR 10
/** @brief The timebase frequency of every POWER server processor, in Hz
 *         (512 MHz).
 */
#define PVS_IDLE_POWER_TB_HZ 512000000u
/**
 * @brief Largest exit latency pvs_idle_state_latency() returns, in us, so
 *        that 10 x it still fits the uint32_t target residency; a chosen
 *        firmware value above it (and below UINT_MAX us, which Linux never
 *        chooses) gives -PVS_ERANGE where Linux would truncate.
 */
#define PVS_IDLE_MAX_EXIT_US (0xffffffffu / PVS_IDLE_RESIDENCY_FACTOR)

/** @brief The processor (PVR family) or guest kind. */
enum pvs_idle_cpu {
	/** @brief POWER8 (ISA 2.07) PowerVM partition. */
	PVS_IDLE_CPU_POWER8 = 0,
	/** @brief POWER9 (ISA 3.0) PowerVM partition: the upstream change's machine. */
	PVS_IDLE_CPU_POWER9,
	/** @brief POWER10 (ISA 3.1) PowerVM partition. */
	PVS_IDLE_CPU_POWER10,
	/** @brief POWER11 (ISA 3.1) PowerVM partition. */
	PVS_IDLE_CPU_POWER11,
	/**
	 * @brief x86 KVM guest with the cpuidle-haltpoll driver (loaded when
	 *        the host sets KVM_HINTS_REALTIME or with haltpoll.force=1):
	 *        states "POLL" (0 us / 0 us) and "haltpoll idle" (HLT, exit
	 *        1 us, residency 1 us). There is no firmware table, so every
	 *        policy gives the "haltpoll idle" state. Without haltpoll an
	 *        x86 guest uses intel_idle/acpi_idle states, which this
	 *        library does not model.
	 */
	PVS_IDLE_CPU_X86_KVM,
	/** @brief Number of values (not a processor). */
	PVS_IDLE_CPU_COUNT
};

/** @enum_name{pvs_idle_cpu} */
const char *pvs_idle_cpu_name(enum pvs_idle_cpu v);

/** @brief PowerVM partition mode (ignored for x86 guests). */
enum pvs_idle_partition {
	/** @brief Dedicated processors: states snooze and CEDE; firmware
	 *         records may change CEDE.
	 */
	PVS_IDLE_DEDICATED = 0,
	/** @brief Shared processors: states snooze and "Shared Cede"; Linux
	 *         never reads the firmware records there.
	 */
	PVS_IDLE_SHARED,
	/** @brief Number of values (not a mode). */
	PVS_IDLE_PARTITION_COUNT
};

/** @enum_name{pvs_idle_partition} */
const char *pvs_idle_partition_name(enum pvs_idle_partition v);

/** @brief Whose CEDE exit-latency rule to apply. */
enum pvs_idle_policy {
	/**
	 * @brief Linux today (commits 7cbd631d4dec and 4bceb03859c1, 2021):
	 *        only a dedicated partition on ISA 3.1 or a POWER10 processor
	 *        (so POWER10, POWER11, and POWER10 in a compatibility mode)
	 *        takes the minimum non-zero firmware latency, uncapped, with
	 *        residency 10 x that; everything else keeps 10 us / 100 us.
	 */
	PVS_IDLE_KERNEL = 0,
	/**
	 * @brief Linux before the fix (commit d947fb4c965c, the upstream change's
	 *        baseline): every dedicated partition, whatever the
	 *        processor, with records takes min(10 us, every record's
	 *        latency, zeros included); when that is below 10 us the exit
	 *        latency becomes that minus 1 us (at least 1 us, to stay
	 *        above snooze) and the residency 10 x it. POWER9's 2 us
	 *        record gives 1 us / 10 us; a record above 10 us (POWER8)
	 *        leaves the default.
	 */
	PVS_IDLE_TRUST_FW,
	/**
	 * @brief The upstream change's suggestion ("if (p9) apply compensation"): where
	 *        today's rule distrusts firmware (dedicated, before ISA
	 *        3.1/POWER10), exit latency = ceil((minimum non-zero firmware
	 *        latency + @ref pvs_idle_platform.compensation_ns) / 1000),
	 *        residency 10 x that; elsewhere as @ref PVS_IDLE_KERNEL. The
	 *        compensation is measured, e.g. with pvs_lat_stats() and
	 *        pvs_idle_compensation_ns(). With compensation 0 this is
	 *        "trust the firmware value as is" on every processor.
	 */
	PVS_IDLE_COMPENSATED,
	/** @brief Number of values (not a policy). */
	PVS_IDLE_POLICY_COUNT
};

/** @enum_name{pvs_idle_policy} */
const char *pvs_idle_policy_name(enum pvs_idle_policy v);

/** @brief Where the returned CEDE latency came from. */
enum pvs_idle_source {
	/** @brief The driver's built-in state table. */
	PVS_IDLE_SRC_DEFAULT = 0,
	/** @brief The firmware's extended CEDE records. */
	PVS_IDLE_SRC_FIRMWARE,
	/** @brief Firmware records plus the measured compensation. */
	PVS_IDLE_SRC_COMPENSATED,
	/** Number of values (not a value): range checks use it. */
	PVS_IDLE_SOURCE_COUNT
};

/** @enum_name{pvs_idle_source} */
const char *pvs_idle_source_name(enum pvs_idle_source v);

/** @brief The machine the decision is for. */
struct pvs_idle_platform {
	/** @brief Processor family (the PVR, not the compatibility mode). */
	enum pvs_idle_cpu cpu;
	/** @brief Dedicated or shared partition. */
	enum pvs_idle_partition partition;
	/**
	 * @brief The partition runs in a pre-ISA-3.1 compatibility mode
	 *        (e.g. POWER9 mode), so CPU_FTR_ARCH_31 is off. Matters only
	 *        on POWER11: Linux's gate is "ISA 3.1 or a POWER10 PVR", so
	 *        POWER10 in POWER9 mode still trusts firmware but POWER11 in
	 *        POWER9 mode does not.
	 */
	bool compat_pre_isa31;
	/** @brief Timebase frequency in Hz, non-zero on POWER
	 *         (@ref PVS_IDLE_POWER_TB_HZ); ignored for x86.
	 */
	uint32_t timebase_hz;
	/** @brief Measured extra wake-up latency in ns added to the firmware
	 *         value by @ref PVS_IDLE_COMPENSATED; ignored otherwise.
	 */
	uint64_t compensation_ns;
};

/** @brief The decided CEDE state parameters. */
struct pvs_idle_latency {
	/** @brief The state's name as Linux registers it ("CEDE", "Shared
	 *         Cede" or "haltpoll idle").
	 */
	const char *name;
	/** @brief Exit latency in us (cpuidle_state.exit_latency). */
	uint32_t exit_latency_us;
	/** @brief Target residency in us (cpuidle_state.target_residency). */
	uint32_t target_residency_us;
	/** @brief Where the values came from. */
	enum pvs_idle_source source;
	/**
	 * @brief The firmware latency in ns (Linux's tb_to_ns(ticks)) of the
	 *        record Linux's minimum picks (the smallest of 1 us to
	 *        UINT_MAX - 1 us; ties: the smallest ns), whatever the policy
	 *        did with it; 0 when there is no table or no such record.
	 *        The baseline to subtract from a measurement to get a
	 *        compensation.
	 */
	uint64_t fw_latency_ns;
};

/**
 * @brief Decide the CEDE exit latency and target residency.
 *
 * Source: pseries_idle_probe() and fixup_cede0_latency() in
 * drivers/cpuidle/cpuidle-pseries.c, at the revisions named in
 * @ref pvs_idle_policy; cpuidle-haltpoll.c for x86. Each record's latency
 * is converted bit for bit as Linux does: DIV_ROUND_UP_ULL(tb_to_ns(ticks),
 * 1000) us, where tb_to_ns(t) = mulhdu(t, scale) << shift with the scale
 * and shift time_init() derives from timebase_hz (arch/powerpc/kernel/
 * time.c). That is not exact: at 512 MHz it is 2 x floor(125 t / 128) ns,
 * so 513 ticks are 1000 ns (1 us), not 1001.95 (2 us); u64 wrap-around of
 * the shift and of ns + 999 is reproduced too. A record whose latency is 0
 * us after conversion is skipped by the KERNEL and COMPENSATED rules (only
 * TRUST_FW counts it, as the old kernel did), and so is one of UINT_MAX us
 * or more (today's minimum starts at UINT_MAX).
 *
 * @param platform the machine; must not be NULL
 * @param fw_table decoded token-45 records (pvs_xcede_parse()), or NULL
 *                 when the RTAS call failed or does not exist (then every
 *                 policy keeps the defaults)
 * @param policy   the rule to apply
 * @param out      the decision; written only on success
 * @return 0 on success; -PVS_EINVAL for a NULL @p platform or @p out, an
 *         unknown enum, timebase_hz == 0 on POWER, or fw_table->nr_records
 *         > 16 on POWER (x86 ignores fw_table and timebase_hz);
 *         -PVS_ERANGE when the chosen latency exceeds
 *         @ref PVS_IDLE_MAX_EXIT_US (Linux would truncate the residency).
 *         On error @p out is untouched.
 */
int pvs_idle_state_latency(const struct pvs_idle_platform *platform,
			   const struct pvs_xcede_table *fw_table,
			   enum pvs_idle_policy policy,
			   struct pvs_idle_latency *out);

/** @brief One built-in cpuidle state. */
struct pvs_idle_state {
	/** @brief Name as in /sys/devices/system/cpu/cpuN/cpuidle/stateK/name. */
	const char *name;
	/** @brief Exit latency in us. */
	uint32_t exit_latency_us;
	/** @brief Target residency in us. */
	uint32_t target_residency_us;
};

/**
 * @brief The driver's built-in state table, before any firmware fix-up.
 *
 * POWER dedicated (dedicated_states[] in cpuidle-pseries.c): "snooze"
 * 0/0, "CEDE" 10/100. POWER shared (shared_states[]): "snooze" 0/0,
 * "Shared Cede" 10/100. x86 KVM haltpoll (cpuidle-haltpoll.c and
 * cpuidle_poll_state_init()): "POLL" 0/0, "haltpoll idle" 1/1.
 *
 * @param cpu       processor or guest kind
 * @param partition dedicated or shared (ignored for x86)
 * @param states    set to a static, read-only array; written only on
 *                  success
 * @return the number of states (2); -PVS_EINVAL for a NULL @p states or
 *         an unknown enum.
 */
int pvs_idle_default_states(enum pvs_idle_cpu cpu,
			    enum pvs_idle_partition partition,
			    const struct pvs_idle_state **states);

/**
 * @brief The compensation the upstream change derives: a measured wake-up latency
 *        minus what firmware claims, never below 0.
 *
 * "cpuidle/pseries: Fixup CEDE0 latency only for POWER10 onwards": IPI latency p99 9514 ns - firmware 2000 ns = 7514 ns, which
 * brings POWER9's CEDE to ceil(9.514 us) = 10 us, the default.
 * @param measured_ns    measured wake-up latency (e.g. a percentile)
 * @param fw_latency_ns  firmware's value (@ref pvs_idle_latency.fw_latency_ns)
 * @return measured_ns - fw_latency_ns, or 0 when that would be negative
 */
static inline uint64_t pvs_idle_compensation_ns(uint64_t measured_ns,
						uint64_t fw_latency_ns)
{
	return measured_ns > fw_latency_ns ? measured_ns - fw_latency_ns : 0;
}

/* ---- Integer latency statistics ----------------------------------------- */

/**
 * @brief Most samples pvs_lat_stats() and pvs_lat_percentile() accept
 *        (2^20). The bound keeps every intermediate of the exact integer
 *        standard deviation inside 192 bits for any uint64_t samples.
 */
#define PVS_LAT_MAX_SAMPLES (1u << 20)

/**
 * @brief Summary of a latency sample set, in the upstream change's column order.
 *
 * Percentiles use the nearest-rank definition: the p-th percentile is the
 * sample of 1-based rank ceil(p x N / 100) in ascending order (rank 1 when
 * that is 0), so every reported value is a real sample; the median is the
 * 50th percentile (the lower middle sample when N is even). Mean and
 * standard deviation are fixed point: whole ns plus thousandths, rounded
 * half up at the third decimal (5668.74 is mean_ns 5668, mean_frac_milli
 * 740). The standard deviation is the sample one (divisor N - 1, as
 * ministat; 0 when N = 1).
 */
struct pvs_lat_stats {
	/** @brief Number of samples (N). */
	uint32_t n;
	/** @brief Smallest sample (Min), ns. */
	uint64_t min_ns;
	/** @brief 50th percentile (Median), ns. */
	uint64_t median_ns;
	/** @brief Whole part of the mean (Avg), ns. */
	uint64_t mean_ns;
	/** @brief Thousandths of a ns of the mean, 0..999. */
	uint32_t mean_frac_milli;
	/** @brief 90th percentile (90%ile), ns. */
	uint64_t p90_ns;
	/** @brief 99th percentile (99%ile), ns. */
	uint64_t p99_ns;
	/** @brief Largest sample (Max), ns. */
	uint64_t max_ns;
	/** @brief Whole part of the sample standard deviation (Stddev), ns. */
	uint64_t stddev_ns;
	/** @brief Thousandths of a ns of the standard deviation, 0..999. */
	uint32_t stddev_frac_milli;
};

/**
 * @brief Compute N, min, median, mean, p90, p99, max and standard
 *        deviation of latency samples, exactly, in integers.
 *
 * **Sorts @p samples_ns in place** (ascending, heapsort: no recursion, no
 * allocation, O(n log n)); afterwards the array can be handed to
 * pvs_lat_percentile(). Sums and squares are kept in 192-bit integers, so
 * no input overflows. Definitions: see @ref pvs_lat_stats.
 *
 * @param samples_ns the samples; sorted on success, untouched on error
 * @param n          number of samples, 1..@ref PVS_LAT_MAX_SAMPLES
 * @param out        the summary; written only on success
 * @return 0 on success; -PVS_EINVAL for NULL pointers or n == 0;
 *         -PVS_ERANGE when n > @ref PVS_LAT_MAX_SAMPLES. On error nothing
 *         is written.
 */
int pvs_lat_stats(uint64_t *samples_ns, size_t n, struct pvs_lat_stats *out);

/**
 * @brief Nearest-rank percentile of sorted samples, for any p in
 *        thousandths (990 = 99th, 999 = 99.9th).
 *
 * Returns the sample of 1-based rank ceil(per_mille x n / 1000), rank 1
 * when that is 0: per_mille 0 gives the minimum, 1000 the maximum, 500
 * the median of @ref pvs_lat_stats.
 *
 * @param sorted_ns samples in ascending order (e.g. after pvs_lat_stats())
 * @param n         number of samples, 1..@ref PVS_LAT_MAX_SAMPLES
 * @param per_mille percentile in thousandths, 0..1000
 * @param out_ns    the percentile; written only on success
 * @return 0 on success; -PVS_EINVAL for NULL pointers, n == 0, per_mille
 *         > 1000 or samples not in ascending order (checked, O(n));
 *         -PVS_ERANGE when n > @ref PVS_LAT_MAX_SAMPLES.
 */
int pvs_lat_percentile(const uint64_t *sorted_ns, size_t n,
		       uint32_t per_mille, uint64_t *out_ns);

#ifdef __cplusplus
}
#endif

#endif /* PVSCHED_IDLE_H */
