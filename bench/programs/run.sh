#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Real programs on pvsched's locks (`pvsched run`) against plain glibc, in
# the same session: a benchmark, not a test.
#
# Workloads (Debian packages: sysbench stress-ng memcached
# libmemcached-tools), each at threads = CPUs ("under") and 4 x CPUs
# ("over"); higher is better for every metric:
#   sysbench-mutex    sysbench mutex (fixed work): 1 / total time
#   sysbench-threads  sysbench threads --time: events/s
#   stress-mutex      stress-ng --mutex --verify: bogo ops/s (real time)
#   stress-pthread    stress-ng --pthread --verify (threads waiting on a
#                     condition variable): bogo ops/s
#   memcached         memcached -t N under test, memcaslap (plain glibc,
#                     --verify=0.1, 2 client threads) as its checking
#                     client: TPS; verify_failed must stay 0
# and a third subscription, "quota": 4 x CPUs threads inside a cgroup
# whose CPU quota is $QUOTA CPUs (default 1; QUOTA= skips it): cgroup v2
# cpu.max or v1 cpu.cfs_quota_us, whichever the machine has; the script
# creates it and removes it (root). memcaslap stays outside it.
# Every repetition runs every workload x subscription x lock once, in a
# shuffled order, so a slow minute hurts both alike; the table gives the
# median of the per-repetition ratios (pv / glibc) and a 95 % interval of
# their mean (Student's t), "no difference proven" where it spans 1.
# A run whose own check fails (exit status, stress-ng --verify, memcaslap's
# verify_failed) is not counted: it is listed in $OUT.failures with its
# lock and output, and the table says how many there were.
#
#   bench/programs/run.sh                 REPS=7 DUR=2 (about 12 minutes)
#   REPS=3 DUR=1 bench/programs/run.sh    quick
#   LOCKS="glibc pv fixed" ...            add the PV-blind rule
#   BASE_PVSCHED=/old/build/tools/pvsched LOCKS="glibc pv base-pv" ...
#                                         A/B against another build of the
#                                         library (base-L: that build's
#                                         pvsched run --lock L), interleaved
#   ONLY="memcached" ...                  a subset of the workloads
#   INJECT=10 ...                         preemption on demand for the
#                                         whole run (pvs_inject_run: 10 %
#                                         of each CPU, 1-3 ms slices,
#                                         SCHED_FIFO as root)
# The owner-on-CPU signal is used by the pv lock when it is pinned
# (`pvsched oracle start`, as root); the conditions line says whether.
# Raw runs go to $OUT (default $BUILD/programs.csv).
set -euo pipefail
cd "$(dirname "$0")/../.."
B=${BUILD:-build}
REPS=${REPS:-7}
DUR=${DUR:-2}
LOCKS=${LOCKS:-"glibc pv"}
ONLY=${ONLY:-"sysbench-mutex sysbench-threads stress-mutex stress-pthread memcached"}
OUT=${OUT:-$B/programs.csv}
QUOTA=${QUOTA-1}
NCPU=$(nproc)
PORT=${PORT:-22199}

for p in sysbench stress-ng memcached memcaslap; do
  command -v "$p" >/dev/null || {
    echo "missing $p: apt-get install sysbench stress-ng memcached libmemcached-tools" >&2
    exit 1
  }
done
cmake -S . -B "$B" >/dev/null
INJECT=${INJECT:-0}
targets="pvsched_cmd pvsched_preload"
[ "$INJECT" != 0 ] && targets="$targets pvs_inject_run"
# shellcheck disable=SC2086
cmake --build "$B" -j2 --target $targets >/dev/null
PVSCHED=$B/tools/pvsched
case " $LOCKS " in
*" base-"*)
  [ -x "${BASE_PVSCHED:-}" ] || {
    echo "bench/programs: base-* locks need BASE_PVSCHED, another build's pvsched (now '${BASE_PVSCHED:-}')" >&2
    exit 1
  } ;;
