// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include <pvsched/version.h>

unsigned int pvs_version_number(void)
{
	return PVS_VERSION_NUMBER;
}

const char *pvs_version_string(void)
{
	return PVS_VERSION_STRING;
}
