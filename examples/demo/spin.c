// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Demo section for spin.h: what the baseline (LiTL spin-then-park) and the
 * paravirt-aware rule decide for a few documented lock-wait situations.
 * Inputs are fixed and documented here; every number printed is computed by
 * the library.
 */
#include <stdio.h>
#include <string.h>

#include "demo.h"

/* A documented input: a 2-vCPU KVM guest on AMD EPYC, as measured when
 * this was written: PAUSE about 25 ns, steal about 25 ppm (15 of ~588000 ticks
 * in /proc/stat), context switch unknown (LiTL's 9 us), userspace caller
 * (owner state unknown, no directed yield), nobody else spinning. */
static void demo_spin_base(struct pvs_spin_in *in)
{
	memset(in, 0, sizeof(*in));
	in->pause_ps = 25000;
	in->owner_steal_ppm = 25;
	in->self_steal_ppm = 25;
	in->nr_cpus = 2;
	in->nr_waiters = 1;
}

static void demo_spin_show(const char *label, struct pvs_spin_in *in)
{
	struct pvs_spin_out out;
	enum pvs_spin_action a;
	unsigned int p;

	printf("  %s\n", label);
	memset(&out, 0, sizeof(out)); /* bad input would leave it untouched */
	for (p = 0; p < PVS_SPIN_POLICY_COUNT; p++) {
		in->policy = (enum pvs_spin_policy)p;
		a = pvs_spin_decide(in, &out);
		printf("    %-5s %-5s", pvs_spin_policy_name(in->policy),
		       pvs_spin_action_name(a));
		if (a == PVS_SPIN_SPIN)
			printf(" %6llu ns = %6llu PAUSEs",
			       (unsigned long long)out.budget_ns,
			       (unsigned long long)out.pauses);
		else
			printf(" %29s", "");
		printf("  (%s)\n", pvs_spin_reason_name(out.reason));
	}
}

void demo_spin(void)
{
	static const uint32_t pause_ps[] = { 700, 3300, 25000, 40000 };
	static const char *const cpu[] = {
		"0.7 ns (POWER-like cheap relax)",
		"3.3 ns (10 cycles, pre-Skylake)",
		"25 ns (an AMD EPYC KVM guest)",
		"40 ns (140 cycles, Skylake+)",
	};
	struct pvs_spin_in in;
	unsigned int i;

	demo_heading("spin: spin, yield or park? (spin.h)",
		     "the lock-waiter rule, fixed budget (FIXED) vs paravirt-aware "
		     "(PV), for documented inputs");

	demo_spin_base(&in);
	demo_spin_show("a 2-vCPU KVM guest, low steal, lock just taken: both "
		       "spin one context switch", &in);

	demo_spin_base(&in);
	in.owner = PVS_SPIN_OWNER_PREEMPTED;
	demo_spin_show("owner's vCPU preempted by the host: PV parks so the "
		       "host can run it", &in);
	in.yield_to_owner = true;
	demo_spin_show("same, kernel caller with H_CONFER/yield_to: PV hands "
		       "its CPU to the owner", &in);

	demo_spin_base(&in);
	in.nr_waiters = 8;
	in.nr_spinning = 1;
	demo_spin_show("8 waiters on 2 CPUs, one already spinning: a second "
		       "spinner would take the owner's CPU", &in);
	in.nr_spinning = 0;
	demo_spin_show("8 waiters on 2 CPUs, the others parked: PV still "
		       "spins (parking never cascades)", &in);

	demo_spin_base(&in);
	in.nr_cpus = 8;
	in.nr_spinning = 1;
	in.owner_steal_ppm = 300000;
	in.self_steal_ppm = 100000;
	demo_spin_show("8 vCPUs, 30% steal on the owner's CPU, 10% on ours, "
		       "one other spinner: PV shrinks the budget", &in);
	in.dedicated = true;
	demo_spin_show("same with KVM_HINTS_REALTIME (dedicated vCPUs): full "
		       "budget", &in);

	demo_spin_base(&in);
	in.held_ns = 12000;
	demo_spin_show("lock already held 12 us, longer than a context "
		       "switch: PV parks", &in);

	printf("  PAUSE cost differs ~14x: the same 9 us budget in PAUSEs, "
	       "and what a fixed 225-PAUSE loop really lasts\n");
	for (i = 0; i < 4; i++)
		printf("    PAUSE %-32s 9000 ns = %6llu PAUSEs; 225 PAUSEs = "
		       "%5llu ns\n", cpu[i],
		       (unsigned long long)pvs_spin_ns_to_pauses(
			       pvs_spin_default_budget_ns(0), pause_ps[i]),
		       (unsigned long long)pvs_spin_pauses_to_ns(225,
							       pause_ps[i]));
}
