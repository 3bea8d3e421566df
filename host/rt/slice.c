// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The rseq time-slice extension: who may use it, and the request / grant /
 * yield protocol around a critical section (host/arch/slice.h;
 * docs/spin-rt.md, "Time-slice extension").
 *
 * A thread uses it when all of these hold, checked once, on its first
 * section (the first two hold for the whole process or for none of it: a
 * process-wide flag then makes every later section one test):
 *  - the kernel offers it (the probe: prctl(PR_RSEQ_SLICE_EXTENSION,
 *    PR_RSEQ_SLICE_EXTENSION_GET) answers, or the sysctl exists), and the
 *    rseq_slice_yield number is known for this architecture (the ABI
 *    requires the yield after a grant);
 *  - glibc registered an rseq area for the thread and says the kernel
 *    keeps at least the bytes up to the end of slice_ctrl (__rseq_size >=
 *    32: glibc 2.35 to 2.39 say 32, 2.41 and later say
 *    getauxval(AT_RSEQ_FEATURE_SIZE); 2.40, and Debian's 2.36 with that
 *    fix, say 20);
 *  - the kernel set RSEQ_CS_FLAG_SLICE_EXT_AVAILABLE in the area's flags
 *    at registration: Linux 7.1 does so only for an area registered
 *    longer than the original 32 bytes (at least AT_RSEQ_FEATURE_SIZE, 33
 *    there), so a thread of glibc 2.35 to 2.40, which registers 32 bytes,
 *    gets no extension there;
 *  - the prctl that enables it for the thread succeeds.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <pvsched/spin_rt.h>

#include "../arch/arch.h"
#include "../arch/this_thread.h"
#include "../arch/slice.h"
#include "spin_rt_host.h"

/* struct rseq: the flags word, and the kernel's "available" bit in it. */
#define RSEQ_FLAGS_OFF 16
#define RSEQ_FLAG_SLICE_AVAILABLE (1u << 4)
/* slice_ctrl: request byte, granted byte. */
#define SLICE_REQUEST_OFF PVARCH_RSEQ_SLICE_CTRL_OFF
#define SLICE_GRANTED_OFF (PVARCH_RSEQ_SLICE_CTRL_OFF + 1)
#define SLICE_CTRL_END (PVARCH_RSEQ_SLICE_CTRL_OFF + 4)

int pvrt_slice_maybe = 1;
__thread int8_t pvrt_slice_state __attribute__((tls_model("initial-exec")));

/* Sections this thread is in (only counted while it is on). */
static __thread uint32_t slice_depth __attribute__((tls_model("initial-exec")));

/* ---- the defaults: glibc's area, the system calls ----------------------- */

static uint8_t *glibc_area(uint32_t *size)
{
#ifdef PVARCH_HAVE_RSEQ_AREA
	*size = __rseq_size;
	return __rseq_size != 0 ? (uint8_t *)this_thread_rseq() : NULL;
#else
	*size = 0;
	return NULL;
#endif
}

static bool kernel_offers(void)
{
#ifdef PVARCH_NR_RSEQ_SLICE_YIELD
	return pvrt_host_rseq_slice();
#else
	return false;	/* no way to give the CPU back after a grant */
#endif
}

static int kernel_enable(void)
{
	return prctl(PVARCH_PR_RSEQ_SLICE_EXTENSION,
		     PVARCH_PR_RSEQ_SLICE_EXTENSION_SET,
		     PVARCH_PR_RSEQ_SLICE_EXT_ENABLE, 0, 0) == 0 ? 0 : -1;
}

static void kernel_yield(void)
{
#ifdef PVARCH_NR_RSEQ_SLICE_YIELD
	syscall(PVARCH_NR_RSEQ_SLICE_YIELD);
#endif
}

static const struct pvrt_slice_ops default_ops = {
	glibc_area, kernel_offers, kernel_enable, kernel_yield
};

static const struct pvrt_slice_ops *slice_ops = &default_ops;
/* The kernel offers it: 0 not asked yet, 1 yes, -1 no (atomic). */
static int slice_offered;

void pvrt_slice_set_ops(const struct pvrt_slice_ops *ops)
{
	__atomic_store_n(&slice_ops, ops != NULL ? ops : &default_ops,
			 __ATOMIC_RELEASE);
	__atomic_store_n(&slice_offered, 0, __ATOMIC_RELEASE);
	__atomic_store_n(&pvrt_slice_maybe, 1, __ATOMIC_RELAXED);
}

