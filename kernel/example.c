// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * How kernel code calls libpvsched. Compiled into pvsched_selftest.ko and
 * run once by it, so the examples cannot rot.
 *
 * Guest side, pseries: vcpu_is_preempted() on the library's inline fast
 * path. The kernel hands over the lppaca pointers of the target's core; the
 * library reads, lazily and once each, only the bytes the rule needs
 * (PVS_PREEMPT_IDLE_HINT: today's rule, "powerpc/paravirt: Improve vcpu_is_preempted").
 *
 * Host side (when the yield and haltpoll modules are part of the library):
 * a hypervisor's pause-loop exit handler donates the spinner's slice with
 * the directed-yield pass (kvm-yield-bailout), and its halt path adapts the vCPU's
 * poll window after each halt (kvm-haltpoll-relax).
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

	/*
	 * In-tree code passes the kernel's per-CPU lppaca_ptrs with cpu and
	 * me as they are; a module gathers the target core's lppaca_of()
	 * pointers and numbers CPUs from the core's first thread (a deciding
	 * CPU on another core then lands outside 0..n-1, as it should).
	 */
	for (i = 0; i < n; i++)
		lppaca[i] = &lppaca_of(first + i);
	return pvs_ppc64_vcpu_is_preempted(lppaca, cpu - first,
					   (unsigned int)(me - first), n,
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

/* The Makefile defines it when yield.h and haltpoll.h are imported. */
#ifdef PVS_EXAMPLE_HOST

/* The host's yield_to() for one candidate, as pvs_dy_on_spin() calls it. */
static int pvs_example_yield_to(void *ctx, unsigned int vcpu)
{
	const struct pvs_rq_lens *rq = ctx;	/* runqueues, per vCPU */

	return pvs_should_yield(&rq[vcpu]);
}

/* A pause-loop exit of vCPU @me: boost the likely lock holder. */
static int pvs_example_on_pause_exit(struct pvs_dy_vm *vm, unsigned int me,
				     const struct pvs_rq_lens *rq,
				     struct pvs_dy_result *res)
{
	struct pvs_dy_spinner sp = {
		.policy = PVS_YIELD_BAILOUT,
		.me = me,
		.yield_to_kernel_mode = true,	/* VMX: PLE exits at CPL 0 */
		.yield_to = pvs_example_yield_to,
		.ctx = (void *)rq,
	};
	int ret;

	pvs_dy_spin_enter(&vm->vcpus[me]);
	ret = pvs_dy_on_spin(vm, &sp, res);
	pvs_dy_spin_exit(&vm->vcpus[me]);	/* when the spinner runs again */
	return ret;
}

/* The halt path: after a halt of @block_ns, the window for the next one. */
static u64 pvs_example_after_halt(const struct pvs_halt_poll_params *hp,
				  struct pvs_halt_poll_state *st, u64 block_ns)
{
	if (pvs_halt_poll_step(hp, st, block_ns, true) < 0)
		return 0;
	return pvs_halt_poll_window_ns(hp, st);
}

static void pvs_example_host(struct pvs_vec_result *r)
{
	/* vCPU 0 spins; 1 runs; 2 and 3 were preempted in the kernel. */
	struct pvs_vcpu_snap vcpus[4] = {
		[2] = { .ready = true, .preempted = true,
			.preempted_in_kernel = true },
		[3] = { .ready = true, .preempted = true,
			.preempted_in_kernel = true },
	};
	/* 2 shares its CPU with nobody (-ESRCH), 3 waits behind a task. */
	struct pvs_rq_lens rq[4] = {
		[2] = { .policy = PVS_YIELD_BAILOUT, .src_nr_running = 1,
			.dst_nr_running = 1, .target_runnable = true,
			.same_class = true, .class_has_yield_to = true },
		[3] = { .policy = PVS_YIELD_BAILOUT, .src_nr_running = 1,
			.dst_nr_running = 2, .target_runnable = true,
			.same_class = true, .class_has_yield_to = true },
	};
	struct pvs_dy_vm vm = { .vcpus = vcpus, .nr_vcpus = 4 };
	struct pvs_dy_result res;
	struct pvs_halt_poll_params hp;
	struct pvs_halt_poll_state st = { .window_ns = 0 };

	PVS_VEC_EXPECT(r, "example", 10,
		       pvs_example_on_pause_exit(&vm, 0, rq, &res) == 1);
	PVS_VEC_EXPECT(r, "example", 11, res.boosted == 3 &&
		       res.failures == 1 && vm.last_boosted == 3);

	/* x86 defaults: 200 us at most, start at 10 us, grow and shrink 2. */
	PVS_VEC_EXPECT(r, "example", 12,
		       pvs_halt_poll_preset(PVS_HALT_POLL_PRESET_X86,
					    PVS_HALT_POLL_GEN_TODAY, &hp) == 0);
	PVS_VEC_EXPECT(r, "example", 13,
		       pvs_example_after_halt(&hp, &st, 5000) == 10000);
	PVS_VEC_EXPECT(r, "example", 14,
		       pvs_example_after_halt(&hp, &st, 5000) == 10000);
	PVS_VEC_EXPECT(r, "example", 15,
		       pvs_example_after_halt(&hp, &st, 1000000) == 0);
}
#endif

void pvs_example_selftest(struct pvs_vec_result *r)
{
	PVS_VEC_EXPECT(r, "example", 0, pvs_version_number() != 0);
#ifdef CONFIG_PPC_PSERIES
	pvs_example_guest(r);
#endif
#ifdef PVS_EXAMPLE_HOST
	pvs_example_host(r);
#endif
}
