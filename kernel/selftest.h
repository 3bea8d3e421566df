/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Internal to pvsched_selftest.ko: the pieces selftest.c runs besides the
 * shared vectors. Each adds its checks to the same tally.
 */
#ifndef PVSCHED_KERNEL_SELFTEST_H
#define PVSCHED_KERNEL_SELFTEST_H

#include "tests/vectors/vectors.h"

/* Prefix of every line the selftest prints. */
#define PVS_SELFTEST "pvsched selftest: "

/* example.c: run the usage examples once (they must not fail). */
void pvs_example_selftest(struct pvs_vec_result *r);

#ifdef CONFIG_PPC_PSERIES
/* example.c: a KVM guest (device tree /hypervisor is "linux,kvm")? */
bool pvs_example_kvm_guest(void);

/* selftest_lppaca.c: the library against every online CPU's live lppaca. */
void pvs_selftest_lppaca(struct pvs_vec_result *r);
#endif

#endif /* PVSCHED_KERNEL_SELFTEST_H */
