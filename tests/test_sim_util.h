/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Helpers the simulator's tests share (tests/test_sim_util.c): runs that
 * record, whole outputs read back.
 */
#ifndef PVS_TEST_SIM_UTIL_H
#define PVS_TEST_SIM_UTIL_H

#include <stdint.h>
#include <stdio.h>

#include <pvsched/sim.h>

/* Run options with this seed, iteration count and measured time per
 * iteration, everything else zero (no sink, no JSON, the defaults). */
struct pvsim_opts sim_test_opts(uint64_t seed, uint32_t iterations,
				uint64_t runtime_ns);

/* Fail, naming it, unless each string of want (NULL-terminated) occurs
 * in s. */
void sim_test_has_all(const char *s, const char *const *want);

/* Run scenario name for 2 iterations of runtime_ns into sink (asserts
 * that it ran and lost no record; free with pvsim_sink_free()). */
void sim_test_run_recorded(const char *name, uint64_t seed,
			   uint64_t runtime_ns, struct pvsim_sink *sink);

/* Fail unless a model's run found no invariant violation (failures 0),
 * naming the first one (what, when, during which event) after the run's
 * context, a printf format. */
void sim_test_no_violation(uint64_t failures,
			   const struct pvsim_failure *fail, const char *fmt,
			   ...) __attribute__((format(printf, 3, 4)));

/* Everything written to stream f, read back into a terminated buffer
 * (malloc'd; its length in *len unless len is NULL). */
char *sim_test_slurp(FILE *f, long *len);

/* Run scenario name with o (and its totals into tot, may be NULL) into a
 * temporary stream; what it wrote, as sim_test_slurp() gives it. */
char *sim_test_output(const char *name, const struct pvsim_opts *o,
		      struct pvsim_totals *tot, long *len);

#endif /* PVS_TEST_SIM_UTIL_H */
