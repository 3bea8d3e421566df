#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The preload refuses what it cannot run safely, with a message (never a
# hang), and runs what glibc runs.
# Usage: refusals.sh PRELOAD_SO PRELOAD_PROG
set -u
so=$1 prog=$2
fail=0 pass=0
# A process-shared condvar with a served mutex runs (bridged), as in glibc.
if LD_PRELOAD=$so timeout 60 "$prog" shared-cond; then
  pass=$((pass + 1))
else
  echo "shared condvar with a served mutex fails under the preload"
  fail=$((fail + 1))
fi
out=$(PVSCHED_LOCK=bogus LD_PRELOAD=$so timeout 60 "$prog" shared-cond 2>&1)
if [ $? -ne 0 ] && printf '%s' "$out" | grep -q "expected pv, fixed or glibc"; then
  pass=$((pass + 1))
else
  echo "bad PVSCHED_LOCK accepted: $out"
  fail=$((fail + 1))
fi
# Control: glibc alone runs the same program to the end.
if timeout 60 "$prog" shared-cond; then
  pass=$((pass + 1))
else
  echo "shared-cond fails without the preload"
  fail=$((fail + 1))
fi
echo "refusals: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
