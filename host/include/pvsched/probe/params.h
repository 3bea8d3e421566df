/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file probe/params.h
 * @brief Kernel parameters: KVM host halt-poll and PLE, guest cpuidle-
 *        haltpoll.
 *
 * Userspace only (pvsched::probe). Conventions shared by every reader
 * (sysroot, error codes, parsers): probe/context.h and docs/probe.md.
 */
#ifndef PVSCHED_PROBE_PARAMS_H
#define PVSCHED_PROBE_PARAMS_H

#include <pvsched/env.h>
#include <pvsched/errors.h>
#include <pvsched/haltpoll.h>
#include <pvsched/ple.h>
#include <pvsched/probe/context.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Host-side KVM parameters (this machine runs KVM guests), in the
 *        decision modules' own structs so they feed pvs_halt_poll_step()
 *        and pvs_ple_grow() / pvs_ple_shrink() directly.
 */
struct pvprobe_kvm_host_params {
	/** /sys/module/kvm/parameters/halt_poll_ns (max_ns), _grow,
	 *  _grow_start (10000 when absent: kernels before 5.1 grew from
	 *  10 us), _shrink; flavour ::PVS_HALT_POLL_KVM_HOST, allow_shrink
	 *  true (the host always shrinks). */
	struct pvs_halt_poll_params halt_poll;
	/** kvm_intel or kvm_amd is loaded: @ref ple is valid. */
	bool has_ple;
	/** kvm_intel ple_gap, ple_window, ple_window_grow, ple_window_shrink,
	 *  ple_window_max (vendor ::PVS_PLE_VMX), or kvm_amd
	 *  pause_filter_thresh, pause_filter_count, _count_grow,
	 *  _count_shrink, _count_max (vendor ::PVS_PLE_SVM). */
	struct pvs_ple_params ple;
};

/**
 * @brief Read /sys/module/kvm/parameters/halt_poll_ns* and, when present,
 *        the kvm_intel PLE or kvm_amd pause-filter parameters.
 * @param ctx context
 * @param out result, untouched on error
 * @return 0; -PVS_ENOENT the kvm module (halt_poll_ns) is absent: this is
 *         not a KVM host; -PVS_EBADMSG a malformed or missing value;
 *         -PVS_ERANGE a value wider than its field (32 bits but for
 *         halt_poll_ns and grow_start)
 */
int pvprobe_read_kvm_host(struct pvprobe_ctx *ctx,
		       struct pvprobe_kvm_host_params *out);

/**
 * @brief Read the guest cpuidle-haltpoll governor's parameters
 *        (/sys/module/haltpoll/parameters/guest_halt_poll_ns as max_ns,
 *        _grow, _grow_start, _shrink, _allow_shrink) into the haltpoll
 *        decision's struct, flavour ::PVS_HALT_POLL_GUEST.
 * @param ctx context
 * @param out result, untouched on error
 * @return 0; -PVS_ENOENT the haltpoll governor is not built in / loaded;
 *         -PVS_EBADMSG / -PVS_ERANGE a malformed value
 */
int pvprobe_read_guest_haltpoll(struct pvprobe_ctx *ctx,
			     struct pvs_halt_poll_params *out);

#ifdef __cplusplus
}
#endif

#endif /* PVSCHED_PROBE_PARAMS_H */
