/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* Sections of the demo program: one function per module, in demo/<module>.c. */
#ifndef PVSCHED_EXAMPLES_DEMO_H
#define PVSCHED_EXAMPLES_DEMO_H

#include <pvsched/pvsched.h>

/* Print a section heading. */
void pvs_demo_heading(const char *title);

/* module sections: one line each, alphabetical */
void pvs_demo_haltpoll(void);
void pvs_demo_idle(void);
void pvs_demo_pack(void);
void pvs_demo_preempt(void);
void pvs_demo_spin(void);
void pvs_demo_spin_rt(void);
void pvs_demo_yield(void);

#endif
