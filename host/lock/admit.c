// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The lock's side of concurrency restriction (pvs_admit_decide(),
 * <pvsched/admit.h>): the rule's inputs as the spin context has them
 * cached, and each thread's record of its last releases, which the rule
 * reads with less than 2 CPUs (RELEASER_BACK). How mutex.c applies the
 * answers: its opening comment, "Concurrency restriction".
 */
#define _GNU_SOURCE
#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include <pvsched/admit.h>
#include <pvsched/spin_rt.h>

#include "lock_impl.h"
#include "../arch/this_thread.h"

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
