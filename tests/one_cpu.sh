#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Run a test on one CPU (the first of this process's affinity mask): the
# lock then sees less than 2 CPUs and takes the admission rule's one-CPU
# paths (docs/heuristics.md, "admit.h", step 3) in every test that uses
# the process-wide spin context.
# Usage: tests/one_cpu.sh PROGRAM [ARGS...]
set -eu
cpu=$(taskset -pc $$ | sed 's/.*: //; s/[-,].*//')
exec taskset -c "$cpu" "$@"
