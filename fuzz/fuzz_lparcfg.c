// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * libFuzzer target: pvprobe_lparcfg_parse() on arbitrary bytes. Beyond "no
 * crash, no sanitizer report": a failed parse leaves the output untouched,
 * and a successful one is consistent (flags 0/1, groups only when seen).
 */
#include <stdlib.h>
#include <string.h>

#include <pvsched/probe.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pvprobe_lparcfg lp, canary;
	int rc;

	memset(&lp, 0xa5, sizeof(lp));
	canary = lp;
	rc = pvprobe_lparcfg_parse((const char *)data, size, &lp);
	if (rc < 0) {
		if (memcmp(&lp, &canary, sizeof(lp)) != 0)
			abort();
		if (rc != -PVS_EBADMSG && rc != -PVS_ERANGE)
			abort();
		return 0;
	}
	if (rc != 0 || lp.version_major != 1)
		abort();
	if (lp.have & ~0x1fu)
		abort();
	if (memchr(lp.system_type, '\0', sizeof(lp.system_type)) == NULL)
		abort();
	return 0;
}
