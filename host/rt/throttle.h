/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * The throttle view of the spin runtime (throttle.c): what the steal view
 * (spin_rt.c) calls to keep it current. Internal to pvsched_rt.
 */
#ifndef PVSCHED_HOST_RT_THROTTLE_H
#define PVSCHED_HOST_RT_THROTTLE_H

#include <stdint.h>

#include <pvsched/spin_rt.h>

#pragma GCC visibility push(hidden)

/* At init: the cgroup source when the process is limited (a first sample
 * taken), else none. */
void pvrt_throttle_init(struct pvrt_spin *s);

/* Called by the one thread refreshing the steal view, at @now_ns
 * (CLOCK_MONOTONIC): a new sample once throttle_period_ns has passed. */
void pvrt_throttle_refresh(struct pvrt_spin *s, uint64_t now_ns);

#pragma GCC visibility pop

#endif /* PVSCHED_HOST_RT_THROTTLE_H */
