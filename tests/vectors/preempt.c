// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Vectors for preempt.h, arch/ppc64.h and arch/x86.h (ppc-idle-hint): every step
 * of vcpu_is_preempted() on PowerVM, KVM-ppc, x86 KVM and bare metal, both
 * policies, and the lppaca / DTL / kvm_steal_time decoders on hand-built
 * byte images. Expected values come from docs/upstream-rules.md, "vcpu_is_preempted on powerpc" and Linux's
 * arch/powerpc/include/asm/paravirt.h, worked out by hand.
 *
 * Index ranges: 0-199 rule table, 200-299 snapshot bad input, 300-399 fast
 * path bad input, 400-499 lppaca, 500-549 DTL, 550-599 steal time,
 * 600-699 decode-then-decide pipelines.
 */
#include "vectors.h"

static const char S[] = "preempt";

/* Check cond as vector number i of this suite (r is in scope). */
#define CHECK(i, cond) PVS_VEC_EXPECT(r, S, (i), cond)

/* Table shorthands. */
#define BARE PVS_HV_NONE
#define PVM PVS_HV_POWERVM
#define KVM PVS_HV_KVM_PPC
#define X86 PVS_HV_PREEMPT_FLAG
#define IH PVS_PREEMPT_IDLE_HINT
#define PAR PVS_PREEMPT_PARITY
#define SH 1
#define DED 0
#define OTH PVS_CALLER_OTHER_CORE
#define W_NOHV PVS_PREEMPT_WHY_NO_HV
#define W_CLR PVS_PREEMPT_WHY_FLAG_CLEAR
#define W_SET PVS_PREEMPT_WHY_FLAG_SET
#define W_DED PVS_PREEMPT_WHY_DEDICATED
#define W_DISP PVS_PREEMPT_WHY_DISPATCHED
#define W_NIDLE PVS_PREEMPT_WHY_NOT_IDLE
#define W_SAME PVS_PREEMPT_WHY_SAME_CORE
#define W_SDISP PVS_PREEMPT_WHY_SIBLING_DISPATCHED
#define W_SPRE PVS_PREEMPT_WHY_SIBLING_PREEMPTED
#define W_CEDED PVS_PREEMPT_WHY_CEDED
#define W_ODD PVS_PREEMPT_WHY_YIELD_ODD

/*
 * One case: the core as one letter per thread (thread 0 first, so the
 * string length is the SMT width):
 *   R running (yield_count 2, idle 0)      r running, yield_count 0
 *   W running, yield_count 0xfffffffe      I dispatched, idle 1 (count 4)
 *   C ceded (count 3, idle 1)              c ceded, count 0xffffffff, idle 0xff
 *   P preempted (count 5, idle 0)          p preempted, count 0xffffffff
 *   X x86 preempted byte 1 (count 2)       T byte 3 (PREEMPTED|FLUSH_TLB)
 *   F byte 2 (FLUSH_TLB only: still non-zero)
 */
struct preempt_vec {
	const char *core;
	uint8_t hv;
	uint8_t policy;
	uint8_t shared;
	int8_t caller;
	uint8_t target;
	uint8_t why;
	uint8_t preempted;
};

