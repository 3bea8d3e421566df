#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Every userspace C example in README.md must compile (warnings are errors):
# documentation that rots is worse than none. Kernel examples (those that
# include <linux/...>) are built by the kernel job instead.
# Usage: readme_examples.sh CC README INCLUDE_DIR...
set -eu
cc=$1 readme=$2
shift 2
inc=
for d in "$@"; do inc="$inc -I$d"; done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
awk -v dir="$tmp" '
  /^```c$/ { n++; f = dir "/ex" n ".c"; inblock = 1; next }
  /^```/ && inblock { inblock = 0; close(f); next }
  inblock { print > f }
' "$readme"
count=0
for f in "$tmp"/ex*.c; do
  [ -e "$f" ] || continue
  grep -q '<linux/' "$f" && continue
  "$cc" -std=c11 -Wall -Wextra -Werror -Wno-unused-function $inc -c "$f" -o "$f.o" ||
    { echo "README example $(basename "$f") does not compile:"; cat -n "$f"; exit 1; }
  count=$((count + 1))
done
[ "$count" -gt 0 ] || { echo "no C example found in $readme"; exit 1; }
echo "readme: $count C examples compile"
