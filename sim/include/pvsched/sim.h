/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file pvsched/sim.h
 * @brief pvsched_sim: a deterministic discrete-event simulator of a
 *        virtualized host that evaluates libpvsched's own heuristics.
 *
 * Userspace C11 (allocates, prints), not part of the kernel-safe core.
 * Time is integer nanoseconds everywhere; there is no floating point in the
 * engine. All state lives in a context (struct pvsim and the models'
 * structs): no global mutable state, so runs are reentrant and the same
 * seed and configuration give the same output.
 *
 * Pieces, one header each (this one includes them all):
 *  - the engine (sim/engine.h): a bounded binary-heap event queue ordered
 *    by (time, insertion sequence), a seeded xorshift64* PRNG, invariant
 *    bookkeeping;
 *  - schbench's latency histogram (sim/hist.h, fio's "plat" buckets);
 *  - the plug-in ABI (sim/plugin.h): the decision hooks a policy can
 *    replace (struct pvsim_hooks), asked by the host and guest models;
 *  - the scenarios (sim/scenario.h), one per upstream change, listed by
 *    `pvsched sim list` (sim/scenarios/scenarios.def), each with `show`,
 *    `run`, `compare` and `sweep`; their parameters, records and the
 *    command line; the reports: tables, JSON, ministat comparisons, SVG
 *    pictures.
 */
#ifndef PVSCHED_SIM_H
#define PVSCHED_SIM_H

#include <pvsched/sim/engine.h>
#include <pvsched/sim/hist.h>
#include <pvsched/sim/plugin.h>
#include <pvsched/sim/scenario.h>

#endif /* PVSCHED_SIM_H */