static const struct preempt_vec preempt_table[] = {
	/* bare metal: never, whatever the fields say */
	{ "P", BARE, IH, SH, OTH, 0, W_NOHV, 0 },
	{ "pppppppp", BARE, PAR, SH, OTH, 7, W_NOHV, 0 },
	{ "XXXX", BARE, IH, DED, 0, 3, W_NOHV, 0 },
	/* x86 preempted byte: any non-zero; shared, caller, policy ignored */
	{ "X", X86, IH, SH, OTH, 0, W_SET, 1 },
	{ "R", X86, IH, SH, OTH, 0, W_CLR, 0 },
	{ "P", X86, PAR, SH, OTH, 0, W_CLR, 0 },
	{ "TF", X86, IH, DED, OTH, 0, W_SET, 1 },
	{ "TF", X86, PAR, SH, 0, 1, W_SET, 1 },
	{ "RRRRRRRX", X86, IH, SH, 0, 7, W_SET, 1 },
	{ "XXXXXXXR", X86, IH, SH, 7, 7, W_CLR, 0 },
	/* step 1: dedicated partition */
	{ "P", PVM, IH, DED, OTH, 0, W_DED, 0 },
	{ "PPPP", KVM, IH, DED, OTH, 3, W_DED, 0 },
	{ "pppppppp", PVM, PAR, DED, OTH, 7, W_DED, 0 },
	{ "CC", KVM, PAR, DED, OTH, 0, W_DED, 0 },
	/* step 2: target dispatched (even count), siblings irrelevant */
	{ "R", PVM, IH, SH, OTH, 0, W_DISP, 0 },
	{ "r", KVM, IH, SH, OTH, 0, W_DISP, 0 },
	{ "PPPW", PVM, IH, SH, OTH, 3, W_DISP, 0 },
	{ "IPPP", PVM, IH, SH, OTH, 0, W_DISP, 0 },
	{ "PPPPPPPI", KVM, IH, SH, OTH, 7, W_DISP, 0 },
	{ "X", PVM, IH, SH, OTH, 0, W_DISP, 0 },
	{ "R", PVM, PAR, SH, OTH, 0, W_DISP, 0 },
	{ "PPPPPPPW", KVM, PAR, SH, 0, 7, W_DISP, 0 },
	{ "rP", PVM, PAR, SH, OTH, 0, W_DISP, 0 },
	/* step 3: not dispatched, not idle: preempted, before step 4a */
	{ "P", PVM, IH, SH, OTH, 0, W_NIDLE, 1 },
	{ "P", KVM, IH, SH, OTH, 0, W_NIDLE, 1 },
	{ "RRRp", PVM, IH, SH, 0, 3, W_NIDLE, 1 },
	{ "pRRRRRRR", KVM, IH, SH, 1, 0, W_NIDLE, 1 },
	{ "PR", PVM, IH, SH, 0, 0, W_NIDLE, 1 },
	/* step 4a: PowerVM, caller on the target's core */
	{ "RC", PVM, IH, SH, 0, 1, W_SAME, 0 },
	{ "CPPPPPPR", PVM, IH, SH, 7, 0, W_SAME, 0 },
	{ "RP", PVM, PAR, SH, 0, 1, W_SAME, 0 },
	{ "PPPPPPPR", PVM, PAR, SH, 7, 0, W_SAME, 0 },
	{ "Rp", PVM, PAR, SH, 0, 1, W_SAME, 0 },
	/* ... KVM has no step 4: caller position is irrelevant */
	{ "CPPR", KVM, IH, SH, 3, 0, W_CEDED, 0 },
	{ "CPPR", KVM, IH, SH, OTH, 0, W_CEDED, 0 },
	{ "RP", KVM, PAR, SH, 0, 1, W_ODD, 1 },
	/* step 4b: first sibling (index order) that is not ceded decides */
	{ "CR", PVM, IH, SH, OTH, 0, W_SDISP, 0 },
	{ "RC", PVM, IH, SH, OTH, 1, W_SDISP, 0 },
	{ "CCCCCCCR", PVM, IH, SH, OTH, 0, W_SDISP, 0 },
	{ "CCCI", PVM, IH, SH, OTH, 0, W_SDISP, 0 },
	{ "CRPC", PVM, IH, SH, OTH, 0, W_SDISP, 0 },
	{ "RCCCCCCc", PVM, IH, SH, OTH, 7, W_SDISP, 0 },
	{ "WCCC", PVM, IH, SH, OTH, 3, W_SDISP, 0 },
	{ "CP", PVM, IH, SH, OTH, 0, W_SPRE, 1 },
	{ "CPRC", PVM, IH, SH, OTH, 0, W_SPRE, 1 },
	{ "CCCCCCCp", PVM, IH, SH, OTH, 0, W_SPRE, 1 },
	{ "pCCCCCCc", PVM, IH, SH, OTH, 7, W_SPRE, 1 },
	{ "CCPC", PVM, IH, SH, OTH, 3, W_SPRE, 1 },
	{ "CX", PVM, IH, SH, OTH, 0, W_SDISP, 0 },
	{ "CP", KVM, IH, SH, OTH, 0, W_CEDED, 0 },
	{ "CCCCCCCp", KVM, IH, SH, OTH, 0, W_CEDED, 0 },
	/* step 5: everything ceded */
	{ "C", PVM, IH, SH, OTH, 0, W_CEDED, 0 },
	{ "CC", PVM, IH, SH, OTH, 1, W_CEDED, 0 },
	{ "CCcC", PVM, IH, SH, OTH, 2, W_CEDED, 0 },
	{ "cccccccc", PVM, IH, SH, OTH, 0, W_CEDED, 0 },
	{ "cccccccc", KVM, IH, SH, OTH, 7, W_CEDED, 0 },
	/* parity rule: odd count alone means preempted */
	{ "P", PVM, PAR, SH, OTH, 0, W_ODD, 1 },
	{ "CC", PVM, PAR, SH, OTH, 0, W_ODD, 1 },
	{ "CR", PVM, PAR, SH, OTH, 0, W_ODD, 1 },
	{ "pppppppp", PVM, PAR, SH, OTH, 7, W_ODD, 1 },
	{ "cccccccc", KVM, PAR, SH, 4, 0, W_ODD, 1 },
	/* "powerpc/paravirt: Improve vcpu_is_preempted": a ceded KVM vCPU (odd count, idle 1) */
	{ "C", KVM, PAR, SH, OTH, 0, W_ODD, 1 },
	{ "C", KVM, IH, SH, OTH, 0, W_CEDED, 0 },
	{ "RCRR", KVM, PAR, SH, OTH, 1, W_ODD, 1 },
	{ "RCRR", KVM, IH, SH, OTH, 1, W_CEDED, 0 },
	{ "RCRR", KVM, IH, SH, 0, 1, W_CEDED, 0 },
	{ "RPRR", KVM, IH, SH, OTH, 1, W_NIDLE, 1 },
};

