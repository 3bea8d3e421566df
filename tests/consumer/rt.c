// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Links against an installed pvsched::rt: the process-wide spin context. */
#include <stdio.h>
#include <pvsched/spin_rt.h>

int main(void)
{
	struct pvrt_spin *s = pvrt_spin_default();

	if (s == NULL)
		return 1;
	printf("rt consumer: policy %d, %s\n", (int)s->policy,
	       pvs_spin_reason_name(PVS_SPIN_REASON_BUDGET_LEFT));
	return 0;
}
