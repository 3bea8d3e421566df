#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The lock library's suites (mutex, condition variable) under
# ThreadSanitizer (clang) and Helgrind, and the preload's pthread program
# under Helgrind: no data race on what the locks protect, nor inside them.
# Each stress test runs a wall-time budget (PVS_LOCK_STRESS_MS), so a
# slow sanitizer shortens the runs instead of lengthening the job.
set -euo pipefail
cd "$(dirname "$0")/.."
B=build-tsan
cmake -S . -B "$B" -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DPVS_WERROR=ON -DPVS_BUILD_BENCH=OFF -DPVS_BUILD_DOCS=OFF \
  -DCMAKE_C_FLAGS="-fsanitize=thread" \
  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=thread" \
  -DCMAKE_SHARED_LINKER_FLAGS="-fsanitize=thread" >/dev/null
cmake --build "$B" -j"$(nproc)" \
  --target test_lock_mutex test_lock_cond test_spin_rt test_lock_perturb \
  >/dev/null
# die_after_fork=0: the fork test's child only unlocks, relocks and exits.
export TSAN_OPTIONS="halt_on_error=1 die_after_fork=0" PVS_LOCK_NO_TIMING=1
echo "tsan: test_spin_rt"
"$B/tests/test_spin_rt" >/dev/null
for t in lock_mutex lock_cond; do
  echo "tsan: test_$t"
  PVS_LOCK_STRESS_MS=1000 "$B/tests/test_$t" >/dev/null
done
echo "tsan: test_lock_perturb (200 seeds)"
PVS_PERTURB_SEEDS=200 "$B/tests/test_lock_perturb" >/dev/null
unset TSAN_OPTIONS

# Helgrind: a build whose lock tells Helgrind its happens-before edges.
# --fair-sched=yes: Valgrind runs one thread at a time, and its default
# lock lets a thread that cycles over a mutex without a system call take
# it back at once, so the other thread waits minutes (the one-CPU test:
# 7 s with it, 2-10 min without).
HG="valgrind --tool=helgrind --fair-sched=yes"
H=build-helgrind
cmake -S . -B "$H" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPVS_BUILD_BENCH=OFF \
  -DPVS_BUILD_DOCS=OFF -DCMAKE_C_FLAGS="-DPVS_LOCK_HELGRIND" >/dev/null
cmake --build "$H" -j"$(nproc)" --target test_lock_mutex test_lock_cond \
  pvsched_preload preload_prog preload_dlmod >/dev/null
for t in lock_mutex lock_cond; do
  echo "helgrind: test_$t"
  PVS_LOCK_STRESS_MS=500 $HG --error-exitcode=1 -q \
    --suppressions=.ci/helgrind.supp "$H/tests/test_$t" >/dev/null
done
# The preload under Helgrind: served mutexes carry the same annotations,
# and Helgrind's own wrappers still see the calls handed to glibc. The
# program misuses glibc's mutexes on purpose (EDEADLK, EPERM, EOWNERDEAD
# must come back through the preload), which Helgrind reports as API
# errors, and its fork() children inherit that error count: so the gate
# is the program's own exit status plus no data race in the log.
# (ThreadSanitizer cannot apply: its interceptors live in the program and
# come before any LD_PRELOAD library.)
echo "helgrind: preload_prog under libpvsched-preload.so"
log=$H/preload_prog.helgrind
PVS_EXPECT_SERVED=1 PVS_LOCK_STRESS_MS=300 \
  LD_PRELOAD="$PWD/$H/host/preload/libpvsched-preload.so" \
  $HG -q --log-file="$log" \
  --suppressions=.ci/helgrind.supp "$H/tests/preload/preload_prog" all \
  "$PWD/$H/tests/preload/libpreload_dlmod.so" >/dev/null
if grep -q "Possible data race" "$log"; then
  grep -B2 -A20 "Possible data race" "$log" | head -60
  exit 1
fi
echo "sanitize: clean"
