// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * kvm-yield-bailout's parameters as data: the table `show` prints and
 * `--set`, `--params`, `sweep --vary` and `--robustness` change, each with
 * its unit, range and provenance, and the one place the model's defaults
 * are written (pvsim_dy_sim_defaults() applies the table).
 */

#include "engine/params.h"
#include "scenarios/kvm_yield_bailout.h"

/* Published and fitted numbers are named after docs/upstream-rules.md,
 * kvm-yield-bailout (the AIM7 jobs/min table). */
const struct pvsim_param pvsim_yield_bailout_params[BAIL_NPARAMS] = {
	[BAIL_HOST_CPUS] = { "host_cpus", "CPUs", 80, 80, PVSIM_DY_SIM_MAX_CPUS,
	  PVSIM_PROV_MEASURED, "the published host: 80-core Westmere" },
	[BAIL_TSC_MHZ] = { "tsc_mhz", "MHz", 2400, 100, 10000,
	  PVSIM_PROV_ASSUMED, "E7-8870's 2.4 GHz (the part is not published); "
	  "turns the PLE window's cycles into time" },
	[BAIL_HOST_GAP_MIN] = { "host_gap_min_us", "us", 50, 0, 100000,
	  PVSIM_PROV_FITTED, "smallest mean gap between host tasks, drawn per "
	  "run: chosen for the published run-to-run variation at 80 vCPUs" },
	[BAIL_HOST_GAP_MAX] = { "host_gap_max_us", "us", 1000, 0, 100000,
	  PVSIM_PROV_FITTED, "largest mean gap between host tasks, drawn per "
	  "run: as host_gap_min_us" },
	[BAIL_HOST_MIN] = { "host_min_us", "us", 20, 1, 100000,
	  PVSIM_PROV_ASSUMED, "shortest host task burst (kernel threads, "
	  "QEMU threads)" },
	[BAIL_HOST_MAX] = { "host_max_us", "us", 200, 1, 100000,
	  PVSIM_PROV_ASSUMED, "longest host task burst" },
	[BAIL_TICK] = { "tick_us", "us", 4000, 100, 100000,
	  PVSIM_PROV_ASSUMED, "host tick (HZ=250): a host task on a busy CPU "
	  "preempts the vCPU thread 0..tick later" },
	[BAIL_HOST_SLICE] = { "host_slice_us", "us", 3000, 100, 100000,
	  PVSIM_PROV_ASSUMED, "a host task the vCPU thread took the CPU back "
	  "from waits this long (a CFS slice)" },
	[BAIL_FREE_MIN] = { "free_min_us", "us", 40, 0, 100000,
	  PVSIM_PROV_ASSUMED, "shortest work outside the lock per AIM7 step" },
	[BAIL_FREE_MAX] = { "free_max_us", "us", 120, 0, 100000,
	  PVSIM_PROV_ASSUMED, "longest work outside the lock per step" },
	[BAIL_LOCKS] = { "locks", "locks", 1, 1, PVSIM_DY_SIM_MAX_LOCKS,
	  PVSIM_PROV_ASSUMED, "guest ticket spinlocks the steps contend on" },
	[BAIL_CS_MIN] = { "cs_min_us", "us", 8, 1, 100000,
	  PVSIM_PROV_ASSUMED, "shortest critical section" },
	[BAIL_CS_MAX] = { "cs_max_us", "us", 16, 1, 100000,
	  PVSIM_PROV_ASSUMED, "longest critical section" },
	[BAIL_HANDOFF] = { "handoff_ns", "ns", 300, 0, 100000,
	  PVSIM_PROV_FITTED, "release to the next owner seeing the lock: "
	  "fitted to PLE off ~102K/88K/81K" },
	[BAIL_HANDOFF_WAITER] = { "handoff_per_waiter_ns", "ns", 100, 0, 100000,
	  PVSIM_PROV_FITTED, "+ per waiter still queued: fitted to PLE off "
	  "~102K/88K/81K" },
	[BAIL_PICKUP] = { "pickup_ns", "ns", 300, 0, 100000,
	  PVSIM_PROV_ASSUMED, "a waiter granted while out of the guest sees "
	  "the lock this long after re-entry" },
	[BAIL_HALT_PM] = { "halt_pm", "per mille", 5, 0, 1000,
	  PVSIM_PROV_ASSUMED, "steps after which the vCPU halts (HLT)" },
	[BAIL_HALT_MIN] = { "halt_min_us", "us", 200, 0, 100000,
	  PVSIM_PROV_ASSUMED, "shortest halt (published HLT avg 985-1514 us)" },
	[BAIL_HALT_MAX] = { "halt_max_us", "us", 1800, 0, 100000,
	  PVSIM_PROV_ASSUMED, "longest halt" },
	[BAIL_STEPS_PER_JOB] = { "steps_per_job", "steps", 38, 1, 100000,
	  PVSIM_PROV_FITTED, "lock steps per AIM7 job, the absolute scale: "
	  "fitted to PLE off ~102K at 40 vCPUs" },
	[BAIL_PLE_GAP] = { "ple_gap", "cycles", PVS_PLE_VMX_GAP, 1, 100000,
	  PVSIM_PROV_MEASURED, "kvm_intel ple_gap default (the kernel); PLE "
	  "off is the policy ple-off, not 0 here" },
	[BAIL_PLE_WINDOW] = { "ple_window", "cycles", PVS_PLE_VMX_WINDOW, 1,
	  1000000, PVSIM_PROV_MEASURED, "kvm_intel ple_window default (the "
	  "kernel, v3.7)" },
	[BAIL_PLE_GROW] = { "ple_grow", "factor", 1, 0, 100000,
	  PVSIM_PROV_MEASURED, "window growth per exit: x1, constant in v3.7 "
	  "(the kernel; 2 since v3.18)" },
	[BAIL_PLE_SHRINK] = { "ple_shrink", "divisor", 1, 0, 100000,
	  PVSIM_PROV_MEASURED, "window shrink per sched-in: /1 in v3.7 (the "
	  "kernel; 0 = reset since v3.18)" },
	[BAIL_EXIT] = { "exit_ns", "ns", 600, 1, 100000,
	  PVSIM_PROV_ASSUMED, "pause-loop exit, entry and handle_pause()" },
	[BAIL_EXAMINE] = { "examine_ns", "ns", 40, 0, 100000,
	  PVSIM_PROV_FITTED, "per candidate the pass looks at: fitted to "
	  "stock ~53K/25K/18-20K" },
	[BAIL_PID] = { "pid_ns", "ns", 80, 0, 100000,
	  PVSIM_PROV_FITTED, "per task lookup in kvm_vcpu_yield_to(): fitted "
	  "to stock" },
	[BAIL_PID_CONTEND] = { "pid_contend_ns", "ns", 20, 0, 100000,
	  PVSIM_PROV_FITTED, "+ per other pass running (task reference "
	  "atomics): fitted to stock" },
	[BAIL_ESRCH] = { "esrch_ns", "ns", 80, 0, 100000,
	  PVSIM_PROV_ASSUMED, "yield_to() bailing out before the locks: "
	  "taken equal to pid_ns, not fitted (only bail-out pays it)" },
	[BAIL_RQLOCK] = { "rqlock_ns", "ns", 100, 0, 100000,
	  PVSIM_PROV_FITTED, "yield_to() under double_rq_lock: fitted to "
	  "stock" },
	[BAIL_RQLOCK_CONTEND] = { "rqlock_contend_ns", "ns", 25, 0, 100000,
	  PVSIM_PROV_FITTED, "+ per other pass taking runqueue locks: fitted "
	  "to stock" },
	[BAIL_V37] = { "v37_candidates", "bool", 1, 0, 1,
	  PVSIM_PROV_MEASURED, "1: v3.7's candidates (every vCPU not halted, "
	  "no user-mode filter; the kernel); 0: today's (preempted only)" },
	[BAIL_WARMUP] = { "warmup_ms", "ms", 20, 0, 10000,
	  PVSIM_PROV_ASSUMED, "simulated time before measuring" },
	[BAIL_RUN_NOISE] = { "run_noise_pm", "per mille", 0, 0, 500,
	  PVSIM_PROV_ASSUMED, "guest speed spread per run (host memory "
	  "placement, turbo): work scaled by 1000 +- this; 0 = off, the "
	  "published spreads do not fix it" },
};

