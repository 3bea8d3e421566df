// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The live lppaca check (pseries only): for every online CPU, read the real
 * lppaca many times through the library and compare with the kernel's own
 * accessors: yield_count_of(cpu), lppaca_of(cpu).idle and
 * is_shared_processor().
 *
 * The hypervisor updates the lppaca concurrently, so each sample reads the
 * kernel accessors before and after the library's read and only judges the
 * sample when both agree (a "stable" sample); a CPU's sample is counted
 * "ceded" when its yield_count is odd and idle is set, the state seed 000
 * is about. One summary line per run:
 *	pvsched lppaca: C cpus, shared|dedicated, ...
 */
#include <linux/cpumask.h>
#include <linux/smp.h>
#include <linux/preempt.h>
#include <linux/printk.h>
#include <linux/stddef.h>
#include <linux/build_bug.h>
#include <linux/compiler.h>
#include <asm/lppaca.h>
#include <asm/paravirt.h>
#include <linux/pvsched/pvsched.h>

#include "selftest.h"

/* Samples per CPU. */
#define PVS_LIVE_ROUNDS 2000u

/* Offsets of the PAPR lppaca fields read here (REFERENCE.md, seed 000). */
#define PVS_LIVE_OFF_OLD_STATUS 0x009
#define PVS_LIVE_OFF_IDLE 0x0FE
#define PVS_LIVE_OFF_YIELD_COUNT 0x100

static const char S[] = "lppaca-live";

/* What one CPU's samples showed. */
struct pvs_live_cpu {
	unsigned int stable;
	unsigned int racy;
	unsigned int ceded;
	unsigned int bad_yield;
	unsigned int bad_idle;
	unsigned int bad_shared;
};

static void pvs_live_sample(int cpu, struct pvs_live_cpu *c)
{
	const struct lppaca *lp = &lppaca_of(cpu);
	const u8 *raw = (const u8 *)lp;
	u32 yc0, yc1, yc;
	u8 idle0, idle1, idle, status;

	yc0 = yield_count_of(cpu);
	idle0 = READ_ONCE(lp->idle);
	/*
	 * The library's loads are plain loads: without the barriers the
	 * compiler may move them out of the window (or out of the loop).
	 */
	barrier();
	yc = pvs_be32_ld(raw + PVS_LIVE_OFF_YIELD_COUNT);
	idle = pvs_u8_ld(raw + PVS_LIVE_OFF_IDLE);
	status = pvs_u8_ld(raw + PVS_LIVE_OFF_OLD_STATUS);
	barrier();
	yc1 = yield_count_of(cpu);
	idle1 = READ_ONCE(lp->idle);
	if (yc0 != yc1 || idle0 != idle1) {
		c->racy++;
		return;
	}
	c->stable++;
	c->bad_yield += yc != yc0;
	c->bad_idle += idle != idle0;
	c->bad_shared += !!(status & LPPACA_OLD_SHARED_PROC) !=
			 is_shared_processor();
	c->ceded += (yc0 & 1) && idle0;
}

void pvs_selftest_lppaca(struct pvs_vec_result *r)
{
	unsigned int ncpus = 0, nceded = 0, reads = 0, racy = 0, i;
	int cpu;

	BUILD_BUG_ON(offsetof(struct lppaca, yield_count) !=
		     PVS_LIVE_OFF_YIELD_COUNT);
	BUILD_BUG_ON(offsetof(struct lppaca, idle) != PVS_LIVE_OFF_IDLE);
	BUILD_BUG_ON(offsetof(struct lppaca, __old_status) !=
		     PVS_LIVE_OFF_OLD_STATUS);

	for_each_online_cpu(cpu) {
		struct pvs_live_cpu c = { 0 };

		preempt_disable();
		for (i = 0; i < PVS_LIVE_ROUNDS; i++)
			pvs_live_sample(cpu, &c);
		preempt_enable();

		PVS_VEC_EXPECT(r, S, cpu, c.stable > 0);
		PVS_VEC_EXPECT(r, S, cpu, c.bad_yield == 0);
		PVS_VEC_EXPECT(r, S, cpu, c.bad_idle == 0);
		PVS_VEC_EXPECT(r, S, cpu, c.bad_shared == 0);
		ncpus++;
		nceded += c.ceded > 0;
		reads += c.stable + c.racy;
		racy += c.racy;
		pr_info("pvsched lppaca: cpu%d: %u stable samples, %u racy, ceded in %u\n",
			cpu, c.stable, c.racy, c.ceded);
	}
	pr_info("pvsched lppaca: %u cpus, %s processor, %u samples (%u racy), %u cpus seen ceded (odd yield_count, idle set)\n",
		ncpus, is_shared_processor() ? "shared" : "dedicated", reads,
		racy, nceded);
}
