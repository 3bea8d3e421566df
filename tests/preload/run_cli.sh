#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# `pvsched run`: the test program passes under each --lock with --stats
# counting what was served, and what cannot be served is refused.
# Usage: run_cli.sh PVSCHED PRELOAD_PROG DLMOD
set -u
pvsched=$1 prog=$2 dlmod=$3
pass=0 fail=0
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }

for lock in pv fixed; do
  if PVS_EXPECT_SERVED=1 timeout 120 "$pvsched" run --lock $lock --stats -- \
      "$prog" all "$dlmod" >/dev/null 2>"$tmp" &&
     grep -q "($lock): interposed [1-9][0-9]* mutexes, [1-9]" "$tmp"; then ok
  else bad "--lock $lock: $(cat "$tmp")"; fi
done
if PVS_EXPECT_SERVED=0 timeout 120 "$pvsched" run --lock glibc --stats -- \
    "$prog" all "$dlmod" >/dev/null 2>"$tmp" &&
   grep -q "interposed 0 mutexes, 0 condvars.*fallbacks [1-9]" "$tmp"; then ok
else bad "--lock glibc: $(cat "$tmp")"; fi
"$pvsched" run --lock nope -- true 2>/dev/null
[ $? -eq 2 ] && ok || bad "--lock nope is not a usage error"
"$pvsched" run -- /nonexistent/program 2>/dev/null
[ $? -eq 127 ] && ok || bad "a missing command is not 127"
# A static-pie program (ldconfig, on glibc systems) is refused by name.
for s in /usr/sbin/ldconfig /sbin/ldconfig; do
  [ -x "$s" ] || continue
  if ! "$pvsched" run -- "$s" -p >/dev/null 2>"$tmp" &&
     grep -q "statically linked" "$tmp"; then ok
  else bad "static $s: $(cat "$tmp")"; fi
  break
done
echo "pvsched run: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
