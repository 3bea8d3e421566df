// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * How kernel code calls libpvsched. Compiled into pvsched_selftest.ko and
 * run once by it, so the examples cannot rot.
 *
 * Guest side, pseries: vcpu_is_preempted() on the library's inline fast
 * path. The kernel hands over the lppaca pointers of the target's core; the
 * library reads, lazily and once each, only the bytes the rule needs
 * (PVS_PREEMPT_IDLE_HINT: today's rule, seed 000).
 */
#include <linux/kernel.h>
#include <linux/smp.h>
#include <linux/preempt.h>
#include <linux/pvsched/pvsched.h>

#include "selftest.h"

#ifdef CONFIG_PPC_PSERIES
#include <linux/of.h>
#include <asm/cputhreads.h>
#include <asm/lppaca.h>
#include <asm/paravirt.h>

bool pvs_example_kvm_guest(void)
{
	/*
	 * In-tree code passes is_kvm_guest(); a module cannot reach that
	 * static key, so ask the device tree like check_kvm_guest() does.
	 */
	struct device_node *hyper = of_find_node_by_path("/hypervisor");
	bool kvm = hyper && of_device_is_compatible(hyper, "linux,kvm");

	of_node_put(hyper);
	return kvm;
}

/* A guest's vcpu_is_preempted(cpu), on the library's fast path. */
static bool pvs_example_vcpu_is_preempted(int cpu, bool kvm)
{
	const void *lppaca[PVS_MAX_SMT];
	int first = cpu_first_thread_sibling(cpu);
	int me = raw_smp_processor_id();
	unsigned int i, n = min_t(unsigned int, threads_per_core, PVS_MAX_SMT);

	for (i = 0; i < n; i++)
		lppaca[i] = &lppaca_of(first + i);
	return pvs_ppc64_is_preempted(lppaca, n, cpu - first,
				      cpu_first_thread_sibling(me) == first ?
				      me - first : PVS_CALLER_OTHER_CORE,
				      is_shared_processor(), !kvm,
				      PVS_PREEMPT_IDLE_HINT);
}

static void pvs_example_guest(struct pvs_vec_result *r)
{
	bool kvm = pvs_example_kvm_guest();
	int me;

	/* The CPU asking is running: its yield_count is even. */
	me = get_cpu();
	PVS_VEC_EXPECT(r, "example", 1,
		       !pvs_example_vcpu_is_preempted(me, kvm));
	put_cpu();
}
#endif

void pvs_example_selftest(struct pvs_vec_result *r)
{
	PVS_VEC_EXPECT(r, "example", 0, pvs_version_number() != 0);
#ifdef CONFIG_PPC_PSERIES
	pvs_example_guest(r);
#endif
}
