// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Vectors for yield.h: yield_to()'s decision (both policies) and the
 * candidate pass of kvm_vcpu_on_spin() (docs/upstream-rules.md, "kvm_vcpu_on_spin candidate pass", "sched: Bail out of yield_to when source and target runqueue has one task"),
 * driven by a table-driven fake yield function.
 */
#include "vectors.h"

static const char S[] = "yield";

/* ---- pvs_should_yield() ------------------------------------------------ */

#define BASE PVS_YIELD_BASELINE
#define BAIL PVS_YIELD_BAILOUT
#define BOOST PVS_YIELD_BOOST
#define SKIP PVS_YIELD_SKIP
#define ESRCH (-PVS_ESRCH)
#define EINVAL (-PVS_EINVAL)

/* One pvs_should_yield(): the runqueues and the target, the answer. */
struct rq_vec {
	struct pvs_rq_lens l;
	int expect;
};

static const struct rq_vec rq_vecs[] = {
	/* 0-3: one task on each runqueue: only the bail-out says -ESRCH */
	{ { BAIL, 1, 1, false, true, true, true, false }, ESRCH },
	{ { BASE, 1, 1, false, true, true, true, false }, BOOST },
	{ { BAIL, 1, 1, true, true, true, true, false }, ESRCH },
	{ { BASE, 1, 1, true, true, true, true, false }, SKIP },
	/* 4-5: -ESRCH is checked before every other condition */
	{ { BAIL, 1, 1, true, false, false, false, true }, ESRCH },
	{ { BASE, 1, 1, true, false, false, false, true }, SKIP },
	/* 6-9: either runqueue longer: no bail-out */
	{ { BAIL, 1, 2, false, true, true, true, false }, BOOST },
	{ { BAIL, 2, 1, false, true, true, true, false }, BOOST },
	{ { BAIL, 2, 2, false, true, true, true, false }, BOOST },
	{ { BAIL, 0xffffffffu, 0xffffffffu, false, true, true, true, false },
	  BOOST },
	/* 10: target rq empty (target asleep): not runnable -> skip */
	{ { BAIL, 1, 0, false, false, true, true, false }, SKIP },
	/* 11-15: each skip condition alone, bail-out policy */
	{ { BAIL, 2, 1, false, true, true, false, false }, SKIP },
	{ { BAIL, 2, 1, false, true, false, true, false }, SKIP },
	{ { BAIL, 2, 1, true, true, true, true, false }, SKIP },
	{ { BAIL, 2, 1, false, false, true, true, false }, SKIP },
	{ { BAIL, 2, 1, false, true, true, true, true }, SKIP },
	/* 16-20: the same under the baseline */
	{ { BASE, 1, 1, false, true, true, false, false }, SKIP },
	{ { BASE, 1, 1, false, true, false, true, false }, SKIP },
	{ { BASE, 3, 1, true, true, true, true, false }, SKIP },
	{ { BASE, 1, 1, false, false, true, true, false }, SKIP },
	{ { BASE, 1, 1, false, true, true, true, true }, SKIP },
	/* 21-23: bad input */
	{ { BAIL, 0, 1, false, true, true, true, false }, EINVAL },
	{ { BASE, 0, 0, false, true, true, true, false }, EINVAL },
	{ { 2, 1, 1, false, true, true, true, false }, EINVAL },
};

static void yield_should(struct pvs_vec_result *r)
{
	unsigned int i;

	for (i = 0; i < PVS_VEC_LEN(rq_vecs); i++) {
		const struct rq_vec *v = &rq_vecs[i];

		PVS_VEC_EXPECT(r, S, i, pvs_should_yield(&v->l) == v->expect);
	}
	PVS_VEC_EXPECT(r, S, 99, pvs_should_yield(NULL) == -PVS_EINVAL);
}

/* ---- the fake yield function ---------------------------------------- */

#define FAKE_LOG 80

/* Answers ret[vcpu] and logs the order of the calls. */
struct fake_yield {
	const int8_t *ret;
	unsigned int nret;
	unsigned int calls;
	uint8_t order[FAKE_LOG];
};

static int fake_yield_to(void *ctx, unsigned int vcpu)
{
	struct fake_yield *f = (struct fake_yield *)ctx;

	if (f->calls < FAKE_LOG)
		f->order[f->calls] = (uint8_t)vcpu;
	f->calls++;
	return vcpu < f->nret ? f->ret[vcpu] : -1000;
}

