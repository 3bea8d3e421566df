// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The counts of `pvsched run --stats`: objects interposed (each counted
 * once, marked in its spare word), calls handed to glibc, and lock.h's
 * event counters; one line on stderr when the process exits. Written to a
 * copy of stderr taken at start: programs such as coreutils close stderr
 * in their own exit handlers, which run before this one.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "preload.h"

uint64_t preload_nr_mutexes, preload_nr_conds, preload_nr_fallbacks;

static int report_fd = -1;

void preload_stats_start(void)
{
	report_fd = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 100);
	if (report_fd < 0)
		report_fd = STDERR_FILENO;
}

void preload_seen(uint32_t *spare, uint64_t *count)
{
	uint32_t zero = 0;

	if (__atomic_load_n(spare, __ATOMIC_RELAXED) == 0 &&
	    __atomic_compare_exchange_n(spare, &zero, 1, false,
					__ATOMIC_RELAXED, __ATOMIC_RELAXED))
		__atomic_fetch_add(count, 1, __ATOMIC_RELAXED);
}

void preload_fallback(void)
{
	__atomic_fetch_add(&preload_nr_fallbacks, 1, __ATOMIC_RELAXED);
}

static unsigned long long load(const uint64_t *v)
{
	return (unsigned long long)__atomic_load_n(v, __ATOMIC_RELAXED);
}

static int reported;	/* atomic: one line per process */

__attribute__((destructor)) static void preload_report(void)
{
	struct pvs_lock_stats st;

	if (!preload_counting ||
	    __atomic_exchange_n(&reported, 1, __ATOMIC_RELAXED))
		return;
	pvs_lock_stats_read(&st);
	dprintf(report_fd,
		"pvsched-preload[%d] (%s): interposed %llu mutexes, %llu condvars;"
		" acquisitions %llu (contended %llu), spins %llu, parks %llu,"
		" handoffs %llu; cond waits %llu, wakes %llu; fallbacks %llu%s\n",
		(int)getpid(), preload_mode, load(&preload_nr_mutexes), load(&preload_nr_conds),
		load(&st.acquisitions), load(&st.contended), load(&st.spins),
		load(&st.parks), load(&st.handoffs), load(&st.cond_waits),
		load(&st.cond_wakes), load(&preload_nr_fallbacks),
		preload_passthrough ? " (--lock glibc: every call)" : "");
}

/*
 * Worker processes often leave with _exit() (stress-ng's do), which runs
 * no destructor: report first, then leave as _exit() does. exit() reaches
 * glibc's internal _exit, not this one, so nothing is printed twice.
 */
void _exit(int status)
{
	preload_report();
	syscall(SYS_exit_group, status);
	__builtin_unreachable();
}

void _Exit(int status)
{
	_exit(status);
}
