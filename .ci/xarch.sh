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
#   6. the core's cmocka suites (the vector suites: core, haltpoll, idle,
#      idle_tb, pack, ple, preempt, spin, yield, and the standalone vector
#      runner) and those of the stats and spin-runtime libraries, through
#      ctest with qemu-$arch as the cross-compiling emulator. cmocka comes
#      from Debian's source package, compiled with each cross compiler:
#      bookworm has no riscv64 port at all, and its arm64 libcmocka-dev
#      would make the CI host take arm64 as a foreign architecture
#      (dpkg --add-architecture, libc6:arm64 beside the cross sysroot).
#      apt-get source reads a private configuration under the scratch dir
#      (the deb-src twin of the host's own Debian mirror), so the host's
#      apt setup is not touched. Not run: probe_decisions and the goldens'
#      ctest form exec the pvsched binary, which qemu-user cannot do
#      without binfmt_misc (step 1 runs the goldens through a wrapper).
# The shared vectors also run on both architectures in .ci/cross.sh.
# qemu's timings are not hardware: nothing here is a measurement.
# Budget: steps 1-5 took 222 s wall on a 2-core machine; step 6 adds
# about 96 s of CPU (user+sys): the cmocka source, and per architecture
# cmocka.c, 12 test programs and their runs (about 28 s of qemu CPU each,
# preempt 13 s and pack 6 s of it): under 3 minutes more even with none
# of it in parallel, where CI runs alone on its machine (not measured
# there: this machine was shared). Measured back to back on a 2-core machine
# shared with other builds (load 21-25), without and with step 6: 173 s
# and 483 s wall, 36 s and 135 s CPU; again at nice -20: 162 s and 456 s
# wall, 40 s and 136 s CPU. There every CPU second took about 3 s of wall.
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
# cmocka: Debian's source package for this release, through a private
# apt configuration (lists and cache under $out), once for both targets.
chmod 755 "$out" # apt-get source downloads as _apt
cmocka_src() {
  local a=$out/apt rel uri
  rel=$(sed -n 's/^VERSION_CODENAME=//p' /etc/os-release)
  uri=$(apt-get indextargets --format '$(REPO_URI) $(RELEASE) $(COMPONENT)' |
    awk -v r="$rel" '$2 == r && $3 == "main" { print $1; exit }')
  [ -n "$uri" ] || { echo "xarch: no $rel main in the host's apt sources"; return 1; }
  mkdir -p "$a/lists/partial" "$a/cache/archives/partial" "$a/src"
  echo "deb-src $uri $rel main" >"$a/sources.list"
  ! id _apt >/dev/null 2>&1 || chown _apt "$a/src"
  apto=(-o Dir::Etc::SourceList="$a/sources.list" -o Dir::Etc::SourceParts="$a/none"
    -o Dir::State::Lists="$a/lists" -o Dir::Cache="$a/cache")
  command -v dpkg-source >/dev/null || [ "$(id -u)" -ne 0 ] ||
    apt-get install -y -qq --no-install-recommends dpkg-dev >/dev/null
  apt-get "${apto[@]}" update -qq &&
    (cd "$a/src" && apt-get "${apto[@]}" source -qq cmocka)
}
start=$SECONDS
cmocka_src >"$out/cmocka-src.log" 2>&1 ||
  { cat "$out/cmocka-src.log"; echo "xarch: FAIL: apt-get source cmocka"; exit 1; }