/* Where each parameter lands in the model, in the model's unit. */
#define U64(i, m, scale) \
	PVSIM_BIND_U64(i, struct pvsim_dy_sim_params, m, scale)
#define U32(i, m) PVSIM_BIND_U32(i, struct pvsim_dy_sim_params, m)
#define BOOL(i, m) PVSIM_BIND_BOOL(i, struct pvsim_dy_sim_params, m)
static const struct pvsim_param_field bail_fields[] = {
	U32(BAIL_HOST_CPUS, host_cpus),
	U32(BAIL_TSC_MHZ, tsc_mhz),
	U64(BAIL_HOST_GAP_MIN, host_gap_min_ns, 1000),
	U64(BAIL_HOST_GAP_MAX, host_gap_max_ns, 1000),
	U64(BAIL_HOST_MIN, host_min_ns, 1000),
	U64(BAIL_HOST_MAX, host_max_ns, 1000),
	U64(BAIL_TICK, tick_ns, 1000),
	U64(BAIL_HOST_SLICE, host_slice_ns, 1000),
	U64(BAIL_FREE_MIN, free_min_ns, 1000),
	U64(BAIL_FREE_MAX, free_max_ns, 1000),
	U32(BAIL_LOCKS, locks),
	U64(BAIL_CS_MIN, cs_min_ns, 1000),
	U64(BAIL_CS_MAX, cs_max_ns, 1000),
	U64(BAIL_HANDOFF, handoff_ns, 1),
	U64(BAIL_HANDOFF_WAITER, handoff_per_waiter_ns, 1),
	U64(BAIL_PICKUP, pickup_ns, 1),
	U32(BAIL_HALT_PM, halt_pm),
	U64(BAIL_HALT_MIN, halt_min_ns, 1000),
	U64(BAIL_HALT_MAX, halt_max_ns, 1000),
	U32(BAIL_STEPS_PER_JOB, steps_per_job),
	U32(BAIL_PLE_GAP, ple.gap),
	U32(BAIL_PLE_WINDOW, ple.window),
	U32(BAIL_PLE_GROW, ple.grow),
	U32(BAIL_PLE_SHRINK, ple.shrink),
	U64(BAIL_EXIT, exit_ns, 1),
	U64(BAIL_EXAMINE, examine_ns, 1),
	U64(BAIL_PID, pid_ns, 1),
	U64(BAIL_PID_CONTEND, pid_contend_ns, 1),
	U64(BAIL_ESRCH, esrch_ns, 1),
	U64(BAIL_RQLOCK, rqlock_ns, 1),
	U64(BAIL_RQLOCK_CONTEND, rqlock_contend_ns, 1),
	BOOL(BAIL_V37, v37_candidates),
	U64(BAIL_WARMUP, warmup_ns, 1000000),
	U32(BAIL_RUN_NOISE, run_noise_pm),
};
#undef BOOL
#undef U32
#undef U64

