/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file ple.h
 * @brief Pause-loop exiting: the per-vCPU PLE / pause-filter window
 *        (kvm-yield-bailout).
 *
 * Rationale: docs/heuristics.md, "ple.h".
 */
#ifndef PVSCHED_PLE_H
#define PVSCHED_PLE_H

#include <pvsched/env.h>
#include <pvsched/internal/arith.h>
#include <pvsched/errors.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief VMX default ple_gap (TSC cycles between two PAUSEs of one loop). */
#define PVS_PLE_VMX_GAP 128u
/** @brief VMX default ple_window (TSC cycles a PAUSE loop may run). */
#define PVS_PLE_VMX_WINDOW 4096u
/** @brief VMX default ple_window_grow. */
#define PVS_PLE_VMX_GROW 2u
/** @brief VMX default ple_window_shrink (0: reset to ple_window). */
#define PVS_PLE_VMX_SHRINK 0u
/** @brief VMX default ple_window_max (UINT_MAX). */
#define PVS_PLE_VMX_WINDOW_MAX 0xffffffffu

/** @brief SVM default pause_filter_thresh (cycles between two PAUSEs). */
#define PVS_PLE_SVM_THRESH 128u
/** @brief SVM default pause_filter_count (PAUSEs before an exit). */
#define PVS_PLE_SVM_COUNT 3000u
/** @brief SVM default pause_filter_count_grow. */
#define PVS_PLE_SVM_GROW 2u
/** @brief SVM default pause_filter_count_shrink (0: reset to count). */
#define PVS_PLE_SVM_SHRINK 0u
/** @brief SVM default pause_filter_count_max (USHRT_MAX). */
#define PVS_PLE_SVM_COUNT_MAX 0xffffu

/**
 * @brief Grow a window (__grow_ple_window()).
 *
 * @p mod < 1 -> @p base; @p mod < @p base -> @p val * @p mod; else
 * @p val + @p mod; computed in 64 bits (no overflow) and clamped to
 * @p max. A window already above @p max comes down to @p max.
 * @param val  current window
 * @param base the module's base window (ple_window / pause_filter_count)
 * @param mod  grow modifier (factor when < @p base, addend otherwise)
 * @param max  upper bound (ple_window_max / pause_filter_count_max)
 * @return the grown window
 */
static inline uint32_t pvs_ple_grow(uint32_t val, uint32_t base, uint32_t mod,
				    uint32_t max)
{
	uint64_t ret = val;

	if (mod < 1)
		return base;
	if (mod < base)
		ret *= mod;
	else
		ret += mod;
	return ret < max ? (uint32_t)ret : max;
}

/**
 * @brief Shrink a window (__shrink_ple_window()), underflow guarded.
 *
 * @p mod < 1 -> @p base; @p mod < @p base -> @p val / @p mod; else
 * @p val - @p mod; at least @p min.
 *
 * Deviation: the kernel subtracts in unsigned int, so @p val < @p mod
 * (with @p mod >= @p base) wraps to about 4 billion and max(val, min)
 * keeps that huge window (SVM then truncates it to 16 bits). Here the
 * difference saturates at 0, so the result is @p min.
 * @param val  current window
 * @param base the module's base window
 * @param mod  shrink modifier (divisor when < @p base, subtrahend otherwise)
 * @param min  lower bound (KVM passes the base window)
 * @return the shrunk window
 */
static inline uint32_t pvs_ple_shrink(uint32_t val, uint32_t base,
				      uint32_t mod, uint32_t min)
{
	if (mod < 1)
		return base;
	if (mod < base)
		val /= mod;
	else
		val = pvs_sub_sat_u32_(val, mod);
	return val > min ? val : min;
}

/** @brief Which hardware's pause-loop exiting the parameters describe. */
enum pvs_ple_vendor {
	/** Intel VT-x PAUSE-loop exiting (kvm_intel). */
	PVS_PLE_VMX = 0,
	/** AMD-V pause filter (kvm_amd): every field is 16-bit. */
	PVS_PLE_SVM = 1,
	/** Number of values (not a value): range checks use it. */
	PVS_PLE_VENDOR_COUNT
};

/** @enum_name{pvs_ple_vendor} */
const char *pvs_ple_vendor_name(enum pvs_ple_vendor v);

/**
 * @brief A host's PLE parameters (the module parameters of kvm_intel or
 *        kvm_amd). Fill with pvs_ple_params_default() for the defaults, or
 *        from sysfs.
 */
struct pvs_ple_params {
	/** VMX or SVM (what disables PLE, field widths). */
	enum pvs_ple_vendor vendor;
	/** ple_gap / pause_filter_thresh, in cycles; 0 disables PLE. */
	uint32_t gap;
	/**
	 * Base window: ple_window (TSC cycles) / pause_filter_count (PAUSE
	 * instructions). Also the shrink floor. SVM: 0 disables PLE.
	 */
	uint32_t window;
	/** ple_window_grow / pause_filter_count_grow. */
	uint32_t grow;
	/** ple_window_shrink / pause_filter_count_shrink (0: reset). */
	uint32_t shrink;
	/** ple_window_max / pause_filter_count_max. */
	uint32_t window_max;
};

/**
 * @brief Fill @p p with the module defaults of @p vendor: kvm_intel (gap
 *        128, window 4096, grow 2, shrink 0, max UINT_MAX) or kvm_amd
 *        (thresh 128, count 3000, grow 2, shrink 0, max 65535).
 * @param p      parameters to fill
 * @param vendor @ref PVS_PLE_VMX or @ref PVS_PLE_SVM
 * @return 0; -PVS_EINVAL when @p p is NULL or @p vendor unknown (then
 *         @p p is untouched)
 */