/* A thread's fields for one letter of the table; false on a bad letter. */
static bool preempt_letter(char c, struct pvs_thread_state *t)
{
	t->yield_count = 2;
	t->idle = 0;
	t->preempted = 0;
	switch (c) {
	case 'R':
		break;
	case 'r':
		t->yield_count = 0;
		break;
	case 'W':
		t->yield_count = 0xfffffffeu;
		break;
	case 'I':
		t->yield_count = 4;
		t->idle = 1;
		break;
	case 'C':
		t->yield_count = 3;
		t->idle = 1;
		break;
	case 'c':
		t->yield_count = 0xffffffffu;
		t->idle = 0xff;
		break;
	case 'P':
		t->yield_count = 5;
		break;
	case 'p':
		t->yield_count = 0xffffffffu;
		break;
	case 'X':
		t->preempted = 1;
		break;
	case 'T':
		t->preempted = 3;
		break;
	case 'F':
		t->preempted = 2;
		break;
	default:
		return false;
	}
	return true;
}

/*
 * Build the core state of a case. Threads past the SMT width look
 * hypervisor-preempted, so a rule reading past smt would be caught.
 */
static bool preempt_build(const struct preempt_vec *v,
			  struct pvs_core_state *cs)
{
	unsigned int i, n = 0;

	for (i = 0; i < PVS_MAX_SMT; i++) {
		cs->threads[i].yield_count = 0xffffffffu;
		cs->threads[i].idle = 0;
		cs->threads[i].preempted = 1;
	}
	for (i = 0; i < PVS_MAX_SMT + 1 && v->core[i] != '\0'; i++) {
		if (i == PVS_MAX_SMT || !preempt_letter(v->core[i],
							&cs->threads[i]))
			return false;
		n++;
	}
	cs->hv = (enum pvs_hv_kind)v->hv;
	cs->policy = (enum pvs_preempt_policy)v->policy;
	cs->shared = v->shared != 0;
	cs->smt = n;
	cs->caller_thread = v->caller;
	return n > 0;
}

/*
 * lppaca images for the fast path. Static (5 KiB) because the vectors also
 * run in a kernel module, whose stack is too small for them.
 */
static uint8_t preempt_img[PVS_MAX_SMT][PVS_LPPACA_SIZE];

/* Hand-build an lppaca image of thread t: noise, then the two fields. */
static void preempt_img_fill(uint8_t *img, const struct pvs_thread_state *t)
{
	unsigned int i;

	for (i = 0; i < PVS_LPPACA_SIZE; i++)
		img[i] = 0xa5;
	img[0x0fe] = t->idle;
	img[0x100] = (uint8_t)(t->yield_count >> 24);
	img[0x101] = (uint8_t)(t->yield_count >> 16);
	img[0x102] = (uint8_t)(t->yield_count >> 8);
	img[0x103] = (uint8_t)t->yield_count;
}

/* Images of every thread of cs; the pointer array gets nthreads entries. */
static void preempt_imgs(const struct pvs_core_state *cs,
			 const void *ptrs[PVS_MAX_SMT])
{
	unsigned int i;

	for (i = 0; i < PVS_MAX_SMT; i++) {
		preempt_img_fill(preempt_img[i], &cs->threads[i]);
		ptrs[i] = preempt_img[i];
	}
}

