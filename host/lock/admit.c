// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The lock's side of concurrency restriction (pvs_admit_decide(),
 * <pvsched/admit.h>): the rule's inputs as the spin context has them
 * cached, whether an unlock wakes a sleeper, how long a sleeper sleeps,
 * and the timekeeper's bit. The lock word's states, the handoff and the
 * lapse are in mutex.c's opening comment.
 *
 * Concurrency restriction. The waiters spinning now (nr_spinning) are the
 * active set; the sleepers, in the futex's FIFO order, the passive set.
 * An unlocker that frees state 2 wakes the oldest sleeper only when the
 * rule admits one more contender (the active set is below its bound: the
 * CPUs the process has, less the owner's); otherwise an active waiter
 * will take the lock and nobody pays a wake-up and a lost race. A skipped
 * wake is never lost: (1) an active waiter that takes a free lock while
 * sleepers are counted takes it with 2, so its own unlock looks for them
 * (a sleeper counted after that read finds the word changed and marks 2
 * itself); (2) one that parks marks 2 or takes the lock on the way
 * (mutex.c's mark_sleeping()); (3) one that leaves at its deadline first
 * leaves the active set, then, if the lock is free and sleepers are
 * counted, wakes one (a sequentially consistent fence between the two:
 * the unlocker either sees it gone from nr_spinning and wakes, or it sees
 * the free word and wakes).
 *
 * Rotation. The timekeeper's sleep (below; the others' sleep longer) is
 * bounded by the rule's park_ns (PVS_ADMIT_ROTATE_NS since the waiter
 * first parked); a waiter whose bound passed parks once more, which
 * claims the heir's slot (mutex.c's due_handoff()), and the next unlock
 * hands it the lock even though the active set is full. So no sleeper is
 * passed over much longer than the bound while the slot is free. The heir
 * sleeps the longest bound (the next unlock is its), and a due waiter that
 * found the slot taken looks again after doubling bounds, up to 16 times
 * the bound (lock_park_bound_ns()). With 2 CPUs or more no wake depends on
 * these bounds (the perturbation test runs without them). With less, the
 * rule also keeps the lock's only CPU for an unlocker that is back sooner
 * than a wake-up (RELEASER_BACK): its wake is skipped though no one is
 * active, the unlocker itself takes the lock again, and the sleepers come
 * in by rotation: a lock left free after such an unlock is found by the
 * timekeeper within the bound (lock_admit_wake()).
 *
 * The timekeeper. Many sleepers behind one long hold, each with its own
 * bound, would all wake every bound for nothing (stress-ng --pthread
 * parks 64 threads behind its parent's hold). So one sleeper at a time
 * keeps the rotation bound: the one that sets bit 31 of nr_sleepers
 * (LOCK_SLEEPERS_TIMEKEEPER) in the same read-modify-write that counts it
 * (lock_count_sleeper()); the others, finding the bit set, sleep the
 * longest bound. It clears the bit with the count when its sleep ends, by
 * a sequentially consistent read-modify-write before it looks at the word
 * again (lock_uncount_sleeper()). With less than 2 CPUs an unlocker skips
 * its wake only if it saw the bit (loaded after its exchange freed the
 * word): then either the timekeeper was asleep with a bound of at most
 * PVS_ADMIT_ROTATE_NS and finds the free lock by it, or its sleep had
 * already ended and it is on its way to look at the word, which it finds
 * free. Without the bit the unlocker wakes one sleeper, which parks again
 * as the timekeeper. With 2 CPUs or more the bit changes no wake: the
 * active waiters carry the sleepers as above, and only fairness rests on
 * the timekeeper's bound (a sleeper that is not the timekeeper waits up to
 * the longest bound before it asks for the slot). After fork() the child
 * keeps the parent's sleepers in the count, the bit among them: there a
 * skipped wake may be found only at the longest bound, never later.
 */
#define _GNU_SOURCE
#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include <pvsched/admit.h>
#include <pvsched/spin_rt.h>

#include "lock_impl.h"
#include "../arch/this_thread.h"

