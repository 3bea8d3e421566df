// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * libFuzzer target: pvprobe_stat_parse() and pvprobe_steal_rate(). A parsed file,
 * printed back, parses to the same numbers; every steal rate between any
 * two of its lines is a ppm in [0, 1e6]; a failed parse touches nothing.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pvsched/probe.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define CAP 64

static size_t render(const struct pvprobe_stat *st, char *buf, size_t cap)
{
	size_t off = 0;
	unsigned int i;

	for (i = 0; i <= st->nr_cpus && off < cap; i++) {
		const struct pvprobe_cpu_times *t =
			i ? &st->cpus[i - 1] : &st->total;
		const uint64_t v[10] = { t->user, t->nice, t->system, t->idle,
					 t->iowait, t->irq, t->softirq,
					 t->steal, t->guest, t->guest_nice };
		unsigned int k;

		if (t->cpu < 0)
			off += (size_t)snprintf(buf + off, cap - off, "cpu");
		else
			off += (size_t)snprintf(buf + off, cap - off, "cpu%d",
						(int)t->cpu);
		for (k = 0; k < t->nr_fields && off < cap; k++)
			off += (size_t)snprintf(buf + off, cap - off,
						" %" PRIu64, v[k]);
		if (off < cap)
			off += (size_t)snprintf(buf + off, cap - off, "\n");
	}
	return off;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct pvprobe_cpu_times a[CAP], b[CAP];
	static char text[CAP * 240];
	struct pvprobe_stat s1 = { .cpus = a, .cap = CAP };
	struct pvprobe_stat s2 = { .cpus = b, .cap = CAP };
	struct pvprobe_steal_rate r;
	unsigned int i, j;
	size_t n;
	int rc;

	memset(a, 0x5a, sizeof(a));
	rc = pvprobe_stat_parse((const char *)data, size, &s1);
	if (rc < 0) {
		for (i = 0; i < sizeof(a); i++)
			if (((const unsigned char *)a)[i] != 0x5a)
				abort();
		return 0;
	}
	if ((unsigned int)rc != s1.nr_cpus || s1.nr_cpus > CAP ||
	    s1.total.cpu != -1)
		abort();
	n = render(&s1, text, sizeof(text));
	if (n >= sizeof(text))
		abort();
	if (pvprobe_stat_parse(text, n, &s2) != rc ||
	    memcmp(&s1.total, &s2.total, sizeof(s1.total)) != 0 ||
	    memcmp(a, b, (size_t)rc * sizeof(a[0])) != 0)
		abort();
	for (i = 0; i <= s1.nr_cpus; i++) {
		const struct pvprobe_cpu_times *x = i ? &a[i - 1] : &s1.total;

		if (pvprobe_steal_rate(NULL, x, &r) != 0 || r.steal_ppm > 1000000 ||
		    r.preempt_ppm > 1000000 || r.steal_ticks > r.total_ticks)
			abort();
		for (j = 0; j < s1.nr_cpus; j++) {
			struct pvprobe_cpu_times y = a[j];

			y.cpu = x->cpu;
			if (pvprobe_steal_rate(&y, x, &r) != 0 ||
			    r.steal_ppm > 1000000 || r.preempt_ppm > 1000000)
				abort();
		}
	}
	return 0;
}