cmsrc=$(ls -d "$out"/apt/src/cmocka-*/)
cmver=$(basename "$cmsrc"); cmver=${cmver#cmocka-}
echo "xarch: cmocka $cmver from Debian's source package ($((SECONDS - start)) s)"
# The feature macros cmocka.c reads, as cmocka's ConfigureChecks.cmake
# sets them on a glibc target (its config.h is the same for aarch64 and
# riscv64; cmocka.c built with these or with that config.h gives the same
# objdump -d): cmocka.c is one file, and its CMake configure alone takes
# about 18 s per target.
cmdefs=(-DHAVE_MALLOC_H -DHAVE_INTTYPES_H -DHAVE_SIGNAL_H -DHAVE_STRINGS_H
  -DHAVE_STRUCT_TIMESPEC -DHAVE_SNPRINTF -DHAVE_VSNPRINTF -DHAVE_SIGLONGJMP
  -DHAVE_STRSIGNAL -DHAVE_GCC_THREAD_LOCAL_STORAGE -DHAVE_CLOCK_REALTIME)
# The suites of step 6 (ctest names) and their programs.
suites=(vectors core haltpoll idle idle_tb pack ple preempt spin yield stats spin_rt)
suite_targets=(pvs_vecrun)
for s in "${suites[@]:1}"; do suite_targets+=("test_$s"); done

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

  # cmocka for this target: a static libcmocka.a and its cmocka.pc.
  cm=$out/cmocka-$q
  mkdir -p "$cm/lib/pkgconfig"
  "$triple-gcc" -std=gnu99 -O2 "${cmdefs[@]}" -I"$cmsrc/include" \
    -c "$cmsrc/src/cmocka.c" -o "$cm/cmocka.o" &&
    "$triple-ar" rcs "$cm/lib/libcmocka.a" "$cm/cmocka.o" ||
    { fail "cmocka.c"; continue; }
  printf 'Name: cmocka\nDescription: cmocka %s for %s\nVersion: %s\nLibs: -L%s -lcmocka\nCflags: -I%s\n' \
    "$cmver" "$triple" "$cmver" "$cm/lib" "$cmsrc/include" >"$cm/lib/pkgconfig/cmocka.pc"

  # pkg-config sees the cross sysroot (and that cmocka) only, so the
  # host's libck, libcpuid or hwloc (x86 builds) are never linked into a
  # cross binary. No C++ compiler: the host's would be taken for the
  # target's by the tests' header check, which is not built here.
  PKG_CONFIG_LIBDIR=$cm/lib/pkgconfig:/usr/lib/$triple/pkgconfig:/usr/$triple/lib/pkgconfig \
  cmake -S . -B "$b" -DPVS_WERROR=ON \
    -DCMAKE_SYSTEM_NAME=Linux -DCMAKE_SYSTEM_PROCESSOR="$cpu" \
    -DCMAKE_C_COMPILER="$triple-gcc" -DCMAKE_FIND_ROOT_PATH="/usr/$triple" \
    -DCMAKE_FIND_ROOT_PATH_MODE_PROGRAM=NEVER \
    -DCMAKE_FIND_ROOT_PATH_MODE_INCLUDE=ONLY \
    -DCMAKE_FIND_ROOT_PATH_MODE_PACKAGE=ONLY \
    -DCMAKE_CROSSCOMPILING_EMULATOR="$qemu;-L;/usr/$triple" \
    -DCMAKE_CXX_COMPILER=NOTFOUND \
    -DPVS_BUILD_TESTS=ON -DPVS_BUILD_EXAMPLES=OFF -DPVS_BUILD_SIM=OFF \
    -DPVS_BUILD_DOCS=OFF -DPVS_WITH_ORACLE=OFF -DPVS_WITH_LIBCPUID=OFF \
    -DPVS_WITH_HWLOC=OFF >"$out/cmake-$q.log" ||
    { cat "$out/cmake-$q.log"; fail "configure"; continue; }
  cmake --build "$b" -j "$jobs" --target pvsched_cmd pvsched_rt \
    pvsched_lock pvsched_preload pvs_lockbench "${suite_targets[@]}" \
    >"$out/build-$q.log" 2>&1 ||
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
  # 6. The cmocka suites under qemu-user (ctest runs them through the
  # emulator).
  re=$(IFS='|'; echo "^(${suites[*]})\$")
  if ctest --test-dir "$b" -j "$jobs" -R "$re" --output-on-failure \
       >"$out/ctest-$q.log" 2>&1 &&
     grep -q "0 tests failed out of ${#suites[@]}\$" "$out/ctest-$q.log"
  then echo "xarch[$q]: cmocka: ${#suites[@]} suites pass under $qemu ($(tail -1 "$out/ctest-$q.log" | sed 's/.*= *//'))"
  else cat "$out/ctest-$q.log"; fail "cmocka suites"; fi
  echo "xarch[$q]: $((SECONDS - start)) s"
done
exit $status
