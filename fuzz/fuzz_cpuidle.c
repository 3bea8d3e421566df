// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * libFuzzer target: pvprobe_cpuidle_state_parse() with the attribute files'
 * texts cut from the input at NUL bytes (name, desc, latency, residency,
 * usage, time, disable; an empty piece stands for an absent file), as the
 * reader hands them over from sysfs. Names that pass are printable and
 * terminated; failures touch nothing.
 */
#include <stdlib.h>
#include <string.h>

#include <pvsched/probe.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text[PVPROBE_CPUIDLE_ATTR_COUNT] = { NULL };
	struct pvprobe_cpuidle_state st, canary;
	char *copy = malloc(size + 1);
	size_t off = 0, i, k;
	int rc;

	if (copy == NULL)
		return 0;
	memcpy(copy, data, size);
	copy[size] = '\0';
	for (k = 0; k < PVPROBE_CPUIDLE_ATTR_COUNT && off <= size; k++) {
		size_t len = strlen(copy + off);

		text[k] = len ? copy + off : NULL;
		off += len + 1;
	}
	memset(&st, 0xa5, sizeof(st));
	canary = st;
	rc = pvprobe_cpuidle_state_parse(text, &st);
	if (rc < 0) {
		if (memcmp(&st, &canary, sizeof(st)) != 0)
			abort();
	} else {
		for (i = 0; i < sizeof(st.name) && st.name[i]; i++)
			if ((unsigned char)st.name[i] < 0x20)
				abort();
		if (i == 0 || i == sizeof(st.name) ||
		    memchr(st.desc, '\0', sizeof(st.desc)) == NULL)
			abort();
	}
	free(copy);
	return 0;
}
