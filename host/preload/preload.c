// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * libpvsched-preload.so set-up: glibc's functions behind ours, and the
 * policy from the environment (what `pvsched run` sets):
 *   PVSCHED_LOCK=pv|fixed|glibc   spin rule, or glibc's locks throughout
 *   PVSCHED_LOCK_STATS=1          print the counts at exit (stderr)
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <pvsched/spin.h>

#include "preload.h"

const char *preload_mode = "pv";
bool preload_passthrough;
bool preload_counting;

static struct real_pthread real;
static int real_ready;	/* atomic: 0 not yet, 1 resolving, 2 done */

void preload_die(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "pvsched-preload[%d]: ", (int)getpid());
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

/* The default version of @name, or @version where glibc keeps two (the
 * condition variables: GLIBC_2.3.2 is the current ABI on x86_64, while a
 * bare dlsym may answer with the GLIBC_2.2.5 compatibility one). */
static void *find(const char *name, const char *version)
{
	void *f = NULL;

	if (version != NULL)
		f = dlvsym(RTLD_NEXT, name, version);
	if (f == NULL)
		f = dlsym(RTLD_NEXT, name);
	if (f == NULL)
		preload_die("glibc's %s not found (%s): is this a glibc program?",
			    name, dlerror());
	return f;
}

#if defined(__x86_64__)
#define COND_VERSION "GLIBC_2.3.2"
#else
#define COND_VERSION NULL	/* one version only */
#endif

static void resolve(void)
{
	real.mutex_init = find("pthread_mutex_init", NULL);
	real.mutex_destroy = find("pthread_mutex_destroy", NULL);
	real.mutex_lock = find("pthread_mutex_lock", NULL);
	real.mutex_trylock = find("pthread_mutex_trylock", NULL);
	real.mutex_timedlock = find("pthread_mutex_timedlock", NULL);
	real.mutex_clocklock = find("pthread_mutex_clocklock", NULL);
	real.mutex_unlock = find("pthread_mutex_unlock", NULL);
	real.cond_init = find("pthread_cond_init", COND_VERSION);
	real.cond_destroy = find("pthread_cond_destroy", COND_VERSION);
	real.cond_wait = find("pthread_cond_wait", COND_VERSION);
	real.cond_timedwait = find("pthread_cond_timedwait", COND_VERSION);
	real.cond_clockwait = find("pthread_cond_clockwait", NULL);
	real.cond_signal = find("pthread_cond_signal", COND_VERSION);
	real.cond_broadcast = find("pthread_cond_broadcast", COND_VERSION);
	real.dlopen = find("dlopen", NULL);
	real.dlmopen = find("dlmopen", NULL);
}

const struct real_pthread *preload_real(void)
{
	int zero = 0;

	if (__atomic_load_n(&real_ready, __ATOMIC_ACQUIRE) == 2)
		return &real;
	if (__atomic_compare_exchange_n(&real_ready, &zero, 1, false,
					__ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
		resolve();
		__atomic_store_n(&real_ready, 2, __ATOMIC_RELEASE);
		return &real;
	}
	/* Another thread resolves; dlsym takes no pthread mutex of ours. */
	while (__atomic_load_n(&real_ready, __ATOMIC_ACQUIRE) != 2)
		;
	return &real;
}

/*
 * A module loaded with RTLD_DEEPBIND finds glibc's pthread functions
 * before ours, and one loaded into another namespace has a glibc of its
 * own: either may lock the mutexes we serve with glibc's code. Before it
 * loads, the lock switches to the protocol glibc's functions share
 * (pvs_lock_glibc_compatible(): no handoff, every unlock of a word at 2
 * wakes a sleeper). Each wrapper ends in a tail call (at -O2), so glibc's
 * dlopen sees the caller's return address: its namespace and RUNPATH.
 */
void *dlopen(const char *file, int flags)
{
	if (flags & RTLD_DEEPBIND)
		pvs_lock_glibc_compatible();
	return preload_real()->dlopen(file, flags);
}

void *dlmopen(Lmid_t lmid, const char *file, int flags)
{
	if ((flags & RTLD_DEEPBIND) || lmid != LM_ID_BASE)
		pvs_lock_glibc_compatible();
	return preload_real()->dlmopen(lmid, file, flags);
}

__attribute__((constructor)) static void preload_init(void)
{
	const char *mode = getenv("PVSCHED_LOCK");
	const char *stats = getenv("PVSCHED_LOCK_STATS");

	if (mode == NULL || strcmp(mode, "pv") == 0 || mode[0] == '\0')
		pvs_lock_set_policy(PVS_SPIN_POLICY_PV);
	else if (strcmp(mode, "fixed") == 0)
		pvs_lock_set_policy(PVS_SPIN_POLICY_FIXED), preload_mode = "fixed";
	else if (strcmp(mode, "glibc") == 0)
		preload_passthrough = true, preload_mode = "glibc";
	else
		preload_die("PVSCHED_LOCK=%s: expected pv, fixed or glibc",
			    mode);
	if (stats != NULL && stats[0] != '\0' && strcmp(stats, "0") != 0) {
		preload_counting = true;
		pvs_lock_stats_enable(1);
		preload_stats_start();
	}
	preload_real();
}