static void fake_init(struct fake_yield *f, const int8_t *ret,
		      unsigned int nret)
{
	f->ret = ret;
	f->nret = nret;
	f->calls = 0;
}

/* ---- vCPU states as bit masks ---------------------------------------- */

#define F_R 0x01 /* ready */
#define F_P 0x02 /* preempted */
#define F_B 0x04 /* blocking */
#define F_D 0x08 /* dy_runnable */
#define F_K 0x10 /* preempted in kernel */
#define F_I 0x20 /* pending interrupt */
#define F_S 0x40 /* in spin loop */
#define F_E 0x80 /* dy_eligible */
#define XK (F_R | F_P | F_K) /* preempted in kernel: the usual candidate */
#define XU (F_R | F_P)       /* preempted in user mode */

static void snap_from_flags(struct pvs_vcpu_snap *v, unsigned int f)
{
	v->ready = f & F_R;
	v->preempted = f & F_P;
	v->blocking = f & F_B;
	v->dy_runnable = f & F_D;
	v->preempted_in_kernel = f & F_K;
	v->pending_interrupt = f & F_I;
	v->in_spin_loop = f & F_S;
	v->dy_eligible = f & F_E;
}

static unsigned int flags_from_snap(const struct pvs_vcpu_snap *v)
{
	return (v->ready ? F_R : 0) | (v->preempted ? F_P : 0) |
	       (v->blocking ? F_B : 0) | (v->dy_runnable ? F_D : 0) |
	       (v->preempted_in_kernel ? F_K : 0) |
	       (v->pending_interrupt ? F_I : 0) |
	       (v->in_spin_loop ? F_S : 0) | (v->dy_eligible ? F_E : 0);
}

/* ---- table-driven passes --------------------------------------------- */

#define DY_N 8
#define NONE 0xff
#define BOOSTED PVS_DY_STOP_BOOSTED
#define FAILED PVS_DY_STOP_FAILURES
#define EXHAUST PVS_DY_STOP_EXHAUSTED

struct dy_vec {
	/* inputs */
	uint8_t nr, me, last;
	bool kmode;
	int policy;
	uint8_t st[DY_N];
	int8_t yret[DY_N];
	/* expected */
	int ret;
	uint8_t boosted, last_after;
	uint8_t examined, attempts, failures;
	uint8_t not_ready, blocked, user, inel;
	int stop;
	uint8_t calls[DY_N];	/* the first `attempts` are checked */
	uint8_t elig_after;	/* bit i: vCPU i's dy_eligible afterwards */
};

