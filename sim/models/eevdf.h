/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * A run queue of Linux's EEVDF scheduler (kernel/sched/fair.c as of 6.6),
 * reduced to what one host CPU's wake-up preemption decision needs:
 * entities of equal weight (nice 0), so virtual time is CPU time.
 *
 * - vruntime advances by the CPU time an entity runs; its virtual
 *   deadline is vruntime + slice, renewed when vruntime reaches it
 *   (update_deadline(): the slice is used up, a resched follows).
 * - V = the average vruntime of the entities on the queue (the current
 *   one included, avg_vruntime()); an entity is eligible when its
 *   vruntime <= V (lag >= 0, entity_eligible()).
 * - pick (pick_eevdf()): the only entity; else with RUN_TO_PARITY the
 *   current one while it is eligible and has not renewed its deadline
 *   since it was picked; else the eligible entity with the earliest
 *   deadline.
 * - dequeue on sleep (update_entity_lag()): lag = V - vruntime, kept
 *   clamped to +-max(2 slice, tick); a 6.6 sleeper keeps it however long
 *   it sleeps.
 * - enqueue on wake-up (place_entity(), PLACE_LAG): vruntime = V - lag x
 *   (n + 1) / n with n entities queued (lag 0 on an empty queue),
 *   deadline = vruntime + slice.
 * - wake-up preemption (check_preempt_wakeup()): the woken entity
 *   preempts the current one when pick would choose it.
 * Not modelled: weights, cgroups, PELT, migrations, the 6.12+ rules
 * (DELAY_DEQUEUE, PREEMPT_SHORT, per-task slices).
 *
 * With cfs set, the same run queue follows CFS (Linux 6.1..6.5) instead:
 * pick = the lowest vruntime; a waking thread is placed at
 * max(its vruntime, min_vruntime - latency / 2) (GENTLE_FAIR_SLEEPERS)
 * and preempts the running one when that one's vruntime is more than
 * wakeup_gran ahead (wakeup_preempt_entity()); at a tick the running one
 * is preempted once it ran its slice, latency / n (n <= 8), or ran at
 * least min_gran (slice_ns) and is more than that slice ahead of the
 * lowest vruntime (check_preempt_tick()). No lag, no deadlines.
 */
#ifndef PVSCHED_SIM_EEVDF_H
#define PVSCHED_SIM_EEVDF_H

#include <stdbool.h>
#include <stdint.h>

#pragma GCC visibility push(hidden)

/* One schedulable entity (a host thread: a vCPU thread, a kworker). */
struct pvsim_eevdf_se {
	int64_t vruntime_ns;
	int64_t deadline_ns;
	int64_t vlag_ns;	/* lag kept from the last sleep */
	bool protect;		/* RUN_TO_PARITY: picked, deadline not renewed */
};

/* The scheduler's tunables. */
struct pvsim_eevdf {
	uint64_t slice_ns;	/* sysctl_sched_base_slice */
	uint64_t tick_ns;	/* deadlines are noticed at ticks (0: at once) */
	bool run_to_parity;	/* sched feature RUN_TO_PARITY */
	bool cfs;		/* CFS instead of EEVDF */
	uint64_t latency_ns;	/* CFS: sysctl_sched_latency */
	uint64_t wakeup_gran_ns;	/* CFS: sysctl_sched_wakeup_granularity */
};

/* V over the n queued entities q (vmin when there are none). */
int64_t pvsim_eevdf_avg(struct pvsim_eevdf_se *const *q, unsigned int n,
			int64_t vmin_ns);

/* Charge the running entity se ran_ns of CPU; true when that used up its
 * slice (a new deadline was set: the CPU should reschedule). */
bool pvsim_eevdf_charge(const struct pvsim_eevdf *e,
			struct pvsim_eevdf_se *se, uint64_t ran_ns);

/* Place the waking se among the n queued entities q (se not among them). */
void pvsim_eevdf_place(const struct pvsim_eevdf *e, struct pvsim_eevdf_se *se,
		       struct pvsim_eevdf_se *const *q, unsigned int n,
		       int64_t vmin_ns);

/* se goes to sleep: keep its lag over the n queued q (se among them). */
void pvsim_eevdf_sleep(const struct pvsim_eevdf *e, struct pvsim_eevdf_se *se,
		       struct pvsim_eevdf_se *const *q, unsigned int n);

/* The index in q (n entities, n > 0) pick_eevdf() chooses; cur: the index
 * of the running entity, or -1. */
unsigned int pvsim_eevdf_pick(const struct pvsim_eevdf *e,
			      struct pvsim_eevdf_se *const *q, unsigned int n,
			      int cur);

/* The woken q[woken] preempts the running q[cur] (check_preempt_wakeup). */
bool pvsim_eevdf_wakeup_preempts(const struct pvsim_eevdf *e,
				 struct pvsim_eevdf_se *const *q, unsigned int n,
				 int cur, unsigned int woken);

/* At a tick the running q[cur], running since ran_ns, gives way. */
bool pvsim_eevdf_tick_preempts(const struct pvsim_eevdf *e,
			       struct pvsim_eevdf_se *const *q, unsigned int n,
			       int cur, uint64_t ran_ns);

/* ns from now until the running se's deadline is noticed (now_ns: the
 * time, for the tick grid; phase_ns: this CPU's tick offset). */
uint64_t pvsim_eevdf_until_resched(const struct pvsim_eevdf *e,
				   const struct pvsim_eevdf_se *se,
				   uint64_t now_ns, uint64_t phase_ns);

#pragma GCC visibility pop

#endif
