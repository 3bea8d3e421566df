/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * The KVM model (sim/models/kvm.c), internal to the simulator: its parameters,
 * which ppc-idle-hint fills from its parameter table
 * (pvsim_idle_hint_params()), its result, one run.
 */
#ifndef PVSCHED_SIM_KVM_H
#define PVSCHED_SIM_KVM_H

#include <pvsched/sim.h>

#pragma GCC visibility push(hidden)

/** @brief Largest host (hardware threads) the KVM model accepts. */
#define PVSIM_KVM_MAX_HTHREADS 256
/** @brief Largest number of vCPUs over both guests. */
#define PVSIM_KVM_MAX_VCPUS 512
/** @brief Largest number of guest tasks (schbench threads). */
#define PVSIM_KVM_MAX_TASKS 1024

/** @brief Parameters of a KVM-like host, its guests and schbench. */
struct pvsim_kvm_params {
	/** @brief Host physical cores. */
	uint32_t cores;
	/** @brief Hardware threads per core. */
	uint32_t smt;
	/** @brief Benchmark guest vCPUs; vCPU i runs on host thread
	 *         i mod (cores x smt), so more vCPUs than host threads
	 *         over-commit the host. */
	uint32_t vcpus;
	/** @brief Guest threads per core (the lppaca core snapshot's smt). */
	uint32_t guest_smt;
	/** @brief Noise guest vCPUs; noise vCPU j runs on host thread
	 *         j mod (cores x smt). */
	uint32_t noise_vcpus;
	/** @brief Other host load: this many more CPU hogs per host thread
	 *         (busy and idle like noise vCPUs), in every case. */
	uint32_t load_per_hthread;
	/** @brief Noise vCPU busy burst, uniform in [min, max] ns. */
	uint64_t noise_busy_min_ns;
	/** @brief See noise_busy_min_ns. */
	uint64_t noise_busy_max_ns;
	/** @brief Noise vCPU idle (ceded) gap, uniform in [min, max] ns. */
	uint64_t noise_idle_min_ns;
	/** @brief See noise_idle_min_ns. */
	uint64_t noise_idle_max_ns;
	/** @brief Host kernel activity per hardware thread: gap between
	 *         bursts, uniform in [min, max] ns (0 = none). */
	uint64_t hnoise_gap_min_ns;
	/** @brief See hnoise_gap_min_ns. */
	uint64_t hnoise_gap_max_ns;
	/** @brief Host kernel burst, uniform in [min, max] ns; it preempts
	 *         the vCPU thread at once, and a vCPU thread woken from cede
	 *         preempts it like any host thread (host_wakeup_gran_ns). */
	uint64_t hnoise_min_ns;
	/** @brief See hnoise_min_ns. */
	uint64_t hnoise_max_ns;
	/** @brief schbench -m: message threads. */
	uint32_t msg_threads;
	/** @brief schbench -t: workers per message thread. */
	uint32_t workers;
	/** @brief schbench -c: worker spin per request, wall-clock ns. */
	uint64_t cputime_ns;
	/** @brief Worker work is CPU time (schbench since 2023: a matrix
	 *         multiplication; it advances only while the worker runs on
	 *         a dispatched vCPU); false: a wall-clock spin (classic). */
	bool work_is_cpu;
	/** @brief Message thread CPU time from its first wake-up to
	 *         blocking in fwait (futex syscalls, list walk), ns. */
	uint64_t msg_work_ns;
	/** @brief schbench -s: message thread sleep, ns (+ jitter). */
	uint64_t sleeptime_ns;
	/** @brief The sleep's jitter: uniform below sleeptime x this / 1000
	 *         (schbench: 250; 0 = none, as bench/wakeup's nanosleep). */
	uint32_t sleep_jitter_pm;
	/** @brief The message thread waits until all its workers have posted
	 *         (bench/wakeup); false: the first post wakes it (schbench). */
	bool msg_wait_all;
	/** @brief Measured run time, ns (schbench -r). */
	uint64_t runtime_ns;
	/** @brief Warm-up before measuring, ns. */
	uint64_t warmup_ns;
	/** @brief Guest scheduler slice when tasks wait on a vCPU, ns. */
	uint64_t guest_slice_ns;
	/** @brief A woken task waiting on a vCPU preempts the current task
	 *         once that has run this long (check_preempt_wakeup), ns. */
	uint64_t guest_wakeup_gran_ns;
	/** @brief Guest idle polls (snooze, dispatched) this long before ceding. */
	uint64_t snooze_ns;
	/** @brief Wake-up of a snoozing vCPU (it polls need_resched), ns. */
	uint64_t snooze_wake_ns;
	/** @brief IPI from the waker to a ceded vCPU until its host thread wakes, ns. */
	uint64_t ipi_ns;
	/** @brief Host wake-up and guest entry after dispatch of a ceded vCPU, ns. */
	uint64_t cede_exit_ns;
	/** @brief Guest re-entry after a host preemption ends, ns. */
	uint64_t resume_ns;
	/** @brief The guest-side costs (msg_work_ns, snooze_wake_ns,
	 *         ipi_ns, cede_exit_ns, resume_ns) x this / 1000: 1000 on
	 *         hardware, more under an emulator (TCG). */
	uint32_t guest_cost_pm;
	/** @brief Spread of the latencies above and of msg_work_ns: each
	 *         one is drawn uniformly within +- this many per mille of
	 *         its value (0 = every one exact). */
	uint32_t lat_jitter_pm;
	/** @brief Host scheduler: PVSIM_KVM_HOST_EEVDF (Linux 6.6+, the
	 *         default), PVSIM_KVM_HOST_SHORTCUT (the fixed preemption
	 *         delays below; not Linux) or PVSIM_KVM_HOST_CFS (6.1..6.5). */
	uint32_t host_sched;
	/** @brief Host scheduler slice (EEVDF: sysctl_sched_base_slice;
	 *         shortcut: the turn of runnable threads), ns. */
	uint64_t host_slice_ns;
	/** @brief EEVDF: the host notices a used-up slice at its next tick
	 *         (1 / HZ), ns; 0 = at once (HRTICK). */
	uint64_t host_tick_ns;
	/** @brief EEVDF: sched feature RUN_TO_PARITY (a picked thread keeps
	 *         the CPU while eligible until its deadline renews). */
	bool host_run_to_parity;
	/** @brief CFS: sysctl_sched_latency, ns (host_slice_ns is its
	 *         sysctl_sched_min_granularity). */
	uint64_t host_cfs_latency_ns;
	/** @brief CFS: sysctl_sched_wakeup_granularity, ns. */
	uint64_t host_cfs_wakeup_gran_ns;
	/** @brief Shortcut only: a woken vCPU thread preempts the host
	 *         thread's current one (a noise vCPU or a host kernel burst)
	 *         once that has run this long, ns. */
	uint64_t host_wakeup_gran_ns;
	/** @brief Shortcut only: a woken noise vCPU preempts like any sleeper;
	 *         false: it waits for the current thread's slice to end (a
	 *         CPU hog has used more than its share: EEVDF does not find
	 *         it eligible for wake-up preemption). */
	bool noise_wakeup_preempt;
	/** @brief Run-to-run host activity: each run scales the host kernel
	 *         bursts' gaps and the noise vCPUs' busy and idle lengths by
	 *         one factor drawn uniformly within +- this many per mille
	 *         (0 = every run the same load). */
	uint32_t iter_noise_pm;
	/** @brief Timer slack: a message thread's sleep ends up to this much
	 *         later, uniformly (Linux's timer_slack_ns), ns. */
	uint64_t timer_slack_ns;
	/** @brief schbench's threads start one per vCPU (fork balancing)
	 *         in an order drawn per run (false: task i on vCPU
	 *         i mod vcpus). */
	bool random_start;
	/** @brief vCPUs per last-level-cache domain: select_idle_sibling()
	 *         scans only the target's (groups of consecutive vCPUs;
	 *         0 = the whole guest). */
	uint32_t llc_vcpus;
	/** @brief schbench's message thread spins this long (wall clock)
	 *         after a worker's post wakes it, before its sleep (the
	 *         2023 schbench's message_cputime); 0 = none, ns. */
	uint64_t msg_spin_ns;
	/** @brief Record a worker's latency at the end of its spin, minus
	 *         cputime (the 2023 schbench's add_lat() after do_work());
	 *         false: at its first run after the wake-up. */
	bool lat_at_spin_end;
	/** @brief vCPU threads move within their affinity set: the host's
	 *         wake-up path (select_idle_sibling() over host_llc threads)
	 *         and new-idle balancing place them; false: vCPU i stays on
	 *         host thread i mod host threads. */
	bool host_migrate;
	/** @brief Host threads per host last-level cache (the wake-up scan's
	 *         span; POWER9: the core pair). */
	uint32_t host_llc;
	/** @brief New-idle balance: a host thread going idle pulls a waiting
	 *         vCPU thread from another host thread of its affinity set
	 *         (own LLC first); with host_migrate only. */
	bool host_newidle;
	/** @brief The guest's scheduler: PVSIM_KVM_GUEST_EEVDF (Linux 6.6,
	 *         the default) or PVSIM_KVM_GUEST_FIFO (the earlier FIFO
	 *         queue with guest_wakeup_gran_ns, assumed). */
	uint32_t guest_sched;
	/** @brief Guest EEVDF: a used-up slice is noticed at the guest's next
	 *         tick (1 / HZ), ns; 0 = at once. */
	uint64_t guest_tick_ns;
	/** @brief Wake-up placement rule of the benchmark guest. */
	enum pvs_preempt_policy policy;
	/** @brief A plug-in's decisions instead of the library's (NULL:
	 *         the library under policy). */
	const struct pvsim_hooks *hooks;
};

