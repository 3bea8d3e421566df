#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The plug-in example, run as a user would (ctest sim_plugin_example):
#  1. idle-hint-again (the idle hint rule in the plug-in's own code) beside
#     the built-in policies of ppc-idle-hint: its compare% column, its
#     merged percentiles and its wake-up classes are byte-identical to
#     the built-in idle-hint's, and so is its ministat report;
#  2. pack-smt4 (a packing rule of its own) beside spread and pack in
#     splpar-asym-pack's tables and compare;
#  3. relax-again (KVM 5.14+ halt polling in the plug-in's own code) beside
#     kvm-haltpoll-relax's policies: every row (dhry2reg, percentiles, time
#     split, window steps) and the ministat report equal cpu_relax's;
#     relax-20us (a window of its own) beside them;
#  4. bailout-again (every pause-loop exit decision in the plug-in's own
#     code) beside kvm-yield-bailout's kernels: its jobs/min row, its perf
#     kvm stat blocks and its ministat rows equal bail-out's; then
#     esrch-target-alone (a yield_to() rule of its own) beside them;
#  5. asym-again (the v6.5+ asym-packing pull rule in the plug-in's own
#     code) in splpar-asym-pack's balancer: its records/s and lparstat
#     rows and its ministat rows equal balancer's, whose pulls are the
#     library's; then asym-smt-delta (the pre-v6.5 rules) beside them.
set -eu
sim=$1 again=$2 smt4=$3 relax=$4 short=$5 bagain=$6 alone=$7 asym=$8
smtd=$9
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT

# same_as_base PLUGIN BASE FILE: in compare's ministat report FILE, every
# row of the plug-in (its legend's marker) has the baseline's (x) numbers
# and no difference
same_as_base() {
  awk -v pl="$1" '$0 == substr($0, 1, 1) " " pl { m = substr($0, 1, 1) }
       /^x   / { x = substr($0, 2) }
       m != "" && substr($0, 1, 4) == m "   " {
               if (substr($0, 2) != x) bad = 1; n++; getline;
               if ($0 !~ /^No difference proven/) bad = 1 }
       END { exit bad || !n }' "$3" || {
    echo "$1 differs from $2:" >&2
    cat "$3" >&2
    exit 1
  }
  echo "$1: identical to the built-in $2"
}
opts="--iterations 3 --runtime-ms 300 --seed 11"

"$sim" run ppc-idle-hint --plugin "$again" $opts >"$t/hint.txt"
# per case: the built-in compare% lines, then the plug-in's
awk '/^percentile compare% \(avg\)$/ { m = "b"; getline; n = 7; next }
     /^plug-in idle-hint-again: percentile compare%/ { m = "p"; n = 7; next }
     n > 0 { print > ("'"$t"'/" m ".cmp"); n-- }' "$t/hint.txt"
cmp "$t/b.cmp" "$t/p.cmp"
# merged percentiles: the patched block against the plug-in's
awk '/^patched \(idle hint\), all iterations/ { m = "b"; n = 8; next }
     /^plug-in idle-hint-again, all iterations/ { m = "p"; n = 8; next }
     n > 0 { print > ("'"$t"'/" m ".hist"); n-- }' "$t/hint.txt"
cmp "$t/b.hist" "$t/p.hist"
# wake-up classes
grep '^wake-ups patched :' "$t/hint.txt" | sed 's/^wake-ups patched ://' \
  >"$t/b.cls"
grep '^wake-ups idle-hint-again:' "$t/hint.txt" |
  sed 's/^wake-ups idle-hint-again://' >"$t/p.cls"
cmp "$t/b.cls" "$t/p.cls"
test -s "$t/b.cmp" && test -s "$t/b.hist" && test -s "$t/b.cls"
# ministat: the plug-in against idle-hint differs in nothing
"$sim" compare ppc-idle-hint --plugin "$again" --base idle-hint $opts \
  --metric p99_us >"$t/cmp.txt"
same_as_base idle-hint-again idle-hint "$t/cmp.txt"
sed -n '/^Case 2/,/^----/p' "$t/hint.txt" | sed -n '1,12p'

