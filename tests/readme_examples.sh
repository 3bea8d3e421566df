#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Every userspace C example (```c fences) in README.md and docs/*.md must
# compile (warnings are errors): documentation that rots is worse than
# none. Kernel examples (those that include <linux/...>) are built by the
# kernel job instead.
# Usage: readme_examples.sh CC [-IDIR]... FILE.md...
set -eu
cc=$1
shift
inc=
while [ $# -gt 0 ] && [ "${1#-I}" != "$1" ]; do inc="$inc $1"; shift; done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
count=0
for md in "$@"; do
  rm -f "$tmp"/ex*
  awk -v dir="$tmp" '
    /^```c$/ { n++; f = dir "/ex" n ".c"; inblock = 1; next }
    /^```/ && inblock { inblock = 0; close(f); next }
    inblock { print > f }
  ' "$md"
  for f in "$tmp"/ex*.c; do
    [ -e "$f" ] || continue
    grep -q '<linux/' "$f" && continue
    # shellcheck disable=SC2086
    "$cc" -std=c11 -Wall -Wextra -Werror -Wno-unused-function $inc -c "$f" -o "$f.o" ||
      { echo "$md: example $(basename "$f" .c) does not compile:"; cat -n "$f"; exit 1; }
    count=$((count + 1))
  done
done
[ "$count" -gt 0 ] || { echo "no C example found in $*"; exit 1; }
echo "readme: $count C examples compile, from $# files"