/** @brief The KVM model's host scheduler (pvsim_kvm_params::host_sched). */
enum pvsim_kvm_host_sched {
	/** @brief Linux 6.6+ EEVDF wake-up preemption (the default). */
	PVSIM_KVM_HOST_EEVDF,
	/** @brief The earlier fixed delays: a woken benchmark vCPU preempts
	 *         after host_wakeup_gran_ns, a noise vCPU waits for the slice
	 *         end, a kernel burst preempts at once (assumed, not Linux). */
	PVSIM_KVM_HOST_SHORTCUT,
	/** @brief Linux 6.1..6.5 CFS: sleeper credit and wake-up
	 *         granularity, tick preemption by slice. */
	PVSIM_KVM_HOST_CFS
};

/** @brief The KVM model's guest scheduler (pvsim_kvm_params::guest_sched). */
enum pvsim_kvm_guest_sched {
	/** @brief Linux 6.6's EEVDF per vCPU run queue (eevdf.h). */
	PVSIM_KVM_GUEST_EEVDF,
	/** @brief FIFO per vCPU, a woken task preempts after
	 *         guest_wakeup_gran_ns, slices of guest_slice_ns. */
	PVSIM_KVM_GUEST_FIFO
};

/** @brief Where a worker's wake-up was placed (the state of the target). */
enum pvsim_kvm_wake_class {
	/** @brief An idle vCPU that was dispatched (polling in snooze). */
	PVSIM_KVM_WAKE_POLLING,
	/** @brief An idle vCPU that had ceded: IPI, host wake, cede exit. */
	PVSIM_KVM_WAKE_CEDED,
	/** @brief An idle vCPU the host had preempted (while it polled). */
	PVSIM_KVM_WAKE_PREEMPTED,
	/** @brief A busy vCPU: queued behind its current task. */
	PVSIM_KVM_WAKE_QUEUED,
	/** @brief Number of classes. */
	PVSIM_KVM_WAKE_NR
};

