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

/* The kernel's view of one core, read through its own accessors. */
struct pvs_live_core {
	int first;			/* first CPU of the core */
	unsigned int n;			/* threads in the core */
	u32 yc[PVS_MAX_SMT];		/* yield_count_of() */
	u8 idle[PVS_MAX_SMT];		/* lppaca_of().idle */
};

/* selftest_lppaca.c: read the core; compare two reads. */
void pvs_live_read(struct pvs_live_core *k);
bool pvs_live_same(const struct pvs_live_core *a,
		   const struct pvs_live_core *b);
/* selftest_lppaca.c: the kernel's rules recomputed from its accessors. */
bool pvs_live_rule_parity(const struct pvs_live_core *k, int cpu, int me,
			  bool kvm);
bool pvs_live_rule_idle_hint(const struct pvs_live_core *k, int cpu, int me,
			     bool kvm);

#ifdef CONFIG_PVSCHED_WIRE
/*
 * selftest_wire.c: the wired vcpu_is_preempted() against the recomputed
 * rule of the current policy; also /sys/kernel/debug/pvsched/wire_check.
 */
void pvs_selftest_wire(struct pvs_vec_result *r);
void pvs_selftest_wire_exit(void);
#endif
#endif

#endif /* PVSCHED_KERNEL_SELFTEST_H */
