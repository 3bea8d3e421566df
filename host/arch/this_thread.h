/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * The calling thread's id and CPU, inline: what the lock records on every
 * acquisition (host/lock/mutex.c) and the spin runtime answers through
 * pvrt_spin_this_tid() and pvrt_spin_this_cpu() (host/rt/spin_rt.c).
 * Internal, not installed: beside arch.h, the one other header the
 * userspace libraries share (a header apart because it defines a
 * thread-local cache and a constructor in every file that includes it).
 *
 * The tid: a thread-local cache, filled by gettid on first use and
 * forgotten in a fork() child (the child's thread has a new id). Each
 * translation unit that includes this header has its own cache and
 * registers its own pthread_atfork() handler, once, from a constructor.
 * The initial-exec TLS model makes the cache one %fs-relative load in a
 * shared library too (the general-dynamic default calls __tls_get_addr);
 * it takes 4 bytes of the static TLS surplus glibc keeps for this.
 *
 * The CPU: glibc 2.35 and later register an rseq area for every thread
 * and export where it is (<sys/rseq.h>: __rseq_offset from the thread
 * pointer, __rseq_size 0 when registration failed or is disabled); the
 * kernel keeps its cpu_id current on every return to user space. That is
 * what glibc's own sched_getcpu() reads, minus the call. Elsewhere, or
 * when the area is not registered (cpu_id < 0: under Valgrind, or
 * GLIBC_TUNABLES=glibc.pthread.rseq=0), sched_getcpu(). The test is the
 * glibc version, as for the slice extension in host/rt/spin_rt.c: it holds
 * for the CMake build and for builds without it (bench/preempt/
 * tcg-guest.sh).
 */
#ifndef PVSCHED_HOST_THIS_THREAD_H
#define PVSCHED_HOST_THIS_THREAD_H

#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(__GLIBC__) && \
	(__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 35))
#include <sys/rseq.h>
#define PVARCH_HAVE_RSEQ_AREA 1
#endif

/* The caller's thread id, 0 until asked; forgotten in a fork() child. */
static __thread uint32_t this_thread_tid_cache
	__attribute__((tls_model("initial-exec")));

static void this_thread_tid_forget(void)
{
	this_thread_tid_cache = 0;
}

__attribute__((constructor)) static void this_thread_tid_atfork(void)
{
	pthread_atfork(NULL, NULL, this_thread_tid_forget);
}

/* The calling thread's kernel thread id (gettid once per thread). */
static inline uint32_t this_thread_tid(void)
{
	uint32_t tid = this_thread_tid_cache;

	if (__builtin_expect(tid == 0, 0)) {
		tid = (uint32_t)syscall(SYS_gettid);
		this_thread_tid_cache = tid;
	}
	return tid;
}

#ifdef PVARCH_HAVE_RSEQ_AREA
/* The calling thread's rseq area; the kernel's only when __rseq_size is
 * not 0, and only its first __rseq_size bytes. */
static inline struct rseq *this_thread_rseq(void)
{
	return (struct rseq *)((char *)__builtin_thread_pointer() +
			       __rseq_offset);
}
#endif

/* The CPU the caller runs on, or -1 (sched_getcpu()'s answer). */
static inline int this_thread_cpu(void)
{
#ifdef PVARCH_HAVE_RSEQ_AREA
	if (__builtin_expect(__rseq_size != 0, 1)) {
		const struct rseq *r = this_thread_rseq();
		int32_t cpu = (int32_t)__atomic_load_n(&r->cpu_id,
						       __ATOMIC_RELAXED);

		if (__builtin_expect(cpu >= 0, 1))
			return cpu;
	}
#endif
	return sched_getcpu();
}

#endif /* PVSCHED_HOST_THIS_THREAD_H */