static void preempt_rules(struct pvs_vec_result *r)
{
	const void *ptrs[PVS_MAX_SMT];
	struct pvs_core_state cs;
	unsigned int i;

	for (i = 0; i < PVS_VEC_LEN(preempt_table); i++) {
		const struct preempt_vec *v = &preempt_table[i];
		bool want = v->preempted != 0;
		bool ppc = v->hv == PVM || v->hv == KVM;
		enum pvs_preempt_why why = (enum pvs_preempt_why)v->why;
		bool built = preempt_build(v, &cs);

		CHECK(i, built);
		if (!built)
			continue;
		CHECK(i, pvs_preempt_explain(&cs, v->target) == v->why);
		CHECK(i, pvs_is_preempted(&cs, v->target) == want);
		CHECK(i, pvs_is_preempted_checked(&cs, v->target) == want);
		CHECK(i, pvs_preempt_why_preempted(why) == want);
		if (ppc) {
			preempt_imgs(&cs, ptrs);
			CHECK(i, pvs_ppc64_is_preempted(ptrs, cs.smt, v->target,
							v->caller, cs.shared,
							v->hv == PVM,
							cs.policy) == want);
		}
		/* kernel-shaped: the core is core 0, "other core" is CPU smt */
		if (ppc && (cs.smt & (cs.smt - 1)) == 0) {
			unsigned int me = v->caller < 0 ? cs.smt :
				(unsigned int)v->caller;

			CHECK(i, pvs_ppc64_vcpu_is_preempted(ptrs, v->target, me,
							     cs.smt, cs.shared,
							     v->hv == PVM,
							     cs.policy) == want);
		}
		if (v->hv == X86) {
			uint8_t st[PVS_KVM_STEAL_TIME_SIZE] = { 0 };

			st[16] = cs.threads[v->target].preempted;
			CHECK(i, pvs_x86_is_preempted(st) == want);
		}
	}
}

/* A valid SMT4 PowerVM core whose thread 1 is hypervisor-preempted. */
static void preempt_valid(struct pvs_core_state *cs)
{
	unsigned int i;

	for (i = 0; i < PVS_MAX_SMT; i++)
		preempt_letter('P', &cs->threads[i]);
	cs->hv = PVS_HV_POWERVM;
	cs->policy = PVS_PREEMPT_IDLE_HINT;
	cs->shared = true;
	cs->smt = 4;
	cs->caller_thread = PVS_CALLER_OTHER_CORE;
}

/* pvs_is_preempted() and friends: bad input is -PVS_EINVAL / false. */
static void preempt_bad_snapshot(struct pvs_vec_result *r)
{
	struct pvs_core_state cs;
	unsigned int k;

	CHECK(200, pvs_preempt_explain(NULL, 0) == -PVS_EINVAL);
	CHECK(201, pvs_is_preempted_checked(NULL, 0) == -PVS_EINVAL);
	CHECK(202, !pvs_is_preempted(NULL, 0));
	preempt_valid(&cs);
	/* the valid core says "preempted", so a false below means rejected */
	CHECK(203, pvs_is_preempted_checked(&cs, 1) == 1);
	CHECK(204, pvs_is_preempted_checked(&cs, 3) == 1);
	for (k = 0; k < 9; k++) {
		unsigned int thread = 1;
		int got, why;

		preempt_valid(&cs);
		switch (k) {
		case 0:
			cs.smt = 0;
			thread = 0;
			break;
		case 1:
			cs.smt = PVS_MAX_SMT + 1;
			break;
		case 2:
			thread = 4;
			break;
		case 3:
			cs.smt = 1;
			thread = 1;
			break;
		case 4:
			cs.caller_thread = 4;
			break;
		case 5:
			cs.caller_thread = -2;
			break;
		case 6:
			cs.hv = (enum pvs_hv_kind)4;
			break;
		case 7:
			cs.policy = (enum pvs_preempt_policy)2;
			break;
		default:
			cs.smt = PVS_MAX_SMT;
			thread = PVS_MAX_SMT;
			break;
		}
		got = pvs_is_preempted_checked(&cs, thread);
		why = pvs_preempt_explain(&cs, thread);
		CHECK(210 + k, got == -PVS_EINVAL);
		CHECK(210 + k, why == -PVS_EINVAL);
		CHECK(210 + k, !pvs_is_preempted(&cs, thread));
	}
	/* edges that are valid: SMT8 last thread, caller on last thread */
	preempt_valid(&cs);
	cs.smt = PVS_MAX_SMT;
	CHECK(220, pvs_is_preempted_checked(&cs, 7) == 1);
	cs.caller_thread = 7;
	CHECK(221, pvs_is_preempted_checked(&cs, 6) == 1);
	/* unknown why values are "not preempted" */
	CHECK(222, !pvs_preempt_why_preempted(
			   (enum pvs_preempt_why)11));
	CHECK(223, !pvs_preempt_why_preempted(
			   (enum pvs_preempt_why)-1));
}

