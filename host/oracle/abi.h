/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * The owner-on-CPU oracle's map layout, shared by the BPF program
 * (oracle.bpf.c) and its readers (view.c, loader.c): one 64-byte slot per
 * CPU, written only by that CPU's sched_switch, read by userspace through
 * a read-only mmap. Fixed-width types only, so both sides see one layout.
 */
#ifndef PVSCHED_HOST_ORACLE_ABI_H
#define PVSCHED_HOST_ORACLE_ABI_H

/* Slots in the map: CPUs the program can describe (the loader sets the
 * map's size to the possible CPUs, at most this). */
#define PVRT_ORACLE_ABI_MAX_CPUS 1024
/* Pinned names under the pin directory. */
#define PVRT_ORACLE_ABI_MAP "running"
#define PVRT_ORACLE_ABI_LINK "switch_link"
/* vcpu_preempted values: the flag was not readable (0, what a fresh map
 * holds), the vCPU ran, it was preempted (KVM's kvm_steal_time.preempted
 * bit 0) at the last refresh. */
#define PVRT_ORACLE_ABI_PREEMPT_UNKNOWN 0u
#define PVRT_ORACLE_ABI_PREEMPT_NO 1u
#define PVRT_ORACLE_ABI_PREEMPT_YES 2u

/* One CPU: 64 bytes, its own cache line. */
struct pvrt_oracle_abi_slot {
	unsigned int tid;	/* thread now running (0: the idle task) */
	unsigned int tgid;	/* its process */
	unsigned int vcpu_preempted;	/* PVRT_ORACLE_ABI_PREEMPT_* */
	unsigned int pad0;
	unsigned long long switches;	/* sched_switch count on this CPU */
	unsigned long long pad[5];
};

#ifdef __bpf__
/* BPF side: the map (and the licence) every oracle object defines. */
#define PVRT_ORACLE_MAP_DEFINE                                     \
	char LICENSE[] SEC("license") = "Dual BSD/GPL";            \
	struct {                                                   \
		__uint(type, BPF_MAP_TYPE_ARRAY);                  \
		__uint(map_flags, BPF_F_MMAPABLE);                 \
		__uint(max_entries, PVRT_ORACLE_ABI_MAX_CPUS);     \
		__type(key, __u32);                                \
		__type(value, struct pvrt_oracle_abi_slot);        \
	} running SEC(".maps")

/* The one hook every oracle object attaches: a sched_switch program
 * @name, its body following as a function's. */
#define PVRT_ORACLE_SWITCH_PROG(name)                              \
	SEC("tp_btf/sched_switch")                                 \
	int BPF_PROG(name, bool preempt, struct task_struct *prev, \
		     struct task_struct *next)

/* The slot of the CPU the program runs on (NULL past the map's end). */
#define PVRT_ORACLE_THIS_SLOT()                                    \
	({                                                         \
		__u32 cpu_ = bpf_get_smp_processor_id();           \
		(struct pvrt_oracle_abi_slot *)bpf_map_lookup_elem( \
			&running, &cpu_);                          \
	})
#endif

#endif /* PVSCHED_HOST_ORACLE_ABI_H */
