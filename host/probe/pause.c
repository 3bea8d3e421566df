// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Cost of one cpu_relax() (x86 PAUSE), measured the robust way
 * (docs/upstream-rules.md#spin-or-park-decision-inputs; PAUSE costs ~10 to
 * ~140 cycles depending on the generation, so spin budgets must be
 * converted with a measured cost): many short windows, the clock overhead
 * subtracted, absurd windows dropped, the minimum kept.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../arch/arch.h"
#include "probe_util.h"

int pvprobe_pause_estimate(const uint64_t *pause_ns, const uint64_t *empty_ns,
		       unsigned int n, unsigned int iters,
		       struct pvprobe_pause_cal *out)
{
	uint64_t overhead = UINT64_MAX, best = UINT64_MAX;
	unsigned int i, used = 0;

	if (pause_ns == NULL || empty_ns == NULL || out == NULL || n == 0 ||
	    iters == 0)
		return -PVS_EINVAL;
	for (i = 0; i < n; i++)
		if (empty_ns[i] < overhead)
			overhead = empty_ns[i];
	for (i = 0; i < n; i++) {
		uint64_t ps;

		if (pause_ns[i] <= overhead)
			continue; /* the clock stepped or did not tick */
		ps = pvprobe_pu_muldiv(pause_ns[i] - overhead, 1000, iters);
		if (ps < PVPROBE_PAUSE_MIN_PS || ps > PVPROBE_PAUSE_MAX_PS)
			continue;
		used++;
		if (ps < best)
			best = ps;
	}
	if (used == 0)
		return -PVS_ERANGE;
	out->pause_ps = (uint32_t)best;
	out->overhead_ns = overhead > UINT32_MAX ? UINT32_MAX :
						   (uint32_t)overhead;
	out->windows_used = used;
	out->windows_total = n;
	return 0;
}

#ifdef PVARCH_HAVE_RELAX
static uint64_t pvprobe_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* A PAUSE-free gap: a few hundred cycles of dependent work, longer than
 * ple_gap / pause_filter_thresh (128 cycles), so the host's pause-loop
 * detector starts a new window. */
static void pvprobe_gap(void)
{
	volatile unsigned int x = 0;
	unsigned int i;

	for (i = 0; i < 64; i++)
		x = x + i;
}
#endif

/* Largest accepted window count. */
#define PVPROBE_PAUSE_MAX_WINDOWS 10000u

int pvprobe_read_pause(unsigned int windows, struct pvprobe_pause_cal *out)
{
#ifdef PVARCH_HAVE_RELAX
	uint64_t *p, *e;
	unsigned int w, i;
	int rc;

	if (out == NULL || windows > PVPROBE_PAUSE_MAX_WINDOWS)
		return -PVS_EINVAL;
	if (windows == 0)
		windows = PVPROBE_PAUSE_WINDOWS;
	p = calloc(windows, sizeof(*p));
	e = calloc(windows, sizeof(*e));
	if (p == NULL || e == NULL) {
		free(p);
		free(e);
		return -PVS_ENOMEM;
	}
	for (w = 0; w < windows; w++) {
		uint64_t t0, t1, t2, t3;

		pvprobe_gap();
		t0 = pvprobe_now_ns();
		t1 = pvprobe_now_ns();
		pvprobe_gap();
		t2 = pvprobe_now_ns();
		for (i = 0; i < PVPROBE_PAUSE_WINDOW_ITERS; i++)
			PVARCH_RELAX();
		t3 = pvprobe_now_ns();
		e[w] = t1 - t0;
		p[w] = t3 - t2;
	}
	rc = pvprobe_pause_estimate(p, e, windows, PVPROBE_PAUSE_WINDOW_ITERS, out);
	free(p);
	free(e);
	return rc;
#else
	(void)windows;
	return out == NULL ? -PVS_EINVAL : -PVS_ENOTSUP;
#endif
}
