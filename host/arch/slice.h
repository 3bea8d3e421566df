/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * The rseq time-slice extension (Linux 7.0+) around a critical section,
 * for the spin runtime (pvrt_spin_slice_begin()/_end()) and the lock
 * (host/lock/mutex.c: on every acquisition and release). Internal, not
 * installed: a header the userspace libraries share, beside arch.h and
 * this_thread.h, because the lock's fast path tests its flag inline; the
 * functions are in host/rt/slice.c, which every library using them links
 * (pvsched_rt_static inside the lock and the preload).
 *
 * The protocol (Documentation/userspace-api/rseq.rst, "Scheduler time
 * slice extensions"): a thread enables the extension once with
 * prctl(PR_RSEQ_SLICE_EXTENSION, PR_RSEQ_SLICE_EXTENSION_SET,
 * PR_RSEQ_SLICE_EXT_ENABLE); it sets rseq->slice_ctrl.request (byte 28)
 * on entering a critical section and clears it on leaving; if the kernel
 * granted an extension meanwhile (slice_ctrl.granted, byte 29, set by the
 * kernel only) the thread gives the CPU back at once with the
 * rseq_slice_yield system call.
 *
 * The cost where the kernel does not offer it (every kernel before 7.0),
 * or glibc's __rseq_size does not cover slice_ctrl: one test of a
 * process-wide flag (pvrt_slice_maybe) on entry (pvrt_slice_enter(); the
 * lock folds it into the branch of its event counters); the lock's
 * uncontended release tests nothing, because an entry that raised the
 * request also marks the lock word so that its release takes the slow
 * path (host/lock/mutex.c, acquired_extras()). The first entry of the
 * process decides that flag once; where it stays up, each thread decides
 * once more for itself, on its first entry (pvrt_slice_enter_thread()),
 * and keeps its answer in a thread-local byte. Nested sections (a thread
 * holding two locks) keep the request until the outermost one ends.
 */
#ifndef PVSCHED_HOST_ARCH_SLICE_H
#define PVSCHED_HOST_ARCH_SLICE_H

#include <stdbool.h>
#include <stdint.h>

#pragma GCC visibility push(hidden)

/* pvrt_slice_state values: not decided yet, on, off for this thread. */
#define PVRT_SLICE_UNKNOWN 0
#define PVRT_SLICE_ON 1
#define PVRT_SLICE_OFF (-1)

/* 0: no thread of this process can use the extension (the kernel does
 * not offer it, or glibc's area is too short); 1: not decided yet, or
 * some thread may (atomic, relaxed loads). */
extern int pvrt_slice_maybe;

/* This thread's decision (PVRT_SLICE_*). */
extern __thread int8_t pvrt_slice_state
	__attribute__((tls_model("initial-exec")));

/*
 * Where the extension meets the kernel, replaceable for tests (a fake
 * rseq area): the defaults use glibc's registration and the system calls.
 */
struct pvrt_slice_ops {
	/* The calling thread's rseq area (struct rseq) and how many bytes
	 * of it the kernel keeps (glibc's __rseq_size); NULL if none. */
	uint8_t *(*area)(uint32_t *size);
	/* The kernel offers the extension (asked once per process). */
	bool (*offered)(void);
	/* Enable it for the calling thread (the prctl); 0 or -1. */
	int (*enable)(void);
	/* Give the CPU back after a grant (rseq_slice_yield). */
	void (*yield)(void);
};

/* Use @ops (NULL: the defaults) from now on; the process-wide "offered"
 * answer is asked again, and threads that decide after this call see the
 * new ops (a thread that already decided keeps its answer). Tests only. */
void pvrt_slice_set_ops(const struct pvrt_slice_ops *ops);

/* The thread's part of an entry: decide for the calling thread if it has
 * not (which may also decide for the process), then raise the request if
 * it is on. */
void pvrt_slice_enter_thread(void);

/* The thread's part of an exit: when it is on, end the section; at the
 * outermost, clear the request and yield if the kernel granted an
 * extension. True if it had. */
bool pvrt_slice_leave_thread(void);

/* A critical section begins: ask not to be preempted, where offered. */
static inline void pvrt_slice_enter(void)
{
	if (__builtin_expect(!__atomic_load_n(&pvrt_slice_maybe,
					      __ATOMIC_RELAXED), 1))
		return;
	pvrt_slice_enter_thread();
}

/* Some thread of the process may use the extension: an entry must ask
 * (pvrt_slice_enter_thread()), a release must call
 * pvrt_slice_leave_thread() after it. On a release's fast path, test it
 * before the locked instruction, not after: a load after one waits for it
 * to complete. */
static inline bool pvrt_slice_armed(void)
{
	return __builtin_expect(__atomic_load_n(&pvrt_slice_maybe,
						__ATOMIC_RELAXED), 0);
}

#pragma GCC visibility pop

#endif /* PVSCHED_HOST_ARCH_SLICE_H */
