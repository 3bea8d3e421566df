// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Vectors for the asym-packing pull decision (pack.h, pvs_asym_*). Each row
 * is a
 * load-balancer situation worked out by hand from kernel/sched/fair.c:
 * v6.4's asym_smt_can_pull_tasks() / sched_asym() for PVS_ASYM_SMT_DELTA,
 * v6.5+'s sched_use_asym_prio() / sched_group_asym() / find_busiest_queue()
 * / asym_active_balance() for PVS_ASYM_IDLE_CORE. Rationale:
 * docs/upstream-rules.md, "Asym-packing pull decision".
 */
#include "vectors.h"

static const char S[] = "pack_asym";

/* Domain and group flags. */
#define ASYM PVS_SDF_ASYM_PACKING
#define LLC PVS_SDF_SHARE_LLC
#define SMT (PVS_SDF_SHARE_CPUCAPACITY | PVS_SDF_SHARE_LLC)

/* Expected answers: G group pull, Q skip the runqueue, A active balance,
 * U the destination may use priorities.
 */
#define G 1u
#define Q 2u
#define A 4u
#define U 8u

/*
 * One situation: the load balancer's snapshot, in pvs_asym_snapshot's
 * order (sd_flags, smt_active, dst_idle, dst_busy_siblings, dst_prio;
 * local_ flags, weight, idle_cpus, nr_running; src_ the same four, src_prio;
 * src_cpu_ prio, nr_running, busy_siblings), then both rules' answers.
 */
struct pull_vec {
	struct pvs_asym_snapshot s;
	uint32_t old_rule, new_rule; /* SMT_DELTA, IDLE_CORE: G|Q|A|U */
};

static const struct pull_vec pull_vecs[] = {
	/* 0: shared POWER10 LPAR, PKG level (groups = big cores): idle big
	 * core 0 and one thread on big core 5 -> pull toward core 0.
	 */
	{ { ASYM, true, true, 0, 0, LLC, 8, 8, 0, LLC, 8, 7, 1, -5, -5, 1, 0 },
	  G | A | U, G | A | U },
	/* 1: as 0, but a sibling of the destination runs a task: v6.5+ only
	 * pulls when the destination's whole SMT core is idle.
	 */
	{ { ASYM, true, true, 1, 0, LLC, 8, 7, 1, LLC, 8, 7, 1, -5, -5, 1, 0 },
	  G | A | U, 0 },
	/* 2: the source core 0 outranks the destination core 5 and its
	 * runqueue has a busy sibling: v6.5+ lets the lower core help
	 * (no skip, active balance), v6.4 protects it.
	 */
	{ { ASYM, true, true, 0, -5, LLC, 8, 8, 0, LLC, 8, 6, 2, 0, 0, 1, 1 },
	  Q | U, A | U },
	/* 3: as 2 with the source CPU alone on its small core. */
	{ { ASYM, true, true, 0, -5, LLC, 8, 8, 0, LLC, 8, 6, 2, 0, 0, 1, 0 },
	  Q | U, Q | U },
	/* 4: CACHE level (groups = small cores of one big core): equal
	 * priorities, nothing moves by priority.
	 */
	{ { LLC | ASYM, true, true, 0, 0, SMT, 4, 4, 0, SMT, 4, 3, 1, 0, 0, 1, 0 },
	  U, U },
	/* 5: x86 ITMT, MC level of SMT2 cores: the source core runs two
	 * tasks; both rules refuse the group (v6.4: two more busy CPUs than
	 * the local core, v6.5+: more than one busy CPU).
	 */
	{ { ASYM, true, true, 0, 10, SMT, 2, 2, 0, SMT, 2, 0, 2, 5, 5, 1, 1 },
	  A | U, A | U },
	/* 6: as 5 with one busy source CPU: both pull. */
	{ { ASYM, true, true, 0, 10, SMT, 2, 2, 0, SMT, 2, 1, 1, 5, 5, 1, 0 },
	  G | A | U, G | A | U },
	/* 7: hybrid: a non-SMT destination (an Atom CPU) and a busy
	 * higher-priority SMT core: v6.4 pulls whatever the priorities,
	 * v6.5+ refuses the group and helps through active balance.
	 */
	{ { ASYM, true, true, 0, 5, 0, 1, 1, 0, SMT, 2, 0, 2, 20, 20, 1, 1 },
	  G | Q | U, A | U },
	/* 8: an idle SMT core pulls from a lower-priority non-SMT CPU. */
	{ { ASYM, true, true, 0, 10, SMT, 2, 2, 0, 0, 1, 0, 1, 5, 5, 1, 0 },
	  G | A | U, G | A | U },
	/* 9: as 8 with the destination's sibling busy. */
	{ { ASYM, true, true, 1, 10, SMT, 2, 1, 1, 0, 1, 0, 1, 5, 5, 1, 0 },
	  A | U, 0 },
	/* 10: SMT level with asym packing (POWER7 ASYM_SMT): groups are
	 * single threads; a busy sibling does not matter at that level.
	 */
	{ { SMT | ASYM, true, true, 1, 0, 0, 1, 1, 0, 0, 1, 0, 1, -2, -2, 1, 1 },
	  G | A | U, G | A | U },
	/* 11: no SD_ASYM_PACKING at the level: no asym decision. */
	{ { LLC, true, true, 0, 0, LLC, 8, 8, 0, LLC, 8, 7, 1, -5, -5, 1, 0 },
	  0, 0 },
	/* 12: the destination is busy (CPU_NOT_IDLE). */
	{ { ASYM, true, false, 0, 0, LLC, 8, 8, 0, LLC, 8, 7, 1, -5, -5, 1, 0 },
	  U, U },
	/* 13: no CFS task in the source group. */
	{ { ASYM, true, true, 0, 0, LLC, 8, 8, 0, LLC, 8, 7, 0, -5, -5, 1, 0 },
	  A | U, A | U },
	/* 14: SMT inactive: siblings are not looked at. */
	{ { ASYM, false, true, 1, 0, LLC, 8, 7, 1, LLC, 8, 7, 1, -5, -5, 1, 1 },
	  G | A | U, G | A | U },
	/* 15: equal priorities between cores, the source CPU has a busy
	 * sibling: v6.5+ still forces the move (it helps a busy core).
	 */
	{ { ASYM, true, true, 0, -3, LLC, 8, 8, 0, LLC, 8, 6, 2, -3, -3, 1, 1 },
	  U, A | U },
	/* 16: both SMT2 cores busy, the source by one more CPU: v6.4 pulls
	 * toward priority even with the destination's sibling busy.
	 */
	{ { ASYM, true, true, 1, 10, SMT, 2, 1, 1, SMT, 2, 0, 2, 5, 5, 1, 1 },
	  G | A | U, 0 },
	/* 17: the source runqueue runs two tasks: never skipped. */
	{ { ASYM, true, true, 0, -5, LLC, 8, 8, 0, LLC, 8, 7, 2, 0, 0, 2, 0 },
	  U, U },
	/* 18: v6.4, non-SMT destination, SMT source with one busy CPU of
	 * lower priority: priority decides.
	 */
	{ { ASYM, true, true, 0, 10, 0, 1, 1, 0, SMT, 2, 1, 1, 5, 5, 1, 0 },
	  G | A | U, G | A | U },
};

