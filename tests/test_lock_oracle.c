// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The installed pvs_mutex with the owner-on-CPU oracle (the exact
 * owner_on_cpu() rule through pvrt_spin_wait_for()): a waiter spins while
 * its owner runs, even after the owner migrated away from the CPU it
 * recorded (the CPU-only rule parks there: the recorded CPU is the
 * waiter's own), and parks at once when the owner is blocked. Needs root
 * and a kernel that loads the BPF program (else skipped), and 2 CPUs.
 * Spins and parks are read from pvs_lock_stats; no timing is asserted.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include <linux/futex.h>

#include <cmocka.h>
#include "pvs_clock.h"
#include "pvs_test.h"

#include <pvsched/lock.h>
#include <pvsched/oracle.h>
#include <pvsched/spin_rt.h>

#define HOLD_NS 5000000u	/* the migrated owner holds the lock this long */

/* A private attached oracle (root, BPF-capable kernel, 2 CPUs) or skip. */
static struct pvrt_oracle *need_oracle(void)
{
	struct pvrt_oracle_opts opts;
	struct pvrt_oracle *o = NULL;
	enum pvrt_oracle_why why = PVRT_ORACLE_OK;

	if (sysconf(_SC_NPROCESSORS_ONLN) < 2)
		return NULL;
	if (geteuid() != 0)
		return NULL;
	memset(&opts, 0, sizeof(opts));
	opts.no_pinned = true;
	if (pvrt_oracle_open(&o, &opts, &why) < 0)
		print_message("oracle: %s\n", pvrt_oracle_why_name(why));
	return o;
}

struct owner {
	struct pvs_mutex *m;
	uint32_t tid;		/* atomic */
	uint32_t moved;		/* atomic: holds the lock, now on CPU 1 */
	uint32_t go;		/* atomic: the owner may unlock (blocked) or
				 * start its hold (spinning) */
	bool block;		/* block (sleep) holding the lock, else spin */
};

static void *owner_main(void *arg)
{
	struct owner *ow = (struct owner *)arg;
	struct sched_param sp;
	uint64_t t0;

	pvs_test_pin(0);
	pvs_mutex_lock(ow->m);	/* records CPU 0 */
	pvs_test_pin(1);
	/* Best effort: keep CPU 1 against the machine's other work. */
	sp.sched_priority = 1;
	pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp);
	__atomic_store_n(&ow->tid, pvrt_spin_this_tid(), __ATOMIC_RELEASE);
	__atomic_store_n(&ow->moved, 1, __ATOMIC_RELEASE);
	if (ow->block) {
		/* Asleep until told, with no periodic wake-up: a poll with
		 * usleep() ran every millisecond, and a waiter that looked
		 * then saw its owner on a CPU and rightly spun. */
		while (!__atomic_load_n(&ow->go, __ATOMIC_ACQUIRE))
			syscall(SYS_futex, &ow->go, FUTEX_WAIT_PRIVATE, 0,
				NULL, NULL, 0);
	} else {
		/* Running, not asleep: until the waiter is about to lock,
		 * then HOLD_NS more (so it finds the lock held). */
		while (!__atomic_load_n(&ow->go, __ATOMIC_ACQUIRE))
			;
		t0 = pvs_test_mono_ns();
		while (pvs_test_mono_ns() - t0 < HOLD_NS)
			;
	}
	pvs_mutex_unlock(ow->m);
	return NULL;
}

