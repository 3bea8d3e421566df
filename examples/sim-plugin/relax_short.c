// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * A simulator plug-in with a halt-poll policy of its own: poll with
 * cpu_relax() as Linux 5.14+ does, but never for more than 20 us per
 * halt (the library's grow/shrink rule still moves the window below
 * that). A middle ground between polling the whole halt_poll_ns beside a
 * busy SMT sibling and not polling at all. Try it:
 *
 *   pvsched sim run kvm-haltpoll-relax --plugin ./librelax_short.so
 *   pvsched sim compare kvm-haltpoll-relax --plugin ./librelax_short.so \
 *       --metric dhry_score
 */
#include <pvsched/sim.h>

#define SHORT_WINDOW_NS 20000u

static uint64_t short_window_ns(void *user,
				const struct pvs_halt_poll_params *p,
				const struct pvs_halt_poll_state *st)
{
	uint64_t w = pvs_halt_poll_window_ns(p, st);

	(void)user;
	return w < SHORT_WINDOW_NS ? w : SHORT_WINDOW_NS;
}

/** @brief The plug-in's policy: only the window is its own (the poll
 *         loop and the grow/shrink step are cpu_relax's, the library's). */
const struct pvsim_plugin pvsim_plugin = {
	PVSIM_PLUGIN_ABI,
	"cpu_relax halt polling, the window capped at 20 us",
	{ .name = "relax-20us", .halt_poll_window_ns = short_window_ns },
};
