#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# libFuzzer (clang, ASan + UBSan) over the probe parsers and the firmware
# decoder they hand dumps to (pvs_xcede_parse): each target in
# fuzz/ runs for FUZZ_SECONDS (default 60) from its seed corpus
# (fuzz/corpus/<target>/ and fuzz/fixture-seeds.txt); any crash,
# sanitizer report, leak, timeout or failed invariant fails the job, with
# the reproducer in $FUZZ_OUT/artifacts.
#   FUZZ_SECONDS=10 FUZZ_TARGETS="fuzz_stat fuzz_lparcfg" .ci/fuzz.sh
# FUZZ_JOBS (default 1) runs that many fuzzing processes per target;
# FUZZ_PARALLEL (default nproc) that many targets at once.
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${FUZZ_SECONDS:-60}
jobs=${FUZZ_JOBS:-1}
out=${FUZZ_OUT:-build-fuzz}
cc=${FUZZ_CC:-clang}
command -v "$cc" >/dev/null || { echo "fuzz: $cc not installed"; exit 1; }

# The probe library (its folder) and the kernel-safe core (xcede,
# decisions) it uses.
mapfile -t lib < <(find host/probe -name '*.c' | LC_ALL=C sort
                   grep -v '^#' core-sources.txt | sed '/^$/d')
if [ -z "${FUZZ_TARGETS:-}" ]; then
  FUZZ_TARGETS=$(cd fuzz && ls fuzz_*.c | sed 's/\.c$//' | tr '\n' ' ')
fi
flags=(-g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
       -fno-omit-frame-pointer -Iinclude -Ihost/include -Wall -Wextra -Werror)
mkdir -p "$out/artifacts"

# One target: build, fuzz for $secs from the seed corpus, say ok or FAILED.
# Its worker logs (fuzz-N.log with FUZZ_JOBS > 1) go to its own folder.
fuzz_one() {
  local t=$1 work=$out/corpus/$1 run=$out/run/$1 runs par=()
  "$cc" "${flags[@]}" "fuzz/$t.c" "${lib[@]}" -o "$out/$t"
  mkdir -p "$work" "$run/artifacts"
  rm -f "$run"/fuzz-*.log
  cp -n fuzz/corpus/"$t"/* "$work"/ 2>/dev/null || true
  # and the fixture files fuzz/fixture-seeds.txt names, under unique names
  while read -r target path; do
    if [ "$target" = "$t" ]; then
      cp -n "$path" "$work/fixture-${path//[\/,@]/_}"
    fi
  done < <(grep '^fuzz_' fuzz/fixture-seeds.txt)
  [ "$jobs" -gt 1 ] && par=(-jobs="$jobs" -workers="$jobs")
  if (cd "$run" && "../../$t" -max_total_time="$secs" -timeout=10 \
       -rss_limit_mb=2048 "${par[@]}" -print_final_stats=1 \
       -artifact_prefix="../../artifacts/$t-" "../../corpus/$t") >"$out/$t.log" 2>&1; then
    runs=$( (cat "$out/$t.log" "$run"/fuzz-*.log 2>/dev/null || true) \
           | grep -o 'stat::number_of_executed_units: *[0-9]*' \
           | awk '{s += $2} END {print s + 0}')
    echo "fuzz: $t ok (${secs}s, $runs runs, corpus $(ls "$work" | wc -l))"
  else
    echo "fuzz: $t FAILED, log $out/$t.log:"
    (cat "$out/$t.log" "$run"/fuzz-*.log 2>/dev/null || true) \
      | grep -E 'ERROR|SUMMARY|runtime error|artifact' | head -20 || true
    return 1
  fi
}

# FUZZ_PARALLEL targets at a time (default: one per CPU), each its own
# process: the job's wall time is the targets' total over the CPUs.
npar=${FUZZ_PARALLEL:-$(nproc)}
status=0
pids=()
for t in $FUZZ_TARGETS; do
  if [ "${#pids[@]}" -ge "$npar" ]; then
    wait "${pids[0]}" || status=1
    pids=("${pids[@]:1}")
  fi
  echo "fuzz: $t for ${secs}s"
  fuzz_one "$t" &
  pids+=($!)
done
for p in "${pids[@]}"; do wait "$p" || status=1; done
exit $status