esac
TMP=$(mktemp -d)
MC_PID=
INJ_PID=
CG=
trap 'rm -rf "$TMP"; [ -n "$MC_PID" ] && kill "$MC_PID" 2>/dev/null
      [ -n "$INJ_PID" ] && kill "$INJ_PID" 2>/dev/null
      [ -n "$CG" ] && rmdir "$CG" 2>/dev/null; true' EXIT

# The quota cgroup: v2 where the unified root offers the cpu controller,
# else v1's cpu hierarchy. Quota in microseconds of a 100 ms period.
if [ -n "$QUOTA" ]; then
  q_us=$(awk -v q="$QUOTA" 'BEGIN { printf "%d", q * 100000 }')
  if grep -qw cpu /sys/fs/cgroup/cgroup.controllers 2>/dev/null; then
    CG=/sys/fs/cgroup/pvs-programs-$$
    mkdir "$CG"
    echo "$q_us 100000" >"$CG/cpu.max"
  elif [ -d /sys/fs/cgroup/cpu ]; then
    CG=/sys/fs/cgroup/cpu/pvs-programs-$$
    mkdir "$CG"
    echo 100000 >"$CG/cpu.cfs_period_us"
    echo "$q_us" >"$CG/cpu.cfs_quota_us"
  else
    echo "bench/programs: no cgroup cpu controller; run with QUOTA=" >&2
    exit 1
  fi
fi

# wrap LOCK CMD...: CMD plain (glibc) or under pvsched run --lock LOCK,
# inside the quota cgroup when the cell is a "quota" one (SUBS).
# cmdline LOCK CMD... sets CMD to that command line; wrap runs it.
cmdline() {
  local lock=$1
  shift
  case $lock in
  glibc) ;;
  base-*) set -- "$BASE_PVSCHED" run --lock "${lock#base-}" -- "$@" ;;
  *) set -- "$PVSCHED" run --lock "$lock" -- "$@" ;;
  esac
  if [ "$SUBS" = quota ]; then
    # shellcheck disable=SC2016  # expanded by the inner shell
    set -- sh -c 'echo $$ >"$0/cgroup.procs" && exec "$@"' "$CG" "$@"
  fi
  CMD=("$@")
}
wrap() {
  cmdline "$@"
  "${CMD[@]}"
}

# A failed check: recorded with the lock and the output, then "NA".
CUR=""
die() {
  { echo "== $CUR: $*"; cat "$TMP/o" 2>/dev/null | tail -20; } >>"$OUT.failures"
  echo "bench/programs: check failed ($CUR): $*" >&2
  echo NA
  return 1
}

