#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Run the shared vectors on big-endian ppc64 and on ppc64le under qemu-user,
# so an endian slip in a decoder fails CI. The runner is framework-free:
# core sources + tests/vectors + tests/vecrun.c, linked -static.
set -euo pipefail
cd "$(dirname "$0")/.."

mapfile -t srcs < <(grep -v '^#' core-sources.txt | sed '/^$/d')
srcs+=(tests/vectors/*.c tests/vecrun.c)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
status=0
# Targets: big- and little-endian; to add one, see docs/HACKING.md.
for t in powerpc64:ppc64 powerpc64le:ppc64le; do
  triple=${t%%:*}-linux-gnu qemu=qemu-${t##*:}
  "$triple-gcc" -std=c11 -O2 -static -Wall -Wextra -Werror -Iinclude -Itests \
      "${srcs[@]}" -o "$out/vecrun-${t##*:}"
  echo "== ${t##*:} ($qemu)"
  if ! "$qemu" "$out/vecrun-${t##*:}"; then status=1; fi
done
exit $status
