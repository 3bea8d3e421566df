// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Demo section for yield.h and ple.h (kvm-yield-bailout): what yield_to() answers,
 * how far one pause-loop exit's candidate pass goes in the upstream change's
 * undercommitted 80-vCPU guest under each policy, and how the PLE window
 * moves with the VMX and SVM defaults.
 */
#include <stdio.h>

#include "demo.h"

#define DEMO_VCPUS 80

static const char *yield_name(int r)
{
	if (r == PVS_YIELD_BOOST)
		return "boost";
	if (r == PVS_YIELD_SKIP)
		return "skip";
	return pvs_strerror(r);
}

/* The host as the demo models it: runqueue lengths and who is on a CPU. */
struct demo_host {
	enum pvs_yield_policy policy;
	unsigned int me;
	uint32_t nr_running[DEMO_VCPUS];
	bool on_cpu[DEMO_VCPUS];
};

static int demo_yield_to(void *ctx, unsigned int vcpu)
{
	const struct demo_host *h = (const struct demo_host *)ctx;
	struct pvs_rq_lens l = { h->policy, h->nr_running[h->me],
				 h->nr_running[vcpu], h->on_cpu[vcpu],
				 true, true, true, false };

	return pvs_should_yield(&l);
}

static void demo_should_yield(void)
{
	static const struct {
		uint32_t src, dst;
		bool on_cpu;
		const char *why;
	} cases[] = {
		{ 1, 1, true, "undercommit: each vCPU alone on its CPU" },
		{ 2, 2, false, "overcommit: target preempted, waiting" },
		{ 2, 2, true, "overcommit: target already running" },
	};
	unsigned int i, p;

	printf("yield_to(): source rq, target rq -> baseline / bail-out\n");
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int r[2];

		for (p = 0; p < 2; p++) {
			struct pvs_rq_lens l = {
				(enum pvs_yield_policy)p, cases[i].src,
				cases[i].dst, cases[i].on_cpu, true, true,
				true, false };

			r[p] = pvs_should_yield(&l);
		}
		printf("  %u, %u%s -> %s / %s  (%s)\n", cases[i].src,
		       cases[i].dst, cases[i].on_cpu ? " on CPU" : "",
		       yield_name(r[0]), yield_name(r[1]), cases[i].why);
	}
}

static void demo_pass(enum pvs_yield_policy policy, bool overcommit)
{
	static struct pvs_vcpu_snap snap[DEMO_VCPUS];
	static struct demo_host h;
	struct pvs_dy_vm vm = { snap, DEMO_VCPUS, 30 };
	struct pvs_dy_spinner sp = { policy, 17, true, demo_yield_to, &h };
	struct pvs_dy_result res;
	unsigned int i;
	int ret;

	h.policy = policy;
	h.me = 17;
	for (i = 0; i < DEMO_VCPUS; i++) {
		/* v3.7 had no ready/preempted filter: all are candidates */
		snap[i].ready = true;
		snap[i].preempted = false;
		snap[i].blocking = false;
		snap[i].in_spin_loop = false;
		snap[i].dy_eligible = false;
		h.nr_running[i] = overcommit ? 2 : 1;
		h.on_cpu[i] = !(overcommit && i == 40);
	}
	pvs_dy_spin_enter(&snap[17]);
	ret = pvs_dy_on_spin(&vm, &sp, &res);
	pvs_dy_spin_exit(&snap[17]);
	if (ret < 0) {
		printf("  error: %s\n", pvs_strerror(ret));
		return;
	}
	printf("  %-11s %-8s: %2u yield_to() calls, %u failed, stop: %s",
	       overcommit ? "overcommit" : "undercommit", pvs_yield_policy_name(policy),
	       res.attempts, res.failures, pvs_dy_stop_name(res.stop));
	if (res.boosted != PVS_DY_NONE)
		printf(" (vCPU %u)", res.boosted);
	printf("\n");
}

static void demo_ple(const char *name, const struct pvs_ple_params *p)
{
	uint32_t w = p->window;
	unsigned int n = 0, i;

	printf("  %s window %u: exits ->", name, w);
	for (i = 0; i < 40 && pvs_ple_on_exit(p, &w) == 1; i++) {
		n++;
		if (n <= 5)
			printf(" %u", w);
	}
	printf("%s; saturates at %u after %u exits\n", n > 5 ? " ..." : "", w,
	       n);
	pvs_ple_on_sched_in(p, &w);
	printf("  %s sched-in (shrink %u) -> %u\n", name, p->shrink, w);
}

void demo_yield(void)
{
	struct pvs_ple_params p;

	demo_heading("Directed yield and PLE window (kvm-yield-bailout)",
		     "\"sched: Bail out of yield_to when source and target runqueue "
		     "has one task\" (2012): when a directed yield is worth it");
	demo_should_yield();
	printf("One pause-loop exit in a %u-vCPU guest (why: the "
	       "bail-out ends a\n  useless undercommit pass on -ESRCH instead "
	       "of trying every vCPU):\n", DEMO_VCPUS);
	demo_pass(PVS_YIELD_BASELINE, false);
	demo_pass(PVS_YIELD_BAILOUT, false);
	demo_pass(PVS_YIELD_BASELINE, true);
	demo_pass(PVS_YIELD_BAILOUT, true);
	printf("PLE window (why: every exit grows it, a sched-in resets it):\n");
	pvs_ple_params_default(&p, PVS_PLE_VMX);
	demo_ple("VMX", &p);
	pvs_ple_params_default(&p, PVS_PLE_SVM);
	demo_ple("SVM", &p);
}
