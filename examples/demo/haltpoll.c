// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Halt polling (kvm-haltpoll-relax): how the poll window moves over a series of
 * halts for each flavour and generation, and what each SMT policy does
 * while a redis vCPU polls beside a dhry2reg on the sibling thread.
 */
#include <stdio.h>

#include "demo.h"

/* Halt lengths in ns: short halts, then a run of long ones. */
static const uint64_t halts_ns[] = {
	5000, 15000, 30000, 60000, 150000, 190000, 190000,
	1000000, 1000000, 1000000, 1000000, 1000000
};

#define NHALTS (sizeof(halts_ns) / sizeof(halts_ns[0]))

static const struct {
	const char *label;
	enum pvs_halt_poll_preset preset;
	enum pvs_halt_poll_gen gen;
} columns[] = {
	{ "x86 today", PVS_HALT_POLL_PRESET_X86, PVS_HALT_POLL_GEN_TODAY },
	{ "x86 old", PVS_HALT_POLL_PRESET_X86, PVS_HALT_POLL_GEN_OLD_RESET },
	{ "arm64", PVS_HALT_POLL_PRESET_ARM64, PVS_HALT_POLL_GEN_TODAY },
	{ "guest", PVS_HALT_POLL_PRESET_GUEST, PVS_HALT_POLL_GEN_TODAY },
};

#define NCOLS (sizeof(columns) / sizeof(columns[0]))

static void demo_windows(void)
{
	struct pvs_halt_poll_params p[NCOLS];
	struct pvs_halt_poll_state st[NCOLS];
	size_t c, i;

	for (c = 0; c < NCOLS; c++) {
		if (pvs_halt_poll_preset(columns[c].preset, columns[c].gen,
					 &p[c])) {
			printf("  preset %s: unavailable\n", columns[c].label);
			return;
		}
		st[c].window_ns = 0;
	}
	printf("Poll window (ns) after each halt, starting from 0:\n");
	printf("  %9s", "halt ns");
	for (c = 0; c < NCOLS; c++)
		printf("  %-17s", columns[c].label);
	printf("\n  %9s", "max ns");
	for (c = 0; c < NCOLS; c++)
		printf("  %-17llu", (unsigned long long)p[c].max_ns);
	printf("\n");
	for (i = 0; i < NHALTS; i++) {
		printf("  %9llu", (unsigned long long)halts_ns[i]);
		for (c = 0; c < NCOLS; c++) {
			int rc = pvs_halt_poll_step(&p[c], &st[c], halts_ns[i],
						    true);
			const char *what = "error";

			if (rc >= 0)
				what = pvs_halt_poll_event_name(
					(enum pvs_halt_poll_event)rc);
			printf("  %7llu %-9s",
			       (unsigned long long)st[c].window_ns, what);
		}
		printf("\n");
	}
	printf("  why: short halts double the window from grow_start;\n"
	       "       the host overshoots max and clamps at the next\n"
	       "       halt, the guest caps at once; long halts halve it\n"
	       "       (older hosts: reset to 0).\n");
}

/*
 * One polled halt on a fake clock (an iteration every 50 ns): the redis
 * vCPU is woken at wake_ns; dhry keeps the sibling busy from busy_ns on.
 */
static void demo_one_poll(enum pvs_poll_policy pol, const char *name,
			  uint64_t window_ns, uint64_t wake_ns,
			  uint64_t busy_ns, const char *why)
{
	struct pvs_poll_in in;
	enum pvs_poll_action a = PVS_POLL_ACT_STOP_INVALID;
	unsigned long iters = 0, relaxed = 0;
	unsigned int it;

	in.deadline_ns = window_ns;
	in.other_runnable = false;
	in.policy = pol;
	for (it = 0; it < 100000; it++) {
		in.now_ns = (uint64_t)it * 50;
		in.wakeup_pending = in.now_ns >= wake_ns;
		in.sibling_busy = in.now_ns >= busy_ns;
		a = pvs_poll_action(&in);
		if (pvs_poll_action_stops(a))
			break;
		iters++;
		relaxed += a == PVS_POLL_ACT_SPIN_RELAX;
	}
	printf("  %-13s %-13s after %6llu ns, %4lu spins, %4lu PAUSE\n"
	       "      why: %s\n",
	       name, pvs_poll_action_name(a), (unsigned long long)in.now_ns,
	       iters, relaxed, why);
}

static void demo_smt(void)
{
	struct pvs_halt_poll_params p;
	struct pvs_halt_poll_state st = { 0 };
	uint64_t window_ns;
	unsigned int i;

	/* A redis vCPU with short halts: its window has converged. */
	if (pvs_halt_poll_preset(PVS_HALT_POLL_PRESET_X86,
				 PVS_HALT_POLL_GEN_TODAY, &p))
		return;
	for (i = 0; i < 8; i++)
		pvs_halt_poll_step(&p, &st, 190000, true);
	window_ns = pvs_halt_poll_window_ns(&p, &st);

	printf("\nSMT policy while the redis vCPU polls (window %llu ns, woken"
	       " at 120000 ns),\ndhry2reg busy on the sibling from 3000 ns:\n",
	       (unsigned long long)window_ns);
	demo_one_poll(PVS_POLL_PLAIN, "plain", window_ns, 120000, 3000,
		      "pre-5.14: the spin takes issue slots from dhry");
	demo_one_poll(PVS_POLL_RELAX, "relax", window_ns, 120000, 3000,
		      "today: same poll, PAUSE hands dhry the core");
	demo_one_poll(PVS_POLL_STOP_SIBLING_BUSY, "stop-sibling", window_ns,
		      120000, 3000, "v1: dhry keeps the core, redis sleeps");
	printf("Sibling idle, no wakeup within the window:\n");
	demo_one_poll(PVS_POLL_STOP_SIBLING_BUSY, "stop-sibling", window_ns,
		      window_ns + 1, window_ns + 1,
		      "v1 polls like plain when nobody needs the core");
	demo_one_poll(PVS_POLL_RELAX, "relax", window_ns, window_ns + 1,
		      window_ns + 1,
		      "timeout: block, and the next halt shrinks");
}

void demo_haltpoll(void)
{
	demo_heading("Halt polling: window and SMT policy (kvm-haltpoll-relax)",
		     "\"KVM: use cpu_relax when halt polling\" (2021): how long to poll "
		     "before halting, and how politely to an SMT sibling");
	demo_windows();
	demo_smt();
}
