/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * INTERNAL, not API: the one lookup behind every table of value names
 * (lib/names.c for the core's enums, and the probe's, the oracle's and the
 * pvsched tool's own): the entry of a value, or a fallback for a value past
 * the table or one with no entry.
 */
#ifndef PVSCHED_INTERNAL_NAMES_H
#define PVSCHED_INTERNAL_NAMES_H

#include <pvsched/env.h>

/* tab[v] of the n-entry table tab, or none past the end or for a NULL entry. */
static inline const char *pvs_name_of_(const char *const *tab, size_t n,
				       unsigned int v, const char *none)
{
	return v < n && tab[v] ? tab[v] : none;
}

/* pvs_name_of_() over an array whose size the compiler knows. */
#define PVS_NAME_OF_(tab, v, none)                                            \
	pvs_name_of_(tab, sizeof(tab) / sizeof((tab)[0]), (unsigned int)(v), \
		     none)

#endif /* PVSCHED_INTERNAL_NAMES_H */
