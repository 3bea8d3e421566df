// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * spin_rt.h: the measured context and the wait loop, driven with fake
 * locks whose callbacks count calls. Every expectation follows from the
 * rule documented at pvs_spin_decide() and pvrt_spin_wait(), not from
 * timing: no test depends on how long anything takes.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "pvs_test.h"
#include <pvsched/probe.h>
#include <pvsched/spin_rt.h>

struct fake {
	unsigned int ready_calls;
	unsigned int ready_after;	/* ready() true from this call on */
	unsigned int park_calls;
	int park_ret;			/* what park() returns */
	int owner;			/* owner_cpu(); -2: this CPU */
	uint32_t spinners;
	uint32_t max_spinners_seen;
};

static bool fake_ready(void *arg)
{
	struct fake *f = (struct fake *)arg;

	if (f->spinners > f->max_spinners_seen)
		f->max_spinners_seen = f->spinners;
	return ++f->ready_calls >= f->ready_after;
}

static int fake_park(void *arg, const struct timespec *deadline)
{
	struct fake *f = (struct fake *)arg;

	(void)deadline;
	f->park_calls++;
	return f->park_ret;
}

static int fake_owner(void *arg)
{
	struct fake *f = (struct fake *)arg;

	return f->owner == -2 ? pvrt_spin_this_cpu() : f->owner;
}

static void waiter_of(struct fake *f, struct pvrt_spin_waiter *w)
{
	w->ready = fake_ready;
	w->park = fake_park;
	w->owner_cpu = fake_owner;
	w->arg = f;
	w->nr_spinning = &f->spinners;
}

/* A fresh fake lock and its waiter. */
static void fake_lock(struct fake *f, struct pvrt_spin_waiter *w,
		      unsigned int ready_after, int park_ret, int owner)
{
	memset(f, 0, sizeof(*f));
	f->ready_after = ready_after;
	f->park_ret = park_ret;
	f->owner = owner;
	waiter_of(f, w);
}

static struct pvrt_spin ctx;

static int setup(void **state)
{
	cpu_set_t one;
	int ret;

	(void)state;
	ret = pvrt_spin_init(&ctx, PVS_SPIN_POLICY_PV);
	/* Then one CPU: "the owner recorded my CPU" cannot race a migration. */
	CPU_ZERO(&one);
	CPU_SET(sched_getcpu(), &one);
	sched_setaffinity(0, sizeof(one), &one);
	return ret;
}