# Each prints one number (higher is better), or NA after a failed check.
w_sysbench_mutex() {
  wrap "$1" sysbench mutex --threads="$2" run >"$TMP/o" 2>&1 ||
    { die "sysbench mutex failed: $(tail -3 "$TMP/o")"; return 1; }
  awk '/total time:/ { sub("s", "", $3); printf "%.6f\n", 1 / $3 }' "$TMP/o"
}
w_sysbench_threads() {
  wrap "$1" sysbench threads --threads="$2" --time="$DUR" run >"$TMP/o" 2>&1 ||
    { die "sysbench threads failed: $(tail -3 "$TMP/o")"; return 1; }
  awk '/total time:/ { sub("s", "", $3); t = $3 }
       /total number of events:/ { e = $5 } END { printf "%.1f\n", e / t }' "$TMP/o"
}
w_stress() {	# lock threads stressor [extra args]
  local lock=$1 n=$2 s=$3
  shift 3
  wrap "$lock" stress-ng --"$s" "$n" "$@" --timeout "$DUR" --metrics-brief \
    --verify >"$TMP/o" 2>&1 ||
    { die "stress-ng --$s failed its run or --verify: $(tail -5 "$TMP/o")"; return 1; }
  if grep -qiE "fail|error" "$TMP/o"; then
    die "stress-ng --$s reported: $(grep -iE "fail|error" "$TMP/o" | head -3)"
    return 1
  fi
  awk -v s="$s" '$4 == s && $5 ~ /^[0-9]+$/ { print $9 }' "$TMP/o"
}
w_stress_mutex() { w_stress "$1" "$2" mutex; }
w_stress_pthread() { w_stress "$1" "$2" pthread --pthread-max 64; }
w_memcached() {
  local lock=$1 n=$2 i
  PORT=$((PORT + 1))
  MC_ARGS="-u root -t $n -p $PORT -U 0 -l 127.0.0.1 -m 256"
  # exec: $! must be memcached itself (or pvsched, which execs it), and
  # it must not hold this function's output pipe open
  # shellcheck disable=SC2086  # MC_ARGS is a list of words
  cmdline "$lock" memcached $MC_ARGS
  (exec "${CMD[@]}") \
    </dev/null >/dev/null 2>&1 &
  MC_PID=$!
  for i in $(seq 50); do
    (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null && break
    sleep 0.1
  done
  memcaslap -s "127.0.0.1:$PORT" -T 2 -c 64 -t "${DUR}s" -v 0.1 >"$TMP/o" 2>&1
  i=$?
  kill "$MC_PID"
  wait "$MC_PID" 2>/dev/null || true
  MC_PID=
  [ "$i" -eq 0 ] || { die "memcaslap failed: $(tail -3 "$TMP/o")"; return 1; }
  if ! awk '/verify_failed:/ && $2 != 0 { bad = 1 } END { exit bad }' "$TMP/o"; then
    die "memcaslap: $(grep verify_ "$TMP/o")"
    return 1
  fi
  awk '/TPS:/ { for (i = 1; i < NF; i++) if ($i == "TPS:") print $(i + 1) }' "$TMP/o"
}

echo "rep,workload,subs,threads,lock,value" >"$OUT"
: >"$OUT.failures"
: >"$OUT.failed-cells"
{
  echo "# $(date -u +%FT%TZ) $(uname -r) cpus=$NCPU reps=$REPS dur=${DUR}s locks=$LOCKS"
  echo "# load at start: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "# owner-on-CPU signal: $("$PVSCHED" oracle status 2>&1 | head -1)"
  echo "# injected preemption: $INJECT %"
  [ -z "${BASE_PVSCHED:-}" ] || echo "# base-* locks: $BASE_PVSCHED"
  echo "# quota cells: ${QUOTA:-none}${QUOTA:+ CPU ($CG)}"
} | tee "$OUT.conditions"
if [ "$INJECT" != 0 ]; then
  "$B/bench/pvs_inject_run" -p "$INJECT" 2>"$TMP/inj" &
  INJ_PID=$!
fi
cells=""
for w in $ONLY; do
  for subs in under over ${QUOTA:+quota}; do
    for l in $LOCKS; do cells="$cells $w:$subs:$l"; done
  done
done
for rep in $(seq "$REPS"); do
  for c in $(echo "$cells" | tr ' ' '\n' | grep . | shuf); do
    IFS=: read -r w subs l <<<"$c"
    n=$NCPU
    [ "$subs" = under ] || n=$((4 * NCPU))
    SUBS=$subs
    CUR="rep $rep $w $subs threads=$n lock=$l"
    v=$("w_${w//-/_}" "$l" "$n") || v=NA
    case $v in
    ''|NA) echo "$CUR" >>"$OUT.failed-cells" ;;
    *) echo "$rep,$w,$subs,$n,$l,$v" >>"$OUT" ;;
    esac
  done
  echo "repetition $rep/$REPS done (load $(cut -d' ' -f1 /proc/loadavg))" >&2
done
if [ -n "$INJ_PID" ]; then
  kill "$INJ_PID"
  wait "$INJ_PID" 2>/dev/null || true
  INJ_PID=
  sed 's/^pvs_inject_run: /# injector: /' "$TMP/inj" | tee -a "$OUT.conditions"
fi
echo "# load at end: $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$OUT.conditions"
if [ -s "$OUT.failed-cells" ]; then
  echo "# runs whose own check failed (not counted; $OUT.failures):"
  sed 's/^/#   /' "$OUT.failed-cells"
fi | tee -a "$OUT.conditions"
awk -f bench/programs/table.awk -v base=glibc "$OUT"
for l in $LOCKS; do
  case $l in
  base-*)
    echo
    echo "# the same runs, each lock against $l"
    awk -f bench/programs/table.awk -v base="$l" "$OUT" ;;
  esac
done
