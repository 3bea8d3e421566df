// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Globals of the reference vcpu_is_preempted() (see ref_kernel.h). */
#include <stdbool.h>
#include <stdint.h>

#include "ref_kernel.h"

const uint8_t *ref_lppaca_ptrs[REF_MAX_CPUS];
int ref_threads_per_core = 8;
bool ref_shared_processor = true;
bool ref_kvm_guest;
int ref_this_cpu;