static void test_init(void **state)
{
	struct pvrt_spin s;
	static struct pvprobe_cpu_times st_cpus[PVS_MAX_CPUS];
	struct pvprobe_ctx pctx;
	struct pvprobe_cpus cpus;
	struct pvprobe_stat st;
	unsigned int i;
	int n;

	(void)state;
	assert_int_equal(pvrt_spin_init(NULL, PVS_SPIN_POLICY_PV), -PVS_EINVAL);
	assert_int_equal(pvrt_spin_init(&s, (enum pvs_spin_policy)2),
			 -PVS_EINVAL);
	assert_int_equal(pvrt_spin_init(&s, PVS_SPIN_POLICY_FIXED), 0);
	assert_int_equal(s.policy, PVS_SPIN_POLICY_FIXED);
	assert_true(s.nr_online >= 1);
	assert_true(s.nr_allowed >= 1 && s.nr_allowed <= s.nr_online);
	/* No more than the cgroup's CPU quota lets run at once, rounded
	 * up (ctx was made before setup() pinned this thread to one CPU,
	 * so only the quota part of the effective CPUs is compared). */
	pvprobe_ctx_init(&pctx, NULL);
	if (pvprobe_read_cpus(&pctx, &cpus) == 0 && cpus.quota.limited)
		assert_true(ctx.nr_allowed * 1000u < cpus.quota_mcpus + 1000u);
	assert_int_equal(s.steal_period_ns, PVRT_SPIN_STEAL_PERIOD_NS);
#if defined(__x86_64__)
	assert_true(s.pause_ps > 0);
#endif
	assert_true(s.nr_steal_cpus >= 1);	/* Linux: /proc/stat */
	/* The view covers every CPU line of /proc/stat (its reader grows
	 * its buffer from one line: spin_rt_host.c). */
	st.cap = PVS_MAX_CPUS;
	st.cpus = st_cpus;
	pvprobe_ctx_init(&pctx, NULL);
	n = pvprobe_read_stat(&pctx, &st);
	assert_true(n >= 1);
	assert_int_equal(s.nr_steal_cpus, (uint32_t)st.cpus[n - 1].cpu + 1);
	for (i = 0; i < s.nr_steal_cpus; i++)
		assert_true(pvrt_spin_steal_ppm(&s, (int)i) <= PVS_SPIN_FULL_PPM);
	assert_int_equal(pvrt_spin_steal_ppm(&s, -1), 0);
	assert_int_equal(pvrt_spin_steal_ppm(&s, PVS_MAX_CPUS), 0);
	assert_int_equal(pvrt_spin_steal_ppm(NULL, 0), 0);
	assert_ptr_equal(pvrt_spin_default(), pvrt_spin_default());
	assert_int_equal(pvrt_spin_default()->policy, PVS_SPIN_POLICY_PV);
	assert_true(pvrt_spin_this_cpu() >= 0);
	/* Pinned (setup): the rseq read and sched_getcpu() must agree. */
	assert_int_equal(pvrt_spin_this_cpu(), sched_getcpu());
	assert_int_equal(pvrt_spin_this_tid(), (uint32_t)syscall(SYS_gettid));
}

/*
 * One wait that returns 0, then the counts and the last reason it must
 * report: spins, parks and last_reason of *st.
 */
static void wait_expect(struct pvrt_spin *c, const struct pvrt_spin_waiter *w,
			struct pvrt_spin_wait_stats *st, uint32_t spins,
			uint32_t parks, enum pvs_spin_reason reason)
{
	assert_int_equal(pvrt_spin_wait(c, w, NULL, st), 0);
	assert_int_equal(st->spins, spins);
	assert_int_equal(st->parks, parks);
	assert_int_equal(st->last_reason, reason);
}

static void test_bad_waiter(void **state)
{
	struct pvrt_spin_waiter w;
	struct fake f;

	(void)state;
	fake_lock(&f, &w, 0, 0, 0);
	assert_int_equal(pvrt_spin_wait(&ctx, NULL, NULL, NULL), -PVS_EINVAL);
	w.ready = NULL;
	assert_int_equal(pvrt_spin_wait(&ctx, &w, NULL, NULL), -PVS_EINVAL);
	waiter_of(&f, &w);
	w.park = NULL;
	assert_int_equal(pvrt_spin_wait(&ctx, &w, NULL, NULL), -PVS_EINVAL);
	assert_int_equal(f.ready_calls, 0);
}

static void test_ready_at_once(void **state)
{
	struct pvrt_spin_wait_stats st;
	struct pvrt_spin_waiter w;
	struct fake f;

	(void)state;
	fake_lock(&f, &w, 1, 0, -1);
	assert_int_equal(pvrt_spin_wait(&ctx, &w, NULL, &st), 0);
	assert_int_equal(f.ready_calls, 1);
	assert_int_equal(st.spins + st.yields + st.parks, 0);
}

/*
 * The context, claiming dedicated vCPUs so that this machine's live steal
 * cannot shrink a spin budget or the arrival poll a test counts on.
 */
static struct pvrt_spin dedicated_ctx(void)
{
	struct pvrt_spin c = ctx;

	c.dedicated = true;
	return c;
}

