#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The pvsched command line: exit status 0 ok, 2 usage, 1 error naming the
# bad file; --help, --version; watch on a fixture ends after --count.
# usage: cli.sh PVSCHED FIXTURES
set -uo pipefail
p=$1 fx=$2
fails=0
expect() { # want-status description command...
  local want=$1 what=$2; shift 2
  "$@" >/tmp/pvs-cli.out 2>/tmp/pvs-cli.err
  local got=$?
  if [ "$got" != "$want" ]; then
    echo "cli: $what: exit $got, want $want"; cat /tmp/pvs-cli.err; fails=1
  fi
}
has() { # file pattern description
  grep -q -- "$2" "$1" || { echo "cli: $3: '$2' not in output"; cat "$1"; fails=1; }
}

expect 0 "--help" "$p" --help;              has /tmp/pvs-cli.out "Usage: pvsched" help
expect 0 "probe --help" "$p" probe --help
expect 0 "--version" "$p" --version;        has /tmp/pvs-cli.out "^pvsched [0-9]*\.[0-9]*\.[0-9]*$" version
expect 2 "no command" "$p";                 has /tmp/pvs-cli.err "missing command" "no command"
expect 2 "unknown command" "$p" frobnicate
expect 2 "unknown option" "$p" probe --frob
expect 2 "option of another command" "$p" probe --interval 5
expect 2 "bad window" "$p" probe --window -1
expect 2 "window too large" "$p" probe --window 60001
expect 2 "window not a number" "$p" probe --window 10ms
expect 2 "missing window value" "$p" probe --window
expect 2 "interval too small" "$p" watch --interval 9
expect 2 "stray argument" "$p" probe extra
expect 1 "missing sysroot" "$p" probe --sysroot /nonexistent/pvsched
has /tmp/pvs-cli.err "^pvsched: /nonexistent/pvsched/proc/cpuinfo: required input not present$" "missing sysroot message"
[ "$(wc -l </tmp/pvs-cli.err)" = 1 ] || { echo "cli: error message is not one line"; fails=1; }
expect 1 "malformed stat" "$p" probe --sysroot "$fx/bad-stat-garbage"
has /tmp/pvs-cli.err "bad-stat-garbage/proc/stat:3: malformed input data" "malformed stat message"
expect 1 "missing cpuid file" "$p" probe --sysroot "$fx/x86-baremetal-intel" --cpuid /nonexistent/cpuid
has /tmp/pvs-cli.err "/nonexistent/cpuid: required input not present" "cpuid message"
expect 0 "explicit cpuid file" "$p" probe --window 0 --sysroot "$fx/x86-baremetal-intel" --cpuid "$fx/x86-kvm-haltpoll/cpuid"
has /tmp/pvs-cli.out "kvm (from cpuid-file)" "explicit cpuid"
expect 0 "watch on a fixture" "$p" watch --sysroot "$fx/ppc64-p9-shared" --interval 10 --count 2
has /tmp/pvs-cli.out "^cpu31 " "watch rows"
[ "$(grep -c '^pvsched watch' /tmp/pvs-cli.out)" = 2 ] || { echo "cli: watch did not refresh twice"; fails=1; }
expect 1 "watch on a malformed tree" "$p" watch --sysroot "$fx/bad-stat-overflow" --interval 10 --count 1
has /tmp/pvs-cli.err "bad-stat-overflow/proc/stat" "watch error names the file"
# Ctrl-C ends watch cleanly (status 0) and promptly.
"$p" watch --sysroot "$fx/ppc64-kvm-guest" --interval 5000 >/tmp/pvs-cli.out 2>&1 &
pid=$!
sleep 0.3
kill -INT $pid
start=$(date +%s%N)
wait $pid; st=$?
ms=$(( ($(date +%s%N) - start) / 1000000 ))
[ $st = 0 ] || { echo "cli: watch after SIGINT exited $st"; fails=1; }
[ $ms -lt 1000 ] || { echo "cli: watch took $ms ms to stop"; fails=1; }
rm -f /tmp/pvs-cli.out /tmp/pvs-cli.err
[ $fails = 0 ] && echo "cli: ok"
exit $fails
