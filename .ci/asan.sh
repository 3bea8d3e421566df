#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The whole ctest suite under AddressSanitizer + UndefinedBehaviorSanitizer.
# Any report fails: the code is built with -fno-sanitize-recover=all and
# the runtimes halt on the first error, so a report cannot scroll by while
# the test passes. Budget: about 2 minutes on 2 cores (1m08s measured).
set -euo pipefail
cd "$(dirname "$0")/.."
B=${BUILD:-build-asan}
jobs=${JOBS:-$(nproc)}
san="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
cmake -S . -B "$B" -DCMAKE_BUILD_TYPE=Debug -DPVS_WERROR=ON \
  -DPVS_BUILD_BENCH=OFF -DPVS_BUILD_DOCS=OFF \
  -DCMAKE_C_FLAGS="$san" -DCMAKE_CXX_FLAGS="$san" \
  -DCMAKE_EXE_LINKER_FLAGS="$san" -DCMAKE_SHARED_LINKER_FLAGS="$san" >/dev/null
cmake --build "$B" -j"$jobs" >/dev/null
export ASAN_OPTIONS="halt_on_error=1:abort_on_error=0:detect_leaks=1:exitcode=99"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:exitcode=99"
# The preload tests are left out, and so is docs_commands (docs/lock.md's
# `pvsched run` preloads the drop-in): an LD_PRELOADed library built with
# ASan needs the ASan runtime loaded before it, which a preload into
# arbitrary programs cannot arrange. They run in the plain suite and under
# Helgrind.
(cd "$B" && ctest --output-on-failure -j"$jobs" -E '^(preload_|docs_commands$)')
echo "asan+ubsan: every test clean"
