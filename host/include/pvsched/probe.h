/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file probe.h
 * @brief Userspace probing: what this machine looks like to the heuristics
 *        (umbrella of the pvsched/probe/ headers, one per source).
 *
 * **Userspace only** (libpvsched_probe.a, CMake target pvsched::probe,
 * pkg-config pvsched-probe); not included by pvsched.h and not kernel-safe.
 * The readers fill the plain structs the decision headers take as inputs.
 * Shared conventions (sysroot, error codes, parser/reader split):
 * probe/context.h; what each source is and why: docs/probe.md.
 */
#ifndef PVSCHED_PROBE_H
#define PVSCHED_PROBE_H

#include <pvsched/probe/context.h>
#include <pvsched/probe/cpuinfo.h>
#include <pvsched/probe/hypervisor.h>
#include <pvsched/probe/cpuid.h>
#include <pvsched/probe/lparcfg.h>
#include <pvsched/probe/ppc_platform.h>
#include <pvsched/probe/stat.h>
#include <pvsched/probe/schedstat.h>
#include <pvsched/probe/cpuidle.h>
#include <pvsched/probe/cgroup.h>
#include <pvsched/probe/topology.h>
#include <pvsched/probe/pause.h>
#include <pvsched/probe/params.h>
#include <pvsched/probe/rseq.h>

#endif /* PVSCHED_PROBE_H */
