#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The lock benchmark of issue 5, one command: build, run the grid (threads
# 1,2,4,8,16 x critical section 50 ns and 2 us x without/with a CPU hog on
# CPU 0) for pthread, adaptive, ck_ticket, ck_mcs, tas, fixed and pvlock,
# print the table of medians and the issue's goals cell by cell.
#   DURATION_MS=200 REPS=3 bench/lock/run.sh     quick (about 2 minutes)
#   DURATION_MS=1000 REPS=5 bench/lock/run.sh    full
# Extra arguments go to pvs_lockbench (e.g. -t 1,8 -c 50 -g 0).
set -euo pipefail
cd "$(dirname "$0")/../.."
B=${BUILD:-build}
OUT=${OUT:-$B/lockbench.csv}
cmake -S . -B "$B" >/dev/null
cmake --build "$B" -j"$(nproc)" --target pvs_lockbench >/dev/null
"$B/bench/pvs_lockbench" -d "${DURATION_MS:-200}" -r "${REPS:-3}" -o "$OUT" "$@"
bench/lock/goals.awk -v ncpu="$(nproc)" "$OUT"