/* The fast path agrees with the snapshot on bad input: false. */
static void preempt_bad_fast(struct pvs_vec_result *r)
{
	const void *p[PVS_MAX_SMT];
	struct pvs_core_state cs;
	enum pvs_preempt_policy ih = PVS_PREEMPT_IDLE_HINT;

	preempt_valid(&cs);
	preempt_imgs(&cs, p);
	CHECK(300, pvs_ppc64_is_preempted(p, 4, 1, -1, true, true, ih));
	CHECK(301, pvs_ppc64_is_preempted(p, 8, 7, -1, true, true, ih));
	CHECK(302, !pvs_ppc64_is_preempted(NULL, 4, 1, -1, true, true, ih));
	CHECK(303, !pvs_ppc64_is_preempted(p, 9, 1, -1, true, true, ih));
	CHECK(304, !pvs_ppc64_is_preempted(p, 4, 4, -1, true, true, ih));
	CHECK(305, !pvs_ppc64_is_preempted(p, 0, 0, -1, true, true, ih));
	CHECK(306, !pvs_ppc64_is_preempted(p, 4, 1, -2, true, true, ih));
	CHECK(307, !pvs_ppc64_is_preempted(p, 4, 1, 4, true, true, ih));
	CHECK(308, !pvs_ppc64_is_preempted(p, 4, 1, -1, true, true,
					   (enum pvs_preempt_policy)2));
	CHECK(309, pvs_ppc64_is_preempted(p, 4, 1, 3, true, false,
					  PVS_PREEMPT_PARITY));
}

/* Write n literal bytes at img + off. */
static void put(uint8_t *img, unsigned int off, const uint8_t *bytes,
		unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		img[off + i] = bytes[i];
}

/* A hand-built big-endian lppaca image; noise everywhere else. */
static void lppaca_image(uint8_t *img)
{
	static const uint8_t desc[] = { 0xd3, 0x97, 0xd7, 0x81 };
	static const uint8_t size[] = { 0x04, 0x00 };
	static const uint8_t yc[] = { 0x12, 0x34, 0x56, 0x79 };
	static const uint8_t disp[] = { 0x00, 0x00, 0x01, 0x00 };
	static const uint8_t edt[] = { 0x01, 0x02, 0x03, 0x04,
				       0x05, 0x06, 0x07, 0x08 };
	static const uint8_t ret[] = { 0x10, 0x00, 0x00, 0x00,
				       0x00, 0x00, 0x00, 0x01 };
	static const uint8_t dtl[] = { 0x00, 0x00, 0x00, 0x00,
				       0x00, 0x00, 0x00, 0x2a };
	static const uint8_t status[] = { 0x02 }, hint[] = { 0x7f };
	static const uint8_t mask[] = { 0x07, 0x01 }, idle[] = { 0x01 };
	unsigned int i;

	for (i = 0; i < PVS_LPPACA_SIZE; i++)
		img[i] = (uint8_t)(0x33 + i);
	put(img, 0x000, desc, 4);
	put(img, 0x004, size, 2);
	put(img, 0x009, status, 1);
	put(img, 0x0b0, hint, 1);
	put(img, 0x0b8, mask, 2);
	put(img, 0x0fe, idle, 1);
	put(img, 0x100, yc, 4);
	put(img, 0x104, disp, 4);
	put(img, 0x158, edt, 8);
	put(img, 0x160, ret, 8);
	put(img, 0x218, dtl, 8);
}

