/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * What mutex.c and cond.c share, internal to pvsched_lock: futex calls
 * with a clock, deadline checks, the event counters and the process-wide
 * spin context. Not installed.
 */
#ifndef PVSCHED_HOST_LOCK_IMPL_H
#define PVSCHED_HOST_LOCK_IMPL_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include <pvsched/lock.h>

#ifdef PVS_LOCK_HELGRIND
/* Helgrind does not know a futex lock: tell it where the edges are. */
#include <valgrind/helgrind.h>
#define LOCK_ACQUIRED(l) ANNOTATE_HAPPENS_AFTER(l)
#define LOCK_RELEASING(l) ANNOTATE_HAPPENS_BEFORE(l)
#else
#define LOCK_ACQUIRED(l) ((void)(l))
#define LOCK_RELEASING(l) ((void)(l))
#endif

#ifdef PVS_LOCK_PERTURB
/*
 * The schedule-perturbation test's build (tests/test_lock_perturb.c):
 * every atomic step of the lock first calls lock_perturb(), which may
 * yield, sleep or spin for a seeded random while. A macro may name itself
 * in its expansion without recursing, so each wraps the builtin.
 */
void lock_perturb(void);
#define __atomic_load_n(p, o) (lock_perturb(), __atomic_load_n(p, o))
#define __atomic_store_n(p, v, o) (lock_perturb(), __atomic_store_n(p, v, o))
#define __atomic_exchange_n(p, v, o)                                         \
	(lock_perturb(), __atomic_exchange_n(p, v, o))
#define __atomic_compare_exchange_n(p, e, d, w, s, f)                        \
	(lock_perturb(), __atomic_compare_exchange_n(p, e, d, w, s, f))
#define __atomic_fetch_add(p, v, o) (lock_perturb(), __atomic_fetch_add(p, v, o))
#define __atomic_fetch_sub(p, v, o) (lock_perturb(), __atomic_fetch_sub(p, v, o))
#define __atomic_fetch_or(p, v, o) (lock_perturb(), __atomic_fetch_or(p, v, o))
#define __atomic_add_fetch(p, v, o) (lock_perturb(), __atomic_add_fetch(p, v, o))
#define PERTURBED 1
#else
#define PERTURBED 0	/* a plain build: PERTURBED is the test's build */
#endif

/* The clocks a deadline may be on. */
static inline bool lock_clock_ok(int clock)
{
	return clock == CLOCK_REALTIME || clock == CLOCK_MONOTONIC;
}

/* tv_nsec in [0, 1e9). */
static inline bool lock_deadline_ok(const struct timespec *t)
{
	return t->tv_nsec >= 0 && t->tv_nsec < 1000000000L;
}

/* @a is before @b. */
static inline bool lock_ts_before(const struct timespec *a,
				  const struct timespec *b)
{
	return a->tv_sec < b->tv_sec ||
	       (a->tv_sec == b->tv_sec && a->tv_nsec < b->tv_nsec);
}

/* *@t += @ns. */
static inline void lock_ts_add_ns(struct timespec *t, uint64_t ns)
{
	t->tv_nsec += (long)(ns % 1000000000u);
	t->tv_sec += (time_t)(ns / 1000000000u) + t->tv_nsec / 1000000000L;
	t->tv_nsec %= 1000000000L;
}

/* The clock has reached @t. */
bool lock_past(int clock, const struct timespec *t);

/* CLOCK_MONOTONIC in ns. */
uint64_t lock_mono_ns(void);

/*
 * FUTEX_WAIT_BITSET on @word while it holds @val, until woken or the
 * absolute deadline @t on @clock (NULL: none). 0 woken (or a signal);
 * EAGAIN the word had changed (no sleep); ETIMEDOUT.
 */
int lock_futex_wait(uint32_t *word, uint32_t val, uint32_t bits,
		    int clock, const struct timespec *t);

/* FUTEX_WAKE_BITSET: wake up to @n waiters whose bits meet @bits. */
void lock_futex_wake(uint32_t *word, int n, uint32_t bits);

/* Counting is on (pvs_lock_stats_enable()). */
extern int lock_counting;
extern struct pvs_lock_stats lock_counts;

#define LOCK_COUNT(field, n)                                                  \
	do {                                                                  \
		if (__builtin_expect(                                         \
			    __atomic_load_n(&lock_counting, __ATOMIC_RELAXED),  \
			    0))                                               \
			__atomic_fetch_add(&lock_counts.field, (n),          \
					   __ATOMIC_RELAXED);                 \
	} while (0)

/* The context of mutexes whose pvs_mutex::spin is NULL. */
struct pvrt_spin *lock_spin(void);

struct pvs_admit_in;	/* <pvsched/admit.h> */

/*
 * The admission rule's inputs for @m as its spin context has them cached
 * (no system call, no refresh: the waiters' steal questions refresh the
 * views): affinity, the cgroup quota in milli-CPUs, this CPU's steal, the
 * throttled share, the active and passive counts; no owner signal.
 */
void lock_admit_fill(const struct pvs_mutex *m, struct pvs_admit_in *in);

/* The rule sees less than 2 CPUs for @m (never in the perturbation
 * test's build, which looks for lost wakes without any bound). */
bool lock_one_cpu(const struct pvs_mutex *m);

/* An unlock that freed @m with sleepers counted: true if the rule admits
 * one more contender, so the oldest sleeper is to be woken (admit.c). */
bool lock_admit_wake(struct pvs_mutex *m);

/*
 * How long a sleeper on @m may sleep before the rotation rule lets it in
 * (0: no bound). @heir: it holds the heir's claim; *@parked_ns: when it
 * first parked (0: now, and set); *@rotations: bounds it passed with the
 * slot another's (advanced here); *@one_cpu: lock_one_cpu()'s answer, from
 * the same inputs.
 */
uint64_t lock_park_bound_ns(const struct pvs_mutex *m, bool heir,
			    uint64_t *parked_ns, uint32_t *rotations,
			    bool *one_cpu);

/*
 * pvs_mutex::nr_sleepers: the count of sleepers in bits 0-30, and in bit
 * 31 the timekeeper's claim. One sleeper at a time keeps the rotation
 * bound; the others sleep the longest bound (admit.c, "The timekeeper").
 */
#define LOCK_SLEEPERS_TIMEKEEPER 0x80000000u
#define LOCK_SLEEPERS_COUNT 0x7fffffffu

/*
 * Count this thread in @m's sleepers before its futex wait (a sequentially
 * consistent read-modify-write: mutex.c, "Skipping the wake"), claiming
 * the timekeeper's bit with it if @may_keep (a marked sleep, not in
 * glibc-compatible mode), *@park_ns is a bound and the bit is free. A
 * sleeper that finds another timekeeper sleeps the longest bound; the
 * timekeeper keeps its bound, at most PVS_ADMIT_ROTATE_NS if @one_cpu
 * (less than 2 CPUs). True if this thread is the timekeeper.
 */
bool lock_count_sleeper(struct pvs_mutex *m, bool may_keep, bool one_cpu,
			uint64_t *park_ns);

/* Uncount a sleeper whose futex wait ended, and the timekeeper's bit if
 * @keeper, before it looks at the word again. */
void lock_uncount_sleeper(struct pvs_mutex *m, bool keeper);

/* pvs_lock_glibc_compatible() was called (atomic). */
extern int lock_glibc_compat;

/* Bumped in every child of fork() (stale heir claims are void there). */
extern uint32_t lock_fork_gen;

#endif /* PVSCHED_HOST_LOCK_IMPL_H */
