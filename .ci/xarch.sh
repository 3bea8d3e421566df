#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The userspace layers on aarch64 and riscv64 under qemu-user (Debian's
# cross compilers and qemu-user). For each architecture the probe, the
# spin runtime, the lock and the preload are cross-built with CMake as
# the native build is (shared libraries, build-tree RUNPATH), then run
# under qemu-$arch -L /usr/<triple>:
#   1. pvsched probe over every fixture tree, the malformed ones and the
#      aarch64/riscv64 guests included: the same goldens as the native run;
#   2. pvsched probe on the live (emulated) system: the relax-cost probe
#      executes the architecture's relax instruction;
#   3. the relax instruction is in the spin runtime's code (objdump);
#   4. pvs_lockbench, a smoke run of pthread, fixed and pvlock (the lock
#      over the spin runtime) with 1 and 4 threads;
#   5. the preload: tests/preload/preload_prog shared-cond (a process-shared
#      condvar, a default mutex, a fork) under glibc alone and under
#      libpvsched-preload.so with pv and fixed, which must interpose it.
#      Its `all` cases do not run: qemu-user 7.2 has no set_robust_list
#      (ENOSYS), so the robust-mutex case hangs under glibc alone, and it
#      aborts (a TCG assertion) when a process forks while threads run.
# The cmocka suites do not run here: Debian 12 has no riscv64 port, and
# arm64 cmocka would need dpkg --add-architecture on the CI host; the
# shared vectors run on both architectures in .ci/cross.sh. qemu's
# timings are not hardware: nothing here is a measurement.
# Budget: under 4 minutes for both architectures. Measured: 222 s wall
# (aarch64 97 s, riscv64 106 s, the rest fixtures; 87 s of CPU) on a
# 2-core machine shared with other builds, compiling most of it.
set -euo pipefail
cd "$(dirname "$0")/.."
export DEBIAN_FRONTEND=noninteractive

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
tests/fixtures/malformed.sh "$out/fixtures" >/dev/null
export PVS_FIXTURES=$out/fixtures
mapfile -t fixtures < <(cd "$PVS_FIXTURES" && ls)
jobs=$(nproc)
status=0
# Targets (gcc triple prefix : qemu-user suffix : Debian packages : the
# relax instruction host/arch/<arch>.h emits, as objdump prints it: the
# riscv64 PAUSE is a raw word, printed as .word 0x0100000f).
targets=(
  "aarch64:aarch64:gcc-aarch64-linux-gnu libc6-dev-arm64-cross:isb"
  "riscv64:riscv64:gcc-riscv64-linux-gnu libc6-dev-riscv64-cross:0100000f"
)
for t in "${targets[@]}"; do
  IFS=: read -r cpu q pkgs relax <<<"$t"
  triple=$cpu-linux-gnu qemu=qemu-$q b=$out/build-$q
  start=$SECONDS
  if ! command -v "$triple-gcc" >/dev/null && [ "$(id -u)" -eq 0 ]; then
    # shellcheck disable=SC2086 # one word per package
    apt-get install -y -qq --no-install-recommends $pkgs >/dev/null ||
      echo "xarch: apt-get install $pkgs failed"
  fi
  for tool in "$triple-gcc" "$qemu"; do
    command -v "$tool" >/dev/null || { echo "xarch[$q]: $tool not installed"; exit 1; }
  done
  fail() { echo "xarch[$q]: FAIL: $*"; status=1; }

  # pkg-config sees the cross sysroot only, so the host's libck, libcpuid
  # or hwloc (x86 builds) are never linked into a cross binary.
  PKG_CONFIG_LIBDIR=/usr/lib/$triple/pkgconfig:/usr/$triple/lib/pkgconfig \
  cmake -S . -B "$b" -DPVS_WERROR=ON \
    -DCMAKE_SYSTEM_NAME=Linux -DCMAKE_SYSTEM_PROCESSOR="$cpu" \
    -DCMAKE_C_COMPILER="$triple-gcc" -DCMAKE_FIND_ROOT_PATH="/usr/$triple" \
    -DCMAKE_FIND_ROOT_PATH_MODE_PROGRAM=NEVER \
    -DCMAKE_FIND_ROOT_PATH_MODE_INCLUDE=ONLY \
    -DCMAKE_FIND_ROOT_PATH_MODE_PACKAGE=ONLY \
    -DPVS_BUILD_TESTS=OFF -DPVS_BUILD_EXAMPLES=OFF -DPVS_BUILD_SIM=OFF \
    -DPVS_BUILD_DOCS=OFF -DPVS_WITH_ORACLE=OFF -DPVS_WITH_LIBCPUID=OFF \
    -DPVS_WITH_HWLOC=OFF >"$out/cmake-$q.log" ||
    { cat "$out/cmake-$q.log"; fail "configure"; continue; }
  cmake --build "$b" -j "$jobs" --target pvsched_cmd pvsched_rt \
    pvsched_lock pvsched_preload pvs_lockbench >"$out/build-$q.log" 2>&1 ||
    { cat "$out/build-$q.log"; fail "build"; continue; }
  "$triple-gcc" -std=gnu11 -O2 -pthread -Wall -Wextra -Werror \
    tests/preload/preload_prog.c -o "$b/preload_prog" -ldl
  "$triple-gcc" -std=gnu11 -O2 -pthread -Wall -Wextra -Werror -shared -fPIC \
    tests/preload/dlmod.c -o "$b/libpreload_dlmod.so"
  run() { "$qemu" -L "/usr/$triple" "$@"; }

  # 1. The goldens, through a wrapper golden.sh runs as the command.
  printf '#!/bin/sh\nexec %s -L /usr/%s %s "$@"\n' "$qemu" "$triple" \
    "$b/tools/pvsched" >"$out/pvsched-$q"
  chmod +x "$out/pvsched-$q"
  if tests/golden.sh "$out/pvsched-$q" "${fixtures[@]}" >"$out/golden-$q.log" 2>&1
  then echo "xarch[$q]: probe: ${#fixtures[@]} fixture trees match the goldens"
  else cat "$out/golden-$q.log"; fail "goldens"; fi

  # 2. The live probe (relax cost timed with the relax instruction).
  if run "$b/tools/pvsched" probe --json --window 50 >"$out/live-$q.json" 2>&1
  then echo "xarch[$q]: probe: live run under $qemu exits 0"
  else cat "$out/live-$q.json"; fail "live probe"; fi

  # 3. The runtime spins with the architecture's relax instruction.
  "$triple-objdump" -d "$b/host/rt/libpvsched_rt.so" >"$out/rt-$q.dis"
  if grep -qw "$relax" "$out/rt-$q.dis"
  then echo "xarch[$q]: spin runtime: relaxes with '$relax'"
  else fail "no '$relax' in libpvsched_rt.so"; fi

  # 4. The lock and the runtime, smoke.
  if run "$b/bench/pvs_lockbench" -d 20 -r 3 -t 1,4 -c 50 -i 0 \
       -l pthread,fixed,pvlock -o "$out/lock-$q.csv" >"$out/lock-$q.log" 2>&1
  then echo "xarch[$q]: lock: pvs_lockbench pthread,fixed,pvlock x 1,4 threads ran"
  else cat "$out/lock-$q.log"; fail "pvs_lockbench"; fi

  # 5. The preload: glibc alone, then served by pv and by fixed.
  so=$b/host/preload/libpvsched-preload.so
  for policy in none pv fixed; do
    env=(-E PVSCHED_LOCK_STATS=1)
    [ $policy != none ] && env+=(-E "LD_PRELOAD=$so" -E "PVSCHED_LOCK=$policy")
    if timeout 120 "$qemu" -L "/usr/$triple" "${env[@]}" "$b/preload_prog" \
         shared-cond >"$out/preload-$q.log" 2>&1 &&
       { [ $policy = none ] || grep -q 'interposed [1-9]' "$out/preload-$q.log"; }
    then echo "xarch[$q]: preload ($policy): shared-cond passes"
    else cat "$out/preload-$q.log"; fail "preload ($policy)"; fi
  done
  echo "xarch[$q]: $((SECONDS - start)) s"
done
exit $status
