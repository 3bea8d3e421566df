// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The kernel deciding through libpvsched (CONFIG_PVSCHED_WIRE=y, built in).
 *
 * Policies, each a boot parameter and a writable parameter in
 * /sys/module/pvsched/parameters/ (an unknown name is refused with -EINVAL
 * and the old policy stays):
 *   pvsched.vcpu_preempt=parity|idle-hint   powerpc vcpu_is_preempted():
 *       "parity" is the rule of Linux v6.6 and earlier (this tree's own,
 *       the default), "idle-hint" the one of "powerpc/paravirt: Improve
 *       vcpu_is_preempted" (2023);
 *   pvsched.cede=kernel|trust-firmware|compensated   pseries CEDE exit
 *       latency and target residency (pvs_idle_state_latency());
 *       "kernel" is this tree's rule (the default);
 *   pvsched.cede_compensation_ns=N   what "compensated" adds to the
 *       firmware latency (read when pvsched.cede is next written).
 * The hot path reads its policy once (READ_ONCE) and takes no lock; a
 * switch is a plain store, so a decision uses the old or the new policy,
 * never a mix. Counters (per CPU, summed on read) are in
 * /sys/kernel/debug/pvsched/.
 */
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/moduleparam.h>
#include <linux/export.h>
#include <linux/percpu.h>
#include <linux/cpumask.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <linux/debugfs.h>
#include <linux/seq_file.h>
#include <linux/mutex.h>
#include <linux/jump_label.h>
#include <linux/log2.h>
#include <linux/pvsched/pvsched.h>
#include <linux/pvsched_wire.h>

#ifdef CONFIG_PPC_PSERIES
#include <linux/cpuidle.h>
#include <asm/cputable.h>
#include <asm/reg.h>
#include <asm/time.h>
#endif
#ifdef CONFIG_PPC_SPLPAR
#include <asm/paca.h>
#include <asm/lppaca.h>
#include <asm/cputhreads.h>
#include <asm/kvm_guest.h>
#include <asm/paravirt.h>
#endif

#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "pvsched."

struct dentry *pvsched_wire_debugfs;
EXPORT_SYMBOL_GPL(pvsched_wire_debugfs);

/* Sum a per-CPU unsigned long over the possible CPUs. */
#define pvsched_sum(var, field) ({					\
	unsigned long __s = 0;						\
	int __c;							\
	for_each_possible_cpu(__c)					\
		__s += per_cpu_ptr(&(var), __c)->field;			\
	__s;								\
})

/* ---- powerpc: vcpu_is_preempted() ------------------------------------- */

#ifdef CONFIG_PPC_SPLPAR

static const char *const pvsched_vip_names[] = {
	[PVS_PREEMPT_IDLE_HINT] = "idle-hint",
	[PVS_PREEMPT_PARITY] = "parity",
};

/* Linux 6.1's own rule by default. */
static int pvsched_vip_policy __read_mostly = PVS_PREEMPT_PARITY;

/* [policy][answer]: decisions that answered not preempted / preempted. */
struct pvsched_vip_stats {
	unsigned long n[ARRAY_SIZE(pvsched_vip_names)][2];
	unsigned long early;	/* before pvsched_lppaca[] was filled */
};
static DEFINE_PER_CPU(struct pvsched_vip_stats, pvsched_vip_stats);

/*
 * Every CPU's lppaca, indexed by CPU number, as the library's fast path
 * wants it; CPUs that are not possible (or have no lppaca) point at an
 * all-zero area, which reads as dispatched.
 */
static const void *pvsched_lppaca[NR_CPUS] __read_mostly;
static const u8 pvsched_no_lppaca[PVS_LPPACA_SIZE] __aligned(8);
static DEFINE_STATIC_KEY_FALSE(pvsched_lppaca_ready);

static const void *pvsched_lppaca_of(int cpu)
{
	const void *lp = NULL;

	if (cpu < nr_cpu_ids && cpu_possible(cpu) && paca_ptrs && paca_ptrs[cpu])
		lp = paca_ptrs[cpu]->lppaca_ptr;
	return lp ? lp : pvsched_no_lppaca;
}

