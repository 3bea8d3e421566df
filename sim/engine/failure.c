// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Invariant violations across a scenario's model runs: the totals keep
 * the first one with where it happened (case, policy, iteration, seed,
 * simulated time, event) so that the command line can name it.
 */
#include <stdio.h>
#include <string.h>

#include <pvsched/sim.h>

void pvsim_totals_add(struct pvsim_totals *tot, uint64_t events,
		      uint64_t failures, const struct pvsim_failure *fail,
		      const char *case_name, const char *policy,
		      uint32_t iter, uint64_t seed)
{
	if (!tot)
		return;
	tot->events += events;
	tot->runs++;
	if (failures && !tot->failures) {
		if (fail)
			tot->fail = *fail;
		if (!tot->fail.what)
			tot->fail.what = "unnamed invariant";
		snprintf(tot->fail_case, sizeof(tot->fail_case), "%s",
			 case_name ? case_name : "");
		snprintf(tot->fail_policy, sizeof(tot->fail_policy), "%s",
			 policy ? policy : "");
		tot->fail_iter = iter;
		tot->fail_seed = seed;
	}
	tot->failures += failures;
}

void pvsim_totals_print_failure(FILE *f, const char *prog,
				const struct pvsim_totals *tot)
{
	const struct pvsim_failure *v = &tot->fail;

	if (!tot->failures)
		return;
	fprintf(f, "%s: invariant violated: '%s' at t=%llu.%06llu ms "
		"(event %llu, ", prog, v->what ? v->what : "unnamed invariant",
		(unsigned long long)(v->t_ns / 1000000),
		(unsigned long long)(v->t_ns % 1000000),
		(unsigned long long)v->event_nr);
	if (v->kind_name)
		fprintf(f, "%s", v->kind_name);
	else
		fprintf(f, "kind %u", v->kind);
	fprintf(f, ", %s %u)", v->obj_name ? v->obj_name : "object", v->obj);
	if (tot->fail_case[0])
		fprintf(f, ", case '%s'", tot->fail_case);
	if (tot->fail_policy[0])
		fprintf(f, ", policy %s", tot->fail_policy);
	fprintf(f, ", iteration %u (run seed %llu); %llu violation%s in all\n",
		tot->fail_iter, (unsigned long long)tot->fail_seed,
		(unsigned long long)tot->failures,
		tot->failures == 1 ? "" : "s");
}
