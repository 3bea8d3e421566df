// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Minimal host probing for the spin runtime (see spin_rt_host.h): to be
 * replaced by calls into the probe library once it is on main.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

#include <pvsched/errors.h>

#include "spin_rt_host.h"

#define PVS_RT_PAUSE_WINDOWS 200u
#define PVS_RT_PAUSE_ITERS 16u
#define PVS_RT_STAT_BUF (256u << 10)
#define PVS_RT_PR_RSEQ_SLICE_EXTENSION 79
#define PVS_RT_PR_RSEQ_SLICE_EXTENSION_GET 1

static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

int pvs_rt_host_pause_ps(uint32_t *pause_ps)
{
	uint64_t best = UINT64_MAX, empty = UINT64_MAX, t0, t1, ps;
	unsigned int w, i;

	for (w = 0; w < PVS_RT_PAUSE_WINDOWS; w++) {
		t0 = mono_ns();
		t1 = mono_ns();
		if (t1 - t0 < empty)
			empty = t1 - t0;
		t0 = mono_ns();
		for (i = 0; i < PVS_RT_PAUSE_ITERS; i++)
			PVS_RT_RELAX();
		t1 = mono_ns();
		if (t1 - t0 < best)
			best = t1 - t0;
	}
	if (best <= empty)
		return -PVS_ERANGE;
	ps = (best - empty) * 1000u / PVS_RT_PAUSE_ITERS;
	if (ps == 0 || ps > UINT32_MAX)
		return -PVS_ERANGE;
	*pause_ps = (uint32_t)ps;
	return 0;
}

static const char *parse_u64(const char *p, const char *end, uint64_t *v)
{
	uint64_t x = 0;

	while (p < end && *p == ' ')
		p++;
	if (p == end || *p < '0' || *p > '9')
		return NULL;
	while (p < end && *p >= '0' && *p <= '9')
		x = x * 10u + (uint64_t)(*p++ - '0');
	*v = x;
	return p;
}

int pvs_rt_host_stat(pvs_rt_host_cpu_fn fn, void *arg)
{
	char *buf = malloc(PVS_RT_STAT_BUF);
	const char *p, *end, *eol;
	ssize_t n;
	size_t len = 0;
	int fd, lines = 0;

	if (buf == NULL)
		return -PVS_ENOMEM;
	fd = open("/proc/stat", O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		free(buf);
		return -PVS_ENOENT;
	}
	while (len < PVS_RT_STAT_BUF &&
	       (n = read(fd, buf + len, PVS_RT_STAT_BUF - len)) > 0)
		len += (size_t)n;
	close(fd);
	end = buf + len;
	for (p = buf; p < end; p = eol + 1) {
		uint64_t col[8] = { 0 }, cpu, total = 0;
		const char *q;
		unsigned int i, got = 0;

		for (eol = p; eol < end && *eol != '\n'; eol++)
			;
		if (eol - p < 4 || p[0] != 'c' || p[1] != 'p' || p[2] != 'u' ||
		    p[3] < '0' || p[3] > '9')
			continue;
		q = parse_u64(p + 3, eol, &cpu);
		/* user nice system idle iowait irq softirq steal */
		for (i = 0; q != NULL && i < 8; i++) {
			q = parse_u64(q, eol, &col[i]);
			if (q != NULL) {
				total += col[i];
				got++;
			}
		}
		if (got < 4 || cpu > 0xffffffffu)
			continue;
		fn(arg, (unsigned int)cpu, col[7], total);
		lines++;
	}
	free(buf);
	return lines;
}

bool pvs_rt_host_rseq_slice(void)
{
	/* EINVAL before Linux 7.0: the option does not exist. */
	return prctl(PVS_RT_PR_RSEQ_SLICE_EXTENSION,
		     PVS_RT_PR_RSEQ_SLICE_EXTENSION_GET, 0, 0, 0) >= 0;
}
