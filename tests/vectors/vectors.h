/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Shared test vectors: plain-C tables of inputs and expected outputs, one
 * file per module, executed by three runners from the same source:
 *   - the cmocka suites (tests/test_<module>.c call pvs_vec_run_suite()),
 *   - the standalone runner tests/vecrun.c (built natively and for big- and
 *     little-endian ppc64 under qemu-user), printing "N passed, M failed",
 *   - the kernel selftest module (kernel/), at load time.
 * So this code obeys the kernel-safe rules: no libc, no floating point, no
 * allocation, only <pvsched/...> headers.
 */
#ifndef PVSCHED_TESTS_VECTORS_H
#define PVSCHED_TESTS_VECTORS_H

#include <pvsched/pvsched.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Tally of one run; on_fail (optional) is told about every failure. */
struct pvs_vec_result {
	unsigned int passed;
	unsigned int failed;
	void (*on_fail)(void *ctx, const char *suite, unsigned int index,
			const char *expr);
	void *ctx;
};

/* Record one check: ok counts as passed, otherwise failed (and reported). */
void pvs_vec_expect(struct pvs_vec_result *r, bool ok, const char *suite,
		    unsigned int index, const char *expr);

/* Check cond; the stringified condition names the failure. */
#define PVS_VEC_EXPECT(r, suite, index, cond) \
	pvs_vec_expect((r), (cond), (suite), (index), #cond)

/* Fill n bytes with a canary, or check they still hold it ("untouched"). */
void pvs_vec_canary(void *p, size_t n);
bool pvs_vec_canary_ok(const void *p, size_t n);

/* Array length, for the tables. */
#define PVS_VEC_LEN(a) (sizeof(a) / sizeof((a)[0]))

/* One module's vectors. */
struct pvs_vec_suite {
	const char *name;
	void (*run)(struct pvs_vec_result *r);
};

/* Every suite, in registry.c. */
extern const struct pvs_vec_suite pvs_vec_suites[];
extern const unsigned int pvs_vec_nsuites;

/* Run the suite called name; returns -PVS_ENOENT when there is none. */
int pvs_vec_run_suite(const char *name, struct pvs_vec_result *r);

/* Run every suite. */
void pvs_vec_run_all(struct pvs_vec_result *r);

/* The suites (one per file in tests/vectors/). */
void pvs_vec_admit(struct pvs_vec_result *r);
void pvs_vec_arch(struct pvs_vec_result *r);
void pvs_vec_core(struct pvs_vec_result *r);
void pvs_vec_haltpoll(struct pvs_vec_result *r);
void pvs_vec_idle(struct pvs_vec_result *r);
void pvs_vec_pack(struct pvs_vec_result *r);
void pvs_vec_pack_asym(struct pvs_vec_result *r);
void pvs_vec_ple(struct pvs_vec_result *r);
void pvs_vec_preempt(struct pvs_vec_result *r);
void pvs_vec_spin(struct pvs_vec_result *r);
void pvs_vec_yield(struct pvs_vec_result *r);

#ifdef __cplusplus
}
#endif

#endif /* PVSCHED_TESTS_VECTORS_H */
