// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Demo section for spin_rt.h: what pvrt_spin_init() measures on this
 * machine, and what one pvrt_spin_wait() does for a few lock situations,
 * played with a stand-in lock whose callbacks count calls. The counts are
 * pvrt_spin_wait()'s own statistics; the measured values vary by machine.
 */
#include <stdio.h>
#include <string.h>

#include "demo.h"

#ifdef PVS_DEMO_HAVE_RT
#include <pvsched/spin_rt.h>

/* A stand-in lock: free from the ready_after-th poll on (0: never);
 * park() "sleeps" and reports the lock taken on the way. */
struct demo_lock {
	unsigned int polls;
	unsigned int ready_after;
	int owner_cpu;		/* -2: the caller's own CPU */
	uint32_t spinners;
};

static bool demo_ready(void *arg)
{
	struct demo_lock *d = (struct demo_lock *)arg;

	return ++d->polls == d->ready_after;
}

static int demo_park(void *arg, const struct timespec *deadline)
{
	(void)arg;
	(void)deadline;
	return 1;
}

static int demo_owner(void *arg)
{
	struct demo_lock *d = (struct demo_lock *)arg;

	return d->owner_cpu == -2 ? pvrt_spin_this_cpu() : d->owner_cpu;
}

static void demo_wait(struct pvrt_spin *s, const char *label,
		      const char *why, unsigned int ready_after, int owner,
		      uint32_t spinners)
{
	struct demo_lock d = { 0, ready_after, owner, spinners };
	struct pvrt_spin_waiter w;
	struct pvrt_spin_wait_stats st;

	w.ready = demo_ready;
	w.park = demo_park;
	w.owner_cpu = demo_owner;
	w.arg = &d;
	w.nr_spinning = &d.spinners;
	memset(&st, 0, sizeof(st));
	pvrt_spin_wait(s, &w, NULL, &st);
	printf("  %-34s spins %u parks %u polls %u spun %llu ns (%s)\n", label,
	       st.spins, st.parks, d.polls, (unsigned long long)st.spun_ns,
	       st.spins + st.parks ? pvs_spin_reason_name(st.last_reason) :
				     "free at once");
	printf("    why: %s\n", why);
}

void demo_spin_rt(void)
{
	struct pvrt_spin s;

	demo_heading("spin_rt: the userspace spin-then-park runtime",
		     "real waits on this machine: the numbers are measured, so they "
		     "differ between machines and runs");
	pvrt_spin_init(&s, PVS_SPIN_POLICY_PV);
	printf("  measured: PAUSE %u ps, context-switch round trip %llu ns,"
	       " %u CPUs allowed, rseq slice extension %s\n", s.pause_ps,
	       (unsigned long long)s.ctxsw_ns, s.nr_allowed,
	       s.rseq_slice ? "yes" : "no");
	demo_wait(&s, "lock free at the first poll", "ready() ends the wait"
		  " before any decision", 1, -1, 0);
	demo_wait(&s, "freed after 50 polls", "the owner is presumed running:"
		  " spin, polling between PAUSEs", 50, -1, 0);
	demo_wait(&s, "owner recorded our own CPU", "it cannot be running,"
		  " we are: park at once (owner preempted)", 0, -2, 0);
	demo_wait(&s, "CPUs - 1 waiters already spin", "one more spinner"
		  " would take the owner's CPU: park (herd)", 0, -1,
		  s.nr_allowed ? s.nr_allowed - 1 : 0);
	demo_wait(&s, "never freed while spinning", "spin one context switch"
		  " (the budget), then park", 0, -1, 0);
}
#else
void demo_spin_rt(void)
{
	demo_heading("spin_rt: not built (PVS_BUILD_RT=OFF)", "");
}
#endif
