/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/**
 * @file names.h
 * @brief The name function every public enum of the core has.
 *
 * Each enum pvs_x ends with a count sentinel and has a
 * `const char *pvs_x_name(enum pvs_x v)` for logs, tools and the demo,
 * defined in lib/names.c from one table per enum (a value past the
 * sentinel, or one with no entry, reads "unknown"). Its header declares it
 * with PVS_ENUM_NAME_DECL() and documents it with the Doxygen alias
 * `@enum_name{pvs_x}` (docs/HACKING.md, before "Adding a heuristic").
 */
#ifndef PVSCHED_NAMES_H
#define PVSCHED_NAMES_H

/**
 * @brief Declare `const char *x_name(enum x v)`, the name function of the
 *        enum @p x.
 * @param x the enum's tag, for example pvs_spin_action
 */
#define PVS_ENUM_NAME_DECL(x) const char *x##_name(enum x v)

#endif /* PVSCHED_NAMES_H */
