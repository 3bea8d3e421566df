/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Internal to libpvsched-preload.so: glibc's own functions (found with
 * dlsym/dlvsym), which objects are served by lock.h, and the counters of
 * `pvsched run --stats`. The design is in host/preload/README.md.
 */
#ifndef PVSCHED_HOST_PRELOAD_H
#define PVSCHED_HOST_PRELOAD_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include <pvsched/lock.h>

/* glibc's implementations, called for the objects the preload does not
 * serve (and for every object under PVSCHED_LOCK=glibc), and glibc's
 * dlopen()/dlmopen() behind ours. */
struct real_pthread {
	int (*mutex_init)(pthread_mutex_t *, const pthread_mutexattr_t *);
	int (*mutex_destroy)(pthread_mutex_t *);
	int (*mutex_lock)(pthread_mutex_t *);
	int (*mutex_trylock)(pthread_mutex_t *);
	int (*mutex_timedlock)(pthread_mutex_t *, const struct timespec *);
	int (*mutex_clocklock)(pthread_mutex_t *, clockid_t,
			       const struct timespec *);
	int (*mutex_unlock)(pthread_mutex_t *);
	int (*cond_init)(pthread_cond_t *, const pthread_condattr_t *);
	int (*cond_destroy)(pthread_cond_t *);
	int (*cond_wait)(pthread_cond_t *, pthread_mutex_t *);
	int (*cond_timedwait)(pthread_cond_t *, pthread_mutex_t *,
			      const struct timespec *);
	int (*cond_clockwait)(pthread_cond_t *, pthread_mutex_t *, clockid_t,
			      const struct timespec *);
	int (*cond_signal)(pthread_cond_t *);
	int (*cond_broadcast)(pthread_cond_t *);
	void *(*dlopen)(const char *, int);
	void *(*dlmopen)(long, const char *, int);
};

/* Resolved once (constructor, or the first call that needs one). */
const struct real_pthread *preload_real(void);

/* PVSCHED_LOCK's value: "pv", "fixed" or "glibc". */
extern const char *preload_mode;
/* PVSCHED_LOCK=glibc: serve nothing, count calls. */
extern bool preload_passthrough;
/* PVSCHED_LOCK_STATS set: count for the report at exit. */
extern bool preload_counting;

/* Objects seen for the first time (pvs_mutex::spare, pvs_cond::spare). */
extern uint64_t preload_nr_mutexes, preload_nr_conds;
/* Calls handed to glibc. */
extern uint64_t preload_nr_fallbacks;

/* Count @p obj once (its spare word marks it), when counting. */
void preload_seen(uint32_t *spare, uint64_t *count);
/* Keep a descriptor for the report at exit (when counting). */
void preload_stats_start(void);
/* Count a call handed to glibc, when counting. */
void preload_fallback(void);

/* Print "pvsched-preload: MESSAGE" on stderr and abort: a program the
 * preload cannot run safely stops with a reason, never hangs. */
__attribute__((noreturn, format(printf, 1, 2)))
void preload_die(const char *fmt, ...);

/* A default (or adaptive) private mutex: run on pvs_mutex. */
static inline bool preload_serves_mutex(const pthread_mutex_t *m)
{
	int kind = __atomic_load_n(&m->__data.__kind, __ATOMIC_RELAXED);

	return !preload_passthrough &&
	       (kind == PTHREAD_MUTEX_TIMED_NP ||
		kind == PTHREAD_MUTEX_ADAPTIVE_NP);
}

#endif /* PVSCHED_HOST_PRELOAD_H */
