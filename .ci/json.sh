#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Every --json output is strict JSON (UTF-8, RFC 8259, no duplicate keys):
# `pvsched probe --json` over every good fixture tree, `pvsched sim run --json`
# and `sim compare --json` of every scenario (short runs), then the text
# field fuzzer (tests/json_fuzz.py) for JSON_FUZZ_ROUNDS rounds (default
# 2000). Budget: about 1 minute.
set -euo pipefail
cd "$(dirname "$0")/.."
p=${PVSCHED:-build/tools/pvsched}
check() { # label command...
  local out
  out=$(mktemp)
  "${@:2}" >"$out"
  python3 tests/json_strict.py <"$out" || { echo "json: $1"; rm -f "$out"; exit 1; }
  rm -f "$out"
}
n=0
# The good trees as ctest reads them: committed, and derived by malformed.sh.
fx_root=$(mktemp -d)
trap 'rm -rf "$fx_root"' EXIT
tests/fixtures/malformed.sh "$fx_root"
for fx in "$fx_root"/*/; do
  name=$(basename "$fx")
  [[ $name == bad-* ]] && continue
  check "probe $name" "$p" probe --json --window 0 --sysroot "$fx"
  n=$((n + 1))
done
for s in $("$p" sim list | awk '{print $1}'); do
  check "sim run $s" "$p" sim run "$s" --json --iterations 1 --runtime-ms 20
  check "sim compare $s" "$p" sim compare "$s" --json --iterations 3 --runtime-ms 20
  n=$((n + 2))
done
echo "json: $n outputs strictly valid"
python3 tests/json_fuzz.py "$p" tests/fixtures "${JSON_FUZZ_ROUNDS:-2000}"