static const struct dy_vec dy_vecs[] = {
	/* 0: first candidate after last_boosted 0 is boosted */
	{ 4, 0, 0, true, BAIL, { XK, XK, XK, XK }, { 1, 1, 1, 1 },
	  1, 1, 1, 1, 1, 0, 0, 0, 0, 0, BOOSTED, { 1 }, 0 },
	/* 1: round robin starts after last_boosted */
	{ 4, 0, 2, true, BAIL, { XK, XK, XK, XK }, { 1, 1, 1, 1 },
	  1, 3, 3, 1, 1, 0, 0, 0, 0, 0, BOOSTED, { 3 }, 0 },
	/* 2: wrap-around: last_boosted is the last vCPU -> vCPU 0 */
	{ 4, 1, 3, true, BAIL, { XK, XK, XK, XK }, { 1, 1, 1, 1 },
	  1, 0, 0, 1, 1, 0, 0, 0, 0, 0, BOOSTED, { 0 }, 0 },
	/* 3: the spinner is skipped (not examined) */
	{ 4, 1, 0, true, BAIL, { XK, XK, XK, XK }, { 1, 1, 1, 1 },
	  1, 2, 2, 1, 1, 0, 0, 0, 0, 0, BOOSTED, { 2 }, 0 },
	/* 4: spinner == last_boosted: order 3 0 1, then exhausted */
	{ 4, 2, 2, true, BAIL, { XK, XK, XK, XK }, { 0, 0, 0, 0 },
	  0, NONE, 2, 3, 3, 0, 0, 0, 0, 0, EXHAUST, { 3, 0, 1 }, 0 },
	/* 5: one vCPU: nobody to look at */
	{ 1, 0, 0, true, BAIL, { XK }, { 1 },
	  0, NONE, 0, 0, 0, 0, 0, 0, 0, 0, EXHAUST, { 0 }, 0 },
	/* 6: two vCPUs */
	{ 2, 1, 1, true, BASE, { XK, XK }, { 1, 1 },
	  1, 0, 0, 1, 1, 0, 0, 0, 0, 0, BOOSTED, { 0 }, 0 },
	/* 7: wrap with the spinner at index 0: order 1 2 */
	{ 3, 0, 2, true, BAIL, { XK, XK, XK }, { 0, 0, 0 },
	  0, NONE, 2, 2, 2, 0, 0, 0, 0, 0, EXHAUST, { 1, 2 }, 0 },
	/*
	 * 8: each filter: 1 not ready, 2 blocked, 3 user mode (spinner in
	 * kernel), 4 user mode with a pending interrupt (candidate), 5
	 * blocking but dy-runnable (candidate)
	 */
	{ 6, 0, 0, true, BAIL,
	  { XK, 0, F_R | F_B, XU, XU | F_I, F_R | F_B | F_D },
	  { 0, 0, 0, 0, 0, 1 },
	  1, 5, 5, 5, 2, 0, 1, 1, 1, 0, BOOSTED, { 4, 5 }, 0 },
	/* 9: the same with the spinner in user mode: 3 is a candidate */
	{ 6, 0, 0, false, BAIL,
	  { XK, 0, F_R | F_B, XU, XU | F_I, F_R | F_B | F_D },
	  { 0, 0, 0, 0, 0, 1 },
	  1, 5, 5, 5, 3, 0, 1, 1, 0, 0, BOOSTED, { 3, 4, 5 }, 0 },
	/* 10: ready but not preempted (woken): mode does not matter */
	{ 3, 0, 0, true, BAIL, { XK, F_R, XK }, { 0, 1, 1 },
	  1, 1, 1, 1, 1, 0, 0, 0, 0, 0, BOOSTED, { 1 }, 0 },
	/* 11: preempted flag alone (not ready): skipped */
	{ 3, 0, 0, false, BAIL, { XK, F_P | F_K, XK }, { 0, 1, 1 },
	  1, 2, 2, 2, 1, 0, 1, 0, 0, 0, BOOSTED, { 2 }, 0 },
	/*
	 * 12: eligibility: 1 spins, not eligible (skipped, toggled on);
	 * 2 spins, eligible (tried, toggled off); 3 is not spinning
	 */
	{ 4, 0, 0, true, BAIL, { XK, XK | F_S, XK | F_S | F_E, XK },
	  { 0, 1, 0, 1 },
	  1, 3, 3, 3, 2, 0, 0, 0, 0, 1, BOOSTED, { 2, 3 }, 0x02 },
	/* 13: no toggle when an earlier filter already rejected */
	{ 4, 0, 0, true, BAIL,
	  { XK, XU | F_S, F_S | F_E, F_R | F_B | F_S },
	  { 0, 1, 1, 1 },
	  0, NONE, 0, 3, 0, 0, 1, 1, 1, 0, EXHAUST, { 0 }, 0x04 },
	/* 14: dy_eligible of a vCPU not spinning is left alone */
	{ 3, 0, 0, true, BAIL, { XK, XK | F_E, XK }, { 0, 0, 0 },
	  0, NONE, 0, 2, 2, 0, 0, 0, 0, 0, EXHAUST, { 1, 2 }, 0x02 },
	/* 15: three failures stop the bail-out pass */
	{ 6, 0, 0, true, BAIL, { XK, XK, XK, XK, XK, XK },
	  { -3, -3, -3, -3, -3, -3 },
	  0, NONE, 0, 3, 3, 3, 0, 0, 0, 0, FAILED, { 1, 2, 3 }, 0 },
	/* 16: the baseline goes on through failures */
	{ 6, 0, 0, true, BASE, { XK, XK, XK, XK, XK, XK },
	  { -3, -3, -3, -3, -3, -3 },
	  0, NONE, 0, 5, 5, 5, 0, 0, 0, 0, EXHAUST, { 1, 2, 3, 4, 5 }, 0 },
	/* 17: failures interleaved with 0: the third failure stops */
	{ 7, 0, 0, true, BAIL, { XK, XK, XK, XK, XK, XK, XK },
	  { 0, -3, 0, -3, 0, -3, 1 },
	  0, NONE, 0, 5, 5, 3, 0, 0, 0, 0, FAILED, { 1, 2, 3, 4, 5 }, 0 },
	/* 18: two failures then a boost */
	{ 5, 0, 0, true, BAIL, { XK, XK, XK, XK, XK }, { 0, -3, -3, 1, 1 },
	  1, 3, 3, 3, 3, 2, 0, 0, 0, 0, BOOSTED, { 1, 2, 3 }, 0 },
	/* 19: baseline: three failures, then a boost */
	{ 5, 0, 0, true, BASE, { XK, XK, XK, XK, XK },
	  { 0, -3, -3, -3, 1 },
	  1, 4, 4, 4, 4, 3, 0, 0, 0, 0, BOOSTED, { 1, 2, 3, 4 }, 0 },
	/* 20: skipped vCPUs do not count as failures */
	{ 8, 7, 3, true, BAIL, { XK, 0, XK, XK, 0, XK, 0, XK },
	  { -3, -3, -3, -3, -3, -3, -3, -3 },
	  0, NONE, 3, 6, 3, 3, 3, 0, 0, 0, FAILED, { 5, 0, 2 }, 0 },
	/* 21: nothing ready: all examined, nothing tried */
	{ 5, 2, 4, true, BAIL, { 0, 0, 0, 0, 0 }, { 1, 1, 1, 1, 1 },
	  0, NONE, 4, 4, 0, 0, 4, 0, 0, 0, EXHAUST, { 0 }, 0 },
	/* 22: any positive value boosts, any negative value fails */
	{ 4, 3, 0, true, BAIL, { XK, XK, XK, XK }, { 0, -128, 127, 0 },
	  1, 2, 2, 2, 2, 1, 0, 0, 0, 0, BOOSTED, { 1, 2 }, 0 },
	/* 23: baseline: a failure is counted, the pass goes on */
	{ 3, 0, 0, false, BASE, { XK, XU, XU }, { 0, -3, 0 },
	  0, NONE, 0, 2, 2, 1, 0, 0, 0, 0, EXHAUST, { 1, 2 }, 0 },
};

