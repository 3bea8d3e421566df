#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Uncontended lock/unlock cost of this tree's pvs_mutex against another
# build of it (a baseline, e.g. main's) and glibc's pthread_mutex_t:
#   1. instructions per pair (callgrind: (Ir at 2N - Ir at N) / N, exact);
#   2. user time of 10^8 pairs, REPS (11) interleaved rounds of the three
#      binaries, each ratio's median with its distribution-free 95 %
#      interval (order statistics of the binomial).
# Usage: bench/lock/pair.sh BASE_BUILD [BUILD]   (BUILD default: build)
# BUILD is built here (target pvsched_lock_static); BASE_BUILD is used as
# it is, so build it from the baseline's own sources, e.g.
#   git archive main | tar -x -C /tmp/base && cmake -S /tmp/base -B /tmp/bb \
#     -DCMAKE_BUILD_TYPE=Release && cmake --build /tmp/bb -t pvsched_lock_static
set -euo pipefail
cd "$(dirname "$0")/../.."
base=$1 new=${2:-build} out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
link() { # build-dir -> the static libraries the lock needs, in order
  local d=$1 l
  for l in host/lock/libpvsched_lock.a host/rt/libpvsched_rt.a \
      oracle/libpvsched_oracle.a host/oracle/libpvsched_oracle.a \
      host/probe/libpvsched_probe.a libpvsched.a; do
    [ -f "$d/$l" ] && printf '%s ' "$d/$l"
  done
  printf '%s' "$(pkg-config --libs hwloc libbpf 2>/dev/null) -lpthread"
}
cmake --build "$new" --target pvsched_lock_static >/dev/null
for v in base new; do
  if [ "$v" = base ]; then d=$base; else d=$new; fi
  # shellcheck disable=SC2046
  cc -O2 -Ihost/include -Iinclude -I"$d" bench/lock/pair.c $(link "$d") \
    -o "$out/$v"
done
cc -O2 -DPAIR_PTHREAD bench/lock/pair.c -lpthread -o "$out/pthread"
if command -v valgrind >/dev/null; then
  N=200000
  for v in base new pthread; do
    ir() { valgrind --tool=callgrind --callgrind-out-file=/dev/null \
             "$out/$v" "$1" 2>&1 | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'; }
    a=$(ir $N); b=$(ir $((2 * N)))
    echo "instructions per pair, $v: $(( (b - a) / N ))"
  done
fi
for r in $(seq 1 "${REPS:-11}"); do
  for v in base new pthread; do
    t=$( { /usr/bin/time -f %U "$out/$v" "${PAIRS:-100000000}"; } 2>&1 )
    echo "$r $v $t"
  done
done >"$out/times"
python3 - "$out/times" <<'PY'
import sys, statistics as st
from math import comb
d = {}
for line in open(sys.argv[1]):
    r, v, t = line.split()
    d.setdefault(r, {})[v] = float(t)
def show(name, xs):
    xs = sorted(xs); n = len(xs); lo = hi = None
    for k in range(n // 2):
        if sum(comb(n, j) for j in range(k, n - k + 1)) / 2 ** n >= 0.95:
            lo, hi = xs[k], xs[n - 1 - k]
    print(f"{name}: median {st.median(xs):.3f} [{lo:.3f}, {hi:.3f}]")
show("time new / base", [d[r]["new"] / d[r]["base"] for r in d])
show("speed new / pthread", [d[r]["pthread"] / d[r]["new"] for r in d])
print("median user s:", {v: st.median(d[r][v] for r in d) for v in ("base", "new", "pthread")})
PY
