#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Run the shared vectors on big-endian ppc64 and on ppc64le, aarch64 and
# riscv64 under qemu-user, so an endian slip in a decoder fails CI and the
# arm64 and RISC-V backends run on their own architectures. The runner is
# framework-free: core sources + tests/vectors + tests/vecrun.c, linked
# -static. The aarch64 and riscv64 cross compilers (Debian's
# gcc-aarch64-linux-gnu, gcc-riscv64-linux-gnu) are installed here when
# missing and run as root. Debian 12 has no LoongArch cross compiler, so
# the LoongArch backend's vectors run on these hosts only.
set -euo pipefail
cd "$(dirname "$0")/.."
export DEBIAN_FRONTEND=noninteractive

mapfile -t srcs < <(grep -v '^#' core-sources.txt | sed '/^$/d')
srcs+=(tests/vectors/*.c tests/vecrun.c)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
status=0
# Targets (gcc triple prefix : qemu-user suffix : Debian packages); to add
# one, see docs/HACKING.md.
targets=(
  "powerpc64:ppc64:gcc-powerpc64-linux-gnu libc6-dev-ppc64-cross"
  "powerpc64le:ppc64le:gcc-powerpc64le-linux-gnu libc6-dev-ppc64el-cross"
  "aarch64:aarch64:gcc-aarch64-linux-gnu libc6-dev-arm64-cross"
  "riscv64:riscv64:gcc-riscv64-linux-gnu libc6-dev-riscv64-cross"
)
for t in "${targets[@]}"; do
  IFS=: read -r cpu q pkgs <<<"$t"
  triple=$cpu-linux-gnu qemu=qemu-$q
  if ! command -v "$triple-gcc" >/dev/null && [ "$(id -u)" -eq 0 ]; then
    # shellcheck disable=SC2086 # one word per package
    apt-get install -y -qq --no-install-recommends $pkgs >/dev/null ||
      echo "cross: apt-get install $pkgs failed"
  fi
  "$triple-gcc" -std=c11 -O2 -static -Wall -Wextra -Werror -Iinclude -Itests \
      "${srcs[@]}" -o "$out/vecrun-$q"
  echo "== $q ($qemu)"
  if ! "$qemu" "$out/vecrun-$q"; then status=1; fi
done
exit $status
