#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The lock benchmark, one command: build, then run the grid
#   threads 1 and 1x, 2x, 4x, 8x the online CPUs
#   x critical section 50 ns and 2 us
#   x work outside the lock: none and 10x the section
#   x without / with injected preemption (10 % of each CPU, 1-3 ms slices,
#     SCHED_FIFO: run as root, else the injector only competes)
# for pthread, adaptive, ck_ticket, ck_mcs, tas, fixed, pvlock and pvlock_oc
# (pvlock with the owner-on-CPU oracle: attached as root, else the pinned
# one, else left out), each repetition running every lock once in a
# shuffled order; then (root: it creates cgroups) the same grid without
# injection inside a cgroup limited to 1 CPU and one limited to 0.5 CPU
# ($QUOTA; QUOTA= skips it). Every cell is printed as a fraction of the
# lock's own ceiling (its single-thread rate in the same run) beside the
# ratios to the peers. Writes the tables (stdout, $OUT.txt and
# $OUT-quota.txt), the CSVs and the pictures, then the goals cell by cell.
#   bench/lock/run.sh                         full grid (about 25 minutes)
#   DURATION_MS=100 REPS=7 bench/lock/run.sh  about 13 minutes
# Extra arguments go to pvs_lockbench (e.g. -t 1,8 -c 50 -i 0).
set -euo pipefail
cd "$(dirname "$0")/../.."
B=${BUILD:-build}
OUT=${OUT:-$B/lockbench}
n=$(nproc)
cmake -S . -B "$B" >/dev/null
cmake --build "$B" -j2 --target pvs_lockbench >/dev/null
grid=(-d "${DURATION_MS:-200}" -r "${REPS:-7}"
      -t "1,$n,$((2 * n)),$((4 * n)),$((8 * n))" -c 50,2000
      -x "${OUTSIDE:-0,10}")
"$B/bench/pvs_lockbench" "${grid[@]}" -i "${INJECT:-0,10}" \
  -o "$OUT.csv" -p "$OUT.svg" "$@" | tee "$OUT.txt"
if [ -n "${QUOTA-1,0.5}" ]; then
  "$B/bench/pvs_lockbench" "${grid[@]}" -i 0 -q "${QUOTA-1,0.5}" \
    -o "$OUT-quota.csv" -p "$OUT-quota.svg" "$@" | tee "$OUT-quota.txt"
fi
