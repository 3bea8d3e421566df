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

/*
 * Point vm at snap[0..nr) (last boosted: last) and sp at spinner me in
 * kernel mode under the bail-out rule, yielding through yield_to(ctx, ..):
 * the directed-yield pass every yield test starts from (yield.c).
 */
void pvs_vec_dy_setup(struct pvs_dy_vm *vm, struct pvs_dy_spinner *sp,
		      struct pvs_vcpu_snap *snap, unsigned int nr,
		      unsigned int me, unsigned int last,
		      pvs_dy_yield_fn yield_to, void *ctx);

/* Array length, for the tables. */
#define PVS_VEC_LEN(a) (sizeof(a) / sizeof((a)[0]))

/* One module's vectors. */
struct pvs_vec_suite {
	const char *name;
	void (*run)(struct pvs_vec_result *r);
};

/* Every suite of PVS_VEC_SUITES, in registry.c. */
extern const struct pvs_vec_suite pvs_vec_suites[];
extern const unsigned int pvs_vec_nsuites;

/* Run the suite called name; returns -PVS_ENOENT when there is none. */
int pvs_vec_run_suite(const char *name, struct pvs_vec_result *r);

/* Run every suite. */
void pvs_vec_run_all(struct pvs_vec_result *r);

/*
 * Every suite, one per file in tests/vectors/, in the order they run: core
 * first, then the modules alphabetically. X(name) stands for the suite
 * "name" and its function pvs_vec_<name>(); registry.c builds the table
 * from this list, so a new suite is one word here.
 */
#define PVS_VEC_SUITES(X) \
	X(core) X(admit) X(arch) X(haltpoll) X(idle) X(pack) X(pack_asym) \
	X(ple) X(preempt) X(spin) X(yield)

#define PVS_VEC_DECLARE(name) void pvs_vec_##name(struct pvs_vec_result *r);
PVS_VEC_SUITES(PVS_VEC_DECLARE)
#undef PVS_VEC_DECLARE

#ifdef __cplusplus
}
#endif

#endif /* PVSCHED_TESTS_VECTORS_H */
