// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * A simulator plug-in that reimplements, in its own code, both decisions
 * of KVM's host halt polling since Linux 5.14 (docs/upstream-rules.md,
 * "KVM: use cpu_relax when halt polling" and "KVM halt-poll window"):
 * the poll loop stops on a wake-up, on another runnable task or at the
 * deadline, else spins with cpu_relax(); the window grows after a halt
 * shorter than halt_poll_ns that outlasted it, shrinks after a longer one.
 * Run beside the built-in policies it must give byte-identical numbers to
 * "cpu_relax" (the CI checks it):
 *
 *   pvsched sim run kvm-haltpoll-relax --plugin ./librelax_again.so
 */
#include <pvsched/sim.h>

static enum pvs_poll_action again_poll_action(void *user,
					      const struct pvs_poll_in *in)
{
	(void)user;
	if (in->wakeup_pending)
		return PVS_POLL_ACT_STOP_WAKEUP;
	if (in->other_runnable)
		return PVS_POLL_ACT_STOP_RUNNABLE;
	if (in->now_ns >= in->deadline_ns)
		return PVS_POLL_ACT_STOP_TIMEOUT;
	return PVS_POLL_ACT_SPIN_RELAX;	/* PAUSE: the sibling runs */
}

static uint64_t again_window_ns(void *user,
				const struct pvs_halt_poll_params *p,
				const struct pvs_halt_poll_state *st)
{
	(void)user;
	return st->window_ns < p->max_ns ? st->window_ns : p->max_ns;
}

/* kvm_vcpu_halt()'s grow/shrink after a halt of block_ns. */
static int again_step(void *user, const struct pvs_halt_poll_params *p,
		      struct pvs_halt_poll_state *st, uint64_t block_ns)
{
	uint64_t w = again_window_ns(user, p, st);
	int ev = PVS_HALT_POLL_EV_KEEP;

	if (w && block_ns > p->max_ns) {
		w = p->shrink ? w / p->shrink : 0;
		if (w < p->grow_start_ns)
			w = 0;
		ev = w ? PVS_HALT_POLL_EV_SHRINK : PVS_HALT_POLL_EV_RESET;
	} else if (!p->max_ns) {
		w = 0;
		ev = PVS_HALT_POLL_EV_RESET;
	} else if (block_ns > w && w < p->max_ns && block_ns < p->max_ns) {
		if (p->grow) {
			w *= p->grow;	/* w < max_ns: no overflow */
			if (w < p->grow_start_ns)
				w = p->grow_start_ns;
		}
		ev = PVS_HALT_POLL_EV_GROW;
	}
	st->window_ns = w;
	return ev;
}

/** @brief The plug-in's policy: all three halt-poll decisions its own. */
const struct pvsim_plugin pvsim_plugin = {
	PVSIM_PLUGIN_ABI,
	"KVM 5.14+ halt polling (cpu_relax, grow/shrink), reimplemented "
	"outside the library (must equal cpu_relax)",
	{ .name = "relax-again", .poll_action = again_poll_action,
	  .halt_poll_window_ns = again_window_ns,
	  .halt_poll_step = again_step },
};
