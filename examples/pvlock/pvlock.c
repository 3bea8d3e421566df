// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * pvlock slow paths: waiting through pvrt_spin_wait() and the futex.
 *
 * States of the lock word: 0 free, 1 locked, 2 locked and sleepers
 * possible, 3 released and reserved for the heir.
 *
 * Invariant (Drepper, "Futexes are tricky", mutex3): a thread that has ever
 * slept on the futex takes the lock with state 2, never 1, because other
 * sleepers may remain and only state 2 makes the unlocker look for them. A
 * thread that only spun may take it with 1, and only from 0: a sleeper that
 * comes later sets 2 itself before it sleeps.
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
 * The handoff. One waiter at a time may claim handoff 0 -> 1 (the heir),
 * and only on its way to sleep on state 2 (never 3: see pvlock_park()).
 * An unlocker that finds state 2 and claims handoff 1 -> 2 (granted) stores
 * state 3 instead of 0 and wakes the futex with the heir's bit only. State
 * 3 is not 0, so no one barges; only the heir takes 3 -> 2 (2: it has
 * slept) and then stores handoff 0. A heir that takes the lock some other
 * way (from 0, before any unlocker saw it) resigns with handoff 1 -> 0: no
 * grant can have happened, because a grant leaves the word at 2 or 3 until
 * the heir consumes it. A heir that times out resigns the same way; if the
 * compare-and-swap fails, the grant is under way and the heir waits for
 * state 3 and takes the lock (success, like a lock freed on the way).
 */
#define _GNU_SOURCE
#include <linux/futex.h>
#include <stdbool.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "pvlock.h"

/* futex bitsets: every sleeper has NORMAL; the heir also has HEIR. */
#define PVLOCK_BIT_NORMAL 1u
#define PVLOCK_BIT_HEIR 2u

/* Lock word values. */
#define PVLOCK_FREE 0u
#define PVLOCK_LOCKED 1u
#define PVLOCK_SLEEPERS 2u
#define PVLOCK_HANDED 3u

/* handoff values. */
#define PVLOCK_NO_HEIR 0u
#define PVLOCK_HEIR 1u
#define PVLOCK_GRANTED 2u

#ifdef PVLOCK_STATS
static struct pvlock_stats pvlock_counts;
#define COUNT(field, n) \
	__atomic_fetch_add(&pvlock_counts.field, (n), __ATOMIC_RELAXED)
#else
#define COUNT(field, n) ((void)(n))
#endif

void pvlock_stats_read(struct pvlock_stats *out, int reset)
{
#ifdef PVLOCK_STATS
	uint64_t *src = (uint64_t *)&pvlock_counts, *dst = (uint64_t *)out;
	size_t i;

	for (i = 0; i < sizeof(*out) / sizeof(uint64_t); i++)
		dst[i] = reset ? __atomic_exchange_n(&src[i], 0,
						     __ATOMIC_RELAXED) :
				 __atomic_load_n(&src[i], __ATOMIC_RELAXED);
#else
	(void)reset;
	memset(out, 0, sizeof(*out));
#endif
}

/* One waiter's view of the lock, for the callbacks. */
struct pvlock_waiter {
	struct pvlock *l;
	uint32_t take;	/* value to lock with: 1, or 2 once we have slept */
	uint32_t parks;	/* park() calls in this acquisition */
	bool heir;	/* we hold the heir's claim */
};

void pvlock_init(struct pvlock *l, struct pvrt_spin *ctx)
{
	l->state = PVLOCK_FREE;
	l->owner_cpu = -1;
	l->nr_spinning = 0;
	l->nr_sleepers = 0;
	l->handoff = PVLOCK_NO_HEIR;
	l->ctx = ctx;
}

static long futex_wait(uint32_t *word, uint32_t val, uint32_t bits,
		       const struct timespec *deadline)
{
	return syscall(SYS_futex, word,
		       FUTEX_WAIT_BITSET_PRIVATE | FUTEX_CLOCK_REALTIME, val,
		       deadline, NULL, bits);
}

