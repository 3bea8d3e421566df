// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * ppc-idle-hint's parameters as data: the table `show` prints and `--set`,
 * `--params`, `sweep --vary` and `--robustness` change, each with its unit,
 * range and provenance, and the one place the KVM model's numbers are
 * written (pvsim_idle_hint_params() applies the table).
 */
#include <string.h>

#include "engine/params.h"
#include "scenarios/ppc_idle_hint.h"

const struct pvsim_param pvsim_ih_params[P_NR] = {
	{ "noise_busy_min_us", "us", 30000, 1, 1000000, PVSIM_PROV_ASSUMED,
	  "noise vCPU bursts: the thread does not say what the noise guest "
	  "ran; assumed a second schbench -m 20 -t 2 (30 ms spins; old "
	  "model: 1000)" },
	{ "noise_busy_max_us", "us", 30000, 1, 1000000, PVSIM_PROV_ASSUMED,
	  "see noise_busy_min_us (old model: 20000)" },
	{ "noise_idle_min_us", "us", 20000, 1, 1000000, PVSIM_PROV_ASSUMED,
	  "noise vCPU idle (ceded) gaps: that schbench's vCPUs about half "
	  "busy (old model: 200)" },
	{ "noise_idle_max_us", "us", 70000, 1, 1000000, PVSIM_PROV_ASSUMED,
	  "see noise_idle_min_us (old model: 5000)" },
	{ "host_gap_min_us", "us", 2000, 0, 1000000, PVSIM_PROV_ASSUMED,
	  "gap between host kernel bursts per hardware thread" },
	{ "host_gap_max_us", "us", 20000, 0, 1000000, PVSIM_PROV_ASSUMED,
	  "see host_gap_min_us" },
	{ "host_burst_min_us", "us", 20, 0, 100000, PVSIM_PROV_ASSUMED,
	  "host kernel burst (preempts the vCPU thread)" },
	{ "host_burst_max_us", "us", 200, 0, 100000, PVSIM_PROV_ASSUMED,
	  "see host_burst_min_us" },
	{ "cputime_us", "us", 30000, 1, 1000000, PVSIM_PROV_MEASURED,
	  "schbench -c default at the thread's commit (usec_spin(cputime); "
	  "old model: 10000)" },
	{ "msg_work_us", "us", 25, 0, 10000, PVSIM_PROV_FITTED,
	  "message thread work after its wake-ups: the published medians "
	  "(-1..-5 %)" },
	{ "sleeptime_us", "us", 30000, 1, 1000000, PVSIM_PROV_MEASURED,
	  "schbench -s default at the thread's commit (old model: 10000)" },
	{ "guest_slice_us", "us", 3000, 100, 100000, PVSIM_PROV_MEASURED,
	  "Linux's scheduler slice on a guest of 8+ CPUs" },
	{ "guest_wakeup_gran_us", "us", 50, 0, 10000, PVSIM_PROV_ASSUMED,
	  "a woken task preempts the current one after this long" },
	{ "snooze_ns", "ns", 2000, 0, 1000000, PVSIM_PROV_ASSUMED,
	  "guest idle poll before ceding" },
	{ "ipi_ns", "ns", 5000, 0, 1000000, PVSIM_PROV_ASSUMED,
	  "IPI to a ceded vCPU until its thread wakes" },
	{ "cede_exit_us", "us", 20, 0, 10000, PVSIM_PROV_CALIBRATED,
	  "host wake and guest entry of a ceded vCPU: the medians say a "
	  "queued wake-up costs about one" },
	{ "resume_us", "us", 5, 0, 10000, PVSIM_PROV_ASSUMED,
	  "guest re-entry after a host preemption" },
	{ "lat_jitter_pm", "per mille", 250, 0, 999, PVSIM_PROV_CALIBRATED,
	  "spread of the latencies: pseries-cede-latency's IPI p99 = 1.28 x "
	  "mean" },
	{ "host_sched", "0|1|2", 0, 0, 2, PVSIM_PROV_MEASURED,
	  "host wake-up preemption: 0 = EEVDF as Linux 6.6+ "
	  "(kernel/sched/fair.c); 1 = the earlier shortcut (assumed, not "
	  "Linux: host_wakeup_gran_us, noise_wakeup_preempt); 2 = CFS as "
	  "Linux 6.1..6.5 (host_cfs_*, host_slice_us = min granularity)" },
	{ "host_slice_us", "us", 3000, 100, 100000, PVSIM_PROV_MEASURED,
	  "Linux 6.6 default: sysctl_sched_base_slice 0.75 ms x (1 + "
	  "ilog2(min(CPUs, 8))) = 3 ms on 8+ CPUs" },
	{ "host_tick_us", "us", 4000, 0, 100000, PVSIM_PROV_ASSUMED,
	  "EEVDF notices a used-up slice at the next tick: HZ=250 (the "
	  "published host's HZ is not said; 0 = at once, HRTICK)" },
	{ "host_run_to_parity", "0|1", 1, 0, 1, PVSIM_PROV_MEASURED,
	  "Linux 6.6 default sched feature RUN_TO_PARITY" },
	{ "host_wakeup_gran_us", "us", 10, 0, 100000, PVSIM_PROV_ASSUMED,
	  "host_sched=1 only: a woken vCPU thread preempts the host's "
	  "current one after this long" },
	{ "noise_wakeup_preempt", "0|1", 0, 0, 1, PVSIM_PROV_ASSUMED,
	  "host_sched=1 only: a woken noise vCPU preempts like any sleeper "
	  "(0: it waits for the slice end)" },
	{ "iter_noise_pm", "per mille", 200, 0, 999, PVSIM_PROV_ASSUMED,
	  "run-to-run host activity: per iteration, host and noise bursts "
	  "x f, their gaps / (2 - f), f uniform in 1 +- this (no published "
	  "spread to calibrate it)" },
	{ "timer_slack_us", "us", 50, 0, 10000, PVSIM_PROV_MEASURED,
	  "Linux's default timer_slack_ns: a message thread's sleep ends up "
	  "to this much late" },
	{ "random_start", "0|1", 1, 0, 1, PVSIM_PROV_ASSUMED,
	  "fork balancing puts schbench's threads one per vCPU, in an order "
	  "drawn per iteration (0: task i on vCPU i mod vCPUs)" },
	/* the experiment's shape: the published one by default */
	{ "guest_vcpus", "vCPUs", 40, 1, 256, PVSIM_PROV_MEASURED,
	  "the published guest: 40 vCPUs; vCPU i on host thread i mod "
	  "host threads (case 2's noise guest has as many, case 3's half)" },
	{ "guest_smt", "threads", 4, 1, 8, PVSIM_PROV_ASSUMED,
	  "the guest's threads per core: the thread states only the host's "
	  "SMT4 (the guest's -smp is not given)" },
	{ "host_cores", "cores", 10, 1, 256, PVSIM_PROV_MEASURED,
	  "host cores the guests run on: the published CPUs 0-39 = 10 SMT4 "
	  "cores" },
	{ "host_smt", "threads", 4, 1, 8, PVSIM_PROV_MEASURED,
	  "the published host's SMT4" },
	{ "host_load_threads", "per host thread", 0, 0, 8,
	  PVSIM_PROV_ASSUMED,
	  "other CPU hogs per host thread, busy/idle like noise vCPUs, in "
	  "every case (the published host ran only the guests)" },
	{ "msg_threads", "threads", 20, 1, 256, PVSIM_PROV_MEASURED,
	  "schbench -m 20" },
	{ "workers", "per message thread", 2, 1, 16, PVSIM_PROV_MEASURED,
	  "schbench -t 2" },
	{ "work_is_cpu", "0|1", 0, 0, 1, PVSIM_PROV_MEASURED,
	  "0: a wall-clock spin, schbench's usec_spin() at the thread's "
	  "commit (-n 0: no matrix mode); 1: CPU time (old model)" },
	{ "sleep_jitter_pm", "per mille", 250, 0, 1000, PVSIM_PROV_ASSUMED,
	  "message thread sleep + uniform jitter below sleeptime x this "
	  "(0: bench/wakeup's exact nanosleep)" },
	{ "msg_wait_all", "0|1", 0, 0, 1, PVSIM_PROV_MEASURED,
	  "schbench: the first worker's post wakes the message thread; 1: "
	  "it waits for all its workers (bench/wakeup)" },
	{ "guest_cost_pm", "per mille", 1000, 1, 1000000,
	  PVSIM_PROV_ASSUMED,
	  "guest-side costs (message work, snooze wake, IPI, cede exit, "
	  "re-entry) x this: 1000 on hardware, more under TCG" },
	{ "llc_vcpus", "vCPUs", 4, 0, 256, PVSIM_PROV_MEASURED,
	  "Linux's code (arch/powerpc/kernel/smp.c, 6.6): a pseries guest "
	  "has a CACHE level only when its L2 mask is wider than its SMT "
	  "mask, and QEMU gives each core its own caches (the booted guest's "
	  "printout), so select_idle_sibling() scans the SMT core: "
	  "guest_smt vCPUs (0: the whole guest, the old model)" },
	{ "host_cfs_latency_us", "us", 24000, 1000, 1000000,
	  PVSIM_PROV_MEASURED,
	  "host_sched=2: Linux 6.1 default sched_latency 6 ms x (1 + "
	  "ilog2(8)) on 8+ CPUs" },
	{ "host_cfs_wakeup_gran_us", "us", 4000, 0, 1000000,
	  PVSIM_PROV_MEASURED,
	  "host_sched=2: Linux 6.1 default sched_wakeup_granularity 1 ms x "
	  "(1 + ilog2(8))" },
	{ "msg_spin_us", "us", 30000, 0, 1000000, PVSIM_PROV_MEASURED,
	  "schbench's message thread spins message_cputime (default 30 ms, "
	  "wall clock) after a post wakes it, then sleeps (0: old model)" },
	{ "lat_at_spin_end", "0|1", 1, 0, 1, PVSIM_PROV_MEASURED,
	  "schbench at the thread's commit records wake-up to the end of the "
	  "worker's spin minus cputime; 0: wake-up to first run (old model, "
	  "bench/wakeup)" },
	{ "host_migrate", "0|1", 1, 0, 1, PVSIM_PROV_MEASURED,
	  "the thread: guests affined to CPU sets (0-39; noise 0-39 or "
	  "0-19), so the host's wake-up path and balancing move vCPU "
	  "threads within them; 0: vCPU i pinned to host thread i (old model)" },
	{ "host_llc_threads", "threads", 8, 1, 256, PVSIM_PROV_MEASURED,
	  "host select_idle_sibling() span: POWER9 SMT4 shares L2 (512K) and "
	  "L3 (10M, the thread's lscpu) per core pair = 8 threads" },
	{ "host_newidle", "0|1", 1, 0, 1, PVSIM_PROV_MEASURED,
	  "Linux's code: a host thread going idle pulls a waiting vCPU thread "
	  "(newidle_balance(), own LLC first); host_migrate=1 only" },
	{ "guest_sched", "0|1", 0, 0, 1, PVSIM_PROV_MEASURED,
	  "the guest's run queues: 0 = EEVDF as Linux 6.6 (the thread's "
	  "v6.6-rc5; slice guest_slice_us, RUN_TO_PARITY); 1 = FIFO with "
	  "guest_wakeup_gran_us (assumed, the old model)" },
	{ "guest_tick_us", "us", 10000, 0, 100000, PVSIM_PROV_ASSUMED,
	  "guest_sched=0: a used-up slice is noticed at the guest's next "
	  "tick; HZ=100 as powerpc's ppc64/pseries defconfigs (the guest's "
	  "config is not stated; 0 = at once)" },
};

