/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* `pvsched run`: see run.c. */
#ifndef PVSCHED_TOOLS_RUN_H
#define PVSCHED_TOOLS_RUN_H

/* argv[0] is "run". Returns only on error (exit status: 2 usage, 1 a
 * program the preload cannot serve, 127 exec failed); else execs. */
int cmd_run(int argc, char **argv);

#endif /* PVSCHED_TOOLS_RUN_H */
