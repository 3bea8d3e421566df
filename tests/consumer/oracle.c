// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Links against an installed pvsched::oracle (the BPF loader): asks for
 * the oracle the way a runtime does and reports what it got; without root
 * or a BPF-capable kernel that is a reason, not an error. It calls a core
 * function too: the oracle library requires the core (docs/abi.md).
 */
#include <stdio.h>
#include <pvsched/oracle.h>
#include <pvsched/pvsched.h>

int main(void)
{
	struct pvrt_oracle *o = NULL;
	enum pvrt_oracle_why why = PVRT_ORACLE_OK;

	pvrt_oracle_open(&o, NULL, &why);
	printf("oracle consumer: %s (%s)\n",
	       o != NULL ? "attached or pinned" : pvrt_oracle_why_name(why),
	       pvs_strerror(-PVS_EAGAIN));
	pvrt_oracle_close(o);
	return 0;
}
