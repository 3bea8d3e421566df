/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * The Decisions section of `pvsched probe`: what the library's heuristics
 * decide from the probed facts. Every decision is made by the library's own
 * functions (pvs_spin_decide, pvs_halt_poll_step, pvs_idle_state_latency,
 * pvs_pack_effective_policy / pvs_pack_domains / pvs_pack_pick_cpu); this
 * file only maps probe results to their inputs and says why.
 */
#ifndef PVSCHED_TOOLS_DECIDE_H
#define PVSCHED_TOOLS_DECIDE_H

#include <stdbool.h>
#include <stdio.h>

#include <pvsched/pvsched.h>

#include "json.h"

struct report;

/* Block times of the halt-poll table, ns: short, medium and long halts. */
#define DEC_HP_SAMPLES 3

/* One flavour's converged halt-poll window for one block time. */
struct dec_hp {
	uint64_t block_ns;
	uint64_t window_ns;
	unsigned int steps; /* halts until the window stopped changing */
};

struct decisions {
	/* Spin: PV rule for the first waiter, and the baseline. */
	struct pvs_spin_in spin_in;
	enum pvs_spin_action spin_act, base_act;
	struct pvs_spin_out spin_out, base_out;
	unsigned int herd;   /* spinners at which the PV rule parks */
	const char *spin_safe;  /* "yes", "shortened" or "no" */
	uint32_t budget_share_ppm; /* PV limit / baseline limit */
	/* Halt polling: converged windows per flavour. */
	bool have_avg_block;
	uint64_t avg_block_ns;  /* mean residency of the halting states */
	bool guest, host;
	struct dec_hp guest_avg, host_avg;
	struct dec_hp guest_tab[DEC_HP_SAMPLES];
	struct dec_hp host_tab[DEC_HP_SAMPLES];
	/* Idle-state latency the kernel rule picks. */
	int idle_rc;          /* 0, or -PVS_ENOTSUP: not modelled here */
	struct pvs_idle_platform idle_plat;
	bool have_fw;
	struct pvs_xcede_table fw;
	struct pvs_idle_latency idle;       /* PVS_IDLE_KERNEL */
	struct pvs_idle_latency idle_old;   /* PVS_IDLE_TRUST_FW */
	bool sysfs_match;     /* a sysfs state of that name exists */
	uint64_t sysfs_latency_us, sysfs_residency_us;
	/* Packing. */
	int pack_rc;          /* 0, or -PVS_ENOTSUP (topology absent/too big) */
	enum pvs_pack_policy pack;
	struct pvs_pack_machine pack_m;
	struct pvs_pack_domains dom;
	unsigned int pack_tasks, cores_packed, cores_spread;
};

/* Fill r->dec. Returns 0 or a negative PVPROBE_E code (a malformed firmware
 * table named in r->ctx). */
int decide(struct report *r);
void decide_text(const struct report *r, FILE *f);
void decide_json(const struct report *r, struct json *j);

#endif /* PVSCHED_TOOLS_DECIDE_H */
