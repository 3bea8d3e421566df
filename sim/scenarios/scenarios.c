// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The scenario registry: every scenario of scenarios.def, in `list`
 * order, by index or by name.
 */
#include <string.h>

#include "engine/sim_int.h"

static const struct pvsim_scenario *const table[] = {
#define PVSIM_SCENARIO(name) &pvsim_##name,
#include "scenarios/scenarios.def"
#undef PVSIM_SCENARIO
};

#define NSCEN (sizeof(table) / sizeof(table[0]))

const struct pvsim_scenario *pvsim_scenario_at(unsigned int i)
{
	return i < NSCEN ? table[i] : NULL;
}

const struct pvsim_scenario *pvsim_find(const char *name)
{
	unsigned int i;

	for (i = 0; i < NSCEN; i++)
		if (!strcmp(table[i]->name, name))
			return table[i];
	return NULL;
}
