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

PVRT_ORACLE_SWITCH_PROG(pvrt_oracle_reject)
{
	struct pvrt_oracle_abi_slot *s = PVRT_ORACLE_THIS_SLOT();

	if (!s)
		return 0;
	/* One slot past the value: out of bounds, the verifier says no. */
	s[1].tid = (__u32)next->pid;
	return 0;
}
