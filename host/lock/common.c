// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * pvsched_lock plumbing: futex calls with a clock, the process-wide spin
 * context chosen by pvs_lock_set_policy(), event counters, the fork
 * generation.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/futex.h>
#include <pthread.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <pvsched/spin_rt.h>

#include "lock_impl.h"

int lock_counting;
struct pvs_lock_stats lock_counts;
uint32_t lock_fork_gen;
int lock_glibc_compat;

void pvs_lock_glibc_compatible(void)
{
	__atomic_store_n(&lock_glibc_compat, 1, __ATOMIC_SEQ_CST);
}

bool lock_past(int clock, const struct timespec *t)
{
	struct timespec now;

	clock_gettime(clock, &now);
	return !lock_ts_before(&now, t);
}

uint64_t lock_mono_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

int lock_futex_wait(uint32_t *word, uint32_t val, uint32_t bits,
		    int clock, const struct timespec *t)
{
	int op = FUTEX_WAIT_BITSET_PRIVATE;

	/* Before 1970 is past (the kernel's answer would be EINVAL). */
	if (t != NULL && t->tv_sec < 0)
		return ETIMEDOUT;
	if (t != NULL && clock == CLOCK_REALTIME)
		op |= FUTEX_CLOCK_REALTIME;
	if (syscall(SYS_futex, word, op, val, t, NULL, bits) == -1 &&
	    (errno == ETIMEDOUT || errno == EAGAIN))
		return errno;
	return 0;
}

void lock_futex_wake(uint32_t *word, int n, uint32_t bits)
{
	syscall(SYS_futex, word, FUTEX_WAKE_BITSET_PRIVATE, n, NULL, NULL,
		bits);
}

/* ---- the process-wide spin context ---------------------------------- */

static int spin_policy = PVS_SPIN_POLICY_PV;
static int spin_chosen;		/* lock_spin() ran: the policy is fixed */
static struct pvrt_spin spin_ctx;
static pthread_once_t spin_once = PTHREAD_ONCE_INIT;

static void spin_init(void)
{
	pvrt_spin_init(&spin_ctx, (enum pvs_spin_policy)spin_policy);
}

struct pvrt_spin *lock_spin(void)
{
	/* Written once: the slow path must not dirty a shared line. */
	if (!__atomic_load_n(&spin_chosen, __ATOMIC_RELAXED))
		__atomic_store_n(&spin_chosen, 1, __ATOMIC_RELAXED);
	if (spin_policy == PVS_SPIN_POLICY_PV)
		return pvrt_spin_default();
	pthread_once(&spin_once, spin_init);
	return &spin_ctx;
}

int pvs_lock_set_policy(int policy)
{
	if (policy != PVS_SPIN_POLICY_PV && policy != PVS_SPIN_POLICY_FIXED)
		return EINVAL;
	if (__atomic_load_n(&spin_chosen, __ATOMIC_RELAXED))
		return policy == spin_policy ? 0 : EBUSY;
	spin_policy = policy;
	return 0;
}

/* ---- counters ---------------------------------------------------------- */

void pvs_lock_stats_enable(int on)
{
	__atomic_store_n(&lock_counting, on != 0, __ATOMIC_RELAXED);
}

void pvs_lock_stats_read(struct pvs_lock_stats *out)
{
	const uint64_t *src = (const uint64_t *)&lock_counts;
	uint64_t *dst = (uint64_t *)out;
	size_t i;

	for (i = 0; i < sizeof(*out) / sizeof(uint64_t); i++)
		dst[i] = __atomic_load_n(&src[i], __ATOMIC_RELAXED);
}

/* ---- fork ------------------------------------------------------------- */

static void after_fork_child(void)
{
	__atomic_fetch_add(&lock_fork_gen, 1, __ATOMIC_RELAXED);
}

__attribute__((constructor)) static void register_fork(void)
{
	pthread_atfork(NULL, NULL, after_fork_child);
}
