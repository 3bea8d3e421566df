#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The pvsched command built for big-endian ppc64 and for ppc64le (static,
# without libcpuid and hwloc) must print the same golden outputs on every
# fixture tree as the native build: the readers (CPUID dumps, device-tree
# cells, lparcfg ...) do not depend on the host's byte order.
set -euo pipefail
cd "$(dirname "$0")/.."
# The probe library (its folder) and the core.
mapfile -t srcs < <(find host/probe -name '*.c' | LC_ALL=C sort
                    grep -v '^#' core-sources.txt | sed '/^$/d')
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The committed trees and the malformed ones, as ctest reads them.
tests/fixtures/malformed.sh "$tmp/fixtures"
export PVS_FIXTURES=$tmp/fixtures
mapfile -t fixtures < <(cd "$PVS_FIXTURES" && ls)
status=0
for arch in ppc64 ppc64le; do
  cc=powerpc64-linux-gnu-gcc
  [ $arch = ppc64le ] && cc=powerpc64le-linux-gnu-gcc
  qemu=qemu-$arch
  for t in "$cc" "$qemu"; do
    command -v "$t" >/dev/null || { echo "probe-cross[$arch]: $t not installed"; exit 1; }
  done
  # With the oracle's reader (host/oracle/view.c), as the native build,
  # so the owner-signal line of the goldens is the same.
  "$cc" -std=gnu11 -O2 -static -pthread -Wall -Wextra -Werror -Iinclude \
    -Ihost/include -Ihost/oracle -DPVS_HAVE_RT \
    "${srcs[@]}" host/oracle/view.c tools/pvsched/*.c -o "$tmp/pvsched-$arch"
  printf '#!/bin/sh\nexec %s %s "$@"\n' "$qemu" "$tmp/pvsched-$arch" >"$tmp/run-$arch"
  chmod +x "$tmp/run-$arch"
  if tests/golden.sh "$tmp/run-$arch" "${fixtures[@]}" >"$tmp/log" 2>&1; then
    echo "probe-cross[$arch]: ${#fixtures[@]} fixture trees match the goldens"
  else
    cat "$tmp/log"; echo "probe-cross[$arch]: FAIL"; status=1
  fi
done
exit $status