/*
 * Before the early initcall: the checked fast path over the target's core,
 * its lppaca pointers gathered on the stack.
 */
static noinline bool pvsched_vip_early(unsigned int cpu, unsigned int me,
				       int policy)
{
	const void *lp[PVS_MAX_SMT];
	unsigned int n = min_t(unsigned int, threads_per_core, PVS_MAX_SMT);
	unsigned int first = cpu_first_thread_sibling(cpu), t;

	for (t = 0; t < n; t++)
		lp[t] = pvsched_lppaca_of(first + t);
	this_cpu_inc(pvsched_vip_stats.early);
	return pvs_ppc64_is_preempted(lp, n, cpu - first,
				      cpu_first_thread_sibling(me) == first ?
				      (int)(me - first) : PVS_CALLER_OTHER_CORE,
				      is_shared_processor(), !is_kvm_guest(),
				      policy);
}

bool pvsched_vcpu_is_preempted(int cpu)
{
	int policy = READ_ONCE(pvsched_vip_policy);
	/* As the kernel's own: callers tolerate a stale CPU number. */
	unsigned int me = raw_smp_processor_id();
	bool ret;

	if (!static_branch_likely(&pvsched_lppaca_ready))
		ret = pvsched_vip_early(cpu, me, policy);
	else if (policy == PVS_PREEMPT_IDLE_HINT)
		ret = pvs_ppc64_vcpu_is_preempted(pvsched_lppaca, cpu, me,
						  threads_per_core,
						  is_shared_processor(),
						  !is_kvm_guest(),
						  PVS_PREEMPT_IDLE_HINT);
	else
		ret = pvs_ppc64_vcpu_is_preempted(pvsched_lppaca, cpu, me,
						  threads_per_core,
						  is_shared_processor(),
						  !is_kvm_guest(),
						  PVS_PREEMPT_PARITY);
	this_cpu_inc(pvsched_vip_stats.n[policy][ret]);
	return ret;
}
EXPORT_SYMBOL_GPL(pvsched_vcpu_is_preempted);

int pvsched_vcpu_preempt_policy(void)
{
	return READ_ONCE(pvsched_vip_policy);
}
EXPORT_SYMBOL_GPL(pvsched_vcpu_preempt_policy);

const char *pvsched_vcpu_preempt_policy_name(int policy)
{
	if (policy < 0 || policy >= (int)ARRAY_SIZE(pvsched_vip_names))
		return "invalid";
	return pvsched_vip_names[policy];
}
EXPORT_SYMBOL_GPL(pvsched_vcpu_preempt_policy_name);

static int pvsched_vip_set(const char *val, const struct kernel_param *kp)
{
	int i = sysfs_match_string(pvsched_vip_names, val);

	if (i < 0)
		return -EINVAL;
	WRITE_ONCE(pvsched_vip_policy, i);
	return 0;
}

static int pvsched_vip_get(char *buf, const struct kernel_param *kp)
{
	return scnprintf(buf, PAGE_SIZE, "%s\n",
			 pvsched_vip_names[READ_ONCE(pvsched_vip_policy)]);
}

static const struct kernel_param_ops pvsched_vip_ops = {
	.set = pvsched_vip_set,
	.get = pvsched_vip_get,
};
module_param_cb(vcpu_preempt, &pvsched_vip_ops, NULL, 0644);
MODULE_PARM_DESC(vcpu_preempt,
		 "vcpu_is_preempted() rule: parity (v6.6 and earlier, default) or idle-hint");

static int __init pvsched_vip_init(void)
{
	int cpu;

	if (threads_per_core > PVS_MAX_SMT || !is_power_of_2(threads_per_core)) {
		pr_warn("pvsched: %d threads per core, vcpu_is_preempted() stays on the early path\n",
			threads_per_core);
		return 0;
	}
	for (cpu = 0; cpu < NR_CPUS; cpu++)
		pvsched_lppaca[cpu] = pvsched_lppaca_of(cpu);
	static_branch_enable(&pvsched_lppaca_ready);
	return 0;
}
early_initcall(pvsched_vip_init);

