#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Hot-path microbenchmark: ns/call (median of interleaved runs) and, under
# valgrind's callgrind, instructions/call, for the lppaca fast path, the
# snapshot function, halt_poll_step and spin_decide, against a plain
# transcription of the kernel's vcpu_is_preempted() in the same binary.
# Instructions/call = (Ir at 2N calls - Ir at N calls) / N, so start-up cost
# cancels; 'net' subtracts the 'empty' case (loop + call overhead).
# Usage: bench/micro.sh [BUILD_DIR]   (default: build; builds the target)
# With CHECK=1 it exits 1 when the fast path executes more instructions than
# the kernel's code in any scenario (instruction counts, not time: exact).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
cmake --build "$build" --target pvs_microbench >/dev/null
bin=$build/bench/pvs_microbench

echo "== time (this machine, shared and noisy: read the ratios)"
"$bin" --iters "${ITERS:-20000000}" --reps "${REPS:-7}"

command -v valgrind >/dev/null || { echo "valgrind not installed: no instruction counts"; exit 0; }
N=${COUNT_N:-200000}
ir() { # case calls -> total instructions
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" --count "$1" "$2" 2>&1 |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
echo
echo "== instructions per call (callgrind)"
cases=(ref_dispatched fast_dispatched snap_dispatched ref_preempted fast_preempted
       snap_preempted ref_walk fast_walk snap_walk haltpoll_step spin_decide empty)
declare -A per
for c in "${cases[@]}"; do
  a=$(ir "$c" "$N"); b=$(ir "$c" $((2 * N)))
  per[$c]=$(( (b - a) / N ))
done
printf '%-16s %8s %8s %s\n' case Ir/call net "vs kernel reference (net)"
worse=0
for c in "${cases[@]}"; do
  net=$(( per[$c] - per[empty] ))
  ref=""
  case $c in fast_*|snap_*)
    r=ref_${c#*_}; rnet=$(( per[$r] - per[empty] ))
    ref="$net vs $rnet"
    if [ "${c%%_*}" = fast ] && [ "$net" -gt "$rnet" ]; then
      ref="$ref  <-- more than the kernel's code"; worse=1
    fi;;
  esac
  printf '%-16s %8d %8d %s\n' "$c" "${per[$c]}" "$net" "$ref"
done
if [ "${CHECK:-0}" = 1 ] && [ "$worse" = 1 ]; then
  echo "micro: the fast path executes more instructions than the kernel's code"; exit 1
fi
