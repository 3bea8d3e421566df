#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# pvlock's stress test under ThreadSanitizer (clang) and Helgrind: the lock
# must show no data race on the counter it protects, nor inside itself.
set -euo pipefail
cd "$(dirname "$0")/.."
B=build-tsan
cmake -S . -B "$B" -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DPVS_WERROR=ON -DPVS_BUILD_BENCH=OFF -DPVS_BUILD_DOCS=OFF \
  -DCMAKE_C_FLAGS="-fsanitize=thread" \
  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=thread" >/dev/null
cmake --build "$B" -j"$(nproc)" --target test_pvlock test_spin_rt >/dev/null
echo "tsan: test_spin_rt"
TSAN_OPTIONS="halt_on_error=1" "$B/tests/test_spin_rt" >/dev/null
echo "tsan: test_pvlock"
TSAN_OPTIONS="halt_on_error=1" PVLOCK_STRESS_ITERS=2000 \
  "$B/examples/pvlock/test_pvlock" >/dev/null

# Helgrind: a build whose lock tells Helgrind its happens-before edges.
H=build-helgrind
cmake -S . -B "$H" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPVS_BUILD_BENCH=OFF \
  -DPVS_BUILD_DOCS=OFF -DCMAKE_C_FLAGS="-DPVLOCK_HELGRIND" >/dev/null
cmake --build "$H" -j"$(nproc)" --target test_pvlock >/dev/null
echo "helgrind: test_pvlock"
PVLOCK_STRESS_ITERS=200 valgrind --tool=helgrind --error-exitcode=1 -q \
  --suppressions=.ci/helgrind.supp \
  "$H/examples/pvlock/test_pvlock" >/dev/null
echo "sanitize: clean"
