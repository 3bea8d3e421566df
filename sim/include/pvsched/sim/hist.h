/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file sim/hist.h
 * @brief schbench's wake-up latency histogram (fio's "plat" buckets) and the
 *        percentiles the latency scenarios print.
 *
 * Part of <pvsched/sim.h> (userspace C11, pvsched::sim).
 */
#ifndef PVSCHED_SIM_HIST_H
#define PVSCHED_SIM_HIST_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief fio/schbench: significant bits kept per bucket group. */
#define PVSIM_PLAT_BITS 8
/** @brief Buckets per group (2^PLAT_BITS). */
#define PVSIM_PLAT_VAL (1u << PVSIM_PLAT_BITS)
/** @brief Bucket groups. */
#define PVSIM_PLAT_GROUP_NR 19
/** @brief Buckets in all (4864). */
#define PVSIM_PLAT_NR (PVSIM_PLAT_GROUP_NR * PVSIM_PLAT_VAL)

/**
 * @brief A schbench wake-up latency histogram, in microseconds.
 *
 * Values below 512 us are exact; above, a value whose top bit is m keeps
 * its top 8 bits after it (m - 8 low bits dropped); values from 2^26 us
 * land in the last bucket. min and max are exact.
 */
struct pvsim_hist {
	/** @brief Count per bucket. */
	uint64_t buckets[PVSIM_PLAT_NR];
	/** @brief Samples. */
	uint64_t n;
	/** @brief Smallest sample, us (UINT64_MAX when empty). */
	uint64_t min_us;
	/** @brief Largest sample, us. */
	uint64_t max_us;
};

/**
 * @brief Bucket index of a value (fio's plat_val_to_idx()).
 * @param us the value, us
 * @return 0 .. PVSIM_PLAT_NR - 1
 */
unsigned int pvsim_hist_idx(uint64_t us);

/**
 * @brief Value reported for a bucket (fio's plat_idx_to_val()): the value
 *        itself below 512, else the bucket's midpoint.
 * @param idx bucket index, below PVSIM_PLAT_NR
 * @return the value, us
 */
uint64_t pvsim_hist_val(unsigned int idx);

/**
 * @brief Empty a histogram.
 * @param h the histogram
 */
void pvsim_hist_clear(struct pvsim_hist *h);

/**
 * @brief Add one sample.
 * @param h  the histogram
 * @param us the sample, us
 */
void pvsim_hist_add(struct pvsim_hist *h, uint64_t us);

/**
 * @brief Merge @p src into @p dst (bucket-wise sum, min of mins, max of maxes).
 * @param dst accumulating histogram
 * @param src histogram to add
 */
void pvsim_hist_merge(struct pvsim_hist *dst,
			const struct pvsim_hist *src);

/**
 * @brief schbench's percentile: the reported value of the first bucket
 *        whose cumulative count reaches per_mille / 1000 x n.
 * @param h         the histogram
 * @param per_mille percentile in thousandths (500, 750, 900, 950, 990,
 *                  995, 999)
 * @return the value, us (0 for an empty histogram)
 */
uint64_t pvsim_hist_pct(const struct pvsim_hist *h, unsigned int per_mille);

/** @brief Percentiles the latency scenarios print and record (ppc-idle-hint's
 *         rows: 50, 75, 90, 95, 99, 99.5, 99.9). */
#define PVSIM_NPCT 7

/** @brief The percentiles, in thousandths (500 .. 999). */
extern const unsigned int pvsim_pct_pm[PVSIM_NPCT];

/** @brief Their record names (pvsim_record()): "p50_us" .. "p99.9_us",
 *         the form `--plot` puts on its x axis. */
extern const char *const pvsim_pct_metric[PVSIM_NPCT];

#ifdef __cplusplus
}
#endif

#endif /* PVSCHED_SIM_HIST_H */