static void dy_check(struct pvs_vec_result *r, unsigned int id,
		     const struct dy_vec *v, struct pvs_vcpu_snap *snap)
{
	struct pvs_dy_vm vm;
	struct pvs_dy_spinner sp;
	struct pvs_dy_result res;
	struct fake_yield f;
	unsigned int i, elig = 0, same = 1;
	int ret;

	for (i = 0; i < v->nr; i++)
		snap_from_flags(&snap[i], v->st[i]);
	fake_init(&f, v->yret, v->nr);
	vm.vcpus = snap;
	vm.nr_vcpus = v->nr;
	vm.last_boosted = v->last;
	sp.policy = (enum pvs_yield_policy)v->policy;
	sp.me = v->me;
	sp.yield_to_kernel_mode = v->kmode;
	sp.yield_to = fake_yield_to;
	sp.ctx = &f;
	ret = pvs_dy_on_spin(&vm, &sp, &res);

	PVS_VEC_EXPECT(r, S, id, ret == v->ret);
	PVS_VEC_EXPECT(r, S, id, res.boosted ==
		       (v->boosted == NONE ? PVS_DY_NONE : v->boosted));
	PVS_VEC_EXPECT(r, S, id, vm.last_boosted == v->last_after);
	PVS_VEC_EXPECT(r, S, id, res.examined == v->examined);
	PVS_VEC_EXPECT(r, S, id, res.attempts == v->attempts);
	PVS_VEC_EXPECT(r, S, id, f.calls == v->attempts);
	PVS_VEC_EXPECT(r, S, id, res.failures == v->failures);
	PVS_VEC_EXPECT(r, S, id, res.skip_not_ready == v->not_ready);
	PVS_VEC_EXPECT(r, S, id, res.skip_blocked == v->blocked);
	PVS_VEC_EXPECT(r, S, id, res.skip_user_mode == v->user);
	PVS_VEC_EXPECT(r, S, id, res.skip_ineligible == v->inel);
	PVS_VEC_EXPECT(r, S, id, (int)res.stop == v->stop);
	for (i = 0; i < v->attempts && i < DY_N; i++)
		same &= f.order[i] == v->calls[i];
	PVS_VEC_EXPECT(r, S, id, same);
	same = 1;
	for (i = 0; i < v->nr; i++) {
		elig |= snap[i].dy_eligible ? 1u << i : 0;
		/* only dy_eligible may change */
		same &= (flags_from_snap(&snap[i]) | F_E) == (v->st[i] | F_E);
	}
	PVS_VEC_EXPECT(r, S, id, elig == v->elig_after);
	PVS_VEC_EXPECT(r, S, id, same);
}

