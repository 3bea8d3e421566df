// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The owner-on-CPU oracle: on every sched_switch, record in this CPU's slot
 * of a mmapable array which thread now runs here (the kernel mutex's
 * owner_on_cpu() question, asked from userspace by reading the slot).
 *
 * Built twice: plain, and with -DPVRT_ORACLE_STEAL, which also copies
 * every CPU's KVM kvm_steal_time.preempted flag (vcpu_is_preempted() on
 * x86 KVM) into the slots at each switch. That variant needs the per-CPU
 * variable steal_time in the kernel's BTF and its address in kallsyms; the
 * loader tries it first and falls back to the plain one when the kernel
 * rejects it.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

#include "abi.h"

PVRT_ORACLE_MAP_DEFINE;

#ifdef PVRT_ORACLE_STEAL
/* CPUs whose flag is copied at each switch (set by the loader). */
const volatile __u32 nr_cpus = 1;
extern const struct kvm_steal_time steal_time __ksym;

/* Bounded: at most 64 vCPUs' flags per switch (the hook's cost). */
#define STEAL_SCAN_MAX 64

static void copy_preempted(void)
{
	__u32 i;

	for (i = 0; i < STEAL_SCAN_MAX && i < nr_cpus; i++) {
		const struct kvm_steal_time *st;
		struct pvrt_oracle_abi_slot *s;
		__u32 key = i;

		st = bpf_per_cpu_ptr(&steal_time, i);
		s = bpf_map_lookup_elem(&running, &key);
		if (!st || !s)
			break;
		/* version 0: the host never registered steal time for this
		 * vCPU (no KVM, or steal time off): the flag means nothing. */
		if (st->version == 0)
			continue;
		s->vcpu_preempted = (st->preempted & 1) ?
				    PVRT_ORACLE_ABI_PREEMPT_YES :
				    PVRT_ORACLE_ABI_PREEMPT_NO;
	}
}
#endif

PVRT_ORACLE_SWITCH_PROG(pvrt_oracle_switch)
{
	struct pvrt_oracle_abi_slot *s = PVRT_ORACLE_THIS_SLOT();

	if (!s)
		return 0;
	/* One aligned 32-bit store: readers see the old or the new tid. */
	*(volatile __u32 *)&s->tid = (__u32)next->pid;
	*(volatile __u32 *)&s->tgid = (__u32)next->tgid;
	s->switches++;	/* this CPU only, preemption is off here */
#ifdef PVRT_ORACLE_STEAL
	copy_preempted();
#endif
	return 0;
}