/* Free after a few polls: found while spinning, the counter restored. */
static void test_found_while_spinning(void **state)
{
	struct pvrt_spin_wait_stats st;
	struct pvrt_spin_waiter w;
	struct pvrt_spin c = dedicated_ctx();
	struct fake f;

	(void)state;
	if (c.nr_allowed < 2)
		skip();	/* PV never spins on one CPU (rule 3) */
	fake_lock(&f, &w, 5, 0, -1);
	assert_int_equal(pvrt_spin_wait(&c, &w, NULL, &st), 0);
	assert_int_equal(f.ready_calls, 5);
	assert_int_equal(f.park_calls, 0);
	assert_true(st.spins >= 1);
	assert_int_equal(f.max_spinners_seen, 1);	/* counted while polling */
	assert_int_equal(f.spinners, 0);
}

/* Owner recorded our CPU: it is not running, park without spinning. */
static void test_owner_on_my_cpu_parks(void **state)
{
	struct pvrt_spin_wait_stats st;
	struct pvrt_spin_waiter w;
	struct fake f;

	(void)state;
	fake_lock(&f, &w, ~0u, 1, -2);
	wait_expect(&ctx, &w, &st, 0, 1, PVS_SPIN_REASON_OWNER_PREEMPTED);
}

/*
 * CPUs - 1 waiters already spin: a new one polls for its arrival budget
 * (PVS_SPIN_ARRIVAL_NS), then parks (the herd rule).
 */
static void test_herd_parks(void **state)
{
	struct pvrt_spin_wait_stats st;
	struct pvrt_spin_waiter w;
	struct pvrt_spin c = dedicated_ctx();
	struct fake f;

	(void)state;
	fake_lock(&f, &w, ~0u, 1, -1);
	f.spinners = c.nr_allowed - 1;
	wait_expect(&c, &w, &st, c.nr_allowed >= 2 ? 1 : 0, 1,
		    PVS_SPIN_REASON_HERD);
	if (c.nr_allowed >= 2)
		assert_true(st.spun_ns > 0);
	assert_int_equal(f.spinners, c.nr_allowed - 1);
	/* one CPU: no poll at all */
	c.nr_allowed = 1;
	fake_lock(&f, &w, ~0u, 1, -1);
	wait_expect(&c, &w, &st, 0, 1, PVS_SPIN_REASON_HERD);
}

/* In a herd, a lock freed during the arrival poll is taken without a park. */
static void test_herd_arrival_takes_lock(void **state)
{
	struct pvrt_spin_wait_stats st;
	struct pvrt_spin_waiter w;
	struct pvrt_spin c = dedicated_ctx();
	struct fake f;

	(void)state;
	c.nr_allowed = 2;
	fake_lock(&f, &w, 3, 1, -1);	/* free at the third look */
	f.spinners = 1;
	wait_expect(&c, &w, &st, 1, 0, PVS_SPIN_REASON_ARRIVAL);
	assert_int_equal(f.park_calls, 0);
	assert_int_equal(f.spinners, 1);	/* we unregistered */
	assert_int_equal(f.max_spinners_seen, 2);	/* and had registered */
}

/* FIXED ignores owner and spinners: it spins its budget, then parks. */
static void test_fixed_spins_then_parks(void **state)
{
	struct pvrt_spin_wait_stats st;
	struct pvrt_spin_waiter w;
	struct pvrt_spin fixed;
	struct fake f;

	(void)state;
	assert_int_equal(pvrt_spin_init(&fixed, PVS_SPIN_POLICY_FIXED), 0);
	fake_lock(&f, &w, ~0u, 1, -2);
	f.spinners = 1000;
	assert_int_equal(pvrt_spin_wait(&fixed, &w, NULL, &st), 0);
	assert_true(st.spins >= 1);
	assert_int_equal(st.parks, 1);
	assert_true(f.ready_calls > 1);
	assert_true(st.last_reason == PVS_SPIN_REASON_SPUN_OUT ||
		    st.last_reason == PVS_SPIN_REASON_TOO_SHORT);
}

