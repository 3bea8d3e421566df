/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file pvsched.h
 * @brief Umbrella header: include this to get the whole kernel-safe API.
 *
 * Each decision lives in its own header (one concern per header); this one
 * only gathers them. Userspace probing (probe.h) is not included here
 * because it is not kernel-safe.
 */
#ifndef PVSCHED_PVSCHED_H
#define PVSCHED_PVSCHED_H

#include <pvsched/env.h>
#include <pvsched/errors.h>
#include <pvsched/limits.h>
#include <pvsched/version.h>
/* module headers: keep one line per module, alphabetical */
#include <pvsched/admit.h>
#include <pvsched/arch/arm64.h>
#include <pvsched/arch/loongarch.h>
#include <pvsched/arch/ppc64.h>
#include <pvsched/arch/riscv.h>
#include <pvsched/arch/x86.h>
#include <pvsched/haltpoll.h>
#include <pvsched/idle.h>
#include <pvsched/pack.h>
#include <pvsched/ple.h>
#include <pvsched/preempt.h>
#include <pvsched/spin.h>
#include <pvsched/yield.h>

#endif /* PVSCHED_PVSCHED_H */
