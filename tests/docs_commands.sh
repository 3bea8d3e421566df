#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Run the shell blocks (```sh fences) of README.md and docs/*.md, as
# readme_examples compiles their C: a command the documentation tells a
# user to type must work. A block whose first line is "# not run: REASON"
# (root, a kernel tree, the network, an install, minutes of CPU) is listed
# and skipped. Each block runs with `sh -e`, in a scratch directory that
# sees the source tree's folders, the build tree as build/ and the built
# pvsched and pvsched-sim on PATH; every command it ran is listed.
# Usage: docs_commands.sh SOURCE_DIR BUILD_DIR FILE.md...
set -eu
src=$1 bld=$2
shift 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/run" "$tmp/blocks"
for e in "$src"/*; do ln -s "$e" "$tmp/run/"; done
rm -f "$tmp/run/build"
ln -s "$bld" "$tmp/run/build"
PATH=$bld/tools:$bld/sim:$PATH
export PATH
ran=0 skipped=0
for md in "$@"; do
  name=${md#"$src"/}
  rm -f "$tmp/blocks"/*
  # One file per block, named by the line its commands start on.
  awk -v dir="$tmp/blocks" '
    /^```sh$/ { f = sprintf("%s/%06d", dir, NR + 1); inblock = 1; next }
    /^```/ && inblock { inblock = 0; close(f); next }
    inblock { print > f }
  ' "$md"
  for b in "$tmp/blocks"/*; do
    [ -e "$b" ] || continue
    at="$name:$(basename "$b" | sed 's/^0*//')"
    if head -n 1 "$b" | grep -q '^# not run: '; then
      echo "skipped $at ($(head -n 1 "$b" | sed 's/^# not run: //'))"
      skipped=$((skipped + 1))
      continue
    fi
    grep -v '^[[:space:]]*\(#\|$\)' "$b" | sed "s|^|ran     $at: |"
    if ! (cd "$tmp/run" && timeout 120 sh -e "$b") >"$b.log" 2>&1; then
      echo "FAILED  $at:"; cat -n "$b"; echo "output:"; tail -n 20 "$b.log"
      exit 1
    fi
    ran=$((ran + 1))
  done
done
[ "$ran" -gt 0 ] || { echo "no shell block found in $*"; exit 1; }
echo "docs: $ran shell blocks ran, $skipped skipped"