static void yield_pass_table(struct pvs_vec_result *r)
{
	struct pvs_vcpu_snap snap[DY_N];
	unsigned int i;

	for (i = 0; i < PVS_VEC_LEN(dy_vecs); i++)
		dy_check(r, 100 + i, &dy_vecs[i], snap);
}

/* ---- code-driven passes --------------------------------------------- */

void pvs_vec_dy_setup(struct pvs_dy_vm *vm, struct pvs_dy_spinner *sp,
		      struct pvs_vcpu_snap *snap, unsigned int nr,
		      unsigned int me, unsigned int last,
		      pvs_dy_yield_fn yield_to, void *ctx)
{
	*vm = (struct pvs_dy_vm){ .vcpus = snap, .nr_vcpus = nr,
				  .last_boosted = last };
	*sp = (struct pvs_dy_spinner){ .policy = PVS_YIELD_BAILOUT, .me = me,
				       .yield_to_kernel_mode = true,
				       .yield_to = yield_to, .ctx = ctx };
}

/* Set up vm/sp over snap with the fake f; all vCPUs preempted in kernel. */
static void dy_setup(struct pvs_dy_vm *vm, struct pvs_dy_spinner *sp,
		     struct pvs_vcpu_snap *snap, unsigned int nr,
		     struct fake_yield *f)
{
	unsigned int i;

	for (i = 0; i < nr; i++)
		snap_from_flags(&snap[i], XK);
	pvs_vec_dy_setup(vm, sp, snap, nr, 0, 0, fake_yield_to, f);
}

/* The eligibility toggle over consecutive passes. */
static void yield_toggle(struct pvs_vec_result *r)
{
	static const int8_t yret[3] = { 0, 1, 0 };
	struct pvs_vcpu_snap snap[3];
	struct pvs_dy_vm vm;
	struct pvs_dy_spinner sp;
	struct pvs_dy_result res;
	struct fake_yield f;

	fake_init(&f, yret, 3);
	dy_setup(&vm, &sp, snap, 3, &f);
	pvs_dy_spin_enter(&snap[1]);	/* vCPU 1 spins, fresh: not eligible */
	PVS_VEC_EXPECT(r, S, 200, snap[1].in_spin_loop && !snap[1].dy_eligible);

	/* pass 1: 1 ineligible (now eligible), 2 tried and refused */
	PVS_VEC_EXPECT(r, S, 201, pvs_dy_on_spin(&vm, &sp, &res) == 0);
	PVS_VEC_EXPECT(r, S, 202, res.skip_ineligible == 1 &&
		       res.attempts == 1 && f.order[0] == 2);
	PVS_VEC_EXPECT(r, S, 203, snap[1].dy_eligible);
	/* pass 2: 1 eligible this time, boosted; flag toggled back off */
	PVS_VEC_EXPECT(r, S, 204, pvs_dy_on_spin(&vm, &sp, &res) == 1);
	PVS_VEC_EXPECT(r, S, 205, res.boosted == 1 && vm.last_boosted == 1 &&
		       res.skip_ineligible == 0 && !snap[1].dy_eligible);
	/* pass 3 starts after 1: 2 refuses, 1 ineligible again */
	PVS_VEC_EXPECT(r, S, 206, pvs_dy_on_spin(&vm, &sp, &res) == 0);
	PVS_VEC_EXPECT(r, S, 207, f.calls == 3 && f.order[2] == 2 &&
		       res.skip_ineligible == 1 && snap[1].dy_eligible);
	/* vCPU 1 leaves its spin loop: not spinning, not eligible */
	pvs_dy_spin_exit(&snap[1]);
	PVS_VEC_EXPECT(r, S, 208, !snap[1].in_spin_loop &&
		       !snap[1].dy_eligible);
	/* pass 4: 1 is an ordinary candidate again (order 2, then 1) */
	PVS_VEC_EXPECT(r, S, 209, pvs_dy_on_spin(&vm, &sp, &res) == 1 &&
		       res.boosted == 1 && res.attempts == 2);
}