void pvsim_yield_bailout_apply(const struct pvsim_opts *o,
			       struct pvsim_dy_sim_params *p)
{
	static const struct pvsim_opts defaults;	/* the table's values */

	pvsim_param_fields(o ? o : &defaults, pvsim_yield_bailout_params,
			   bail_fields, sizeof(bail_fields) /
			   sizeof(bail_fields[0]), p);
}

const char *pvsim_yield_bailout_invalid(const struct pvsim_opts *o)
{
	static const unsigned int pair[][2] = {
		{ BAIL_HOST_GAP_MIN, BAIL_HOST_GAP_MAX },
		{ BAIL_HOST_MIN, BAIL_HOST_MAX },
		{ BAIL_FREE_MIN, BAIL_FREE_MAX },
		{ BAIL_CS_MIN, BAIL_CS_MAX },
		{ BAIL_HALT_MIN, BAIL_HALT_MAX },
	};
	static const char *const why[] = {
		"host_gap_min_us <= host_gap_max_us",
		"host_min_us <= host_max_us",
		"free_min_us <= free_max_us",
		"cs_min_us <= cs_max_us",
		"halt_min_us <= halt_max_us",
	};
	int i = pvsim_param_unordered(o, pvsim_yield_bailout_params, pair,
				      sizeof(pair) / sizeof(pair[0]));

	return i < 0 ? NULL : why[i];
}