/* Where each parameter lands in the KVM model, in the model's unit. */
#define U64(i, m, scale) PVSIM_BIND_U64(i, struct pvsim_kvm_params, m, scale)
#define U32(i, m) PVSIM_BIND_U32(i, struct pvsim_kvm_params, m)
#define BOOL(i, m) PVSIM_BIND_BOOL(i, struct pvsim_kvm_params, m)
static const struct pvsim_param_field ih_fields[] = {
	U64(P_NBUSY_MIN, noise_busy_min_ns, 1000),
	U64(P_NBUSY_MAX, noise_busy_max_ns, 1000),
	U64(P_NIDLE_MIN, noise_idle_min_ns, 1000),
	U64(P_NIDLE_MAX, noise_idle_max_ns, 1000),
	U64(P_HGAP_MIN, hnoise_gap_min_ns, 1000),
	U64(P_HGAP_MAX, hnoise_gap_max_ns, 1000),
	U64(P_HBURST_MIN, hnoise_min_ns, 1000),
	U64(P_HBURST_MAX, hnoise_max_ns, 1000),
	U64(P_CPUTIME, cputime_ns, 1000),
	U64(P_MSGWORK, msg_work_ns, 1000),
	U64(P_SLEEP, sleeptime_ns, 1000),
	U64(P_GSLICE, guest_slice_ns, 1000),
	U64(P_GGRAN, guest_wakeup_gran_ns, 1000),
	U64(P_SNOOZE, snooze_ns, 1),
	U64(P_IPI, ipi_ns, 1),
	U64(P_CEDE_EXIT, cede_exit_ns, 1000),
	U64(P_RESUME, resume_ns, 1000),
	U32(P_JITTER, lat_jitter_pm),
	U32(P_HSCHED, host_sched),
	U64(P_HSLICE, host_slice_ns, 1000),
	U64(P_HTICK, host_tick_ns, 1000),
	BOOL(P_HPARITY, host_run_to_parity),
	U64(P_HGRAN, host_wakeup_gran_ns, 1000),
	BOOL(P_NOISE_PREEMPT, noise_wakeup_preempt),
	U32(P_ITER_NOISE, iter_noise_pm),
	U64(P_SLACK, timer_slack_ns, 1000),
	BOOL(P_RSTART, random_start),
	U32(P_VCPUS, vcpus),
	U32(P_GSMT, guest_smt),
	U32(P_HCORES, cores),
	U32(P_HSMT, smt),
	U32(P_LOAD, load_per_hthread),
	U32(P_MSGS, msg_threads),
	U32(P_WORKERS, workers),
	BOOL(P_WORK_CPU, work_is_cpu),
	U32(P_SJITTER, sleep_jitter_pm),
	BOOL(P_WAIT_ALL, msg_wait_all),
	U32(P_GCOST, guest_cost_pm),
	U32(P_LLC, llc_vcpus),
	U64(P_CFS_LAT, host_cfs_latency_ns, 1000),
	U64(P_CFS_GRAN, host_cfs_wakeup_gran_ns, 1000),
	U64(P_MSG_SPIN, msg_spin_ns, 1000),
	BOOL(P_LAT_END, lat_at_spin_end),
	BOOL(P_HMIGRATE, host_migrate),
	U32(P_HLLC, host_llc),
	BOOL(P_HNEWIDLE, host_newidle),
	U32(P_GSCHED, guest_sched),
	U64(P_GTICK, guest_tick_ns, 1000),
};
#undef BOOL
#undef U32
#undef U64

