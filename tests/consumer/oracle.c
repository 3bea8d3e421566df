// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Links against an installed pvsched::oracle (the BPF loader): asks for
 * the oracle the way a runtime does and reports what it got; without root
 * or a BPF-capable kernel that is a reason, not an error.
 */
#include <stdio.h>
#include <pvsched/oracle.h>

int main(void)
{
	struct pvrt_oracle *o = NULL;
	enum pvrt_oracle_why why = PVRT_ORACLE_OK;

	pvrt_oracle_open(&o, NULL, &why);
	printf("oracle consumer: %s\n",
	       o != NULL ? "attached or pinned" : pvrt_oracle_why_name(why));
	pvrt_oracle_close(o);
	return 0;
}
