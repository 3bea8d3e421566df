#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Prove the kernel-safe core is kernel-safe: every source in core-sources.txt
# plus the shared vectors (the kernel selftest runs them) must build
# freestanding with FP registers off, warning-free, and the linked objects may
# reference no symbol from outside themselves (no libc, no FP helpers).
set -euo pipefail
cd "$(dirname "$0")/.."

mapfile -t srcs < <(grep -v '^#' core-sources.txt | sed '/^$/d')
srcs+=(tests/vectors/*.c)
common=(-std=c11 -O2 -ffreestanding -fno-builtin -nostdlib -Wall -Wextra -Werror
        -Wshadow -Wvla -Wundef -Wstrict-prototypes -Wmissing-prototypes -Iinclude)
status=0

check() { # name cc ld nm flags...
  local name=$1 cc=$2 ld=$3 nm=$4; shift 4
  if ! command -v "$cc" >/dev/null; then
    echo "freestanding[$name]: $cc not installed"; return 1
  fi
  local out; out=$(mktemp -d)
  local objs=() s o
  for s in "${srcs[@]}"; do
    o=$out/$(echo "$s" | tr / _).o
    "$cc" "${common[@]}" "$@" -c "$s" -o "$o"
    objs+=("$o")
  done
  "$ld" -r -o "$out/all.o" "${objs[@]}"
  local undef; undef=$("$nm" -u "$out/all.o" | awk '{print $NF}' | grep -v '^\.TOC\.$' || true)
  if [ -n "$undef" ]; then
    echo "freestanding[$name]: FAIL, external symbols referenced:"; echo "$undef"
    status=1
  else
    echo "freestanding[$name]: ok (${#srcs[@]} sources, no external symbol)"
  fi
  rm -rf "$out"
}

# To add an architecture, add a check line here (see docs/HACKING.md).
check x86_64 gcc ld nm -mgeneral-regs-only -mno-red-zone -fno-pic
check ppc64 powerpc64-linux-gnu-gcc powerpc64-linux-gnu-ld powerpc64-linux-gnu-nm \
      -msoft-float -mno-altivec -mno-vsx
check ppc64le powerpc64le-linux-gnu-gcc powerpc64le-linux-gnu-ld powerpc64le-linux-gnu-nm \
      -msoft-float -mno-altivec -mno-vsx
# The arm64 and RISC-V backends' own architectures, where .ci/cross.sh
# installed their compilers (kernel flags: no FP/SIMD registers).
if command -v aarch64-linux-gnu-gcc >/dev/null; then
  check aarch64 aarch64-linux-gnu-gcc aarch64-linux-gnu-ld aarch64-linux-gnu-nm \
        -mgeneral-regs-only
fi
if command -v riscv64-linux-gnu-gcc >/dev/null; then
  check riscv64 riscv64-linux-gnu-gcc riscv64-linux-gnu-ld riscv64-linux-gnu-nm \
        -march=rv64imac -mabi=lp64 -mcmodel=medany
fi
if command -v clang >/dev/null; then
  check x86_64-clang clang ld nm -mgeneral-regs-only -mno-red-zone -fno-pic
fi
exit $status
