/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * The oracle's insides, shared by view.c (mapping a map, in pvsched_rt)
 * and loader.c (loading, attaching and pinning, in pvsched_oracle).
 */
#ifndef PVSCHED_HOST_ORACLE_INT_H
#define PVSCHED_HOST_ORACLE_INT_H

#include <stddef.h>

#include <pvsched/oracle.h>

#include "abi.h"

struct pvrt_oracle {
	/* The mapped slots (read-only mapping). */
	const volatile struct pvrt_oracle_abi_slot *slots;
	/* Bytes mapped. */
	size_t map_len;
	/* Slots (the map's max_entries). */
	uint32_t nr_cpus;
	enum pvrt_oracle_source source;
	/* Attached: the loader's state, and how to let it go. */
	void *loaded;
	void (*unload)(void *loaded);
};

/* pvrt_oracle_map_fd() and pvrt_oracle_pin_path() are declared in
 * <pvsched/oracle.h>: the loader library calls them in libpvsched_rt. */

#endif /* PVSCHED_HOST_ORACLE_INT_H */