/* A due waiter that is not the heir asks again after the rotation bound
 * times 1, 2, 4, 8, then 16 (lock_park_bound_ns()). */
#define ROTATE_BACKOFF_MAX 4u
#define LONGEST_NS ((uint64_t)PVS_ADMIT_ROTATE_NS << ROTATE_BACKOFF_MAX)

/* The admission rule's inputs that do not depend on the question. */
void lock_admit_fill(const struct pvs_mutex *m, struct pvs_admit_in *in)
{
	const struct pvrt_spin *s = m->spin != NULL ? m->spin : lock_spin();
	int cpu = this_thread_cpu();

	*in = (struct pvs_admit_in){ 0 };
	in->nr_affinity = s->nr_allowed <= PVS_MAX_CPUS ? s->nr_allowed : 0;
	in->quota_mcpus = __atomic_load_n(&s->quota_mcpus, __ATOMIC_RELAXED);
	if (cpu >= 0 && cpu < PVS_MAX_CPUS)
		in->steal_ppm = __atomic_load_n(&s->steal_ppm[cpu],
						__ATOMIC_RELAXED);
	if (in->steal_ppm > PVS_SPIN_FULL_PPM)
		in->steal_ppm = PVS_SPIN_FULL_PPM;
	in->throttled_ppm = __atomic_load_n(&s->throttled_ppm,
					    __ATOMIC_RELAXED);
	if (in->throttled_ppm > PVS_SPIN_FULL_PPM)
		in->throttled_ppm = PVS_SPIN_FULL_PPM;
	in->nr_active = __atomic_load_n(&m->nr_spinning, __ATOMIC_SEQ_CST);
	in->nr_passive = __atomic_load_n(&m->nr_sleepers, __ATOMIC_RELAXED) &
			 LOCK_SLEEPERS_COUNT;
	in->ctxsw_ns = s->ctxsw_ns;
	in->owner = PVS_SPIN_OWNER_NONE;
}

bool lock_one_cpu(const struct pvs_mutex *m)
{
	struct pvs_admit_in in;

	lock_admit_fill(m, &in);
	return !PERTURBED && pvs_admit_one_cpu(&in);
}

/*
 * The heir needs no rotation: the next unlock of state 2 hands it the
 * lock; it sleeps the longest bound (64 ms), in case that unlock read the
 * slot just before the claim and freed the lock to an active waiter that
 * is not running; with less than 2 CPUs, where that unlock may also have
 * skipped its wake (lock_admit_wake()), the plain bound. A waiter that is
 * due but could not claim the slot (another thread is the heir) asks again
 * after the bound, then after twice that, up to LONGEST_NS (64 ms): with a
 * bound re-armed every 4 ms, the 64 threads stress-ng --pthread parks
 * behind one long hold woke some 30 times per acquisition, and made the
 * program 0.6x as fast as with glibc's mutex (docs/evidence.md).
 */
uint64_t lock_park_bound_ns(const struct pvs_mutex *m, bool heir,
			    uint64_t *parked_ns, uint32_t *rotations,
			    bool *one_cpu)
{
	struct pvs_admit_in in;
	struct pvs_admit_out out;
	uint64_t now = lock_mono_ns();
	uint32_t shift;

	*one_cpu = false;
	if (PERTURBED)	/* the test looks for lost wakes: no bound hides one */
		return 0;
	lock_admit_fill(m, &in);
	*one_cpu = pvs_admit_one_cpu(&in);
	if (heir)
		return *one_cpu ? PVS_ADMIT_ROTATE_NS : LONGEST_NS;
	if (*parked_ns == 0)
		*parked_ns = now;
	in.waited_ns = now - *parked_ns;
	in.nr_active = 0xffffffffu;	/* the question is the bound only */
	if (pvs_admit_decide(&in, &out) != 0)
		return 0;
	if (out.action != PVS_ADMIT_ROTATE)
		return out.park_ns;
	shift = *rotations;
	if (*rotations < ROTATE_BACKOFF_MAX)
		(*rotations)++;
	return (uint64_t)PVS_ADMIT_ROTATE_NS << shift;
}

