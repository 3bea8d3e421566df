// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * A BPF object shaped like the oracle's (same map, same attach point)
 * whose program the verifier must reject: it writes past the end of its
 * map value. test_oracle loads it to check the "program rejected"
 * fallback.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

#include "abi.h"

PVRT_ORACLE_MAP_DEFINE;

SEC("tp_btf/sched_switch")
int BPF_PROG(pvrt_oracle_reject, bool preempt, struct task_struct *prev,
	     struct task_struct *next)
{
	__u32 cpu = bpf_get_smp_processor_id();
	struct pvrt_oracle_abi_slot *s = bpf_map_lookup_elem(&running, &cpu);

	if (!s)
		return 0;
	/* One slot past the value: out of bounds, the verifier says no. */
	s[1].tid = (__u32)next->pid;
	return 0;
}