/* Asked once per process (a race asks twice, with the same answer). */
static bool offered(const struct pvrt_slice_ops *ops)
{
	int o = __atomic_load_n(&slice_offered, __ATOMIC_ACQUIRE);

	if (o == 0) {
		o = ops->offered() ? 1 : -1;
		__atomic_store_n(&slice_offered, o, __ATOMIC_RELEASE);
	}
	return o > 0;
}

static int8_t decide(const struct pvrt_slice_ops *ops)
{
	uint32_t size = 0, flags;
	uint8_t *area;

	area = offered(ops) ? ops->area(&size) : NULL;
	if (area == NULL || size < SLICE_CTRL_END) {
		/* Holds for every thread: glibc's __rseq_size is the
		 * process's. From now on one flag test per section. */
		__atomic_store_n(&pvrt_slice_maybe, 0, __ATOMIC_RELAXED);
		return PVRT_SLICE_OFF;
	}
	flags = __atomic_load_n((uint32_t *)(area + RSEQ_FLAGS_OFF),
				__ATOMIC_RELAXED);
	if (!(flags & RSEQ_FLAG_SLICE_AVAILABLE))
		return PVRT_SLICE_OFF;	/* this registration: legacy mode */
	return ops->enable() == 0 ? PVRT_SLICE_ON : PVRT_SLICE_OFF;
}

/* ---- the protocol ---------------------------------------------------------- */

static uint8_t *slice_area(void)
{
	uint32_t size;

	return __atomic_load_n(&slice_ops, __ATOMIC_ACQUIRE)->area(&size);
}

static void enter_on(void)
{
	if (slice_depth++ != 0)
		return;	/* nested: the outer section asked already */
	__atomic_store_n(slice_area() + SLICE_REQUEST_OFF, 1, __ATOMIC_RELAXED);
	/* The section's accesses stay after the request (the kernel looks
	 * at it only on this thread's CPU, between two of its instructions). */
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
}

void pvrt_slice_enter_thread(void)
{
	if (pvrt_slice_state == PVRT_SLICE_UNKNOWN)
		pvrt_slice_state =
			decide(__atomic_load_n(&slice_ops, __ATOMIC_ACQUIRE));
	if (pvrt_slice_state == PVRT_SLICE_ON)
		enter_on();
}

bool pvrt_slice_leave_thread(void)
{
	uint8_t *area;
	bool granted;

	if (pvrt_slice_state != PVRT_SLICE_ON || slice_depth == 0 ||
	    --slice_depth != 0)
		return false;	/* off, not in one (unbalanced), or nested */
	area = slice_area();
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	__atomic_store_n(area + SLICE_REQUEST_OFF, 0, __ATOMIC_RELAXED);
	/* Read after the clear: an interrupt after it grants nothing more. */
	granted = __atomic_load_n(area + SLICE_GRANTED_OFF,
				  __ATOMIC_RELAXED) != 0;
	if (granted)
		__atomic_load_n(&slice_ops, __ATOMIC_ACQUIRE)->yield();
	return granted;
}

/*
 * fork(): the child's only thread decides again (whether the enable
 * carries over is the kernel's business, not ours to guess), and a
 * request the parent had up is taken down in the child's copy of the
 * area, or a grant could come that nobody gives back.
 */
static void slice_forget(void)
{
	if (pvrt_slice_state == PVRT_SLICE_ON && slice_depth != 0)
		__atomic_store_n(slice_area() + SLICE_REQUEST_OFF, 0,
				 __ATOMIC_RELAXED);
	pvrt_slice_state = PVRT_SLICE_UNKNOWN;
	slice_depth = 0;
}

__attribute__((constructor)) static void slice_atfork(void)
{
	pthread_atfork(NULL, NULL, slice_forget);
}

/* ---- the public calls (spin_rt.h) ---------------------------------------- */

bool pvrt_spin_slice_begin(const struct pvrt_spin *s)
{
	if (s == NULL || !s->rseq_slice)
		return false;
	pvrt_slice_enter();
	return pvrt_slice_state == PVRT_SLICE_ON;
}

bool pvrt_spin_slice_end(const struct pvrt_spin *s)
{
	if (s == NULL || !s->rseq_slice)
		return false;
	return pvrt_slice_armed() && pvrt_slice_leave_thread();
}