"$sim" run splpar-asym-pack --plugin "$smt4" --iterations 3 \
  --runtime-ms 1000 >"$t/pack.txt"
grep -q '^pack-smt4 3 ' "$t/pack.txt"
sed -n '1,12p' "$t/pack.txt"
"$sim" compare splpar-asym-pack --plugin "$smt4" --iterations 3 \
  --runtime-ms 1000 --metric records_per_s --case 2 | tail -12

"$sim" run kvm-haltpoll-relax --plugin "$relax" $opts >"$t/relax.txt"
# every row of cpu_relax (5.14+) and of relax-again, past the 20-char
# label (dhry2reg rows: without the published column)
awk '/^dhry2reg index/ { d = 1 } /^Wakeup/ { d = 0 }
     { r = substr($0, 21); if (d) sub(/ [^ ]*$/, "", r) }
     /^cpu_relax \(5\.14\+\) / { print r > "'"$t"'/rb" }
     /^relax-again / { print r > "'"$t"'/rp" }' "$t/relax.txt"
test "$(wc -l <"$t/rb")" -eq 6
cmp "$t/rb" "$t/rp"
"$sim" compare kvm-haltpoll-relax --plugin "$relax" --base cpu_relax $opts \
  --metric dhry_score >"$t/rcmp.txt"
same_as_base relax-again cpu_relax "$t/rcmp.txt"
sed -n '/^Case 2/,/^----/p' "$t/relax.txt"
"$sim" run kvm-haltpoll-relax --plugin "$short" $opts >"$t/short.txt"
grep -q '^relax-20us  *3 ' "$t/short.txt"
sed -n '/^Case 2/,/^Wakeup/p' "$t/short.txt"

yopts="--iterations 3 --runtime-ms 40 --seed 5"
"$sim" run kvm-yield-bailout --plugin "$bagain" $yopts >"$t/y.txt"
# the simulated rows (the published ones follow)
sed -n '/^c) PLE + bail-out/{s/^c) PLE + bail-out (-ESRCH) *//p;q}' \
  "$t/y.txt" >"$t/yb.row"
grep '^bailout-again ' "$t/y.txt" | sed 's/^bailout-again *//' >"$t/yp.row"
test -s "$t/yb.row" && cmp "$t/yb.row" "$t/yp.row"
awk '/^---- .*, PLE \+ bail-out/ { m = "b"; next }
     /^---- .*, bailout-again ----$/ { m = "p"; next }
     /^---- / { m = "" }
     m != "" && NF { print > ("'"$t"'/y" m ".stat") }' "$t/y.txt"
test -s "$t/yb.stat" && cmp "$t/yb.stat" "$t/yp.stat"
"$sim" compare kvm-yield-bailout --plugin "$bagain" --base bail-out $yopts \
  >"$t/ycmp.txt"
same_as_base bailout-again bail-out "$t/ycmp.txt"
"$sim" run kvm-yield-bailout --plugin "$alone" $yopts >"$t/ya.txt"
grep -q '^esrch-target-alone ' "$t/ya.txt"
sed -n '1,9p' "$t/ya.txt"

popts="--iterations 3 --runtime-ms 1000 --seed 11"
"$sim" run splpar-asym-pack --plugin "$asym" $popts >"$t/asym.txt"
# the records/s and lparstat rows, without the row label
awk '$1 == "balancer" { $1 = ""; print > "'"$t"'/ab" }
     $1 == "asym-again" { $1 = ""; print > "'"$t"'/ap" }' "$t/asym.txt"
test "$(wc -l <"$t/ab")" -eq 12
cmp "$t/ab" "$t/ap"
"$sim" compare splpar-asym-pack --plugin "$asym" --base balancer $popts \
  --metric records_per_s >"$t/acmp.txt"
same_as_base asym-again balancer "$t/acmp.txt"
"$sim" run splpar-asym-pack --plugin "$smtd" $popts >"$t/smtd.txt"
grep -q '^asym-smt-delta 3 ' "$t/smtd.txt"
sed -n '2,13p' "$t/smtd.txt"
