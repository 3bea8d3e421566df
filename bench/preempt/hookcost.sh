#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The owner-on-CPU oracle's hook cost (bench/preempt/hookcost.c), one
# command, as root:  bench/preempt/hookcost.sh [-r 9] [-n 20000]
# A benchmark, not a test: the numbers move with the machine's weather;
# the interleaving (on and off in each repetition) keeps the ratio fair.
set -euo pipefail
cd "$(dirname "$0")/../.."
B=${BUILD:-build}
cmake -S . -B "$B" >/dev/null
cmake --build "$B" -j2 --target pvs_hookcost >/dev/null
exec "$B/bench/pvs_hookcost" "$@"
