/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file limits.h
 * @brief Compile-time bounds shared by every module.
 *
 * The kernel-safe core gives every loop a compile-time bound; these are the
 * bounds. An embedder may override any of them by defining it before the
 * first libpvsched include (and building the library with the same value).
 */
#ifndef PVSCHED_LIMITS_H
#define PVSCHED_LIMITS_H

#ifndef PVS_MAX_SMT
/**
 * @brief Most hardware threads per core the library handles (POWER SMT8).
 *
 * Every per-core loop is bounded by it.
 */
#define PVS_MAX_SMT 8
#endif

#ifndef PVS_MAX_CPUS
/**
 * @brief Most CPUs (hardware threads) a topology may have.
 *
 * 1024 is splpar-asym-pack's partition: 128 virtual processors of SMT8. Every
 * per-CPU loop is bounded by it.
 */
#define PVS_MAX_CPUS 1024
#endif

#ifndef PVS_MAX_VCPUS
/**
 * @brief Most vCPUs one directed-yield pass accepts (the compile-time bound
 *        of its loop). KVM's own limit, KVM_MAX_VCPUS, is 4096 on x86 today;
 *        1024 covers every seed experiment with a margin.
 */
#define PVS_MAX_VCPUS 1024u
#endif

#endif /* PVSCHED_LIMITS_H */
