#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# bench/programs/table.awk under every awk this machine has (Debian's
# default is mawk, which once rejected the script): the verdicts of a
# small CSV whose ratios are known, against glibc and against a base-*
# build. Usage: programs_table.sh SOURCE_DIR
set -eu
SRC=$1
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
row() { echo "$1,w,$2,$3,$4,$5"; }
{
  echo "rep,workload,subs,threads,lock,value"
  # rep, then pv and base-pv under, pv and base-pv over (glibc 100)
  for v in "1 150 100 60 30" "2 152 101 61 31" "3 148 99 59 29"; do
    # shellcheck disable=SC2086  # one word per field
    set -- $v
    row "$1" under 2 glibc 100
    row "$1" under 2 pv "$2"
    row "$1" under 2 base-pv "$3"
    row "$1" over 8 glibc 100
    row "$1" over 8 pv "$4"
    row "$1" over 8 base-pv "$5"
  done
  row 1 quota 8 glibc 100
  row 1 quota 8 pv 90
} >"$T/p.csv"
n=0
for a in awk mawk gawk original-awk; do
  command -v "$a" >/dev/null 2>&1 || continue
  out=$("$a" -f "$SRC/bench/programs/table.awk" -v base=glibc "$T/p.csv")
  base=$("$a" -f "$SRC/bench/programs/table.awk" -v base=base-pv "$T/p.csv")
  check() {	# TEXT PATTERN: one line of TEXT matches PATTERN
    printf '%s\n' "$1" | grep -Eq "$2" || {
      echo "programs_table ($a): no line matches '$2' in:" >&2
      printf '%s\n' "$1" >&2
      exit 1
    }
  }
  check "$out" '^w +under +2 pv +150 +1\.500 .* faster$'
  check "$out" '^w +over +8 pv +60 +0\.600 .* slower \(goal 1\.00 missed\)$'
  check "$out" '^w +quota +8 pv +90 .* one repetition: no interval \(goal 1\.00 missed\)$'
  check "$base" '^w +over +8 pv +60 +2\.000 .* faster$'
  check "$base" '^w +under +2 glibc +100 .* no difference proven$'
  n=$((n + 1))
done
[ "$n" -ge 1 ] || { echo "programs_table: no awk found" >&2; exit 1; }
echo "programs_table: $n awk(s) agree"
