// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The fast path pvs_ppc64_is_preempted() reads lazily: only the bytes the
 * rule needs, in the rule's order, each with one PVS_READ_ONCE() of one
 * byte. This file overrides PVS_READ_ONCE() (env.h keeps an override) with
 * one that logs every access, then compares the log with the order the rule
 * prescribes, on every state of an SMT4 and an SMT8 core.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

struct pvs_rd {
	const volatile void *addr;
	size_t size;
};

static struct pvs_rd pvs_rd_log[64];
static unsigned int pvs_rd_n;

static const volatile void *pvs_rd(const volatile void *addr, size_t size)
{
	if (pvs_rd_n < 64) {
		pvs_rd_log[pvs_rd_n].addr = addr;
		pvs_rd_log[pvs_rd_n].size = size;
	}
	pvs_rd_n++;
	return addr;
}

#define PVS_READ_ONCE(x) \
	(*(const volatile __typeof__(x) *)pvs_rd(&(x), sizeof(x)))

#include <pvsched/pvsched.h>

static uint8_t img[PVS_MAX_SMT][PVS_LPPACA_SIZE];

/* One expected read: the thread's yield_count parity byte or idle byte. */
struct want_rd {
	unsigned int thread;
	unsigned int off;
};

static bool odd(unsigned int s, unsigned int i)
{
	return (s >> (2 * i)) & 1;
}

static bool idle(unsigned int s, unsigned int i)
{
	return (s >> (2 * i + 1)) & 1;
}

static void push(struct want_rd *w, unsigned int *n, unsigned int thread,
		 unsigned int off)
{
	w[*n].thread = thread;
	w[*n].off = off;
	(*n)++;
}

/* The reads the rule prescribes (docs/upstream-rules.md, "vcpu_is_preempted on powerpc", step order). */
static unsigned int want_reads(unsigned int s, unsigned int smt,
			       unsigned int target, int caller, bool shared,
			       bool powervm, enum pvs_preempt_policy policy,
			       struct want_rd *w)
{
	const unsigned int Y = PVS_LPPACA_OFF_YIELD_COUNT + 3;
	const unsigned int I = PVS_LPPACA_OFF_IDLE;
	unsigned int n = 0, j;

	if (!shared)
		return 0;
	if (policy == PVS_PREEMPT_PARITY) {
		if (powervm && caller >= 0)
			return 0;
		push(w, &n, target, Y);
		return n;
	}
	push(w, &n, target, Y);
	if (!odd(s, target))
		return n;
	push(w, &n, target, I);
	if (!idle(s, target) || !powervm || caller >= 0)
		return n;
	for (j = 0; j < smt; j++) {
		if (j == target)
			continue;
		push(w, &n, j, Y);
		if (!odd(s, j))
			return n;
		push(w, &n, j, I);
		if (!idle(s, j))
			return n;
	}
	return n;
}

static void check_reads(unsigned int smt)
{
	const void *p[PVS_MAX_SMT];
	struct want_rd w[2 * PVS_MAX_SMT + 2];
	unsigned int s, i, k, sh, pw, pol, target;
	int caller;

	for (i = 0; i < PVS_MAX_SMT; i++) {
		memset(img[i], 0xa5, PVS_LPPACA_SIZE);
		p[i] = img[i];
	}
	for (s = 0; s < 1u << (2 * smt); s++) {
		for (i = 0; i < smt; i++) {
			img[i][PVS_LPPACA_OFF_YIELD_COUNT + 3] =
				(uint8_t)(0x40 | odd(s, i));
			img[i][PVS_LPPACA_OFF_IDLE] = idle(s, i) ? 0x80 : 0;
		}
		for (sh = 0; sh < 2; sh++)
		for (pw = 0; pw < 2; pw++)
		for (pol = 0; pol < 2; pol++)
		for (caller = -1; caller < (int)smt; caller++)
		for (target = 0; target < smt; target++) {
			enum pvs_preempt_policy policy =
				(enum pvs_preempt_policy)pol;
			unsigned int n = want_reads(s, smt, target, caller,
						    sh, pw, policy, w);

			pvs_rd_n = 0;
			(void)pvs_ppc64_is_preempted(p, smt, target, caller,
						     sh, pw, policy);
			if (pvs_rd_n != n)
				fail_msg("smt%u state %#x shared %u powervm %u policy %u caller %d target %u: %u reads, want %u",
					 smt, s, sh, pw, pol, caller, target,
					 pvs_rd_n, n);
			for (k = 0; k < n; k++) {
				const uint8_t *a = img[w[k].thread] + w[k].off;

				assert_ptr_equal(pvs_rd_log[k].addr, a);
				assert_int_equal(pvs_rd_log[k].size, 1);
			}
		}
	}
}

void test_preempt_read_order(void **state)
{
	(void)state;
	check_reads(4);
	check_reads(8);
}