/*
 * A round polls at once, then after gaps doubling up to
 * PVRT_SPIN_POLL_GAP_MAX_NS of PAUSEs: with a nominal 1 ns PAUSE, a
 * 100 us budget of 100,000 PAUSEs polls about 100,000 / 512 times, not
 * once a PAUSE, and still polls throughout the round.
 */
static void test_polls_back_off(void **state)
{
	struct pvrt_spin_wait_stats st;
	struct pvrt_spin_waiter w;
	struct pvrt_spin fixed;
	struct fake f;
	unsigned int budget = 100000, gap_max = PVRT_SPIN_POLL_GAP_MAX_NS;

	(void)state;
	assert_int_equal(pvrt_spin_init(&fixed, PVS_SPIN_POLICY_FIXED), 0);
	fixed.pause_ps = 1000;
	fixed.ctxsw_ns = budget;
	fake_lock(&f, &w, ~0u, 1, -2);
	assert_int_equal(pvrt_spin_wait(&fixed, &w, NULL, &st), 0);
	assert_int_equal(st.parks, 1);
	/* Each round: ~log2(gap_max) short gaps, then one poll per gap_max. */
	assert_true(f.ready_calls >= budget / gap_max);
	assert_true(f.ready_calls <= st.spins * 16u + 2u * budget / gap_max);
}

/* Woken (park returns 0) then ready: the wait goes on, then ends. */
static void test_woken_then_ready(void **state)
{
	struct pvrt_spin_wait_stats st;
	struct pvrt_spin_waiter w;
	struct fake f;

	(void)state;
	/* ready() false before the park, true after; owner here: park. */
	fake_lock(&f, &w, 2, 0, -2);
	assert_int_equal(pvrt_spin_wait(&ctx, &w, NULL, &st), 0);
	assert_int_equal(f.park_calls, 1);
	assert_int_equal(f.ready_calls, 2);
}

static void test_deadline_and_park_error(void **state)
{
	struct pvrt_spin_wait_stats st;
	struct pvrt_spin_waiter w;
	struct timespec past;
	struct fake f;

	(void)state;
	fake_lock(&f, &w, ~0u, 0, -1);
	clock_gettime(CLOCK_REALTIME, &past);
	past.tv_sec -= 1;
	assert_int_equal(pvrt_spin_wait(&ctx, &w, &past, &st), -PVS_ETIMEDOUT);
	assert_int_equal(f.park_calls, 0);
	f.park_ret = -PVS_EIO;
	f.owner = -2;
	assert_int_equal(pvrt_spin_wait(&ctx, &w, NULL, &st), -PVS_EIO);
	assert_int_equal(f.park_calls, 1);
}

/* A ready() that sleeps once, at one call, for a set time. */
struct sleepy {
	struct fake f;
	unsigned int sleep_at;
	uint64_t sleep_ns;
};

static bool sleepy_ready(void *arg)
{
	struct sleepy *z = (struct sleepy *)arg;
	struct timespec ts;

	if (z->f.ready_calls + 1 == z->sleep_at) {
		ts.tv_sec = (time_t)(z->sleep_ns / 1000000000u);
		ts.tv_nsec = (long)(z->sleep_ns % 1000000000u);
		while (nanosleep(&ts, &ts) != 0)
			;
	}
	return fake_ready(&z->f);
}

static struct pvrt_spin gapctx;

/*
 * Observed steal: a spin interval that took longer than gap_min_ns (here
 * a sleep inside ready(), which lasts at least what it asks) is counted
 * as a gap of the CPU the waiter runs on, and turns into a steal rate of
 * that CPU; with observe_gaps off nothing is counted.
 */