static void futex_wake(uint32_t *word, uint32_t bits)
{
	syscall(SYS_futex, word, FUTEX_WAKE_BITSET_PRIVATE, 1, NULL, NULL,
		bits);
}

/* The heir takes the lock handed to it (state 3 -> 2). */
static bool take_handed(struct pvlock_waiter *pw)
{
	uint32_t handed = PVLOCK_HANDED;

	if (!__atomic_compare_exchange_n(&pw->l->state, &handed,
					 PVLOCK_SLEEPERS, false,
					 __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
		return false;
	pw->heir = false;
	__atomic_store_n(&pw->l->handoff, PVLOCK_NO_HEIR, __ATOMIC_RELEASE);
	return true;
}

static bool pvlock_ready(void *arg)
{
	struct pvlock_waiter *pw = (struct pvlock_waiter *)arg;
	uint32_t s = __atomic_load_n(&pw->l->state, __ATOMIC_RELAXED);

	/* Test before the compare-and-swap: spinning reads the line shared. */
	if (s == PVLOCK_HANDED && pw->heir)
		return take_handed(pw);
	if (s != PVLOCK_FREE)
		return false;
	return __atomic_compare_exchange_n(&pw->l->state, &s, pw->take,
					   false, __ATOMIC_ACQUIRE,
					   __ATOMIC_RELAXED);
}

static int pvlock_owner_cpu(void *arg)
{
	struct pvlock_waiter *pw = (struct pvlock_waiter *)arg;

	return __atomic_load_n(&pw->l->owner_cpu, __ATOMIC_RELAXED);
}

/*
 * Make the word say "sleepers possible" unless the lock can be taken:
 * 1 if we took it (with 2, or the handoff), else 0 with *seen the value to
 * sleep on (2, or 3 reserved for another thread).
 */
static int mark_sleeping(struct pvlock_waiter *pw, uint32_t *seen)
{
	struct pvlock *l = pw->l;
	uint32_t s = __atomic_load_n(&l->state, __ATOMIC_RELAXED);

	for (;;) {
		if (s == PVLOCK_HANDED && pw->heir) {
			if (take_handed(pw))
				return 1;
		} else if (s == PVLOCK_FREE || s == PVLOCK_LOCKED) {
			/* 0 -> 2 takes the lock; 1 -> 2 announces us. */
			if (__atomic_compare_exchange_n(&l->state, &s,
							PVLOCK_SLEEPERS, false,
							__ATOMIC_ACQUIRE,
							__ATOMIC_RELAXED))
				return s == PVLOCK_FREE;
			continue;	/* s was reloaded */
		} else {
			*seen = s;
			return 0;
		}
		s = __atomic_load_n(&l->state, __ATOMIC_RELAXED);
	}
}

/* A heir leaves without a handoff; 1 if a grant was under way (ours). */
static int resign(struct pvlock_waiter *pw)
{
	struct pvlock *l = pw->l;
	uint32_t heir = PVLOCK_HEIR, s;

	if (!pw->heir)
		return 0;
	if (__atomic_compare_exchange_n(&l->handoff, &heir, PVLOCK_NO_HEIR,
					false, __ATOMIC_RELAXED,
					__ATOMIC_RELAXED)) {
		pw->heir = false;
		return 0;
	}
	/* Granted: the unlocker stores 3 and wakes our bit; wait for it. */
	while (!take_handed(pw)) {
		s = __atomic_load_n(&l->state, __ATOMIC_RELAXED);
		if (s != PVLOCK_HANDED)
			futex_wait(&l->state, s, PVLOCK_BIT_HEIR, NULL);
	}
	return 1;
}

static int pvlock_park(void *arg, const struct timespec *deadline)
{
	struct pvlock_waiter *pw = (struct pvlock_waiter *)arg;
	struct pvlock *l = pw->l;
	uint32_t seen = PVLOCK_SLEEPERS, none = PVLOCK_NO_HEIR;
	long r;

	pw->take = PVLOCK_SLEEPERS;
	if (mark_sleeping(pw, &seen))
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
	if (++pw->parks >= PVLOCK_HANDOFF_PARKS && !pw->heir &&
	    seen == PVLOCK_SLEEPERS &&
	    __atomic_load_n(&l->handoff, __ATOMIC_RELAXED) == PVLOCK_NO_HEIR &&
	    __atomic_compare_exchange_n(&l->handoff, &none, PVLOCK_HEIR, false,
					__ATOMIC_SEQ_CST, __ATOMIC_RELAXED)) {
		pw->heir = true;
		COUNT(heirs, 1);
	}
	COUNT(parks, 1);
	__atomic_fetch_add(&l->nr_sleepers, 1, __ATOMIC_SEQ_CST);
	r = futex_wait(&l->state, seen,
		       pw->heir ? PVLOCK_BIT_NORMAL | PVLOCK_BIT_HEIR :
				  PVLOCK_BIT_NORMAL,
		       deadline);
	__atomic_fetch_sub(&l->nr_sleepers, 1, __ATOMIC_RELAXED);
	if (r == -1 && errno == ETIMEDOUT) {
		if (mark_sleeping(pw, &seen) || resign(pw))
			return 1;
		return -PVS_ETIMEDOUT;
	}
	/* Woken, interrupted by a signal (EINTR), or the word changed. */
	return 0;
}

int pvlock_lock_slow(struct pvlock *l, const struct timespec *deadline)
{
	struct pvlock_waiter pw;
	struct pvrt_spin_waiter w;
	struct pvrt_spin_wait_stats st;
	int ret;

	if (deadline != NULL &&
	    (deadline->tv_nsec < 0 || deadline->tv_nsec >= 1000000000L))
		return EINVAL;
	pw.l = l;
	pw.take = PVLOCK_LOCKED;
	pw.parks = 0;
	pw.heir = false;
	w.ready = pvlock_ready;
	w.park = pvlock_park;
	w.owner_cpu = pvlock_owner_cpu;
	w.arg = &pw;
	w.nr_spinning = &l->nr_spinning;
	ret = pvrt_spin_wait(l->ctx, &w, deadline, &st);
	COUNT(slow, 1);
	COUNT(spins, st.spins);
	/*
	 * A heir leaves with its claim withdrawn, whatever the outcome. When
	 * we own the lock the claim cannot have been granted; when we time
	 * out (here or in park) a grant under way still gives us the lock.
	 */
	if (resign(&pw))
		ret = 0;
	if (ret == -PVS_ETIMEDOUT)
		return ETIMEDOUT;
	if (ret < 0)
		return EINVAL;
	__atomic_store_n(&l->owner_cpu, pvrt_spin_this_cpu(), __ATOMIC_RELAXED);
	PVLOCK_ACQUIRED(l);
	return 0;
}

void pvlock_unlock_slow(struct pvlock *l)
{
	uint32_t heir = PVLOCK_HEIR;

	if (__atomic_load_n(&l->handoff, __ATOMIC_RELAXED) == PVLOCK_HEIR &&
	    __atomic_compare_exchange_n(&l->handoff, &heir, PVLOCK_GRANTED,
					false, __ATOMIC_RELAXED,
					__ATOMIC_RELAXED)) {
		/* The word stays non-zero: only the heir may take it. */
		__atomic_store_n(&l->state, PVLOCK_HANDED, __ATOMIC_RELEASE);
		futex_wake(&l->state, PVLOCK_BIT_HEIR);
		COUNT(handoffs, 1);
		return;
	}
	__atomic_exchange_n(&l->state, PVLOCK_FREE, __ATOMIC_SEQ_CST);
	if (__atomic_load_n(&l->nr_sleepers, __ATOMIC_SEQ_CST) == 0) {
		COUNT(wakes_skipped, 1);
		return;
	}
	futex_wake(&l->state, FUTEX_BITSET_MATCH_ANY);
	COUNT(wakes, 1);
}