/* Wrap-around in a 64-vCPU VM. */
static void yield_wide(struct pvs_vec_result *r)
{
	int8_t yret[64];
	struct pvs_vcpu_snap snap[64];
	struct pvs_dy_vm vm;
	struct pvs_dy_spinner sp;
	struct pvs_dy_result res;
	struct fake_yield f;
	unsigned int i, ok = 1;

	for (i = 0; i < 64; i++)
		yret[i] = i == 9 ? 1 : 0;
	fake_init(&f, yret, 64);
	dy_setup(&vm, &sp, snap, 64, &f);
	vm.last_boosted = 63;
	sp.me = 10;
	PVS_VEC_EXPECT(r, S, 300, pvs_dy_on_spin(&vm, &sp, &res) == 1);
	for (i = 0; i < 10; i++)
		ok &= f.order[i] == i;
	PVS_VEC_EXPECT(r, S, 301, ok && f.calls == 10 && res.boosted == 9 &&
		       vm.last_boosted == 9 && res.examined == 10);

	/* next pass from 10: spinner skipped, 11..63, 0..8, then 9 again */
	yret[9] = 0;
	fake_init(&f, yret, 64);
	PVS_VEC_EXPECT(r, S, 302, pvs_dy_on_spin(&vm, &sp, &res) == 0);
	ok = f.calls == 63 && res.examined == 63;
	for (i = 0; ok && i < 63; i++)
		ok &= f.order[i] == (i < 53 ? 11 + i : i - 53);
	PVS_VEC_EXPECT(r, S, 303, ok && f.order[62] == 9 &&
		       vm.last_boosted == 9);
}

/* Bad input: error, nothing written, the yield function never called. */
static void yield_bad_input(struct pvs_vec_result *r)
{
	static const int8_t yret[4] = { 1, 1, 1, 1 };
	struct pvs_vcpu_snap snap[4];
	struct pvs_dy_vm vm;
	struct pvs_dy_spinner sp;
	struct pvs_dy_result res;
	struct fake_yield f;
	unsigned int i;

	for (i = 0; i < 9; i++) {
		struct pvs_dy_vm *pvm = &vm;
		struct pvs_dy_spinner *psp = &sp;
		struct pvs_dy_result *pres = &res;
		int expect = -PVS_EINVAL, ret;
		bool untouched;

		fake_init(&f, yret, 4);
		dy_setup(&vm, &sp, snap, 4, &f);
		snap_from_flags(&snap[1], XK | F_S);
		res.boosted = 0xa5a5a5a5u;
		res.examined = 0xa5a5a5a5u;
		res.attempts = 0xa5a5a5a5u;
		res.stop = (enum pvs_dy_stop)0x5a;
		vm.last_boosted = 2;
		switch (i) {
		case 0:
			pvm = NULL;
			break;
		case 1:
			psp = NULL;
			break;
		case 2:
			pres = NULL;
			break;
		case 3:
			vm.vcpus = NULL;
			break;
		case 4:
			sp.yield_to = NULL;
			break;
		case 5:
			sp.policy = (enum pvs_yield_policy)7;
			break;
		case 6:
			vm.nr_vcpus = 0;
			sp.me = 0;
			vm.last_boosted = 0;
			break;
		case 7:
			sp.me = 4;
			break;
		default:
			vm.nr_vcpus = PVS_MAX_VCPUS + 1;
			expect = -PVS_ERANGE;
		}
		ret = pvs_dy_on_spin(pvm, psp, pres);
		untouched = res.boosted == 0xa5a5a5a5u &&
			    res.examined == 0xa5a5a5a5u &&
			    res.attempts == 0xa5a5a5a5u &&
			    (int)res.stop == 0x5a && f.calls == 0 &&
			    flags_from_snap(&snap[1]) == (XK | F_S) &&
			    vm.last_boosted == (i == 6 ? 0u : 2u);
		PVS_VEC_EXPECT(r, S, 400 + i, ret == expect);
		PVS_VEC_EXPECT(r, S, 400 + i, untouched);
	}
	/* last_boosted out of range */
	fake_init(&f, yret, 4);
	dy_setup(&vm, &sp, snap, 4, &f);
	vm.last_boosted = 4;
	PVS_VEC_EXPECT(r, S, 409, pvs_dy_on_spin(&vm, &sp, &res) ==
		       -PVS_EINVAL && vm.last_boosted == 4 && f.calls == 0);
	/* one vCPU: valid, nobody to look at */
	vm.last_boosted = 0;
	vm.nr_vcpus = 1;
	PVS_VEC_EXPECT(r, S, 410, pvs_dy_on_spin(&vm, &sp, &res) == 0 &&
		       res.examined == 0 && res.stop == PVS_DY_STOP_EXHAUSTED);
}

void pvs_vec_yield(struct pvs_vec_result *r)
{
	yield_should(r);
	yield_pass_table(r);
	yield_toggle(r);
	yield_wide(r);
	yield_bad_input(r);
}