static void preempt_lppaca(struct pvs_vec_result *r)
{
	uint8_t buf[PVS_LPPACA_SIZE + 1];
	uint8_t *img = buf + 1;	/* unaligned on purpose */
	struct pvs_lppaca l;
	struct pvs_thread_state t;
	static const uint8_t max[] = { 0xff, 0xff, 0xff, 0xff,
				       0xff, 0xff, 0xff, 0xff };
	static const uint8_t two[] = { 0, 0, 0, 0, 0, 0, 0, 2 };

	lppaca_image(img);
	pvs_vec_canary(&l, sizeof(l));
	CHECK(400, pvs_lppaca_decode(img, PVS_LPPACA_SIZE, &l) == 0);
	CHECK(401, l.desc == 0xd397d781u && l.size == 0x400);
	CHECK(402, l.old_status == 0x02 && l.shared);
	CHECK(403, l.cede_latency_hint == 0x7f);
	CHECK(404, l.dtl_enable_mask == 0x07 &&
		   l.donate_dedicated_cpu == 0x01);
	CHECK(405, l.idle == 1 && l.yield_count == 0x12345679u);
	CHECK(406, l.dispersion_count == 256);
	CHECK(407, l.enqueue_dispatch_tb == 0x0102030405060708ull);
	CHECK(408, l.ready_enqueue_tb == 0x1000000000000001ull);
	CHECK(409, l.dtl_idx == 42);
	CHECK(410, pvs_lppaca_steal_tb(&l) == 0x1102030405060709ull);
	/* to a core-state thread */
	pvs_vec_canary(&t, sizeof(t));
	CHECK(411, pvs_lppaca_to_thread(&l, &t) == 0);
	CHECK(412, t.yield_count == 0x12345679u && t.idle == 1 &&
		   t.preempted == 0);
	/* every bit of old_status but the shared one; steal wraps */
	img[0x009] = 0xfd;
	put(img, 0x158, max, 8);
	put(img, 0x160, two, 8);
	CHECK(413, pvs_lppaca_decode(img, PVS_LPPACA_SIZE, &l) == 0);
	CHECK(414, !l.shared && l.old_status == 0xfd);
	CHECK(415, pvs_lppaca_steal_tb(&l) == 1);
	/* the smallest size KVM accepts */
	img[0x004] = 0x02;
	img[0x005] = 0x80;
	CHECK(416, pvs_lppaca_decode(img, PVS_LPPACA_SIZE, &l) == 0);
	CHECK(417, l.size == 640);
	/* the same bytes one off: no eye-catcher */
	buf[0] = 0xd3;
	CHECK(418, pvs_lppaca_decode(buf, PVS_LPPACA_SIZE, &l) ==
		   -PVS_EBADMSG);

	/* bad input: error and the output untouched */
	lppaca_image(img);
	pvs_vec_canary(&l, sizeof(l));
	CHECK(420, pvs_lppaca_decode(img, PVS_LPPACA_SIZE - 1, &l) ==
		   -PVS_EBADMSG);
	CHECK(421, pvs_lppaca_decode(img, 0, &l) == -PVS_EBADMSG);
	CHECK(422, pvs_lppaca_decode(NULL, PVS_LPPACA_SIZE, &l) ==
		   -PVS_EINVAL);
	CHECK(423, pvs_lppaca_decode(img, PVS_LPPACA_SIZE, NULL) ==
		   -PVS_EINVAL);
	img[0x003] = 0x80;	/* eye-catcher off by one */
	CHECK(424, pvs_lppaca_decode(img, PVS_LPPACA_SIZE, &l) ==
		   -PVS_EBADMSG);
	img[0x003] = 0x81;
	img[0x004] = 0x02;	/* size 639 */
	img[0x005] = 0x7f;
	CHECK(425, pvs_lppaca_decode(img, PVS_LPPACA_SIZE, &l) ==
		   -PVS_EBADMSG);
	img[0x004] = 0x00;	/* size 0 */
	img[0x005] = 0x00;
	CHECK(426, pvs_lppaca_decode(img, PVS_LPPACA_SIZE, &l) ==
		   -PVS_EBADMSG);
	CHECK(427, pvs_vec_canary_ok(&l, sizeof(l)));
	pvs_vec_canary(&t, sizeof(t));
	CHECK(428, pvs_lppaca_to_thread(NULL, &t) == -PVS_EINVAL);
	CHECK(429, pvs_lppaca_to_thread(&l, NULL) == -PVS_EINVAL);
	CHECK(430, pvs_vec_canary_ok(&t, sizeof(t)));
}

static void preempt_dtl(struct pvs_vec_result *r)
{
	static const uint8_t entry[PVS_DTL_ENTRY_SIZE] = {
		0x03, 0x02, 0x01, 0x2c,		/* reasons, cpu 300 */
		0x00, 0x00, 0x27, 0x10,			/* 10000 */
		0x00, 0x00, 0x03, 0xe8,			/* 1000 */
		0xff, 0xff, 0xff, 0xff,			/* max */
		0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00,
		0xc0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10, 0x00,
		0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
		0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10, 0x33,
	};
	uint8_t buf[PVS_DTL_ENTRY_SIZE + 3];
	struct pvs_dtl_entry e;
	unsigned int i;

	for (i = 0; i < sizeof(buf); i++)
		buf[i] = 0xee;
	put(buf, 3, entry, PVS_DTL_ENTRY_SIZE);	/* unaligned */
	pvs_vec_canary(&e, sizeof(e));
	CHECK(500, pvs_dtl_entry_decode(buf + 3, PVS_DTL_ENTRY_SIZE,
					&e) == 0);
	CHECK(501, e.dispatch_reason == 3 && e.preempt_reason == 2);
	CHECK(502, e.processor_id == 300);
	CHECK(503, e.enqueue_to_dispatch_tb == 10000);
	CHECK(504, e.ready_to_enqueue_tb == 1000);
	CHECK(505, e.waiting_to_ready_tb == 0xffffffffu);
	CHECK(506, e.timebase == 0x100000000ull);
	CHECK(507, e.fault_addr == 0xc000000000001000ull);
	CHECK(508, e.srr0 == 0);
	CHECK(509, e.srr1 == 0x8000000000001033ull);
	pvs_vec_canary(&e, sizeof(e));
	CHECK(510, pvs_dtl_entry_decode(entry, PVS_DTL_ENTRY_SIZE - 1,
					&e) == -PVS_EBADMSG);
	CHECK(511, pvs_dtl_entry_decode(NULL, PVS_DTL_ENTRY_SIZE,
					&e) == -PVS_EINVAL);
	CHECK(512, pvs_dtl_entry_decode(entry, PVS_DTL_ENTRY_SIZE,
					NULL) == -PVS_EINVAL);
	CHECK(513, pvs_vec_canary_ok(&e, sizeof(e)));
}

