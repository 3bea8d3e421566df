// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * pvs_mutex: fast paths, and the slow paths waiting through
 * pvrt_spin_wait_for() and the futex.
 *
 * The owner. Every acquisition records the owner's thread id and CPU
 * (relaxed stores, after the word is taken; both read inline, without a
 * call: host/arch/this_thread.h), and unlock clears the tid
 * before it frees the word. A waiter hands both to pvrt_spin_wait_for():
 * with the owner-on-CPU oracle it spins only while that thread is the one
 * running on a CPU (the kernel mutex's owner_on_cpu() rule, which follows
 * an owner that migrates); without it, or while the tid reads 0 (a lock
 * just freed or just taken), the recorded CPU is all it has
 * (docs/spin-rt.md). A stale value only misjudges one decision: ready()
 * is polled either way.
 *
 * States of the lock word: 0 free, 1 locked, 2 locked and sleepers
 * possible, 3 released and reserved for the heir.
 *
 * Invariant (Drepper, "Futexes are tricky", mutex3): a thread that has ever
 * slept on the futex takes the lock with state 2, never 1, because other
 * sleepers may remain and only state 2 makes the unlocker look for them. A
 * thread that only spun may take it with 1, and only from 0: a sleeper that
 * comes later sets 2 itself before it sleeps. A thread that has slept and
 * leaves without the lock (its deadline passed while it spun after a wake)
 * sets 2 too, or takes the lock: the wake it spent may have been the other
 * sleepers' one, and a barger holding state 1 would free the lock without
 * looking for them.
 *
 * Skipping the wake. A sleeper counts itself in nr_sleepers (a sequentially
 * consistent increment) before its futex wait, and uncounts itself after.
 * The unlocker frees the word (a sequentially consistent exchange), then
 * reads nr_sleepers and wakes only if it is not 0. Take a sleeper S and an
 * unlocker U. The kernel compares the word with S's expected value after
 * S's increment. If U's exchange comes before that comparison, the word
 * has changed and S's wait returns at once (nothing to wake). Otherwise
 * S's increment precedes U's exchange, which precedes U's read, so U sees
 * the count and wakes. No sleeper is forgotten; a count that includes a
 * thread just leaving costs one useless wake, never a lost one.
 *
 * The handoff. One waiter at a time may claim the heir's slot (HEIR), and
 * only on its way to sleep on state 2 (never 3: see park()). An unlocker
 * that finds state 2 and turns HEIR into GRANTED stores state 3 instead of
 * 0 and wakes the futex with the heir's bit only. State 3 is not 0, so no
 * one barges; only the heir takes 3 -> 2 (2: it has slept) and then clears
 * the slot. A heir that takes the lock some other way (from 0, before any
 * unlocker saw it) resigns with HEIR -> none: no grant can have happened,
 * because a grant leaves the word at 2 or 3 until the heir consumes it. A
 * heir that times out resigns the same way; if the compare-and-swap fails,
 * the grant is under way and the heir waits for state 3 and takes the lock
 * (success, like a lock freed on the way).
 *
 * The lapse. A heir that is not running (a signal handler, a preempted
 * vCPU) would keep a free lock from everyone. A thread that finds state 3
 * reserved for another one for PVS_MUTEX_HANDOFF_LAPSE_MS (a spinner's
 * polls, a sleeper's sleep bounded by it, repeated trylocks) takes it,
 * 3 -> 2, then turns GRANTED into LAPSED and wakes the heir's bit. Only
 * the heir clears LAPSED (to none) and goes on as a plain waiter; until it
 * does no one can claim the slot, so there is never a second heir. A heir
 * that finds state 2 and the slot still GRANTED (a theft in progress)
 * waits in bounded sleeps: a grant and its lapse may bring the word back
 * to the value it sleeps on (ABA).
 *
 * fork(). The slot carries the fork generation of its claim. In a child, a
 * claim or grant from the parent names a thread that does not exist: the
 * unlocker ignores such a claim, and any thread may take a state 3 whose
 * grant is stale, so a child that holds or finds such a lock goes on.
 *
 * Concurrency restriction, rotation and the timekeeper: admit.c's opening
 * comment. This file asks it when to wake (release_slow()) and how long a
 * sleeper may sleep (park()).
 *
 * Deadlines are handled here, on either clock: the futex wait takes the
 * deadline, and a long spin checks the clock every DEADLINE_POLLS polls.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/futex.h>
#include <stdbool.h>
#include <stddef.h>

#include <pvsched/admit.h>
#include <pvsched/spin_rt.h>

#include "lock_impl.h"
#include "../arch/this_thread.h"
#include "../arch/slice.h"

/* futex bitsets: every sleeper has NORMAL; the heir also has HEIR. */
#define BIT_NORMAL 1u
#define BIT_HEIR 2u

/* Lock word values. */
#define FREE 0u
#define LOCKED 1u
#define SLEEPERS 2u
#define HANDED 3u

/* Heir slot: low two bits; the fork generation above them. */
#define NO_HEIR 0u
#define HEIR 1u
#define GRANTED 2u
#define LAPSED 3u	/* a thief took the grant; only its heir clears it */
#define SLOT_MASK 3u

#define LAPSE_NS ((uint64_t)PVS_MUTEX_HANDOFF_LAPSE_MS * 1000000u)

/* Ready() polls between two clock reads when a deadline is set. */
#define DEADLINE_POLLS 64u

_Static_assert(sizeof(struct pvs_mutex) <= 40, "fits a pthread_mutex_t");
_Static_assert(offsetof(struct pvs_mutex, type) == 16,
	       "type is where glibc keeps __kind");

/* One waiter's view of the lock, for the callbacks. */
struct waiter {
	struct pvs_mutex *m;
	const struct timespec *deadline;	/* NULL: none */
	int clock;
	uint32_t take;	/* value to lock with: 1, or 2 once we have slept */
	uint32_t parks;	/* park() calls in this acquisition */
	uint32_t polls;	/* ready() calls, for the deadline */
	bool heir;	/* we hold the heir's claim */
	bool timed_out;	/* ready() saw the deadline pass */
	uint64_t handed_ns;	/* when we saw state 3 not ours (0: not) */
	uint64_t parked_ns;	/* when we first parked (0: not yet) */
	uint32_t rotations;	/* bounds passed with the slot another's */
	bool rotated;	/* a sleep ended at its rotation bound */
	bool moved;	/* the last sleep found the word moved on */
};

static uint32_t slot(uint32_t what)
{
	return (__atomic_load_n(&lock_fork_gen, __ATOMIC_RELAXED) << 2) | what;
}

/* A claim or grant made before the last fork (so its heir is gone). */
static bool slot_stale(uint32_t h)
{
	return h != NO_HEIR && (h & ~SLOT_MASK) != slot(0);
}

int pvs_mutex_init(struct pvs_mutex *m, int type)
{
	if (m == NULL ||
	    (type != PVS_MUTEX_NORMAL && type != PVS_MUTEX_ERRORCHECK))
		return EINVAL;
	*m = (struct pvs_mutex)PVS_MUTEX_INITIALIZER;
	m->type = type;
	return 0;
}

int pvs_mutex_destroy(struct pvs_mutex *m)
{
	if (__atomic_load_n(&m->state, __ATOMIC_RELAXED) != FREE ||
	    __atomic_load_n(&m->nr_sleepers, __ATOMIC_RELAXED) != 0)
		return EBUSY;
	return 0;
}

/*
 * What an acquisition does only when asked: count it
 * (pvs_lock_stats_enable()) and, where some thread may use the time-slice
 * extension (host/arch/slice.h), ask not to be preempted while we hold @m.
 * If this thread did ask, the word is made to say "sleepers possible" (2,
 * as ready() does for skipped wakes) so that the release takes
 * unlock_slow(), which ends the section: the uncontended release tests no
 * slice flag.
 */
static __attribute__((noinline)) void acquired_extras(struct pvs_mutex *m)
{
	LOCK_COUNT(acquisitions, 1);
	if (!pvrt_slice_armed())
		return;
	pvrt_slice_enter_thread();
	if (pvrt_slice_state == PVRT_SLICE_ON)
		__atomic_store_n(&m->state, SLEEPERS, __ATOMIC_RELAXED);
}

static void acquired(struct pvs_mutex *m)
{
	__atomic_store_n(&m->owner_tid, this_thread_tid(), __ATOMIC_RELAXED);
	__atomic_store_n(&m->owner_cpu1, (uint32_t)(this_thread_cpu() + 1),
			 __ATOMIC_RELAXED);
	LOCK_ACQUIRED(m);
	/* Both rare extras behind one branch of the fast path. */
	if (__builtin_expect(__atomic_load_n(&lock_counting, __ATOMIC_RELAXED) |
				     __atomic_load_n(&pvrt_slice_maybe,
						     __ATOMIC_RELAXED),
			     0))
		acquired_extras(m);
}

/* The heir (or, after a fork, anyone) takes a handed lock (3 -> 2). */
static bool take_handed(struct waiter *pw)
{
	uint32_t handed = HANDED;

	if (!__atomic_compare_exchange_n(&pw->m->state, &handed, SLEEPERS,
					 false, __ATOMIC_ACQUIRE,
					 __ATOMIC_ACQUIRE))
		return false;
	pw->heir = false;
	__atomic_store_n(&pw->m->handoff, NO_HEIR, __ATOMIC_RELEASE);
	return true;
}

/* State 3 is ours to take: we are the heir, or its grant is stale. */
static bool handed_to(struct waiter *pw)
{
	return pw->heir ||
	       slot_stale(__atomic_load_n(&pw->m->handoff, __ATOMIC_RELAXED));
}

/*
 * State 3 reserved for a heir that has not taken it for LAPSE_NS since
 * *since_ns (0: first sight now): take it (3 -> 2: sleepers possible, the
 * heir among them), then mark the slot LAPSED and wake the heir's bit so
 * that it notices. Nothing else changes the slot meanwhile: the heir only
 * clears it by taking state 3, claims need an empty slot, and unlocks
 * are ours. True if we took the lock.
 */
static bool lapse(struct pvs_mutex *m, uint64_t *since_ns)
{
	uint32_t handed = HANDED;
	uint64_t now = lock_mono_ns();

	if (*since_ns == 0) {
		*since_ns = now;
		return false;
	}
	if (now - *since_ns < LAPSE_NS ||
	    __atomic_load_n(&m->handoff, __ATOMIC_RELAXED) != slot(GRANTED) ||
	    !__atomic_compare_exchange_n(&m->state, &handed, SLEEPERS, false,
					 __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
		return false;
	__atomic_store_n(&m->handoff, slot(LAPSED), __ATOMIC_SEQ_CST);
	lock_futex_wake(&m->state, 1, BIT_HEIR);
	*since_ns = 0;
	return true;
}

/* A heir whose grant lapsed becomes a plain waiter; true if so. */
static bool notice_lapse(struct waiter *pw)
{
	if (!pw->heir || __atomic_load_n(&pw->m->handoff, __ATOMIC_ACQUIRE) !=
				 slot(LAPSED))
		return false;
	__atomic_store_n(&pw->m->handoff, NO_HEIR, __ATOMIC_RELEASE);
	pw->heir = false;
	return true;
}

static bool ready(void *arg)
{
	struct waiter *pw = (struct waiter *)arg;
	uint32_t s = __atomic_load_n(&pw->m->state, __ATOMIC_RELAXED);

	if (pw->heir)
		notice_lapse(pw);
	/* Test before the compare-and-swap: spinning reads the line shared. */
	if (s == HANDED && handed_to(pw) && take_handed(pw))
		return true;
	if (s == FREE &&
	    __atomic_compare_exchange_n(&pw->m->state, &s, pw->take, false,
					__ATOMIC_SEQ_CST, __ATOMIC_RELAXED)) {
		/* Sleepers whose wake was skipped: our unlock looks for them. */
		if (pw->take == LOCKED &&
		    __atomic_load_n(&pw->m->nr_sleepers, __ATOMIC_SEQ_CST) != 0)
			__atomic_store_n(&pw->m->state, SLEEPERS,
					 __ATOMIC_RELAXED);
		return true;
	}
	if (s != HANDED)
		pw->handed_ns = 0;
	/* The clock, read every DEADLINE_POLLS polls: deadline and lapse. */
	if (++pw->polls % DEADLINE_POLLS != 0)
		return false;
	if (s == HANDED && !pw->heir && lapse(pw->m, &pw->handed_ns))
		return true;
	if (pw->deadline != NULL && lock_past(pw->clock, pw->deadline)) {
		pw->timed_out = true;
		return true;
	}
	return false;
}

static int owner_cpu(void *arg)
{
	struct waiter *pw = (struct waiter *)arg;

	return (int)__atomic_load_n(&pw->m->owner_cpu1, __ATOMIC_RELAXED) - 1;
}

/*
 * Make the word say "sleepers possible" unless the lock can be taken:
 * 1 if we took it (with 2, or the handoff), else 0 with *seen the value to
 * sleep on (2, or 3 reserved for another thread).
 */
static int mark_sleeping(struct waiter *pw, uint32_t *seen)
{
	struct pvs_mutex *m = pw->m;
	uint32_t s = __atomic_load_n(&m->state, __ATOMIC_RELAXED);

	for (;;) {
		if (s == HANDED && handed_to(pw)) {
			if (take_handed(pw))
				return 1;
		} else if (s == FREE || s == LOCKED) {
			/* 0 -> 2 takes the lock; 1 -> 2 announces us. */
			if (__atomic_compare_exchange_n(&m->state, &s, SLEEPERS,
							false, __ATOMIC_ACQUIRE,
							__ATOMIC_RELAXED))
				return s == FREE;
			continue;	/* s was reloaded */
		} else {
			*seen = s;
			return 0;
		}
		s = __atomic_load_n(&m->state, __ATOMIC_RELAXED);
	}
}

/* A heir leaves without a handoff; 1 if a grant was under way (ours). */
static int resign(struct waiter *pw)
{
	struct pvs_mutex *m = pw->m;
	uint32_t heir = slot(HEIR), s;

	if (!pw->heir)
		return 0;
	if (__atomic_compare_exchange_n(&m->handoff, &heir, NO_HEIR, false,
					__ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
		pw->heir = false;
		return 0;
	}
	/*
	 * Granted: the unlocker stores 3 and wakes our bit; wait for it, or
	 * for a thief to mark the grant lapsed. Each sleep is bounded: a
	 * grant and its lapse may bring the word back to the value we sleep
	 * on before we are queued.
	 */
	while (!take_handed(pw)) {
		struct timespec t;

		s = __atomic_load_n(&m->state, __ATOMIC_ACQUIRE);
		if (notice_lapse(pw))
			return 0;
		if (s == HANDED)
			continue;
		clock_gettime(CLOCK_MONOTONIC, &t);
		t.tv_sec += 1;
		lock_futex_wait(&m->state, s, BIT_HEIR, CLOCK_MONOTONIC, &t);
	}
	return 1;
}

/* glibc's pthread_mutex_lock() may run on our mutexes too. */
static bool glibc_compat(void)
{
	return __atomic_load_n(&lock_glibc_compat, __ATOMIC_RELAXED);
}

/* Claim the heir's slot if it is free (or stale); true if we did. */
static bool claim_heir(struct pvs_mutex *m)
{
	uint32_t h = __atomic_load_n(&m->handoff, __ATOMIC_RELAXED);

	if ((h != NO_HEIR && !slot_stale(h)) || glibc_compat())
		return false;
	return __atomic_compare_exchange_n(&m->handoff, &h, slot(HEIR), false,
					   __ATOMIC_SEQ_CST, __ATOMIC_RELAXED);
}

/*
 * This waiter has earned the heir's slot: woken and beaten often enough.
 * With less than 2 CPUs only by rotation: there the unlocker may keep the
 * lock's only CPU (lock_admit_wake()), and a woken waiter beaten once is the
 * rule working, not a waiter passed over; made heir, it would take the
 * lock from a thread that runs and hand it to one that must be woken, at
 * every unlock.
 */
static bool due_handoff(struct waiter *pw)
{
	if (++pw->parks < PVS_MUTEX_HANDOFF_PARKS || pw->rotated)
		return pw->parks >= PVS_MUTEX_HANDOFF_PARKS;
	return !lock_one_cpu(pw->m);
}

static int park(void *arg, const struct timespec *unused)
{
	struct waiter *pw = (struct waiter *)arg;
	struct pvs_mutex *m = pw->m;
	const struct timespec *until;
	struct timespec lapse_t, rotate_t;
	uint32_t seen = SLEEPERS;
	uint64_t park_ns;
	bool keeper, one_cpu;
	int r;

	(void)unused;	/* pvrt_spin_wait() gets no deadline: pw has it */
	pw->take = SLEEPERS;
	/*
	 * With less than 2 CPUs, after a sleep that found the word moved on
	 * (the owner released without a wake, lock_admit_wake(), and took the
	 * lock again), sleep on the word as it is, unmarked: marking it 2
	 * again loses the same race at once and makes every unlock slow.
	 * Such a sleep ends at the rotation bound (at most
	 * PVS_ADMIT_ROTATE_NS), or at a wake meant for any sleeper. The heir
	 * always marks: its grant needs the unlocker's slow path.
	 */
	if (pw->moved && !pw->heir &&
	    __atomic_load_n(&m->state, __ATOMIC_RELAXED) == LOCKED &&
	    lock_one_cpu(m))
		seen = LOCKED;
	else if (mark_sleeping(pw, &seen))
		return 1;	/* freed (or handed) on the way to sleep */
	/*
	 * Claim the heir's slot only now that the word says 2, so an
	 * unlocker that sees the claim takes its slow path and hands over
	 * (a claim seen late only delays the handoff to a later unlock).
	 * And only when we are about to sleep on 2: a grant turns 2 into 3,
	 * so the kernel's compare fails and a heir cannot miss its grant. A
	 * heir sleeping on 3 (read while the lock was handed to someone
	 * else) would match the 3 of its own later grant and sleep for ever
	 * with the lock reserved for it (ABA; seen in the stress test).
	 */
	notice_lapse(pw);
	if (due_handoff(pw) && !pw->heir && seen == SLEEPERS && claim_heir(m))
		pw->heir = true;
	/* Reserved for another thread: sleep only until it may lapse. */
	until = pw->deadline;
	if (seen == HANDED) {
		if (pw->handed_ns == 0)
			pw->handed_ns = lock_mono_ns();
		clock_gettime(pw->clock, &lapse_t);
		lock_ts_add_ns(&lapse_t, LAPSE_NS);
		if (until == NULL || !lock_ts_before(until, &lapse_t))
			until = &lapse_t;
	}
	/* The rotation bound: a passive waiter asks again when it passes. */
	park_ns = lock_park_bound_ns(m, pw->heir, &pw->parked_ns,
				     &pw->rotations, &one_cpu);
	if (seen == LOCKED && (park_ns == 0 || park_ns > PVS_ADMIT_ROTATE_NS))
		park_ns = PVS_ADMIT_ROTATE_NS;
	keeper = lock_count_sleeper(m, seen == SLEEPERS && !glibc_compat(),
				    one_cpu, &park_ns);
	if (park_ns != 0) {
		clock_gettime(pw->clock, &rotate_t);
		lock_ts_add_ns(&rotate_t, park_ns);
		if (until == NULL || lock_ts_before(&rotate_t, until))
			until = &rotate_t;
	}
	LOCK_COUNT(parks, 1);
	r = lock_futex_wait(&m->state, seen,
			    pw->heir ? BIT_NORMAL | BIT_HEIR : BIT_NORMAL,
			    pw->clock, until);
	/* Uncounted (the timekeeper's bit with it) before we look again. */
	lock_uncount_sleeper(m, keeper);
	pw->moved = r == EAGAIN;
	if (r == ETIMEDOUT && until == &lapse_t)
		return lapse(m, &pw->handed_ns) ? 1 : 0;
	if (r == ETIMEDOUT && until == &rotate_t) {
		pw->rotated = true;
		return 0;	/* due: the next park claims the heir's slot */
	}
	if (r == ETIMEDOUT) {
		if (mark_sleeping(pw, &seen) || resign(pw))
			return 1;
		return -PVS_ETIMEDOUT;
	}
	/* Woken, interrupted by a signal (EINTR), or the word moved on. */
	return 0;
}

/*
 * A waiter leaves at its deadline. If it has slept, a wake meant for the
 * other sleepers may have been spent on it, and a barger may hold the lock
 * with state 1: leave the word at 2 so that the next unlock looks for them
 * (or take the lock, freed on the way). True if we now own the lock.
 */
static bool left_marked(struct waiter *pw)
{
	uint32_t seen;

	return pw->take == SLEEPERS && mark_sleeping(pw, &seen) == 1;
}

/*
 * A waiter leaves at its deadline, out of the active set (the runtime
 * uncounted it from nr_spinning): an unlocker that skipped a wake because
 * it counted us must not leave the sleepers on a free lock.
 */
static void left_active(struct pvs_mutex *m)
{
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	if (__atomic_load_n(&m->state, __ATOMIC_SEQ_CST) == FREE &&
	    __atomic_load_n(&m->nr_sleepers, __ATOMIC_SEQ_CST) != 0)
		lock_futex_wake(&m->state, 1, FUTEX_BITSET_MATCH_ANY);
}

/* Out of line: the fast path then needs no stack frame. */
__attribute__((noinline)) static int lock_slow(struct pvs_mutex *m, int clock,
					       const struct timespec *deadline)
{
	struct waiter pw = { .m = m, .deadline = deadline, .clock = clock,
			     .take = LOCKED };
	struct pvrt_spin_waiter w;
	struct pvrt_spin_wait_stats st;
	int ret;

	/* glibc's order: the clock, a deadline before 1970, then tv_nsec. */
	if (deadline != NULL && !lock_clock_ok(clock))
		return EINVAL;
	if (deadline != NULL && deadline->tv_sec < 0)
		return ETIMEDOUT;
	if (deadline != NULL && !lock_deadline_ok(deadline))
		return EINVAL;
	w.ready = ready;
	w.park = park;
	w.owner_cpu = owner_cpu;
	w.arg = &pw;
	w.nr_spinning = glibc_compat() ? NULL : &m->nr_spinning;
	ret = pvrt_spin_wait_for(m->spin != NULL ? m->spin : lock_spin(), &w,
				 &m->owner_tid, NULL, &st);
	LOCK_COUNT(contended, 1);
	LOCK_COUNT(spins, st.spins);
	/*
	 * A heir leaves with its claim withdrawn, whatever the outcome. When
	 * we own the lock the claim cannot have been granted; when we time
	 * out (here or in park) a grant under way still gives us the lock.
	 */
	if (resign(&pw))
		ret = 0;
	else if (pw.timed_out || ret == -PVS_ETIMEDOUT) {
		if (!left_marked(&pw)) {
			left_active(m);
			return ETIMEDOUT;
		}
		ret = 0;
	}
	if (ret < 0)
		return EINVAL;
	acquired(m);
	return 0;
}

static bool try_fast(struct pvs_mutex *m)
{
	uint32_t zero = FREE;

	return __atomic_compare_exchange_n(&m->state, &zero, LOCKED, false,
					   __ATOMIC_ACQUIRE, __ATOMIC_RELAXED);
}

/* ERRORCHECK: the caller owns @m. */
static bool owned_by_me(const struct pvs_mutex *m)
{
	return m->type == PVS_MUTEX_ERRORCHECK &&
	       __atomic_load_n(&m->owner_tid, __ATOMIC_RELAXED) ==
		       this_thread_tid();
}

/* The three lock calls, inline in each: no call through the PLT between
 * two exported functions of this library. */
static inline int clocklock(struct pvs_mutex *m, int clock,
			    const struct timespec *abstime)
{
	if (try_fast(m)) {
		acquired(m);
		return 0;
	}
	if (owned_by_me(m))
		return EDEADLK;
	return lock_slow(m, clock, abstime);
}

int pvs_mutex_clocklock(struct pvs_mutex *m, int clock,
			const struct timespec *abstime)
{
	/* Even when the mutex is free, as glibc does (the deadline is
	 * looked at only when the caller must wait). */
	if (!lock_clock_ok(clock))
		return EINVAL;
	return clocklock(m, clock, abstime);
}

int pvs_mutex_lock(struct pvs_mutex *m)
{
	return clocklock(m, CLOCK_REALTIME, NULL);
}

int pvs_mutex_timedlock(struct pvs_mutex *m, const struct timespec *abstime)
{
	return clocklock(m, CLOCK_REALTIME, abstime);
}

/* trylock's view of a reservation: the mutex this thread last found
 * reserved for another thread, and since when, so that its trylocks make
 * the reservation lapse as a waiter's polls do. */
static __thread struct {
	const struct pvs_mutex *m;
	uint64_t since_ns;
} try_seen;

int pvs_mutex_trylock(struct pvs_mutex *m)
{
	struct waiter pw = { .m = m, .clock = CLOCK_REALTIME,
			     .take = LOCKED };

	if (try_fast(m))
		goto got;
	if (__atomic_load_n(&m->state, __ATOMIC_RELAXED) != HANDED) {
		if (try_seen.m == m)
			try_seen.m = NULL;
		return EBUSY;
	}
	if (handed_to(&pw) && take_handed(&pw))
		goto got;
	if (try_seen.m != m) {
		try_seen.m = m;
		try_seen.since_ns = 0;
	}
	if (!lapse(m, &try_seen.since_ns))
		return EBUSY;
	try_seen.m = NULL;
got:
	acquired(m);
	return 0;
}

/* State 2: hand the lock to the heir if there is one, else free it and
 * wake one sleeper if any. */
static void release_slow(struct pvs_mutex *m)
{
	uint32_t heir = slot(HEIR);
	bool compat = glibc_compat();

	if (!compat && __atomic_load_n(&m->handoff, __ATOMIC_RELAXED) == heir &&
	    __atomic_compare_exchange_n(&m->handoff, &heir, slot(GRANTED),
					false, __ATOMIC_RELAXED,
					__ATOMIC_RELAXED)) {
		/* The word stays non-zero: only the heir may take it. */
		__atomic_store_n(&m->state, HANDED, __ATOMIC_RELEASE);
		lock_futex_wake(&m->state, 1, BIT_HEIR);
		LOCK_COUNT(handoffs, 1);
		return;
	}
	__atomic_exchange_n(&m->state, FREE, __ATOMIC_SEQ_CST);
	/* glibc's sleepers are not in nr_sleepers. */
	if (compat || lock_admit_wake(m))
		lock_futex_wake(&m->state, 1, FUTEX_BITSET_MATCH_ANY);
}

/*
 * State 2 (sleepers possible, or a hold with a time-slice extension
 * request: acquired_extras()): the release, then the section's end, whose
 * yield after a grant comes when the lock is free for the waiters.
 */
static __attribute__((noinline)) void unlock_slow(struct pvs_mutex *m)
{
	release_slow(m);
	if (pvrt_slice_armed())
		pvrt_slice_leave_thread();
}

int pvs_mutex_unlock(struct pvs_mutex *m)
{
	uint32_t one = LOCKED;

	if (m->type == PVS_MUTEX_ERRORCHECK &&
	    (!owned_by_me(m) ||
	     __atomic_load_n(&m->state, __ATOMIC_RELAXED) == FREE))
		return EPERM;
	__atomic_store_n(&m->owner_tid, 0, __ATOMIC_RELAXED);
	LOCK_RELEASING(m);
	if (!__atomic_compare_exchange_n(&m->state, &one, FREE, false,
					 __ATOMIC_RELEASE, __ATOMIC_RELAXED))
		unlock_slow(m);
	return 0;
}