static uint32_t pull_answers(const struct pvs_asym_snapshot *s,
			     enum pvs_asym_rule rule)
{
	return (pvs_asym_group_pull(s, rule) ? G : 0) |
	       (pvs_asym_skip_rq(s, rule) ? Q : 0) |
	       (pvs_asym_active_balance(s, rule) ? A : 0) |
	       (pvs_asym_use_prio(s, s->dst_busy_siblings, rule) ? U : 0);
}

static void asym_pull(struct pvs_vec_result *r)
{
	unsigned int i;

	for (i = 0; i < PVS_VEC_LEN(pull_vecs); i++) {
		const struct pull_vec *v = &pull_vecs[i];

		PVS_VEC_EXPECT(r, S, i, pull_answers(&v->s, PVS_ASYM_SMT_DELTA) ==
						v->old_rule);
		PVS_VEC_EXPECT(r, S, i, pull_answers(&v->s, PVS_ASYM_IDLE_CORE) ==
						v->new_rule);
	}
	/* NULL snapshot and unknown rule: every answer false. */
	PVS_VEC_EXPECT(r, S, 90, pull_answers(&pull_vecs[0].s,
					      PVS_ASYM_RULE_COUNT) == 0);
	PVS_VEC_EXPECT(r, S, 91, !pvs_asym_group_pull(NULL, PVS_ASYM_IDLE_CORE) &&
				 !pvs_asym_skip_rq(NULL, PVS_ASYM_IDLE_CORE) &&
				 !pvs_asym_active_balance(NULL,
							  PVS_ASYM_IDLE_CORE) &&
				 !pvs_asym_use_prio(NULL, 0,
						    PVS_ASYM_IDLE_CORE));
}

void pvs_vec_pack_asym(struct pvs_vec_result *r)
{
	asym_pull(r);
}
