#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The booted kernel's wake-up experiment and the simulator's, side by side.
#
# Usage: bench/wakeup/beside.sh [KERNEL_REPORT]
#   KERNEL_REPORT: bench/wakeup/compare.awk's output for the kernel (the
#   kernel-wire job's report, or the committed
#   bench/wakeup/results-pseries-tcg.txt, the default).
# Runs ppc-idle-hint's "no noise" case with the kernel experiment's shape
# (below), feeds its per-iteration percentiles to the same compare.awk
# (same compare% formula, same ministat test) and prints per percentile:
# kernel parity / idle-hint / compare%, simulator parity / idle-hint /
# compare%, and each side's verdict at 95 %.
# Environment: PVSIM (the simulator; default build/sim/pvsched-sim, else
#   pvsched-sim on PATH), PVS_BESIDE_ITERS (10), PVS_BESIDE_RUNTIME_MS
#   (5000), PVS_BESIDE_SEED (1), PVS_BESIDE_SET (more "--set K=V" options,
#   e.g. "--set llc_vcpus=0" for the simulator's published-guest
#   placement).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
kern=${1:-$here/results-pseries-tcg.txt}
sim=${PVSIM:-$here/../../build/sim/pvsched-sim}
[ -x "$sim" ] || sim=$(command -v pvsched-sim || true)
[ -n "$sim" ] && [ -x "$sim" ] || {
	echo "beside: no simulator (build it, or set PVSIM)" >&2; exit 2; }
[ -r "$kern" ] || { echo "beside: cannot read $kern" >&2; exit 2; }
iters=${PVS_BESIDE_ITERS:-10}
ms=${PVS_BESIDE_RUNTIME_MS:-5000}

# The kernel experiment's shape (kernel/WIRE.md): -smp 4 SMT1 guest on
# 2 host threads (TCG vCPU threads, over-committed), wakeup -m 2 -t 2
# -s 100 -w 30 (wall-clock spin, exact sleep, the message thread waits
# for both workers); each vCPU its own last-level cache (a pseries guest
# under QEMU shares none between cores, so select_idle_sibling() has
# nothing to scan: assumed from the topology, not read from the guest);
# guest_cost_pm calibrated so that the simulated parity p50 is the
# kernel's 107 us (TCG emulates the guest's wake-up paths). bench/wakeup
# records wake-up to first run and its message thread does not spin
# (msg_spin_us=0, lat_at_spin_end=0); the booted guest is 6.1 (CFS), which
# the model does not have: the FIFO guest (guest_sched=1) the calibration
# was made with. TCG's vCPU threads are not pinned: host placement on.
shape="--set guest_vcpus=4 --set guest_smt=1 --set host_cores=1
 --set host_smt=2 --set msg_threads=2 --set workers=2 --set cputime_us=30
 --set sleeptime_us=100 --set work_is_cpu=0 --set sleep_jitter_pm=0
 --set msg_wait_all=1 --set llc_vcpus=1 --set guest_cost_pm=5700
 --set msg_spin_us=0 --set lat_at_spin_end=0 --set guest_sched=1"
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
# shellcheck disable=SC2086
"$sim" run ppc-idle-hint --schbench --seed "${PVS_BESIDE_SEED:-1}" \
	--iterations "$iters" --runtime-ms "$ms" $shape \
	${PVS_BESIDE_SET:-} >"$t/sim.txt"
sed -n '/^Case 1/,/^----/p' "$t/sim.txt" | grep ' wakeup: ' |
	awk -f "$here/compare.awk" >"$t/simcmp.txt"
"$sim" run ppc-idle-hint --seed "${PVS_BESIDE_SEED:-1}" --iterations 3 \
	--runtime-ms 1000 $shape ${PVS_BESIDE_SET:-} |
	sed -n '/^Case 1/,/^----/p' | grep '^is-preempted' >"$t/dec.txt" || true

echo "Wake-up latency (us), kernel: $(basename "$kern"); simulator: ppc-idle-hint no noise,"
echo "  $iters x $ms ms, the kernel's shape (bench/wakeup/beside.sh)${PVS_BESIDE_SET:+, $PVS_BESIDE_SET}"
echo "compare% = (parity - idle-hint) / parity x 100 per iteration pair, averaged (both sides)"
awk -v kf="$kern" -v sf="$t/simcmp.txt" '
function table(file, side,   l, f) {
	while ((getline l < file) > 0) {
		if (l ~ /^\*?[0-9.]+th: /) {
			split(l, f, " "); sub(/^\*/, "", f[1])
			n[side]++; P[n[side]] = f[1]
			A[side, n[side]] = f[2]; B[side, n[side]] = f[3]; C[side, n[side]] = f[4]
		} else if (l ~ /^p[0-9.]+ \(usec\)/) {
			split(l, f, " "); cur = f[1]; k[side]++
		} else if (l ~ /^No difference proven/) {
			V[side, k[side]] = "none"
		} else if (l ~ /^Difference at/) {
			getline l < file; getline l < file; split(l, f, " ")
			sub(/%/, "", f[1]); sub(/%/, "", f[3])
			V[side, k[side]] = sprintf("%+.1f%% +-%.1f%%", f[1], f[3])
		}
	}
}
BEGIN {
	table(kf, "k"); table(sf, "s")
	printf "%-8s | %8s %9s %9s %-16s | %8s %9s %9s %-16s\n", "pct", "kernel", "", "", "", "sim", "", "", ""
	printf "%-8s | %8s %9s %9s %-16s | %8s %9s %9s %-16s\n", "", "parity", "idle-hint", "compare", "verdict (95%)", "parity", "idle-hint", "compare", "verdict (95%)"
	for (i = 1; i <= 7; i++)
		printf "%-8s | %8s %9s %9s %-16s | %8s %9s %9s %-16s\n", P[i], A["k", i], B["k", i], C["k", i], V["k", i] == "" ? "?" : V["k", i] == "none" ? "no difference" : V["k", i], A["s", i], B["s", i], C["s", i], V["s", i] == "" ? "?" : V["s", i] == "none" ? "no difference" : V["s", i]
}' </dev/null
grep '^counters:' "$kern" | sed 's/^counters:/kernel counters:/' || true
sed 's/^/simulator (3 x 1000 ms): /' "$t/dec.txt"
echo "(verdict: ministat's Student's t at 95 %: no difference, or idle-hint's mean minus parity's in % of parity's, +- the interval)"
