// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The wired kernel's check (pseries, CONFIG_PVSCHED_WIRE): the real
 * vcpu_is_preempted(), which now decides through libpvsched under the
 * policy pvsched.vcpu_preempt= selects, against the rule of that policy
 * recomputed from the kernel's own accessors (selftest_lppaca.c). As
 * there, each sample reads the target's core before and after the
 * decision and only stable samples are judged.
 *
 * Runs once with the selftest; reading /sys/kernel/debug/pvsched/wire_check
 * runs it again under the current policy and prints one line
 *	wire check: policy P: C cpus, S samples (R racy), M mismatches, preempted K
 */
#include <linux/cpumask.h>
#include <linux/smp.h>
#include <linux/preempt.h>
#include <linux/printk.h>
#include <linux/compiler.h>
#include <linux/debugfs.h>
#include <linux/seq_file.h>
#include <asm/cputhreads.h>
#include <asm/paravirt.h>
#include <linux/pvsched/pvsched.h>
#include <linux/pvsched_wire.h>

#include "selftest.h"

/* Samples per CPU. */
#define PVS_WIRE_ROUNDS 500u

struct pvs_wire_tally {
	int policy;
	bool policy_changed;
	unsigned int cpus, stable, racy, bad, preempted;
};

static void pvs_wire_cpu(int cpu, bool kvm, struct pvs_wire_tally *t)
{
	struct pvs_live_core k = { 0 }, after;
	unsigned int i;

	k.first = cpu_first_thread_sibling(cpu);
	k.n = threads_per_core;
	for (i = 0; i < k.n; i++)
		if (!cpu_possible(k.first + i))
			k.n = i;
	preempt_disable();
	for (i = 0; i < PVS_WIRE_ROUNDS; i++) {
		int me = smp_processor_id();
		bool got, rule;

		pvs_live_read(&k);
		barrier();
		got = vcpu_is_preempted(cpu);
		barrier();
		after = k;
		pvs_live_read(&after);
		if (!pvs_live_same(&k, &after)) {
			t->racy++;
			continue;
		}
		t->stable++;
		rule = t->policy == PVS_PREEMPT_PARITY ?
		       pvs_live_rule_parity(&k, cpu, me, kvm) :
		       pvs_live_rule_idle_hint(&k, cpu, me, kvm);
		t->bad += got != rule;
		t->preempted += got;
	}
	preempt_enable();
	t->cpus++;
}

static void pvs_wire_run(struct pvs_wire_tally *t)
{
	bool kvm = pvs_example_kvm_guest();
	int cpu;

	t->policy = pvsched_vcpu_preempt_policy();
	for_each_online_cpu(cpu)
		pvs_wire_cpu(cpu, kvm, t);
	t->policy_changed = pvsched_vcpu_preempt_policy() != t->policy;
}

static int pvs_wire_check_show(struct seq_file *m, void *v)
{
	struct pvs_wire_tally t = { 0 };

	pvs_wire_run(&t);
	seq_printf(m, "wire check: policy %s: %u cpus, %u samples (%u racy), %u mismatches, preempted %u%s\n",
		   pvsched_vcpu_preempt_policy_name(t.policy), t.cpus,
		   t.stable + t.racy, t.racy, t.bad, t.preempted,
		   t.policy_changed ? " (policy changed meanwhile)" : "");
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(pvs_wire_check);

static struct dentry *pvs_wire_check_file;

void pvs_selftest_wire(struct pvs_vec_result *r)
{
	struct pvs_wire_tally t = { 0 };

	pvs_wire_run(&t);
	PVS_VEC_EXPECT(r, "wire", 0, t.policy_changed || t.bad == 0);
	PVS_VEC_EXPECT(r, "wire", 1, t.stable >= t.cpus * PVS_WIRE_ROUNDS / 2);
	pr_info("pvsched wire: policy %s: %u cpus, %u samples (%u racy), %u mismatches, preempted %u\n",
		pvsched_vcpu_preempt_policy_name(t.policy), t.cpus,
		t.stable + t.racy, t.racy, t.bad, t.preempted);
	if (pvsched_wire_debugfs)
		pvs_wire_check_file =
			debugfs_create_file("wire_check", 0444,
					    pvsched_wire_debugfs, NULL,
					    &pvs_wire_check_fops);
}

void pvs_selftest_wire_exit(void)
{
	debugfs_remove(pvs_wire_check_file);
}