/* Let the owner unlock (blocked) or start its hold (spinning). */
static void owner_go(struct owner *ow)
{
	__atomic_store_n(&ow->go, 1, __ATOMIC_RELEASE);
	syscall(SYS_futex, &ow->go, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}

/* Start an owner that takes @m on CPU 0 and moves to CPU 1; we run on
 * CPU 0 (the CPU it recorded). */
static void owner_start(struct owner *ow, struct pvs_mutex *m, bool block,
			pthread_t *th)
{
	memset(ow, 0, sizeof(*ow));
	ow->m = m;
	ow->block = block;
	pvs_test_pin(0);
	assert_int_equal(pthread_create(th, NULL, owner_main, ow), 0);
	while (!__atomic_load_n(&ow->moved, __ATOMIC_ACQUIRE))
		sched_yield();
}

/* One test's setup: the oracle, a PV context asking it, a mutex on it. */
struct fixture {
	struct pvrt_oracle *o;
	struct pvrt_spin s;
	struct pvs_mutex m;
	cpu_set_t all;
};

static int fixture_up(void **state)
{
	static struct fixture f;

	memset(&f, 0, sizeof(f));
	f.o = need_oracle();
	sched_getaffinity(0, sizeof(f.all), &f.all);
	if (f.o != NULL) {
		assert_int_equal(pvrt_spin_init(&f.s, PVS_SPIN_POLICY_PV), 0);
		f.s.oracle = f.o;
		f.m.spin = &f.s;
	}
	*state = &f;
	return 0;
}

static int fixture_down(void **state)
{
	struct fixture *f = (struct fixture *)*state;

	sched_setaffinity(0, sizeof(f->all), &f->all);
	pvrt_oracle_close(f->o);
	return 0;
}

/* Attempts before the migrated-owner test gives up: in one the owner may
 * be descheduled (other work on CPU 1, or ours past its 5 ms), where not
 * spinning is right. The CPU-only rule parks
 * at once in every attempt (the owner recorded our CPU). */
#define MIGRATED_TRIES 5

static void test_migrated_owner_spins(void **state)
{
	struct fixture *f = (struct fixture *)*state;
	struct pvs_mutex *m = &f->m;
	struct pvs_lock_stats a, b;
	struct owner ow;
	pthread_t th;
	uint64_t spins = 0;
	unsigned int i;

	if (f->o == NULL)
		SKIP_BECAUSE("skipped: needs root, 2 CPUs and the BPF oracle");
	for (i = 0; i < MIGRATED_TRIES && spins == 0; i++) {
		owner_start(&ow, m, false, &th);
		assert_int_equal(m->owner_cpu1, 1);	/* CPU 0, ours */
		assert_int_equal(m->owner_tid, ow.tid);
		pvs_lock_stats_enable(1);
		pvs_lock_stats_read(&a);
		owner_go(&ow);
		assert_int_equal(pvs_mutex_lock(m), 0);
		pvs_lock_stats_read(&b);
		pvs_lock_stats_enable(0);
		assert_int_equal(pvs_mutex_unlock(m), 0);
		pthread_join(th, NULL);
		spins = b.spins - a.spins;
		print_message("migrated owner, attempt %u: spins %llu parks "
			      "%llu\n", i + 1, (unsigned long long)spins,
			      (unsigned long long)(b.parks - a.parks));
	}
	assert_true(spins >= 1);
}

static void test_blocked_owner_parks(void **state)
{
	struct fixture *f = (struct fixture *)*state;
	struct pvs_lock_stats a, b;
	struct timespec dl;
	struct owner ow;
	pthread_t th;
	uint64_t t0;
	int cpu, seen = 1;

	if (f->o == NULL)
		SKIP_BECAUSE("skipped: needs root, 2 CPUs and the BPF oracle");
	owner_start(&ow, &f->m, true, &th);
	/* Wait until the oracle sees the owner off every CPU (asleep). */
	for (t0 = pvs_test_mono_ns(); seen && pvs_test_mono_ns() - t0 < 1000000000u;) {
		seen = 0;
		for (cpu = 0; cpu < (int)pvrt_oracle_nr_cpus(f->o); cpu++)
			seen |= pvrt_oracle_is_running(f->o, ow.tid, cpu);
	}
	assert_false(seen);
	pvs_test_in_ms(CLOCK_REALTIME, &dl, 20);
	pvs_lock_stats_enable(1);
	pvs_lock_stats_read(&a);
	assert_int_equal(pvs_mutex_timedlock(&f->m, &dl), ETIMEDOUT);
	pvs_lock_stats_read(&b);
	pvs_lock_stats_enable(0);
	owner_go(&ow);
	pthread_join(th, NULL);
	print_message("blocked owner: spins %llu parks %llu\n",
		      (unsigned long long)(b.spins - a.spins),
		      (unsigned long long)(b.parks - a.parks));
	assert_int_equal(b.spins - a.spins, 0);
	assert_true(b.parks - a.parks >= 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_migrated_owner_spins,
						fixture_up, fixture_down),
		cmocka_unit_test_setup_teardown(test_blocked_owner_parks,
						fixture_up, fixture_down),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
