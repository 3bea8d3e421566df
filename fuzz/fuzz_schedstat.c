// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * libFuzzer target: the per-task schedstat parser and the /proc/schedstat
 * runqueue parser on the same bytes. A parsed per-task line printed back
 * parses to the same numbers; failures touch nothing.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pvsched/probe.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define CAP 32

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct pvprobe_rq_schedstat rq[CAP];
	struct pvprobe_schedstat s, t;
	char buf[96];
	unsigned int i;
	int rc, n;

	memset(&s, 0x5a, sizeof(s));
	t = s;
	rc = pvprobe_schedstat_parse((const char *)data, size, &s);
	if (rc < 0 && memcmp(&s, &t, sizeof(s)) != 0)
		abort();
	if (rc == 0) {
		n = snprintf(buf, sizeof(buf),
			     "%" PRIu64 " %" PRIu64 " %" PRIu64 "\n", s.run_ns,
			     s.wait_ns, s.timeslices);
		if (pvprobe_schedstat_parse(buf, (size_t)n, &t) != 0 ||
		    memcmp(&s, &t, sizeof(s)) != 0)
			abort();
	}
	memset(rq, 0x5a, sizeof(rq));
	rc = pvprobe_rq_schedstat_parse((const char *)data, size, rq, CAP);
	if (rc > CAP)
		abort();
	if (rc < 0)
		for (i = 0; i < sizeof(rq); i++)
			if (((const unsigned char *)rq)[i] != 0x5a)
				abort();
	for (i = 0; rc > 0 && i < (unsigned int)rc; i++)
		if (rq[i].cpu < 0 || rq[i].cpu >= PVPROBE_MAX_CPUS)
			abort();
	return 0;
}
