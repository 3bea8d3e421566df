#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The CEDE plug-ins run as a user would (ctest sim_plugin_cede):
#  1. cede-kernel-again (today's CEDE rule in the plug-in's own code)
#     beside the built-in policies of pseries-cede-latency: every row it
#     prints (CEDE state, wake-up latency, snooze/CEDE split) is
#     byte-identical to kernel's, the name column aside, on both
#     platforms, and so is its ministat report;
#  2. cede-typical (a rule of its own) beside them in compare.
set -eu
sim=$1 again=$2 typical=$3
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
opts="--iterations 3 --runtime-ms 20 --seed 11"

"$sim" run pseries-cede-latency --plugin "$again" $opts >"$t/cede.txt"
grep '^kernel ' "$t/cede.txt" | sed 's/^[^ ]* *//' >"$t/k.rows"
grep '^cede-kernel-again ' "$t/cede.txt" | sed 's/^[^ ]* *//' >"$t/p.rows"
cmp "$t/k.rows" "$t/p.rows"
# per platform: the CEDE state, then per workload a latency and a split row
test "$(wc -l <"$t/k.rows")" -eq 14
# ministat: the plug-in against kernel differs in nothing
"$sim" compare pseries-cede-latency --plugin "$again" --base kernel $opts \
  --metric p99_us >"$t/cmp.txt"
awk '/^x   / { x = substr($0, 2) }
     /^%   / { if (substr($0, 2) != x) bad = 1; n++; getline;
               if ($0 !~ /^No difference proven/) bad = 1 }
     END { exit bad || n != 6 }' "$t/cmp.txt" || {
  echo "cede-kernel-again differs from kernel:" >&2
  cat "$t/cmp.txt" >&2
  exit 1
}
echo "cede-kernel-again: identical to the built-in kernel"
sed -n '/^-- POWER9 short idles/,/^predicted/p' "$t/cede.txt"

"$sim" run pseries-cede-latency --plugin "$typical" $opts >"$t/typ.txt"
grep -q '^cede-typical ' "$t/typ.txt"
sed -n '/^CEDE state/,/^$/p' "$t/typ.txt" | sed -n '1,7p'
"$sim" compare pseries-cede-latency --plugin "$typical" --base kernel $opts \
  --metric p99_us --case 1 | tail -14
