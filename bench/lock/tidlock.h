/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * A minimal futex mutex (Drepper's three states) that records its owner's
 * thread id, so its waiters can use the owner-on-CPU oracle's exact rule
 * through pvrt_spin_wait_for(): spin only while the owner is the thread on
 * its CPU. pvlock records only the owner's CPU; this lock is the
 * benchmark's stand-in for a lock that records the owner's tid, measured
 * with (tidlock_oc) and without (tidlock) the oracle.
 */
#ifndef PVSCHED_BENCH_TIDLOCK_H
#define PVSCHED_BENCH_TIDLOCK_H

#include <linux/futex.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <pvsched/spin_rt.h>

struct tidlock {
	uint32_t state;		/* 0 free, 1 locked, 2 locked with sleepers */
	uint32_t owner_tid;	/* 0 when free */
	int32_t owner_cpu;
	uint32_t nr_spinning;
	struct pvrt_spin *ctx;
};

struct tidlock_waiter {
	struct tidlock *l;
	uint32_t take;		/* 1, or 2 once we have slept */
};

static inline void tidlock_init(struct tidlock *l, struct pvrt_spin *ctx)
{
	l->state = 0;
	l->owner_tid = 0;
	l->owner_cpu = -1;
	l->nr_spinning = 0;
	l->ctx = ctx;
}

static inline void tidlock_owned(struct tidlock *l)
{
	__atomic_store_n(&l->owner_tid, pvrt_spin_this_tid(), __ATOMIC_RELAXED);
	__atomic_store_n(&l->owner_cpu, pvrt_spin_this_cpu(), __ATOMIC_RELAXED);
}

static inline bool tidlock_ready(void *arg)
{
	struct tidlock_waiter *w = (struct tidlock_waiter *)arg;
	uint32_t zero = 0;

	return __atomic_load_n(&w->l->state, __ATOMIC_RELAXED) == 0 &&
	       __atomic_compare_exchange_n(&w->l->state, &zero, w->take, false,
					   __ATOMIC_ACQUIRE, __ATOMIC_RELAXED);
}

static inline int tidlock_park(void *arg, const struct timespec *deadline)
{
	struct tidlock_waiter *w = (struct tidlock_waiter *)arg;

	(void)deadline;
	w->take = 2;
	if (__atomic_exchange_n(&w->l->state, 2, __ATOMIC_ACQUIRE) == 0)
		return 1;	/* it was free: ours, marked "sleepers" */
	syscall(SYS_futex, &w->l->state, FUTEX_WAIT_PRIVATE, 2, NULL, NULL, 0);
	return 0;
}

static inline int tidlock_owner_cpu(void *arg)
{
	return __atomic_load_n(&((struct tidlock_waiter *)arg)->l->owner_cpu,
			       __ATOMIC_RELAXED);
}

static inline void tidlock_lock(struct tidlock *l)
{
	struct tidlock_waiter tw = { l, 1 };
	struct pvrt_spin_waiter w = { tidlock_ready, tidlock_park,
				      tidlock_owner_cpu, &tw, &l->nr_spinning };
	uint32_t zero = 0;

	if (!__atomic_compare_exchange_n(&l->state, &zero, 1, false,
					 __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
		pvrt_spin_wait_for(l->ctx, &w, &l->owner_tid, NULL, NULL);
	tidlock_owned(l);
}

static inline void tidlock_unlock(struct tidlock *l)
{
	__atomic_store_n(&l->owner_tid, 0, __ATOMIC_RELAXED);
	if (__atomic_exchange_n(&l->state, 0, __ATOMIC_RELEASE) == 2)
		syscall(SYS_futex, &l->state, FUTEX_WAKE_PRIVATE, 1, NULL,
			NULL, 0);
}

#endif /* PVSCHED_BENCH_TIDLOCK_H */
