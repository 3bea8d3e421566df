#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Every simulator scenario, default options: timed all together (issue 7:
# under 2 minutes), each with --plot, and every picture must render
# (rsvg-convert parses the SVG and rasterises it). Prints the wall time.
set -euo pipefail
cd "$(dirname "$0")/.."
B=${BUILD:-build}
OUT=${OUT:-$B/sim-ci}
cmake --build "$B" -j2 --target pvsched pvs_simbench >/dev/null
mkdir -p "$OUT"
t0=$(date +%s%N)
for s in $("$B/tools/pvsched" sim list | awk '{print $1}'); do
  "$B/tools/pvsched" sim run "$s" --plot "$OUT/$s.svg" >"$OUT/$s.txt"
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
