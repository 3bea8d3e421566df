#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Users meet the hypervisor kinds in docs/api.md's table (the README points
# there): every enumerator of enum pvs_hv_kind has a row with its value,
# and each name the table lists as a guess either is declared nowhere or,
# if a header ever declares it (an alias), means the kind of its row, so a
# guess never lands on another architecture's rule.
# Usage: hv_kinds.sh CC DOC INCLUDE_DIR
set -eu
cc=$1 doc=$2 inc=$3
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
kinds=$(sed -n '/^enum pvs_hv_kind {/,/^};/p' "$inc/pvsched/preempt.h" |
        sed -n 's/^[[:space:]]*\(PVS_HV_[A-Z0-9_]*\) = \([0-9]*\),.*/\1=\2/p')
[ -n "$kinds" ] || { echo "hv_kinds: no enumerator found in preempt.h"; exit 1; }
bad=0
for kv in $kinds; do
  k=${kv%=*} v=${kv#*=}
  row=$(grep -E "^\| \`$k\` \| $v \|" "$doc" || true)
  if [ -z "$row" ]; then
    echo "hv_kinds: $(basename "$doc") has no row '| \`$k\` | $v |'"; bad=1; continue
  fi
  guesses=$(printf '%s\n' "$row" | awk -F'|' '{ print $6 }' | grep -o 'PVS_HV_[A-Z0-9_]*' || true)
  for g in $guesses; do
    printf '#include <pvsched/pvsched.h>\nint x = %s;\n' "$g" >"$t/g.c"
    "$cc" -std=c11 -I"$inc" -c "$t/g.c" -o "$t/g.o" 2>/dev/null || continue
    printf '#include <pvsched/pvsched.h>\n_Static_assert(%s == %s, "%s");\n' \
      "$g" "$k" "$g" >"$t/a.c"
    "$cc" -std=c11 -I"$inc" -c "$t/a.c" -o "$t/a.o" 2>/dev/null ||
      { echo "hv_kinds: $g is declared but is not $k"; bad=1; }
  done
done
[ $bad = 0 ] || exit 1
echo "hv_kinds: $(echo $kinds | wc -w) kinds in $(basename "$doc"), every guess safe"