static void test_observed_gap(void **state)
{
	struct pvrt_spin_wait_stats st;
	struct pvrt_spin_waiter w;
	struct sleepy z;
	int cpu = pvrt_spin_this_cpu();
	uint64_t before;

	(void)state;
	assert_int_equal(pvrt_spin_init(&gapctx, PVS_SPIN_POLICY_PV), 0);
	assert_int_equal(gapctx.observe_gaps, PVRT_SPIN_OBSERVE_DEFAULT);
	assert_true(gapctx.gap_min_ns >= gapctx.ctxsw_ns);
	assert_true(gapctx.gap_min_ns >= (uint64_t)PVRT_SPIN_GAP_FACTOR *
						 PVRT_SPIN_ORACLE_EVERY *
						 gapctx.pause_ps / 1000u);
	gapctx.oracle = NULL;
	gapctx.nr_allowed = 2;		/* one spinner may spin */
	gapctx.ctxsw_ns = 1000000;	/* a long budget: many checks */
	gapctx.steal_period_ns = 0;	/* refresh on every read */
	gapctx.observe_gaps = true;
	memset(&z, 0, sizeof(z));
	fake_lock(&z.f, &w, 4 * PVRT_SPIN_ORACLE_EVERY, 1, -1);
	w.ready = sleepy_ready;
	w.arg = &z;
	z.sleep_at = 10;
	z.sleep_ns = 2 * gapctx.gap_min_ns;
	before = gapctx.obs_gap_ns[cpu];
	assert_int_equal(pvrt_spin_wait(&gapctx, &w, NULL, &st), 0);
	assert_int_equal(st.parks, 0);
	assert_true(gapctx.obs_gap_ns[cpu] - before >= z.sleep_ns);
	assert_true(gapctx.obs_spin_ns[cpu] >= gapctx.obs_gap_ns[cpu]);
	assert_true(pvrt_spin_steal_ppm(&gapctx, cpu) > 0);
	assert_true(pvrt_spin_observed_ppm(&gapctx, cpu) > 0);
	assert_true(pvrt_spin_observed_ppm(&gapctx, cpu) <= PVS_SPIN_FULL_PPM);
	assert_int_equal(pvrt_spin_observed_ppm(&gapctx, -1), 0);
	assert_int_equal(pvrt_spin_observed_ppm(NULL, 0), 0);
	/* Off: the same wait counts nothing and the view reads 0. */
	gapctx.observe_gaps = false;
	assert_int_equal(pvrt_spin_observed_ppm(&gapctx, cpu), 0);
	before = gapctx.obs_gap_ns[cpu];
	fake_lock(&z.f, &w, 4 * PVRT_SPIN_ORACLE_EVERY, 1, -1);
	w.ready = sleepy_ready;
	w.arg = &z;
	assert_int_equal(pvrt_spin_wait(&gapctx, &w, NULL, &st), 0);
	assert_true(gapctx.obs_gap_ns[cpu] == before);
}

static void test_slice_absent_is_noop(void **state)
{
	struct pvrt_spin s;

	(void)state;
	memcpy(&s, &ctx, sizeof(s));
	s.rseq_slice = false;
	assert_false(pvrt_spin_slice_begin(&s));
	assert_false(pvrt_spin_slice_end(&s));
	assert_false(pvrt_spin_slice_begin(NULL));
	assert_false(pvrt_spin_slice_end(NULL));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_init),
		cmocka_unit_test(test_bad_waiter),
		cmocka_unit_test(test_ready_at_once),
		cmocka_unit_test(test_found_while_spinning),
		cmocka_unit_test(test_owner_on_my_cpu_parks),
		cmocka_unit_test(test_herd_parks),
		cmocka_unit_test(test_herd_arrival_takes_lock),
		cmocka_unit_test(test_fixed_spins_then_parks),
		cmocka_unit_test(test_polls_back_off),
		cmocka_unit_test(test_woken_then_ready),
		cmocka_unit_test(test_deadline_and_park_error),
		cmocka_unit_test(test_slice_absent_is_noop),
		cmocka_unit_test(test_observed_gap),
	};

	return cmocka_run_group_tests(tests, setup, NULL);
}
