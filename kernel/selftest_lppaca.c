// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The live lppaca check (pseries only). For every online CPU, many times:
 *  - decode the real lppaca (the 640 raw bytes at &lppaca_of(cpu)) with
 *    pvs_lppaca_decode(), and compare yield_count, idle and the shared bit
 *    with the kernel's own yield_count_of(cpu), lppaca_of(cpu).idle and
 *    is_shared_processor();
 *  - decide "is this CPU preempted?" three ways, for both policies: the
 *    snapshot function pvs_is_preempted() over the decoded core, the inline
 *    fast path pvs_ppc64_is_preempted() over the raw lppaca pointers, and
 *    the rule recomputed here from the kernel accessors, written like the
 *    kernel's vcpu_is_preempted() (6.1 for the parity rule, 6.7 for the
 *    idle-hint rule); all three must agree.
 * The hypervisor updates the lppacas concurrently, so each sample reads the
 * accessors of the whole core before and after the library and only judges
 * samples where both agree ("stable"). A CPU counts as seen ceded when a
 * stable sample had an odd yield_count with idle set: the state
 * "powerpc/paravirt: Improve vcpu_is_preempted" is about, which the parity
 * rule calls preempted and the idle-hint rule does not (on a partition without
 * whole-core dispatch information to the contrary).
 */
#include <linux/cpumask.h>
#include <linux/smp.h>
#include <linux/preempt.h>
#include <linux/printk.h>
#include <linux/stddef.h>
#include <linux/build_bug.h>
#include <linux/compiler.h>
#include <asm/cputhreads.h>
#include <asm/lppaca.h>
#include <asm/paravirt.h>
#include <linux/pvsched/pvsched.h>

#include "selftest.h"

/* Samples per CPU. */
#define PVS_LIVE_ROUNDS 2000u

static const char S[] = "lppaca-live";

/* What one CPU's samples showed. */
struct pvs_live_cpu {
	unsigned int stable;
	unsigned int racy;
	unsigned int ceded;
	unsigned int bad_decode;	/* decoder failed or disagreed */
	unsigned int bad_snapshot;	/* pvs_is_preempted() disagreed */
	unsigned int bad_fast;		/* fast path disagreed */
	unsigned int preempted[2];	/* per policy, by the kernel's rule */
};

void pvs_live_read(struct pvs_live_core *k)
{
	unsigned int t;

	for (t = 0; t < k->n; t++) {
		k->yc[t] = yield_count_of(k->first + t);
		k->idle[t] = READ_ONCE(lppaca_of(k->first + t).idle);
	}
}

bool pvs_live_same(const struct pvs_live_core *a,
		   const struct pvs_live_core *b)
{
	unsigned int t;

	for (t = 0; t < a->n; t++)
		if (a->yc[t] != b->yc[t] || a->idle[t] != b->idle[t])
			return false;
	return true;
}

/* Linux 6.1's vcpu_is_preempted(cpu) on the accessors' values: parity. */
bool pvs_live_rule_parity(const struct pvs_live_core *k, int cpu, int me,
			  bool kvm)
{
	if (!is_shared_processor())
		return false;
	if (!kvm && cpu_first_thread_sibling(cpu) ==
		    cpu_first_thread_sibling(me))
		return false;
	if (k->yc[cpu - k->first] & 1)
		return true;
	return false;
}

/* Linux 6.7's vcpu_is_preempted(cpu) (the idle-hint patch): idle hint. */
bool pvs_live_rule_idle_hint(const struct pvs_live_core *k, int cpu, int me,
			     bool kvm)
{
	int i;

	if (!is_shared_processor())
		return false;
	if (!(k->yc[cpu - k->first] & 1))
		return false;
	if (!k->idle[cpu - k->first])
		return true;
	if (!kvm) {
		if (cpu_first_thread_sibling(cpu) ==
		    cpu_first_thread_sibling(me))
			return false;
		for (i = k->first; i < k->first + (int)k->n; i++) {
			if (i == cpu)
				continue;
			if (!(k->yc[i - k->first] & 1))
				return false;
			if (!k->idle[i - k->first])
				return true;
		}
	}
	return false;
}

static void pvs_live_sample(int cpu, bool kvm, struct pvs_live_core *k,
			    struct pvs_live_cpu *c)
{
	static const enum pvs_preempt_policy pol[2] = {
		PVS_PREEMPT_PARITY, PVS_PREEMPT_IDLE_HINT
	};
	struct pvs_live_core after = *k;
	struct pvs_core_state cs = { 0 };
	const void *lp[PVS_MAX_SMT];
	struct pvs_lppaca d = { 0 };
	bool snap[2], fast[2], kfast[2];
	unsigned int t, target = cpu - k->first, p;
	int me = smp_processor_id(), bad = 0;

