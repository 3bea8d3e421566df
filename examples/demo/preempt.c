// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Demo section: is a vCPU preempted? (ppc-idle-hint). Each situation is built as
 * raw big-endian lppaca images, decoded by the library, and decided under
 * both policies; the fast path over the raw images must agree.
 */
#include <stdio.h>

#include "demo.h"

/* Why the rule decided, or the error pvs_preempt_explain() returned. */
static const char *demo_why(int why)
{
	return why < 0 ? pvs_strerror(why) :
			 pvs_preempt_why_name((enum pvs_preempt_why)why);
}

/*
 * A situation: one letter per thread of the core (R running, C ceded,
 * P off its CPU without ceding), the thread asked about, where the caller
 * runs (thread index, or -1 for another core).
 */
struct demo_core {
	const char *what;
	enum pvs_hv_kind hv;
	bool shared;
	const char *threads;
	unsigned int target;
	int caller;
};

static const struct demo_core demo_cores[] = {
	{ "KVM guest, vCPU ceded", PVS_HV_KVM_PPC, true, "RRCR", 2, -1 },
	{ "KVM guest, vCPU taken by host", PVS_HV_KVM_PPC, true, "RRPR", 2, -1 },
	{ "PowerVM, ceded, sibling running", PVS_HV_POWERVM, true, "CRCC", 0, -1 },
	{ "PowerVM, ceded, sibling taken", PVS_HV_POWERVM, true, "CCPC", 0, -1 },
	{ "PowerVM, all threads ceded", PVS_HV_POWERVM, true, "CCCCCCCC", 5, -1 },
	{ "PowerVM, ceded, caller on core", PVS_HV_POWERVM, true, "RCPC", 1, 0 },
	{ "PowerVM, confer, caller on core", PVS_HV_POWERVM, true, "RPCC", 1, 0 },
	{ "PowerVM dedicated partition", PVS_HV_POWERVM, false, "PPPP", 1, -1 },
};

static uint8_t demo_img[PVS_MAX_SMT][PVS_LPPACA_SIZE];

/* The raw lppaca a hypervisor would show for thread i in state c. */
static void demo_image(uint8_t *img, unsigned int i, char c, bool shared)
{
	uint32_t yc = 1000 + 2 * i + (c == 'R' ? 0 : 1);
	unsigned int k;

	for (k = 0; k < PVS_LPPACA_SIZE; k++)
		img[k] = 0;
	pvs_be32_st(img + PVS_LPPACA_OFF_DESC, PVS_LPPACA_DESC);
	pvs_be16_st(img + PVS_LPPACA_OFF_SIZE, 0x400);
	img[PVS_LPPACA_OFF_OLD_STATUS] = shared ? PVS_LPPACA_OLD_SHARED_PROC : 0;
	img[PVS_LPPACA_OFF_IDLE] = c == 'C';
	pvs_be32_st(img + PVS_LPPACA_OFF_YIELD_COUNT, yc);
}

static void demo_ppc(const struct demo_core *d)
{
	const void *p[PVS_MAX_SMT];
	struct pvs_core_state cs;
	struct pvs_lppaca l;
	char target[48];
	unsigned int i;
	int par, ih, why;
	bool fast_par, fast_ih;

	cs.hv = d->hv;
	cs.caller_thread = d->caller;
	cs.smt = 0;
	cs.shared = false;
	for (i = 0; i < PVS_MAX_SMT && d->threads[i]; i++) {
		demo_image(demo_img[i], i, d->threads[i], d->shared);
		p[i] = demo_img[i];
		if (pvs_lppaca_decode(demo_img[i], PVS_LPPACA_SIZE, &l) ||
		    pvs_lppaca_to_thread(&l, &cs.threads[i])) {
			printf("  %s: lppaca decode failed\n", d->what);
			return;
		}
		cs.shared = l.shared;
		cs.smt++;
	}
	cs.policy = PVS_PREEMPT_PARITY;
	par = pvs_is_preempted_checked(&cs, d->target);
	cs.policy = PVS_PREEMPT_IDLE_HINT;
	ih = pvs_is_preempted_checked(&cs, d->target);
	why = pvs_preempt_explain(&cs, d->target);
	fast_par = pvs_ppc64_is_preempted(p, cs.smt, d->target, d->caller,
					  cs.shared, d->hv == PVS_HV_POWERVM,
					  PVS_PREEMPT_PARITY);
	fast_ih = pvs_ppc64_is_preempted(p, cs.smt, d->target, d->caller,
					 cs.shared, d->hv == PVS_HV_POWERVM,
					 PVS_PREEMPT_IDLE_HINT);
	snprintf(target, sizeof(target), "SMT%u t%u yc=%u idle=%u", cs.smt,
		 d->target, cs.threads[d->target].yield_count,
		 cs.threads[d->target].idle);
	printf("  %-31s %-24s %-5s %-4s %s%s\n", d->what, target,
	       par == 1 ? "yes" : "no", ih == 1 ? "yes" : "no", demo_why(why),
	       fast_par == (par == 1) && fast_ih == (ih == 1) ? "" :
							     " [fast path differs!]");
}

static void demo_x86(uint8_t preempted, uint32_t version)
{
	uint8_t st[PVS_KVM_STEAL_TIME_SIZE] = { 0 };
	struct pvs_kvm_steal_time d;
	struct pvs_core_state cs;
	int rc, why;

	pvs_le64_st(st + PVS_KVM_ST_OFF_STEAL, 123456789ull);
	pvs_le32_st(st + PVS_KVM_ST_OFF_VERSION, version);
	st[PVS_KVM_ST_OFF_PREEMPTED] = preempted;
	rc = pvs_kvm_steal_time_decode(st, sizeof(st), &d);
	if (rc < 0) {
		printf("  x86 steal_time version %u: %s (host mid-update)\n",
		       version, pvs_strerror(rc));
		return;
	}
	cs.hv = PVS_HV_PREEMPT_FLAG;
	cs.policy = PVS_PREEMPT_IDLE_HINT;
	cs.shared = true;
	cs.smt = 1;
	cs.caller_thread = PVS_CALLER_OTHER_CORE;
	pvs_kvm_steal_time_to_thread(&d, &cs.threads[0]);
	why = pvs_preempt_explain(&cs, 0);
	printf("  x86 KVM vCPU, steal %llu ns, preempted byte %u: %s (%s)\n",
	       (unsigned long long)d.steal_ns, d.preempted,
	       pvs_is_preempted(&cs, 0) ? "preempted" : "running",
	       demo_why(why));
}

void demo_preempt(void)
{
	unsigned int i;

	demo_heading("vCPU preemption: vcpu_is_preempted() (ppc-idle-hint)",
		     "\"powerpc/paravirt: Improve vcpu_is_preempted\" (2023): "
		     "before 6.6 (<=6.6) and today's rule (now), per situation");
	printf("  threads: R running, C ceded (idle=1), P off its CPU without\n"
	       "  ceding (taken by the hypervisor, or conferred)\n");
	printf("  %-31s %-24s %-5s %-4s %s\n", "situation", "target thread",
	       "<=6.6", "now", "why (now)");
	for (i = 0; i < sizeof(demo_cores) / sizeof(demo_cores[0]); i++)
		demo_ppc(&demo_cores[i]);
	demo_x86(1, 4);
	demo_x86(0, 6);
	demo_x86(1, 7);
}