/** @brief What one KVM run measured. */
struct pvsim_kvm_result {
	/** @brief Worker wake-up latencies (merged over workers). */
	struct pvsim_hist wake;
	/** @brief Events processed. */
	uint64_t events;
	/** @brief Benchmark vCPUs' steal time (runnable, not running), ns. */
	uint64_t steal_ns;
	/** @brief Measured worker wake-ups per target class. */
	uint64_t wake_n[PVSIM_KVM_WAKE_NR];
	/** @brief Their summed wake-up latency, us. */
	uint64_t wake_us[PVSIM_KVM_WAKE_NR];
	/** @brief Those that waited 1 ms or more. */
	uint64_t wake_slow[PVSIM_KVM_WAKE_NR];
	/** @brief is-preempted decisions on idle vCPUs (each placement asks
	 *         for several), and how many answered preempted. */
	uint64_t decisions;
	/** @brief See decisions. */
	uint64_t answered_preempted;
	/** @brief vCPU threads moved to another host thread (host_migrate). */
	uint64_t migrations;
	/** @brief Invariant violations seen (debug runs check every event). */
	uint64_t failures;
	/** @brief First violation, or NULL. */
	const char *first_failure;
	/** @brief The first violation: what, when, during which event. */
	struct pvsim_failure fail;
};

/**
 * @brief Run the KVM model once.
 * @param p     parameters
 * @param seed  PRNG seed
 * @param debug check invariants after every event
 * @param out   result
 * @return 0, or -1 on bad parameters or an exhausted event queue
 */
int pvsim_kvm_run(const struct pvsim_kvm_params *p, uint64_t seed, bool debug,
		struct pvsim_kvm_result *out);

#pragma GCC visibility pop

#endif /* PVSCHED_SIM_KVM_H */
