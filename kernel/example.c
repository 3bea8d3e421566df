// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * How kernel code calls libpvsched (compiled into pvsched_selftest.ko and
 * run once by it, so the examples cannot rot).
 */
#include <linux/pvsched/pvsched.h>

#include "selftest.h"

void pvs_example_selftest(struct pvs_vec_result *r)
{
	PVS_VEC_EXPECT(r, "example", 0, pvs_version_number() != 0);
}
