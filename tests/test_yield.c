// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * yield.h: the shared vectors; pvs_should_yield() over every input
 * combination against a truth-table formula; and the directed-yield pass
 * against a reimplementation written here in the kernel's older two-pass
 * form (v3.8 to 2024), over random VMs, many passes each, comparing the
 * choices, the call order, the counters and the snapshots. (The reference
 * loops while nothing is boosted; the old kernel looped while the last
 * yield_to() returned 0, so it skipped the second pass when the first
 * pass's last yield_to() had failed: a quirk the one-loop rework dropped.)
 */
#include "pvs_test.h"

/* true with probability pct/100 */
static bool chance(unsigned int pct)
{
	return pvs_test_rand32() % 100 < pct;
}

static void test_yield_vectors(void **state)
{
	(void)state;
	pvs_test_run_vectors("yield");
}

/* ---- pvs_should_yield() ----------------------------------------------- */

static void test_should_yield_all_combinations(void **state)
{
	static const uint32_t lens[] = { 0, 1, 2, 3, 1000, UINT32_MAX };
	unsigned int pol, a, b, bits, n = 0, esrch = 0, boost = 0;

	(void)state;
	for (pol = 0; pol < 3; pol++)
		for (a = 0; a < 6; a++)
			for (b = 0; b < 6; b++)
				for (bits = 0; bits < 32; bits++) {
					struct pvs_rq_lens l;
					int expect, got;

					l.policy = (enum pvs_yield_policy)pol;
					l.src_nr_running = lens[a];
					l.dst_nr_running = lens[b];
					l.target_on_cpu = bits & 1;
					l.target_runnable = bits & 2;
					l.same_class = bits & 4;
					l.class_has_yield_to = bits & 8;
					l.hook_refuses = bits & 16;
					if (pol == 2 || lens[a] == 0)
						expect = -PVS_EINVAL;
					else if (pol == 1 && lens[a] == 1 &&
						 lens[b] == 1)
						expect = -PVS_ESRCH;
					else
						expect = bits == (2 | 4 | 8);
					got = pvs_should_yield(&l);
					assert_int_equal(got, expect);
					n++;
					esrch += got == -PVS_ESRCH;
					boost += got == PVS_YIELD_BOOST;
				}
	assert_int_equal(n, 3 * 6 * 6 * 32);
	assert_int_equal(esrch, 32);
	/* boostable bits once per (policy, lens) pair, minus the -ESRCH one */
	assert_int_equal(boost, 2 * 5 * 6 - 1);
}

/* ---- the reference pass (two-pass form) -------------------------------- */

struct ref_stats {
	int boosted, examined, attempts, failures;
	int not_ready, blocked, user, inel, stop;
};

/* A scripted yield function: answers from a sequence, logs the targets. */
struct script {
	const int *answers;
	unsigned int n, calls;
	unsigned int log[PVS_MAX_VCPUS];
};

static int script_yield(void *ctx, unsigned int vcpu)
{
	struct script *s = (struct script *)ctx;
	int a = s->answers[s->calls % s->n];

	assert_true(s->calls < PVS_MAX_VCPUS);
	s->log[s->calls++] = vcpu;
	return a;
}

static void ref_pass(struct pvs_vcpu_snap *v, int n, int me, int *last,
		     int kmode, int bailout, struct script *sc,
		     struct ref_stats *st)
{
	int lb = *last, tries = 3, pass, i;

	memset(st, 0, sizeof(*st));
	st->boosted = -1;
	for (pass = 0; pass < 2 && st->boosted < 0 && tries > 0; pass++) {
		for (i = 0; i < n; i++) {
			int y;

			if (pass == 0 && i <= lb)
				continue;
			if (pass == 1 && i > lb)
				break;
			if (i == me)
				continue;
			st->examined++;
			if (!v[i].ready) {
				st->not_ready++;
				continue;
			}
			if (v[i].blocking && !v[i].dy_runnable) {
				st->blocked++;
				continue;
			}
			if (v[i].preempted && kmode && !v[i].pending_interrupt &&
			    !v[i].preempted_in_kernel) {
				st->user++;
				continue;
			}
			if (v[i].in_spin_loop) {
				int was = v[i].dy_eligible;

				v[i].dy_eligible = !was;
				if (!was) {
					st->inel++;
					continue;
				}
			}
			st->attempts++;
			y = script_yield(sc, (unsigned int)i);
			if (y > 0) {
				st->boosted = i;
				*last = i;
				break;
			}
			if (y < 0) {
				st->failures++;
				if (bailout && --tries == 0)
					break;
			}
		}
	}
	if (st->boosted >= 0)
		st->stop = PVS_DY_STOP_BOOSTED;
	else if (tries == 0)
		st->stop = PVS_DY_STOP_FAILURES;
	else
		st->stop = PVS_DY_STOP_EXHAUSTED;
}

static void assert_same_vcpu(const struct pvs_vcpu_snap *want,
			     const struct pvs_vcpu_snap *s)
{
	assert_int_equal(s->ready, want->ready);
	assert_int_equal(s->preempted, want->preempted);
	assert_int_equal(s->blocking, want->blocking);
	assert_int_equal(s->dy_runnable, want->dy_runnable);
	assert_int_equal(s->preempted_in_kernel, want->preempted_in_kernel);
	assert_int_equal(s->pending_interrupt, want->pending_interrupt);
	assert_int_equal(s->in_spin_loop, want->in_spin_loop);
	assert_int_equal(s->dy_eligible, want->dy_eligible);
}

static void random_vcpu(struct pvs_vcpu_snap *r, unsigned int runnable_pct)
{
	r->ready = chance(runnable_pct);
	r->preempted = r->ready ? chance(80) : chance(5);
	r->blocking = chance(15);
	r->dy_runnable = chance(40);
	r->preempted_in_kernel = chance(60);
	r->pending_interrupt = chance(15);
	r->in_spin_loop = chance(30);
	r->dy_eligible = chance(50);
}

/* One VM, many passes by random spinners, compared step by step. */
static void run_random_vm(unsigned int n, unsigned int passes)
{
	static struct pvs_vcpu_snap ref[PVS_MAX_VCPUS];
	static struct pvs_vcpu_snap snap[PVS_MAX_VCPUS];
	static struct script sa, sb;
	static int answers[64];
	unsigned int runnable_pct = pvs_test_rand32() % 101, i, k;
	unsigned int boost_pct = pvs_test_rand32() % 30;
	unsigned int fail_pct = pvs_test_rand32() % 60;
	int last = (int)(pvs_test_rand32() % n);
	struct pvs_dy_vm vm;

	for (i = 0; i < n; i++) {
		random_vcpu(&ref[i], runnable_pct);
		snap[i] = ref[i];
	}

	for (k = 0; k < passes; k++) {
		struct pvs_dy_spinner sp;
		struct pvs_dy_result res;
		struct ref_stats st;
		unsigned int me = pvs_test_rand32() % n;
		int bailout = chance(60), kmode = chance(70), ret;

		pvs_vec_dy_setup(&vm, &sp, snap, n, me,
				 k ? vm.last_boosted : (unsigned int)last,
				 script_yield, &sa);
		sp.policy = bailout ? PVS_YIELD_BAILOUT : PVS_YIELD_BASELINE;
		sp.yield_to_kernel_mode = kmode;

		for (i = 0; i < 64; i++)
			answers[i] = chance(boost_pct) ?
				     1 + (int)(pvs_test_rand32() % 3) :
				     chance(fail_pct) ? -PVS_ESRCH : 0;
		sa.answers = sb.answers = answers;
		sa.n = sb.n = 64;
		sa.calls = sb.calls = 0;

		/* the spinner enters its handler (the caller's job) */
		pvs_dy_spin_enter(&snap[me]);
		ref[me].in_spin_loop = 1;

		ret = pvs_dy_on_spin(&vm, &sp, &res);
		ref_pass(ref, (int)n, (int)me, &last, kmode, bailout, &sb, &st);

		assert_int_equal(ret, st.boosted >= 0);
		assert_int_equal(res.boosted, st.boosted >= 0 ?
				 (unsigned int)st.boosted : PVS_DY_NONE);
		assert_int_equal(vm.last_boosted, (unsigned int)last);
		assert_int_equal(res.examined, st.examined);
		assert_int_equal(res.attempts, st.attempts);
		assert_int_equal(res.failures, st.failures);
		assert_int_equal(res.skip_not_ready, st.not_ready);
		assert_int_equal(res.skip_blocked, st.blocked);
		assert_int_equal(res.skip_user_mode, st.user);
		assert_int_equal(res.skip_ineligible, st.inel);
		assert_int_equal(res.stop, st.stop);
		assert_int_equal(res.examined, res.skip_not_ready +
				 res.skip_blocked + res.skip_user_mode +
				 res.skip_ineligible + res.attempts);
		assert_int_equal(sa.calls, sb.calls);
		for (i = 0; i < sa.calls; i++)
			assert_int_equal(sa.log[i], sb.log[i]);
		for (i = 0; i < n; i++)
			assert_same_vcpu(&ref[i], &snap[i]);

		/*
		 * The spinner leaves the handler, unless it is still
		 * descheduled after boosting someone (then others see it
		 * spinning for a while).
		 */
		if (!(ret == 1 && chance(50))) {
			pvs_dy_spin_exit(&snap[me]);
			ref[me].in_spin_loop = 0;
			ref[me].dy_eligible = 0;
		}
		/* the world moves on: some vCPUs change state */
		for (i = 0; i < n / 8 + 1; i++) {
			unsigned int j = pvs_test_rand32() % n;
			int spin = ref[j].in_spin_loop, elig = ref[j].dy_eligible;

			random_vcpu(&ref[j], runnable_pct);
			ref[j].in_spin_loop = spin;	/* flags owned by the pass */
			ref[j].dy_eligible = elig;
			snap[j] = ref[j];
		}
	}
}

static void test_pass_random_vs_reference(void **state)
{
	unsigned int vm;

	(void)state;
	for (vm = 0; vm < 3000; vm++) {
		unsigned int n = vm % 10 == 0 ?
				 1 + pvs_test_rand32() % PVS_MAX_VCPUS :
				 1 + pvs_test_rand32() % 48;

		run_random_vm(n, 40);
	}
}

/* Small VMs exhaustively: every me / last_boosted pair. */
static void test_pass_every_start(void **state)
{
	unsigned int n, me, lb;

	(void)state;
	for (n = 1; n <= 9; n++)
		for (me = 0; me < n; me++)
			for (lb = 0; lb < n; lb++) {
				static const int never[1] = { 0 };
				struct pvs_vcpu_snap snap[9];
				struct script sc;
				struct pvs_dy_vm vm;
				struct pvs_dy_spinner sp;
				struct pvs_dy_result res;
				unsigned int i, expect = lb;

				memset(snap, 0, sizeof(snap));
				for (i = 0; i < n; i++)
					snap[i].ready = true;
				sc.answers = never;
				sc.n = 1;
				sc.calls = 0;
				pvs_vec_dy_setup(&vm, &sp, snap, n, me, lb,
						 script_yield, &sc);
				assert_int_equal(pvs_dy_on_spin(&vm, &sp, &res),
						 0);
				assert_int_equal(sc.calls, n - 1);
				/* lb+1, lb+2, ... mod n, without me */
				for (i = 0; i < sc.calls; i++) {
					expect = (expect + 1) % n;
					if (expect == me)
						expect = (expect + 1) % n;
					assert_int_equal(sc.log[i], expect);
				}
				assert_int_equal(vm.last_boosted, lb);
			}
}

/* The largest VM: 1023 candidates; one more vCPU is refused. */
static void test_pass_max_vcpus(void **state)
{
	static struct pvs_vcpu_snap snap[PVS_MAX_VCPUS + 1];
	static struct script sc;
	static const int answers[1] = { 0 };
	struct pvs_dy_vm vm;
	struct pvs_dy_spinner sp;
	struct pvs_dy_result res;
	unsigned int i;

	(void)state;
	for (i = 0; i <= PVS_MAX_VCPUS; i++) {
		snap[i].ready = true;
		snap[i].preempted = true;
		snap[i].preempted_in_kernel = true;
	}
	sc.answers = answers;
	sc.n = 1;
	sc.calls = 0;
	pvs_vec_dy_setup(&vm, &sp, snap, PVS_MAX_VCPUS, 500, PVS_MAX_VCPUS - 1,
			 script_yield, &sc);
	assert_int_equal(pvs_dy_on_spin(&vm, &sp, &res), 0);
	assert_int_equal(res.examined, PVS_MAX_VCPUS - 1);
	assert_int_equal(sc.calls, PVS_MAX_VCPUS - 1);
	assert_int_equal(sc.log[0], 0);
	assert_int_equal(sc.log[PVS_MAX_VCPUS - 2], PVS_MAX_VCPUS - 1);
	vm.nr_vcpus = PVS_MAX_VCPUS + 1;
	assert_int_equal(pvs_dy_on_spin(&vm, &sp, &res), -PVS_ERANGE);
}

/* ---- the upstream change's situation: both halves of the library together -------- */

/* A host model: each vCPU thread's runqueue and whether it is on a CPU. */
struct host {
	enum pvs_yield_policy policy;
	uint32_t nr_running[PVS_MAX_VCPUS];
	bool on_cpu[PVS_MAX_VCPUS];
	unsigned int me;
	unsigned int attempts;
};

static int host_yield(void *ctx, unsigned int vcpu)
{
	struct host *h = (struct host *)ctx;
	struct pvs_rq_lens l;

	h->attempts++;
	l.policy = h->policy;
	l.src_nr_running = h->nr_running[h->me];
	l.dst_nr_running = h->nr_running[vcpu];
	l.target_on_cpu = h->on_cpu[vcpu];
	l.target_runnable = true;
	l.same_class = true;
	l.class_has_yield_to = true;
	l.hook_refuses = false;
	return pvs_should_yield(&l);
}

/*
 * Undercommit as in the upstream change (80 vCPUs, one per host CPU, each alone on
 * its runqueue, all candidates as before the ready/preempted filters):
 * the baseline tries every other vCPU, the bail-out gives up after 3.
 * Overcommit (a second task on each runqueue, holder preempted): both
 * find the preempted vCPU.
 */
static void test_seed_undercommit_and_overcommit(void **state)
{
	static struct host h;
	static struct pvs_vcpu_snap snap[80];
	struct pvs_dy_vm vm;
	struct pvs_dy_spinner sp;
	struct pvs_dy_result res;
	unsigned int i, pol;

	(void)state;
	for (pol = 0; pol < 2; pol++) {
		for (i = 0; i < 80; i++) {
			memset(&snap[i], 0, sizeof(snap[i]));
			snap[i].ready = true;
			h.nr_running[i] = 1;
			h.on_cpu[i] = true;
		}
		h.policy = (enum pvs_yield_policy)pol;
		h.me = 17;
		h.attempts = 0;
		pvs_vec_dy_setup(&vm, &sp, snap, 80, 17, 0, host_yield, &h);
		sp.policy = h.policy;
		assert_int_equal(pvs_dy_on_spin(&vm, &sp, &res), 0);
		if (pol == PVS_YIELD_BASELINE) {
			assert_int_equal(res.attempts, 79);
			assert_int_equal(res.failures, 0);
			assert_int_equal(res.stop, PVS_DY_STOP_EXHAUSTED);
		} else {
			assert_int_equal(res.attempts, 3);
			assert_int_equal(res.failures, 3);
			assert_int_equal(res.stop, PVS_DY_STOP_FAILURES);
		}
		assert_int_equal(h.attempts, res.attempts);

		/* overcommit: vCPU 40 preempted, every runqueue has 2 */
		for (i = 0; i < 80; i++)
			h.nr_running[i] = 2;
		h.on_cpu[40] = false;
		vm.last_boosted = 30;
		assert_int_equal(pvs_dy_on_spin(&vm, &sp, &res), 1);
		assert_int_equal(res.boosted, 40);
		assert_int_equal(res.attempts, 10);
		assert_int_equal(vm.last_boosted, 40);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_yield_vectors),
		cmocka_unit_test(test_should_yield_all_combinations),
		cmocka_unit_test(test_pass_random_vs_reference),
		cmocka_unit_test(test_pass_every_start),
		cmocka_unit_test(test_pass_max_vcpus),
		cmocka_unit_test(test_seed_undercommit_and_overcommit),
	};

	return cmocka_run_group_tests_name("yield", tests, NULL, NULL);
}
