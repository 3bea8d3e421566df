#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The simulator in CI, two parts, each timed against its budget:
#  1. every scenario, default options, each with --plot, and every picture
#     must render (rsvg-convert parses the SVG and rasterises it); budget
#     2 minutes (issue 7);
#  2. the seed sweep (issue 12): every scenario for SEEDS seeds (default
#     50) with --debug (every invariant checked after every event), short
#     runs, two at a time; any invariant violation fails and is printed
#     with its name, time, case, policy and seed; then a violation is
#     injected and must name itself. Budget 3 minutes of CPU time (user +
#     system of the runs: the machine is shared, so wall time says more
#     about the neighbours than about the simulator; both are printed).
set -euo pipefail
cd "$(dirname "$0")/.."
B=${BUILD:-build}
OUT=${OUT:-$B/sim-ci}
SEEDS=${SEEDS:-50}
P="$B/tools/pvsched"
cmake --build "$B" -j2 --target pvsched_cmd pvs_simbench >/dev/null
mkdir -p "$OUT"
scenarios=$("$P" sim list | awk '{print $1}')

t0=$(date +%s%N)
for s in $scenarios; do
  "$P" sim run "$s" --plot "$OUT/$s.svg" >"$OUT/$s.txt"
  rsvg-convert "$OUT/$s.svg" -o "$OUT/$s.png"
  printf '%-20s %6s lines of text, picture %s bytes\n' "$s" \
    "$(wc -l <"$OUT/$s.txt")" "$(stat -c %s "$OUT/$s.png")"
done
t1=$(date +%s%N)
ms=$(( (t1 - t0) / 1000000 ))
echo "all scenarios, default options, with pictures: ${ms} ms"
if [ "$ms" -gt 120000 ]; then
  echo "sim: over the 2-minute budget" >&2
  exit 1
fi

# Short runs: long enough for every case to take turns, reach steady
# state and exercise its policies (splpar-asym-pack's turn-taking
# violation needed about 1 s of simulated time).
short_opts() {
  case "$1" in
    kvm-yield-bailout) echo "--iterations 1 --runtime-ms 4" ;;
    pseries-cede-latency) echo "--iterations 1 --runtime-ms 30" ;;
    splpar-asym-pack) echo "--iterations 2 --runtime-ms 2000" ;;
    *) echo "--iterations 2 --runtime-ms 50" ;;
  esac
}
t0=$(date +%s%N)
jobs=()
for s in $scenarios; do
  for seed in $(seq 1 "$SEEDS"); do
    jobs+=("$s $seed $(short_opts "$s")")
  done
done
: >"$OUT/seeds.log"
printf '%s\n' "${jobs[@]}" | /usr/bin/time -f '%U %S' -o "$OUT/seeds.cpu" \
  xargs -P 2 -L 1 sh -c '
  s=$1; seed=$2; shift 2
  if ! "'"$P"'" sim run "$s" --seed "$seed" --debug "$@" >/dev/null \
       2>"'"$OUT"'/seed-$s-$seed.err"; then
    echo "FAIL $s --seed $seed: $(cat "'"$OUT"'/seed-$s-$seed.err")"
  fi
  rm -f "'"$OUT"'/seed-$s-$seed.err"' sh >>"$OUT/seeds.log"
t1=$(date +%s%N)
ms=$(( (t1 - t0) / 1000000 ))
runs=${#jobs[@]}
fails=$(grep -c '^FAIL' "$OUT/seeds.log" || true)
cpu_s=$(awk '{ printf "%d", $1 + $2 }' "$OUT/seeds.cpu")
echo "seed sweep: $runs runs ($SEEDS seeds x $(echo $scenarios | wc -w)" \
  "scenarios, --debug), $fails failed, ${cpu_s} s CPU, ${ms} ms wall"
if [ "$fails" -gt 0 ]; then
  cat "$OUT/seeds.log" >&2
  exit 1
fi
# The checker must not be silent: an injected violation names itself.
if "$P" sim run splpar-asym-pack --debug --iterations 1 --runtime-ms 100 \
     --inject-violation 50 >/dev/null 2>"$OUT/inject.err"; then
  echo "sim: the injected violation was not reported" >&2
  exit 1
fi
if ! grep -q "invariant violated: 'injected violation' at t=.*(event 50," \
     "$OUT/inject.err"; then
  echo "sim: the injected violation does not name itself:" >&2
  cat "$OUT/inject.err" >&2
  exit 1
fi
echo "injected violation: $(cat "$OUT/inject.err")"
if [ "$cpu_s" -gt 180 ]; then
  echo "sim: seed sweep over its budget of 3 minutes of CPU time" >&2
  exit 1
fi