bool lock_count_sleeper(struct pvs_mutex *m, bool may_keep, bool one_cpu,
			uint64_t *park_ns)
{
	uint32_t *n = &m->nr_sleepers;
	uint32_t v = __atomic_load_n(n, __ATOMIC_RELAXED);
	bool may = may_keep && *park_ns != 0;
	uint32_t add;

	do
		add = may && !(v & LOCK_SLEEPERS_TIMEKEEPER) ?
			      1 + LOCK_SLEEPERS_TIMEKEEPER : 1;
	while (!__atomic_compare_exchange_n(n, &v, v + add, false,
					    __ATOMIC_SEQ_CST,
					    __ATOMIC_RELAXED));
	if (add == 1) {
		if (may && *park_ns < LONGEST_NS)
			*park_ns = LONGEST_NS;
		return false;
	}
	if (*park_ns > PVS_ADMIT_ROTATE_NS && one_cpu)
		*park_ns = PVS_ADMIT_ROTATE_NS;
	return true;
}

void lock_uncount_sleeper(struct pvs_mutex *m, bool keeper)
{
	if (!keeper) {
		__atomic_fetch_sub(&m->nr_sleepers, 1, __ATOMIC_RELAXED);
		return;
	}
	__atomic_fetch_sub(&m->nr_sleepers, 1 + LOCK_SLEEPERS_TIMEKEEPER,
			   __ATOMIC_SEQ_CST);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
}

/* This thread's last releases that asked the admission rule with less
 * than 2 CPUs: which mutex, when. A few, for loops over nested locks. */
#define RELEASES 4u
static __thread struct {
	const struct pvs_mutex *m;
	uint64_t ns;
} releases[RELEASES];
static __thread uint32_t releases_next;

/* ns since this thread last released @m here (0: not recorded); records
 * @now as its last release. */
static uint64_t since_release(const struct pvs_mutex *m, uint64_t now)
{
	uint64_t since;
	uint32_t i;

	for (i = 0; i < RELEASES; i++) {
		if (releases[i].m != m)
			continue;
		since = now - releases[i].ns;
		releases[i].ns = now;
		return since;
	}
	releases[releases_next].m = m;
	releases[releases_next].ns = now;
	releases_next = (releases_next + 1) % RELEASES;
	return 0;
}

/* This thread is about to block elsewhere: its next release of @m does
 * not say it comes back soon. */
static void forget_release(const struct pvs_mutex *m)
{
	uint32_t i;

	for (i = 0; i < RELEASES; i++)
		if (releases[i].m == m)
			releases[i].m = NULL;
}

int pvs_mutex_unlock_to_wait(struct pvs_mutex *m)
{
	forget_release(m);
	return pvs_mutex_unlock(m);
}

/*
 * With less than 2 CPUs the rule also hears how long ago this thread last
 * released @m: one back sooner than a wake-up keeps the only CPU
 * (RELEASER_BACK), and the sleepers come in by rotation (every sleep is
 * bounded there, the heir's too). A thread about to sleep in a condition
 * wait releases with pvs_mutex_unlock_to_wait(), which forgets the
 * record first: it is not coming back.
 */
bool lock_admit_wake(struct pvs_mutex *m)
{
	struct pvs_admit_in in;
	struct pvs_admit_out out;
	bool one_cpu;

	lock_admit_fill(m, &in);
	if (in.nr_passive == 0)
		return false;
	one_cpu = !PERTURBED && pvs_admit_one_cpu(&in);
	if (one_cpu)
		in.since_release_ns = since_release(m, lock_mono_ns());
	if (pvs_admit_decide(&in, &out) != 0 ||
	    out.action != PVS_ADMIT_PASSIVE)
		return true;
	/*
	 * The rule skips the wake. With less than 2 CPUs only a sleeper's
	 * timer finds a lock left free: skip only while the timekeeper
	 * sleeps, and otherwise wake one sleeper, which parks again as the
	 * timekeeper (the others may be sleeping the longest bound).
	 */
	return one_cpu && !(__atomic_load_n(&m->nr_sleepers, __ATOMIC_SEQ_CST) &
			    LOCK_SLEEPERS_TIMEKEEPER);
}
