/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* Sections of the demo program: one function per module, in demo/<module>.c. */
#ifndef PVSCHED_EXAMPLES_DEMO_H
#define PVSCHED_EXAMPLES_DEMO_H

#include <pvsched/pvsched.h>

/* Print a section heading and its one-line explanation. */
void demo_heading(const char *title, const char *explain);

/* module sections: one line each, alphabetical */
void demo_haltpoll(void);
void demo_idle(void);
void demo_pack(void);
void demo_preempt(void);
void demo_spin(void);
void demo_spin_rt(void);
void demo_yield(void);

#endif
