// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Standalone runner for the shared vectors, with no test framework, so it
 * builds with any cross compiler (-static) and runs under qemu-user on
 * big-endian ppc64. Prints each failure and then "N passed, M failed".
 * Usage: pvs_vecrun [SUITE...]   (no argument: every suite)
 */
#include <stdio.h>

#include "vectors/vectors.h"

static void report(void *ctx, const char *suite, unsigned int index,
		   const char *expr)
{
	(void)ctx;
	printf("FAIL %s[%u]: %s\n", suite, index, expr);
}

static int host_is_big_endian(void)
{
	const union { uint16_t v; uint8_t b[2]; } probe = { 0x0102 };

	return probe.b[0] == 0x01;
}

int main(int argc, char **argv)
{
	struct pvs_vec_result r = { 0, 0, report, NULL };
	int i;

	if (argc < 2) {
		pvs_vec_run_all(&r);
	} else {
		for (i = 1; i < argc; i++) {
			if (pvs_vec_run_suite(argv[i], &r) < 0) {
				fprintf(stderr, "pvs_vecrun: no suite '%s'\n", argv[i]);
				return 2;
			}
		}
	}
	printf("host byte order: %s-endian\n", host_is_big_endian() ? "big" : "little");
	printf("vectors: %u passed, %u failed\n", r.passed, r.failed);
	return r.failed ? 1 : 0;
}