	pvs_live_read(k);
	/*
	 * The library's decoder does plain loads: keep the compiler from
	 * moving them out of the window (or out of the loop).
	 */
	barrier();
	cs.hv = kvm ? PVS_HV_KVM_PPC : PVS_HV_POWERVM;
	cs.smt = k->n;
	cs.caller_thread = cpu_first_thread_sibling(me) == k->first ?
			   me - k->first : PVS_CALLER_OTHER_CORE;
	for (t = 0; t < k->n; t++) {
		lp[t] = &lppaca_of(k->first + t);
		if (pvs_lppaca_decode(lp[t], PVS_LPPACA_SIZE, &d) ||
		    pvs_lppaca_to_thread(&d, &cs.threads[t]))
			bad = 1;
		if (t == target)
			cs.shared = d.shared;
	}
	for (p = 0; p < 2; p++) {
		cs.policy = pol[p];
		snap[p] = pvs_is_preempted(&cs, target);
		fast[p] = pvs_ppc64_is_preempted(lp, k->n, target,
						 cs.caller_thread,
						 is_shared_processor(), !kvm,
						 pol[p]);
		/*
		 * The kernel-shaped entry point on the same core slice: CPU
		 * numbers relative to k->first, "another core" as k->n.
		 */
		kfast[p] = pvs_ppc64_vcpu_is_preempted(
			lp, target,
			cs.caller_thread == PVS_CALLER_OTHER_CORE ?
				k->n : (unsigned int)cs.caller_thread,
			k->n, is_shared_processor(), !kvm, pol[p]);
	}
	barrier();
	pvs_live_read(&after);
	if (!pvs_live_same(k, &after)) {
		c->racy++;
		return;
	}
	c->stable++;
	for (t = 0; t < k->n; t++)
		bad |= cs.threads[t].yield_count != k->yc[t] ||
		       cs.threads[t].idle != k->idle[t];
	bad |= cs.shared != is_shared_processor();
	c->bad_decode += bad;
	for (p = 0; p < 2; p++) {
		bool rule = pol[p] == PVS_PREEMPT_PARITY ?
			    pvs_live_rule_parity(k, cpu, me, kvm) :
			    pvs_live_rule_idle_hint(k, cpu, me, kvm);

		c->bad_snapshot += snap[p] != rule;
		c->bad_fast += (fast[p] != rule) + (kfast[p] != rule);
		c->preempted[p] += rule;
	}
	c->ceded += (k->yc[target] & 1) && k->idle[target];
}

void pvs_selftest_lppaca(struct pvs_vec_result *r)
{
	unsigned int ncpus = 0, nceded = 0, samples = 0, racy = 0;
	unsigned int preempted[2] = { 0, 0 }, i;
	bool kvm = pvs_example_kvm_guest();
	int cpu;

	/* The library's offsets are the kernel's struct lppaca. */
	BUILD_BUG_ON(sizeof(struct lppaca) != PVS_LPPACA_SIZE);
	BUILD_BUG_ON(offsetof(struct lppaca, yield_count) !=
		     PVS_LPPACA_OFF_YIELD_COUNT);
	BUILD_BUG_ON(offsetof(struct lppaca, idle) != PVS_LPPACA_OFF_IDLE);
	BUILD_BUG_ON(offsetof(struct lppaca, __old_status) !=
		     PVS_LPPACA_OFF_OLD_STATUS);
	BUILD_BUG_ON(offsetof(struct lppaca, dtl_idx) !=
		     PVS_LPPACA_OFF_DTL_IDX);
	BUILD_BUG_ON(offsetof(struct lppaca, enqueue_dispatch_tb) !=
		     PVS_LPPACA_OFF_ENQUEUE_DISPATCH_TB);
	BUILD_BUG_ON(LPPACA_OLD_SHARED_PROC != PVS_LPPACA_OLD_SHARED_PROC);

	PVS_VEC_EXPECT(r, S, 0, threads_per_core <= PVS_MAX_SMT);
	if (threads_per_core > PVS_MAX_SMT)
		return;
	for_each_online_cpu(cpu) {
		struct pvs_live_cpu c = { 0 };
		struct pvs_live_core k = { 0 };

		k.first = cpu_first_thread_sibling(cpu);
		k.n = threads_per_core;
		for (i = 0; i < k.n; i++)
			if (!cpu_possible(k.first + i))
				k.n = i;	/* no lppaca beyond */
		preempt_disable();
		for (i = 0; i < PVS_LIVE_ROUNDS; i++)
			pvs_live_sample(cpu, kvm, &k, &c);
		preempt_enable();

		PVS_VEC_EXPECT(r, S, cpu, c.stable >= PVS_LIVE_ROUNDS / 2);
		PVS_VEC_EXPECT(r, S, cpu, c.bad_decode == 0);
		PVS_VEC_EXPECT(r, S, cpu, c.bad_snapshot == 0);
		PVS_VEC_EXPECT(r, S, cpu, c.bad_fast == 0);
		ncpus++;
		nceded += c.ceded > 0;
		samples += c.stable + c.racy;
		racy += c.racy;
		preempted[0] += c.preempted[0];
		preempted[1] += c.preempted[1];
		pr_info("pvsched lppaca: cpu%d: %u stable samples (%u racy), ceded in %u, preempted by parity rule in %u, by idle-hint rule in %u\n",
			cpu, c.stable, c.racy, c.ceded, c.preempted[0],
			c.preempted[1]);
	}
	pr_info("pvsched lppaca: %u cpus, %s processor, %s rules, %u samples (%u racy): %u cpus seen ceded (odd yield_count, idle set); preempted: parity rule %u samples, idle-hint rule %u\n",
		ncpus, is_shared_processor() ? "shared" : "dedicated",
		kvm ? "KVM" : "PowerVM", samples, racy, nceded, preempted[0],
		preempted[1]);
}
