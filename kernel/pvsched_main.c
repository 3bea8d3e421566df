// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * pvsched.ko: the unchanged libpvsched core (the sources core-sources.txt
 * lists) as a module. This file adds the module metadata and exports the
 * API. pvsched_exports.h is generated at build time from the core objects'
 * global pvs_ symbols (see the Makefile), so a new core source is exported
 * without an edit here; the umbrella header declares every one of them
 * (EXPORT_SYMBOL_GPL needs the declaration).
 */
#include <linux/module.h>
#include <linux/export.h>
#include <linux/pvsched/pvsched.h>

#include "pvsched_exports.h"

MODULE_LICENSE("Dual BSD/GPL");
MODULE_DESCRIPTION("libpvsched: paravirtualized scheduling heuristics");
MODULE_VERSION(PVS_VERSION_STRING);