static int pvsched_vip_show(struct seq_file *m, void *v)
{
	int p;

	seq_printf(m, "policy: %s\n",
		   pvsched_vip_names[READ_ONCE(pvsched_vip_policy)]);
	for (p = 0; p < ARRAY_SIZE(pvsched_vip_names); p++) {
		unsigned long no = pvsched_sum(pvsched_vip_stats, n[p][0]);
		unsigned long yes = pvsched_sum(pvsched_vip_stats, n[p][1]);

		seq_printf(m, "%s: decisions %lu preempted %lu not_preempted %lu\n",
			   pvsched_vip_names[p], no + yes, yes, no);
	}
	seq_printf(m, "early: %lu\n", pvsched_sum(pvsched_vip_stats, early));
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(pvsched_vip);

#endif /* CONFIG_PPC_SPLPAR */

/* ---- pseries: CEDE exit latency and target residency ------------------ */

#ifdef CONFIG_PPC_PSERIES

static const char *const pvsched_cede_names[] = {
	[PVS_IDLE_KERNEL] = "kernel",
	[PVS_IDLE_TRUST_FW] = "trust-firmware",
	[PVS_IDLE_COMPENSATED] = "compensated",
};

static int pvsched_cede_policy = PVS_IDLE_KERNEL;
/*
 * The IPI-measured p99 CEDE wake-up on a POWER9 LPAR minus the firmware's
 * 2 us, from the "cpuidle/pseries: Fixup CEDE0 latency only for POWER10
 * onwards" (2021) thread: 9514 - 2000 ns.
 */
static unsigned long pvsched_cede_comp_ns = 7514;
module_param_named(cede_compensation_ns, pvsched_cede_comp_ns, ulong, 0644);
MODULE_PARM_DESC(cede_compensation_ns,
		 "ns the compensated CEDE policy adds to the firmware latency");

static DEFINE_MUTEX(pvsched_cede_lock);
static struct {
	bool probed, registered, have_table;
	struct pvs_idle_platform plat;
	struct pvs_xcede_table table;
	pvsched_cede_set_t set;
	/* Per policy: decisions, errors, and the last answer. */
	unsigned long decisions[ARRAY_SIZE(pvsched_cede_names)];
	unsigned long errors[ARRAY_SIZE(pvsched_cede_names)];
	struct pvs_idle_latency last[ARRAY_SIZE(pvsched_cede_names)];
} pvsched_cede;

/* Decide and apply under pvsched_cede_lock. */
static void pvsched_cede_apply(int policy)
{
	struct pvs_idle_latency lat;
	int err;

	pvsched_cede.plat.compensation_ns = READ_ONCE(pvsched_cede_comp_ns);
	err = pvs_idle_state_latency(&pvsched_cede.plat,
				     pvsched_cede.have_table ?
				     &pvsched_cede.table : NULL,
				     policy, &lat);
	pvsched_cede.decisions[policy]++;
	if (err) {
		/* Keep what the driver has: its defaults or the last answer. */
		pvsched_cede.errors[policy]++;
		pr_warn("pvsched: CEDE latency under %s: error %d, state kept\n",
			pvsched_cede_names[policy], err);
		return;
	}
	pvsched_cede.last[policy] = lat;
	if (pvsched_cede.registered) {
		cpuidle_pause_and_lock();
		pvsched_cede.set(true, lat.exit_latency_us,
				 lat.target_residency_us);
		cpuidle_resume_and_unlock();
	} else {
		pvsched_cede.set(false, lat.exit_latency_us,
				 lat.target_residency_us);
	}
	pr_info("pvsched: %s: exit latency %u us, target residency %u us (%s, policy %s)\n",
		lat.name, lat.exit_latency_us, lat.target_residency_us,
		pvs_idle_source_name(lat.source), pvsched_cede_names[policy]);
}

void __init pvsched_cede_probe(bool shared, const void *fw, size_t fw_len,
			       pvsched_cede_set_t set)
{
	struct pvs_idle_platform *p = &pvsched_cede.plat;

	mutex_lock(&pvsched_cede_lock);
	p->partition = shared ? PVS_IDLE_SHARED : PVS_IDLE_DEDICATED;
	/* So that "kernel" is exactly "ISA 3.1 or a POWER10 PVR". */
	if (pvr_version_is(PVR_POWER10))
		p->cpu = PVS_IDLE_CPU_POWER10;
	else if (cpu_has_feature(CPU_FTR_ARCH_31))
		p->cpu = PVS_IDLE_CPU_POWER11;
	else if (pvr_version_is(PVR_POWER8) || pvr_version_is(PVR_POWER8E) ||
		 pvr_version_is(PVR_POWER8NVL))
		p->cpu = PVS_IDLE_CPU_POWER8;
	else
		p->cpu = PVS_IDLE_CPU_POWER9;
	p->compat_pre_isa31 = !cpu_has_feature(CPU_FTR_ARCH_31);
	p->timebase_hz = ppc_tb_freq;
	pvsched_cede.have_table = fw &&
		pvs_xcede_parse(fw, fw_len, &pvsched_cede.table) >= 0;
	pvsched_cede.set = set;
	pvsched_cede.probed = true;
	pvsched_cede_apply(READ_ONCE(pvsched_cede_policy));
	mutex_unlock(&pvsched_cede_lock);
}
EXPORT_SYMBOL_GPL(pvsched_cede_probe);

void pvsched_cede_registered(void)
{
	mutex_lock(&pvsched_cede_lock);
	pvsched_cede.registered = pvsched_cede.probed;
	mutex_unlock(&pvsched_cede_lock);
}
EXPORT_SYMBOL_GPL(pvsched_cede_registered);

static int pvsched_cede_param_set(const char *val,
				  const struct kernel_param *kp)
{
	int i = sysfs_match_string(pvsched_cede_names, val);

	if (i < 0)
		return -EINVAL;
	mutex_lock(&pvsched_cede_lock);
	WRITE_ONCE(pvsched_cede_policy, i);
	if (pvsched_cede.probed)
		pvsched_cede_apply(i);
	mutex_unlock(&pvsched_cede_lock);
	return 0;
}

static int pvsched_cede_param_get(char *buf, const struct kernel_param *kp)
{
	return scnprintf(buf, PAGE_SIZE, "%s\n",
			 pvsched_cede_names[READ_ONCE(pvsched_cede_policy)]);
}

static const struct kernel_param_ops pvsched_cede_ops = {
	.set = pvsched_cede_param_set,
	.get = pvsched_cede_param_get,
};
module_param_cb(cede, &pvsched_cede_ops, NULL, 0644);
MODULE_PARM_DESC(cede,
		 "CEDE latency rule: kernel (default), trust-firmware or compensated");

static int pvsched_cede_show(struct seq_file *m, void *v)
{
	int p;

	mutex_lock(&pvsched_cede_lock);
	seq_printf(m, "policy: %s\n", pvsched_cede_names[pvsched_cede_policy]);
	seq_printf(m, "probed: %d partition: %s firmware_records: %d compensation_ns: %lu\n",
		   pvsched_cede.probed,
		   pvsched_cede.plat.partition == PVS_IDLE_SHARED ?
		   "shared" : "dedicated",
		   pvsched_cede.have_table ?
		   (int)pvsched_cede.table.nr_records : -1,
		   pvsched_cede_comp_ns);
	for (p = 0; p < ARRAY_SIZE(pvsched_cede_names); p++) {
		const struct pvs_idle_latency *l = &pvsched_cede.last[p];

		seq_printf(m, "%s: decisions %lu errors %lu exit_latency_us %u target_residency_us %u source %s\n",
			   pvsched_cede_names[p], pvsched_cede.decisions[p],
			   pvsched_cede.errors[p], l->exit_latency_us,
			   l->target_residency_us,
			   pvsched_cede.decisions[p] ?
			   pvs_idle_source_name(l->source) : "none");
	}
	mutex_unlock(&pvsched_cede_lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(pvsched_cede);

#endif /* CONFIG_PPC_PSERIES */

/* ---- x86: KVM guest vcpu_is_preempted, KVM host halt polling ---------- */

#ifdef CONFIG_X86

struct pvsched_kvm_stats {
	unsigned long vip[2];		/* answered not preempted / preempted */
	unsigned long grow, shrink;
};
static DEFINE_PER_CPU(struct pvsched_kvm_stats, pvsched_kvm_stats);

bool pvsched_kvm_vcpu_is_preempted(const void *steal_time)
{
	bool ret = pvs_x86_is_preempted(steal_time);

	this_cpu_inc(pvsched_kvm_stats.vip[ret]);
	return ret;
}
EXPORT_SYMBOL_GPL(pvsched_kvm_vcpu_is_preempted);

/*
 * KVM's own: val * grow raised to grow_start (the caller keeps the window
 * when grow is 0). The library computes in 64 bits and saturates: where
 * the kernel's 32-bit product wrapped, this gives UINT_MAX.
 */
unsigned int pvsched_halt_poll_grow(unsigned int val, unsigned int grow,
				    unsigned int grow_start)
{
	const struct pvs_halt_poll_params p = {
		.flavour = PVS_HALT_POLL_KVM_HOST,
		.grow = grow,
		.grow_start_ns = grow_start,
	};

	this_cpu_inc(pvsched_kvm_stats.grow);
	return min_t(u64, pvs_halt_poll_grown_(&p, val), UINT_MAX);
}
EXPORT_SYMBOL_GPL(pvsched_halt_poll_grow);

/* KVM's own: 0 if shrink is 0, else val / shrink, 0 below grow_start. */
unsigned int pvsched_halt_poll_shrink(unsigned int val, unsigned int shrink,
				      unsigned int grow_start)
{
	const struct pvs_halt_poll_params p = {
		.flavour = PVS_HALT_POLL_KVM_HOST,
		.shrink = shrink,
		.grow_start_ns = grow_start,
	};

	this_cpu_inc(pvsched_kvm_stats.shrink);
	return pvs_halt_poll_shrunk_(&p, val);
}
EXPORT_SYMBOL_GPL(pvsched_halt_poll_shrink);

static int pvsched_kvm_show(struct seq_file *m, void *v)
{
	unsigned long no = pvsched_sum(pvsched_kvm_stats, vip[0]);
	unsigned long yes = pvsched_sum(pvsched_kvm_stats, vip[1]);

	seq_printf(m, "kvm_vcpu_is_preempted: decisions %lu preempted %lu not_preempted %lu\n",
		   no + yes, yes, no);
	seq_printf(m, "halt_poll: grow %lu shrink %lu\n",
		   pvsched_sum(pvsched_kvm_stats, grow),
		   pvsched_sum(pvsched_kvm_stats, shrink));
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(pvsched_kvm);

#endif /* CONFIG_X86 */

/* After debugfs (core_initcall), before drivers and the selftest. */
static int __init pvsched_wire_debugfs_init(void)
{
	struct dentry *d = debugfs_create_dir("pvsched", NULL);

	if (IS_ERR(d))
		return 0;
	pvsched_wire_debugfs = d;
#ifdef CONFIG_PPC_SPLPAR
	debugfs_create_file("vcpu_is_preempted", 0444, d, NULL,
			    &pvsched_vip_fops);
#endif
#ifdef CONFIG_PPC_PSERIES
	debugfs_create_file("cede", 0444, d, NULL, &pvsched_cede_fops);
#endif
#ifdef CONFIG_X86
	debugfs_create_file("kvm", 0444, d, NULL, &pvsched_kvm_fops);
#endif
	return 0;
}
postcore_initcall(pvsched_wire_debugfs_init);