/* A hand-built little-endian kvm_steal_time record. */
static void steal_image(uint8_t *st, uint8_t version_lsb, uint8_t preempted)
{
	static const uint8_t steal[] = { 0x40, 0x42, 0x0f, 0x00,
					 0x00, 0x00, 0x00, 0x00 };
	unsigned int i;

	for (i = 0; i < PVS_KVM_STEAL_TIME_SIZE; i++)
		st[i] = 0xee;
	put(st, 0, steal, 8);
	st[8] = version_lsb;
	st[9] = 0x00;
	st[10] = 0x00;
	st[11] = 0x00;
	st[12] = 0x00;
	st[13] = 0x00;
	st[14] = 0x00;
	st[15] = 0x00;
	st[16] = preempted;
}

static void preempt_steal_time(struct pvs_vec_result *r)
{
	uint8_t st[PVS_KVM_STEAL_TIME_SIZE];
	struct pvs_kvm_steal_time d;
	struct pvs_thread_state t;

	steal_image(st, 0x04, 0x01);
	pvs_vec_canary(&d, sizeof(d));
	CHECK(550, pvs_kvm_steal_time_decode(st, sizeof(st), &d) == 0);
	CHECK(551, d.steal_ns == 1000000 && d.version == 4);
	CHECK(552, d.flags == 0 && d.preempted == 1);
	pvs_vec_canary(&t, sizeof(t));
	CHECK(553, pvs_kvm_steal_time_to_thread(&d, &t) == 0);
	CHECK(554, t.preempted == 1 && t.yield_count == 0 &&
		   t.idle == 0);
	/* maxima: steal, even version 0xfffffffe, flags, preempted 0xff */
	steal_image(st, 0xfe, 0xff);
	st[0] = st[1] = st[2] = st[3] = st[4] = st[5] = st[6] = st[7] = 0xff;
	st[9] = st[10] = st[11] = 0xff;
	st[12] = st[13] = st[14] = st[15] = 0xff;
	CHECK(555, pvs_kvm_steal_time_decode(st, sizeof(st), &d) == 0);
	CHECK(556, d.steal_ns == 0xffffffffffffffffull &&
		   d.version == 0xfffffffeu);
	CHECK(557, d.flags == 0xffffffffu && d.preempted == 0xff);
	CHECK(558, pvs_x86_is_preempted(st));
	st[16] = 0;
	CHECK(559, !pvs_x86_is_preempted(st));

	/* odd version: the host is writing, copy again */
	pvs_vec_canary(&d, sizeof(d));
	steal_image(st, 0x05, 0x01);
	CHECK(560, pvs_kvm_steal_time_decode(st, sizeof(st), &d) ==
		   -PVS_EAGAIN);
	steal_image(st, 0x01, 0x00);
	st[11] = 0x80;		/* 0x80000001 */
	CHECK(561, pvs_kvm_steal_time_decode(st, sizeof(st), &d) ==
		   -PVS_EAGAIN);
	/* a short buffer is malformed even with an odd version */
	CHECK(562, pvs_kvm_steal_time_decode(st, sizeof(st) - 1, &d) ==
		   -PVS_EBADMSG);
	steal_image(st, 0x02, 0x00);
	CHECK(563, pvs_kvm_steal_time_decode(st, sizeof(st) - 1, &d) ==
		   -PVS_EBADMSG);
	CHECK(564, pvs_kvm_steal_time_decode(NULL, sizeof(st), &d) ==
		   -PVS_EINVAL);
	CHECK(565, pvs_kvm_steal_time_decode(st, sizeof(st), NULL) ==
		   -PVS_EINVAL);
	CHECK(566, pvs_vec_canary_ok(&d, sizeof(d)));
	pvs_vec_canary(&t, sizeof(t));
	CHECK(567, pvs_kvm_steal_time_to_thread(NULL, &t) ==
		   -PVS_EINVAL);
	CHECK(568, pvs_kvm_steal_time_to_thread(&d, NULL) ==
		   -PVS_EINVAL);
	CHECK(569, pvs_vec_canary_ok(&t, sizeof(t)));
}

