#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Golden outputs of `pvsched probe --window 0 --sysroot tests/fixtures/NAME`:
#   golden/NAME.json, golden/NAME.txt   expected stdout (JSON and text)
#   golden/NAME.err                     expected stderr of a malformed tree
#                                       (exit status 1), fixture path as FIXTURE
# usage: golden.sh PVSCHED NAME...        compare
#        golden.sh PVSCHED --update NAME... rewrite the goldens
# The trees are read from $PVS_FIXTURES (default tests/fixtures/; the
# malformed bad-* trees exist only where fixtures/malformed.sh wrote them).
# The library version is normalised, so a version bump keeps them valid.
# Every JSON output must also parse strictly (json_strict.py: UTF-8,
# RFC 8259, no duplicate key) when python3 is installed.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
pvsched=$1; shift
update=0
if [ "${1:-}" = --update ]; then update=1; shift; fi
status=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
root=${PVS_FIXTURES:-$here/fixtures}

norm() { sed -e 's/"version": "[0-9.]*"/"version": "VERSION"/' -e "s#$root/$name#FIXTURE#g"; }

check() { # kind expected actual
  if [ $update = 1 ]; then cp "$3" "$2"; return; fi
  if [ ! -f "$2" ]; then echo "golden[$name]: missing $2"; status=1; return; fi
  if ! diff -u "$2" "$3"; then echo "golden[$name]: $1 differs"; status=1; fi
}

for name in "$@"; do
  fx=$root/$name
  if [ -f "$here/golden/$name.err" ] || [[ $name == bad-* ]]; then
    "$pvsched" probe --json --window 0 --sysroot "$fx" >"$tmp/out" 2>"$tmp/err.raw"
    rc=$?
    norm <"$tmp/err.raw" >"$tmp/err"
    if [ $rc != 1 ]; then echo "golden[$name]: exit $rc, want 1"; status=1; fi
    if [ -s "$tmp/out" ]; then echo "golden[$name]: wrote to stdout"; status=1; fi
    check stderr "$here/golden/$name.err" "$tmp/err"
    continue
  fi
  for fmt in json txt; do
    flag=; [ $fmt = json ] && flag=--json
    "$pvsched" probe $flag --window 0 --sysroot "$fx" >"$tmp/raw" 2>"$tmp/err"
    rc=$?
    if [ $rc != 0 ]; then
      echo "golden[$name]: exit $rc: $(cat "$tmp/err")"; status=1; continue
    fi
    if [ $fmt = json ] && command -v python3 >/dev/null &&
       ! python3 "$here/json_strict.py" <"$tmp/raw" >"$tmp/jerr"; then
      echo "golden[$name]: $(cat "$tmp/jerr")"; status=1
    fi
    norm <"$tmp/raw" >"$tmp/out"
    check $fmt "$here/golden/$name.$fmt" "$tmp/out"
  done
done
[ $status = 0 ] && [ $update = 0 ] && echo "golden: $* ok"
exit $status