static inline int pvs_ple_params_default(struct pvs_ple_params *p,
					 enum pvs_ple_vendor vendor)
{
	bool svm = vendor == PVS_PLE_SVM;

	if (!p || (vendor != PVS_PLE_VMX && !svm))
		return -PVS_EINVAL;
	p->vendor = vendor;
	p->gap = svm ? PVS_PLE_SVM_THRESH : PVS_PLE_VMX_GAP;
	p->window = svm ? PVS_PLE_SVM_COUNT : PVS_PLE_VMX_WINDOW;
	p->grow = svm ? PVS_PLE_SVM_GROW : PVS_PLE_VMX_GROW;
	p->shrink = svm ? PVS_PLE_SVM_SHRINK : PVS_PLE_VMX_SHRINK;
	p->window_max = svm ? PVS_PLE_SVM_COUNT_MAX : PVS_PLE_VMX_WINDOW_MAX;
	return 0;
}

/**
 * @brief Check @p p and say whether it enables pause-loop exiting.
 *
 * KVM sets kvm->arch.pause_in_guest (no PAUSE exits, the window never
 * changes) when ple_gap is 0 (vmx_vm_init()), or when pause_filter_count
 * or pause_filter_thresh is 0 (svm_vm_init()).
 * @param p parameters
 * @return 1 enabled, 0 disabled; -PVS_EINVAL when @p p is NULL or its
 *         vendor unknown; -PVS_ERANGE when an SVM field exceeds 16 bits
 */
static inline int pvs_ple_enabled(const struct pvs_ple_params *p)
{
	if (!p)
		return -PVS_EINVAL;
	if (p->vendor == PVS_PLE_VMX)
		return p->gap != 0;
	if (p->vendor != PVS_PLE_SVM)
		return -PVS_EINVAL;
	if ((p->gap | p->window | p->grow | p->shrink | p->window_max) >
	    0xffffu)
		return -PVS_ERANGE;
	return p->gap != 0 && p->window != 0;
}

/** @brief What happened to the vCPU, for pvs_ple_step(). */
enum pvs_ple_event {
	/**
	 * A pause-loop exit: handle_pause() (VMX) / pause_interception()
	 * (SVM) grow the window, then try a directed yield (pvs_dy_on_spin();
	 * on VMX the spinner is always in kernel mode: PLE exits only at
	 * CPL 0).
	 */
	PVS_PLE_EXIT = 0,
	/**
	 * Scheduled back in after having been scheduled out:
	 * vmx_vcpu_load() / svm_vcpu_load() shrink the window, with the base
	 * window as the floor.
	 */
	PVS_PLE_SCHED_IN = 1,
	/** Number of values (not a value): range checks use it. */
	PVS_PLE_EVENT_COUNT
};

/** @enum_name{pvs_ple_event} */
const char *pvs_ple_event_name(enum pvs_ple_event v);

/**
 * @brief Update a vCPU's window for one event.
 * @param p      parameters
 * @param ev     @ref PVS_PLE_EXIT (grow) or @ref PVS_PLE_SCHED_IN (shrink)
 * @param window in: the vCPU's current window (a new vCPU starts at
 *               p->window); out: the new window, unchanged when PLE is
 *               disabled
 * @return 1 when the window changed (KVM then rewrites the VMCS/VMCB
 *         field), 0 when not; -PVS_EINVAL (NULL, unknown vendor or event)
 *         or -PVS_ERANGE (SVM field or window above 16 bits), with the
 *         window untouched
 */
static inline int pvs_ple_step(const struct pvs_ple_params *p,
			       enum pvs_ple_event ev, uint32_t *window)
{
	int en = pvs_ple_enabled(p);
	uint32_t w;

	if (en < 0)
		return en;
	if (!window || (ev != PVS_PLE_EXIT && ev != PVS_PLE_SCHED_IN))
		return -PVS_EINVAL;
	if (p->vendor == PVS_PLE_SVM && *window > 0xffffu)
		return -PVS_ERANGE;
	if (!en)
		return 0;
	if (ev == PVS_PLE_EXIT)
		w = pvs_ple_grow(*window, p->window, p->grow, p->window_max);
	else
		w = pvs_ple_shrink(*window, p->window, p->shrink, p->window);
	if (w == *window)
		return 0;
	*window = w;
	return 1;
}

/**
 * @brief pvs_ple_step() for a pause-loop exit (grow_ple_window()).
 * @param p      parameters
 * @param window in/out: the vCPU's window
 * @return as pvs_ple_step()
 */
static inline int pvs_ple_on_exit(const struct pvs_ple_params *p,
				  uint32_t *window)
{
	return pvs_ple_step(p, PVS_PLE_EXIT, window);
}

/**
 * @brief pvs_ple_step() for a sched-in after a sched-out
 *        (shrink_ple_window()).
 * @param p      parameters
 * @param window in/out: the vCPU's window
 * @return as pvs_ple_step()
 */
static inline int pvs_ple_on_sched_in(const struct pvs_ple_params *p,
				      uint32_t *window)
{
	return pvs_ple_step(p, PVS_PLE_SCHED_IN, window);
}

#ifdef __cplusplus
}
#endif

#endif /* PVSCHED_PLE_H */
