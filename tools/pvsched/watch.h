/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* `pvsched watch`: see watch.c. */
#ifndef PVSCHED_TOOLS_WATCH_H
#define PVSCHED_TOOLS_WATCH_H

#include <stddef.h>
#include <stdio.h>

/* Refresh every @interval_ms until Ctrl-C or @count rounds (0 = forever).
 * Returns 0 or a negative PVPROBE_E code with the bad file in err[errlen]. */
int watch(const char *sysroot, unsigned int interval_ms,
	      unsigned int count, FILE *f, char *err, size_t errlen);

#endif /* PVSCHED_TOOLS_WATCH_H */
