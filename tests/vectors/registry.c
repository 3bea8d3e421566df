// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* The list of vector suites and the tiny harness that runs them. */
#include "vectors.h"

#define PVS_VEC_ENTRY(name) { #name, pvs_vec_##name },
const struct pvs_vec_suite pvs_vec_suites[] = {
	PVS_VEC_SUITES(PVS_VEC_ENTRY)
};
#undef PVS_VEC_ENTRY

const unsigned int pvs_vec_nsuites = PVS_VEC_LEN(pvs_vec_suites);

void pvs_vec_expect(struct pvs_vec_result *r, bool ok, const char *suite,
		    unsigned int index, const char *expr)
{
	if (ok) {
		r->passed++;
		return;
	}
	r->failed++;
	if (r->on_fail)
		r->on_fail(r->ctx, suite, index, expr);
}

void pvs_vec_canary(void *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		((uint8_t *)p)[i] = 0x5c;
}

bool pvs_vec_canary_ok(const void *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (((const uint8_t *)p)[i] != 0x5c)
			return false;
	return true;
}

static bool pvs_vec_streq(const char *a, const char *b)
{
	unsigned int i;

	for (i = 0; i < 64; i++) {
		if (a[i] != b[i])
			return false;
		if (a[i] == '\0')
			return true;
	}
	return false;
}

int pvs_vec_run_suite(const char *name, struct pvs_vec_result *r)
{
	unsigned int i;

	for (i = 0; i < pvs_vec_nsuites; i++) {
		if (pvs_vec_streq(pvs_vec_suites[i].name, name)) {
			pvs_vec_suites[i].run(r);
			return 0;
		}
	}
	return -PVS_ENOENT;
}

void pvs_vec_run_all(struct pvs_vec_result *r)
{
	unsigned int i;

	for (i = 0; i < pvs_vec_nsuites; i++)
		pvs_vec_suites[i].run(r);
}
