// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Links against an installed libpvsched; exits 0 when headers and library agree. */
#include <stdio.h>
#include <pvsched/pvsched.h>

int main(void)
{
	printf("consumer: libpvsched %s\n", pvs_version_string());
	return pvs_version_number() == PVS_VERSION_NUMBER ? 0 : 1;
}
