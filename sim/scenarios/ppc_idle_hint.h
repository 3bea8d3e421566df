/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Internal to scenario ppc-idle-hint (ppc_idle_hint.c) and its parameter
 * table (ppc_idle_hint_params.c).
 */
#ifndef PVSCHED_SIM_PPC_IDLE_HINT_H
#define PVSCHED_SIM_PPC_IDLE_HINT_H

#include "engine/sim_int.h"

#pragma GCC visibility push(hidden)

/* The parameters `show` lists, settable with --set (pvsim_param): the
 * only source of the KVM model's numbers (pvsim_idle_hint_params()). */
enum { P_NBUSY_MIN, P_NBUSY_MAX, P_NIDLE_MIN, P_NIDLE_MAX, P_HGAP_MIN,
       P_HGAP_MAX, P_HBURST_MIN, P_HBURST_MAX, P_CPUTIME, P_MSGWORK,
       P_SLEEP, P_GSLICE, P_GGRAN, P_SNOOZE, P_IPI, P_CEDE_EXIT,
       P_RESUME, P_JITTER, P_HSCHED, P_HSLICE, P_HTICK, P_HPARITY,
       P_HGRAN, P_NOISE_PREEMPT, P_ITER_NOISE, P_SLACK, P_RSTART,
       P_VCPUS, P_GSMT, P_HCORES, P_HSMT, P_LOAD, P_MSGS, P_WORKERS,
       P_WORK_CPU, P_SJITTER, P_WAIT_ALL, P_GCOST, P_LLC, P_CFS_LAT,
       P_CFS_GRAN, P_MSG_SPIN, P_LAT_END, P_HMIGRATE, P_HLLC,
       P_HNEWIDLE, P_GSCHED, P_GTICK, P_NR };

/* The table `show` prints and --set changes. */
extern const struct pvsim_param pvsim_ih_params[P_NR];

/* The run's values of the table, onto the model's parameters. */
void pvsim_ih_params_of(const struct pvsim_opts *o,
			struct pvsim_kvm_params *p);

/* NULL, or why the run's values do not fit together. */
const char *pvsim_ih_invalid(const struct pvsim_opts *o);

#pragma GCC visibility pop

#endif
