/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * The kernel deciding through libpvsched (CONFIG_PVSCHED_WIRE). kernel/wire.sh
 * installs this header as <linux/pvsched_wire.h> and lib/pvsched/wire.c
 * implements it; the patches in kernel/patches/ call it from:
 *   arch/powerpc/include/asm/paravirt.h   vcpu_is_preempted()
 *   drivers/cpuidle/cpuidle-pseries.c     CEDE exit latency and residency
 *   arch/x86/kernel/kvm.c                 __kvm_vcpu_is_preempted()
 *   virt/kvm/kvm_main.c                   grow/shrink_halt_poll_ns()
 * Policies are chosen at boot (pvsched.vcpu_preempt=, pvsched.cede=) or at
 * run time through /sys/module/pvsched/parameters/; the defaults give the
 * answers of the unpatched kernel. Counters: /sys/kernel/debug/pvsched/.
 */
#ifndef _LINUX_PVSCHED_WIRE_H
#define _LINUX_PVSCHED_WIRE_H

#include <linux/types.h>

#ifdef CONFIG_PVSCHED_WIRE

struct dentry;

/* /sys/kernel/debug/pvsched (NULL without debugfs). */
extern struct dentry *pvsched_wire_debugfs;

#ifdef CONFIG_PPC_SPLPAR
/*
 * vcpu_is_preempted(cpu) on a shared-processor partition, under the policy
 * pvsched.vcpu_preempt= selects (enum pvs_preempt_policy).
 */
bool pvsched_vcpu_is_preempted(int cpu);
/* The current policy (one READ_ONCE), for checks. */
int pvsched_vcpu_preempt_policy(void);
/* Its name: "parity" or "idle-hint". */
const char *pvsched_vcpu_preempt_policy_name(int policy);
#endif

#ifdef CONFIG_PPC_PSERIES
/*
 * The pseries cpuidle driver's CEDE state: @set writes the exit latency and
 * target residency into the driver's tables. @registered is false at probe
 * time, true later (the wire then holds cpuidle_pause_and_lock()).
 */
typedef void (*pvsched_cede_set_t)(bool registered, u32 exit_latency_us,
				   u32 target_residency_us);
/*
 * At probe time: decide with the boot policy and call @set(false, ...).
 * @fw is the raw ibm,get-system-parameter token-45 buffer (NULL if none).
 */
void pvsched_cede_probe(bool shared, const void *fw, size_t fw_len,
			pvsched_cede_set_t set);
/* The driver is registered: later policy changes re-apply at once. */
void pvsched_cede_registered(void);
#endif

#ifdef CONFIG_X86
/* __kvm_vcpu_is_preempted() over the vCPU's live struct kvm_steal_time. */
bool pvsched_kvm_vcpu_is_preempted(const void *steal_time);
/* KVM host halt polling, grow_halt_poll_ns() / shrink_halt_poll_ns(). */
unsigned int pvsched_halt_poll_grow(unsigned int val, unsigned int grow,
				    unsigned int grow_start);
unsigned int pvsched_halt_poll_shrink(unsigned int val, unsigned int shrink,
				      unsigned int grow_start);
#endif

#endif /* CONFIG_PVSCHED_WIRE */

#endif /* _LINUX_PVSCHED_WIRE_H */