/* The run's values of the table, onto the model's parameters. */
void pvsim_ih_params_of(const struct pvsim_opts *o, struct pvsim_kvm_params *p)
{
	pvsim_param_fields(o, pvsim_ih_params, ih_fields,
			   sizeof(ih_fields) / sizeof(ih_fields[0]), p);
}

/* Ranges that must be ordered. */
const char *pvsim_ih_invalid(const struct pvsim_opts *o)
{
	static const unsigned int pair[][2] = {
		{ P_NBUSY_MIN, P_NBUSY_MAX }, { P_NIDLE_MIN, P_NIDLE_MAX },
		{ P_HGAP_MIN, P_HGAP_MAX }, { P_HBURST_MIN, P_HBURST_MAX },
	};

	if (pvsim_param_unordered(o, pvsim_ih_params, pair,
				  sizeof(pair) / sizeof(pair[0])) >= 0)
		return "each *_min_us at most its *_max_us";
	if (pvsim_param_value(o, pvsim_ih_params, P_VCPUS) %
	    pvsim_param_value(o, pvsim_ih_params, P_GSMT))
		return "guest_vcpus a multiple of guest_smt";
	if (pvsim_param_value(o, pvsim_ih_params, P_MSGS) *
	    (1 + pvsim_param_value(o, pvsim_ih_params, P_WORKERS)) >
	    PVSIM_KVM_MAX_TASKS)
		return "msg_threads x (1 + workers) at most 1024";
	if ((pvsim_param_value(o, pvsim_ih_params, P_VCPUS) * 2 +
	     pvsim_param_value(o, pvsim_ih_params, P_HCORES) *
	     pvsim_param_value(o, pvsim_ih_params, P_HSMT) - 1) /
	    (pvsim_param_value(o, pvsim_ih_params, P_HCORES) *
	     pvsim_param_value(o, pvsim_ih_params, P_HSMT)) +
	    pvsim_param_value(o, pvsim_ih_params, P_LOAD) > 14)
		return "at most 14 threads per host thread (vCPUs of both "
		       "guests and host_load_threads)";
	return NULL;
}

void pvsim_idle_hint_params(struct pvsim_kvm_params *p, unsigned int c,
			enum pvs_preempt_policy policy)
{
	static const struct pvsim_opts defaults;	/* the table's values */

	memset(p, 0, sizeof(*p));
	pvsim_ih_params_of(&defaults, p);
	/* what --set does not reach: the run's length, a snooze's wake */
	p->runtime_ns = 5000000000ull;
	p->warmup_ns = 200000000;
	p->snooze_wake_ns = 2000;
	p->noise_vcpus = c == 0 ? 0 : c == 1 ? 40 : 20;
	p->policy = policy;
}