/*
 * Decode then decide: an SMT4 KVM-ppc core of lppaca images ("powerpc/paravirt: Improve vcpu_is_preempted":
 * thread 2 ceded, yield_count 0x0000_0007, idle 1), and an x86 vCPU.
 */
static void preempt_pipeline(struct pvs_vec_result *r)
{
	const void *p[PVS_MAX_SMT];
	struct pvs_core_state cs;
	struct pvs_lppaca l;
	struct pvs_kvm_steal_time d;
	uint8_t st[PVS_KVM_STEAL_TIME_SIZE];
	unsigned int i;
	int ok = 0;

	for (i = 0; i < PVS_MAX_SMT; i++) {
		uint8_t *img = preempt_img[i];

		lppaca_image(img);
		img[0x0fe] = 0;		/* running: count 0x12345678 */
		img[0x103] = 0x78;
		p[i] = img;
	}
	preempt_img[2][0x0fe] = 1;	/* ceded */
	preempt_img[2][0x100] = 0;
	preempt_img[2][0x101] = 0;
	preempt_img[2][0x102] = 0;
	preempt_img[2][0x103] = 7;
	cs.hv = PVS_HV_KVM_PPC;
	cs.policy = PVS_PREEMPT_PARITY;
	cs.smt = 4;
	cs.caller_thread = PVS_CALLER_OTHER_CORE;
	cs.shared = true;
	for (i = 0; i < 4; i++) {
		const uint8_t *img = preempt_img[i];

		if (pvs_lppaca_decode(img, PVS_LPPACA_SIZE, &l) == 0 &&
		    pvs_lppaca_to_thread(&l, &cs.threads[i]) == 0) {
			cs.shared = cs.shared && l.shared;
			ok++;
		}
	}
	CHECK(600, ok == 4 && cs.shared);
	CHECK(601, cs.threads[2].yield_count == 7);
	CHECK(602, pvs_is_preempted(&cs, 2));
	CHECK(603, pvs_ppc64_is_preempted(p, 4, 2, -1, true, false,
					  PVS_PREEMPT_PARITY));
	cs.policy = PVS_PREEMPT_IDLE_HINT;
	CHECK(604, !pvs_is_preempted(&cs, 2));
	CHECK(605, pvs_preempt_explain(&cs, 2) == W_CEDED);
	CHECK(606, !pvs_ppc64_is_preempted(p, 4, 2, -1, true, false,
					   PVS_PREEMPT_IDLE_HINT));
	CHECK(607, !pvs_is_preempted(&cs, 0));
	/* the hypervisor takes thread 2 (idle 0): preempted under both */
	preempt_img[2][0x0fe] = 0;
	CHECK(608, pvs_lppaca_decode(preempt_img[2], PVS_LPPACA_SIZE,
				     &l) == 0 &&
		   pvs_lppaca_to_thread(&l, &cs.threads[2]) == 0);
	CHECK(609, pvs_preempt_explain(&cs, 2) == W_NIDLE);
	CHECK(610, pvs_ppc64_is_preempted(p, 4, 2, -1, true, false,
					  PVS_PREEMPT_IDLE_HINT));

	/* x86: a descheduled vCPU */
	steal_image(st, 0x10, 0x01);
	cs.hv = PVS_HV_PREEMPT_FLAG;
	cs.smt = 1;
	CHECK(620, pvs_kvm_steal_time_decode(st, sizeof(st), &d) == 0 &&
		   pvs_kvm_steal_time_to_thread(&d, &cs.threads[0]) == 0);
	CHECK(621, pvs_preempt_explain(&cs, 0) == W_SET);
	st[16] = 0;
	CHECK(622, pvs_kvm_steal_time_decode(st, sizeof(st), &d) == 0 &&
		   pvs_kvm_steal_time_to_thread(&d, &cs.threads[0]) == 0);
	CHECK(623, !pvs_is_preempted(&cs, 0));
}

void pvs_vec_preempt(struct pvs_vec_result *r)
{
	preempt_rules(r);
	preempt_bad_snapshot(r);
	preempt_bad_fast(r);
	preempt_lppaca(r);
	preempt_dtl(r);
	preempt_steal_time(r);
	preempt_pipeline(r);
}
