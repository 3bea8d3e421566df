// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * pvsched_selftest.ko: runs, at load time, every shared vector suite
 * (tests/vectors/: the very tables the cmocka suites and the qemu-user
 * runner execute), the usage examples and, on pseries, the live lppaca
 * check. Prints each failure, then exactly one summary line
 *	pvsched selftest: N passed, M failed
 * and refuses to load (-EINVAL) when M > 0, so `insmod` fails loudly.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/printk.h>
#include <linux/errno.h>

#include "selftest.h"

static void pvs_selftest_fail(void *ctx, const char *suite,
			      unsigned int index, const char *expr)
{
	pr_err(PVS_SELFTEST "FAIL %s[%u]: %s\n", suite, index, expr);
}

static int __init pvs_selftest_init(void)
{
	struct pvs_vec_result r = {
		.on_fail = pvs_selftest_fail,
	};

	pvs_vec_run_all(&r);
	pvs_example_selftest(&r);
#ifdef CONFIG_PPC_PSERIES
	pvs_selftest_lppaca(&r);
#ifdef CONFIG_PVSCHED_WIRE
	pvs_selftest_wire(&r);
#endif
#endif
	if (r.failed) {
#if defined(CONFIG_PPC_PSERIES) && defined(CONFIG_PVSCHED_WIRE)
		pvs_selftest_wire_exit();
#endif
		pr_err(PVS_SELFTEST "%u passed, %u failed\n", r.passed, r.failed);
		return -EINVAL;
	}
	pr_info(PVS_SELFTEST "%u passed, %u failed\n", r.passed, r.failed);
	return 0;
}

static void __exit pvs_selftest_exit(void)
{
#if defined(CONFIG_PPC_PSERIES) && defined(CONFIG_PVSCHED_WIRE)
	pvs_selftest_wire_exit();
#endif
}

module_init(pvs_selftest_init);
module_exit(pvs_selftest_exit);

MODULE_LICENSE("Dual BSD/GPL");
MODULE_DESCRIPTION("libpvsched shared test vectors, run at load time");
