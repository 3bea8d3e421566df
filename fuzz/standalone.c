// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Replays fuzz inputs without libFuzzer: `fuzz_x FILE...` runs each file
 * through LLVMFuzzerTestOneInput() once. ctest uses it to keep every seed
 * and every past finding (fuzz/corpus/<target>/, fuzz/fixture-seeds.txt)
 * passing with any compiler.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++) {
		FILE *f = fopen(argv[i], "rb");
		uint8_t *buf;
		long n;

		if (f == NULL || fseek(f, 0, SEEK_END) != 0 ||
		    (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
			fprintf(stderr, "%s: cannot read\n", argv[i]);
			return 1;
		}
		buf = malloc((size_t)n + 1);
		if (buf == NULL || fread(buf, 1, (size_t)n, f) != (size_t)n) {
			fprintf(stderr, "%s: cannot read\n", argv[i]);
			return 1;
		}
		fclose(f);
		LLVMFuzzerTestOneInput(buf, (size_t)n);
		free(buf);
	}
	printf("replayed %d inputs\n", argc - 1);
	return 0;
}
