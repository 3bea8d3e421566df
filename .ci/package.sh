#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Install into a scratch prefix, then build a consumer twice: through
# find_package(pvsched CONFIG) and through pkg-config.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
cmake -S tests/consumer -B "$tmp/consumer" -DCMAKE_PREFIX_PATH="$tmp/prefix" >/dev/null
cmake --build "$tmp/consumer" >/dev/null
"$tmp/consumer/consumer"
pcdir=$(dirname "$(find "$tmp/prefix" -name pvsched.pc | head -1)")
# shellcheck disable=SC2046
cc tests/consumer/main.c -o "$tmp/pc-consumer" \
   $(PKG_CONFIG_PATH=$pcdir pkg-config --cflags --libs pvsched)
"$tmp/pc-consumer"
if [ -x "$tmp/consumer/probe_consumer" ]; then
  "$tmp/consumer/probe_consumer" >/dev/null
  # shellcheck disable=SC2046
  cc tests/consumer/probe.c -o "$tmp/pc-probe" \
     $(PKG_CONFIG_PATH=$pcdir pkg-config --cflags --libs pvsched-probe)
  "$tmp/pc-probe" >/dev/null
fi
if [ -n "$(find "$tmp/prefix" -name pvsched-lock.pc)" ]; then
  # The lock library, shared, through pkg-config; and its CMake targets.
  libdir=$(PKG_CONFIG_PATH=$pcdir pkg-config --variable=libdir pvsched-lock)
  # shellcheck disable=SC2046
  cc examples/pvlock/main.c -o "$tmp/pc-lock" \
     $(PKG_CONFIG_PATH=$pcdir pkg-config --cflags --libs pvsched-lock)
  LD_LIBRARY_PATH=$libdir "$tmp/pc-lock" >/dev/null
  grep -q "pvsched::lock_static" "$(find "$tmp/prefix" -name pvschedTargets.cmake)"
  test -f "$libdir/libpvsched-preload.so"
fi
echo "package: find_package and pkg-config consumers ok"
