#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The install consumed as a downstream project would (budget: 2 minutes on
# 2 shared cores; 1m10-1m17 before the install, docs and plug-in checks):
#  0. `cmake --install --prefix` and `make install PREFIX= DESTDIR=` land
#     where asked, and the installed tools run from there and from a moved
#     copy (no LD_LIBRARY_PATH);
#  1. find_package(pvsched COMPONENTS ...) per component, shared and
#     static targets, each library's program calling a core function; a
#     missing component is named;
#  2. pkg-config per library from a plain Makefile, shared and static, and
#     the link lines of docs/abi.md as written there;
#  3. the shared libraries export only their public API (nm -D);
#  4. with DEB=1, the .deb packages installed with dpkg -i and used by the
#     same consumers (.ci/deb.sh builds them).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
# make install honours PREFIX and DESTDIR (-o build: the tree is built).
make -s -o build install BUILD="$build" PREFIX=/opt/pvsched DESTDIR="$tmp/stage" >/dev/null
[ -x "$tmp/stage/opt/pvsched/bin/pvsched" ] ||
  { echo "package: make install PREFIX=/opt/pvsched DESTDIR=$tmp/stage put no bin/pvsched there"; exit 1; }
mv "$tmp/stage/opt/pvsched" "$tmp/moved"
tools() { # prefix: the installed commands run with the loader's defaults only
  env -u LD_LIBRARY_PATH "$1/bin/pvsched" probe --window 0 >/dev/null &&
    env -u LD_LIBRARY_PATH "$1/bin/pvsched" --version >/dev/null ||
    { echo "package: $1/bin/pvsched does not run from its prefix"; exit 1; }
  if [ -x "$1/bin/pvsched-sim" ]; then
    env -u LD_LIBRARY_PATH "$1/bin/pvsched-sim" list >/dev/null ||
      { echo "package: $1/bin/pvsched-sim does not run from its prefix"; exit 1; }
  fi
}
tools "$tmp/prefix"
tools "$tmp/moved"
echo "package: make install PREFIX= DESTDIR= ok; the tools run from the prefix and a moved copy"
comps=$(sed -n 's/^set(_pvs_installed \(.*\))$/\1/p' \
        "$(find "$tmp/prefix" -name pvschedConfig.cmake)" | tr ";" " ")
echo "package: installed components: ${comps:-none}"

consume() { # prefix-path label: every component, one at a time, then all
  local pp=$1 label=$2 c
  for c in "" $comps "$comps"; do
    local d="$tmp/cm-$label-${c// /-}"
    cmake -S tests/consumer -B "$d" -DCMAKE_PREFIX_PATH="$pp" \
      -DPVS_COMPONENTS="${c// /;}" >/dev/null
    cmake --build "$d" >/dev/null
    for exe in "$d"/*consumer*; do [ -x "$exe" ] && [ -f "$exe" ] && "$exe" >/dev/null; done
  done
  # A component that is not installed fails find_package and is named.
  if cmake -S tests/consumer -B "$tmp/cm-$label-missing" -DCMAKE_PREFIX_PATH="$pp" \
       -DPVS_COMPONENTS=nosuch >"$tmp/missing.log" 2>&1; then
    echo "package[$label]: find_package accepted component 'nosuch'"; exit 1
  fi
  grep -q "component 'nosuch' is not installed" "$tmp/missing.log" ||
    { echo "package[$label]: missing component not named:"; cat "$tmp/missing.log"; exit 1; }
  echo "package[$label]: find_package per component (shared and static) ok"
}

makefile() { # pkg-config-path label
  mkdir -p "$tmp/mk-$2"
  PKG_CONFIG_PATH=$1 make -s -f tests/consumer/Makefile O="$tmp/mk-$2" >/dev/null
  for exe in "$tmp/mk-$2"/*; do "$exe" >/dev/null; done
  echo "package[$2]: pkg-config per library from a Makefile (shared and --static) ok"
}

consume "$tmp/prefix" prefix
case " $comps " in *" lock "*)
  # The drop-in ships beside the lock library.
  [ -n "$(find "$tmp/prefix" -name libpvsched-preload.so)" ] ||
    { echo "package: lock installed without libpvsched-preload.so"; exit 1; } ;;
esac
makefile "$(dirname "$(find "$tmp/prefix" -name pvsched.pc)")" prefix

# The docs' commands, run as written: the block after a line
# "<!-- ci: .ci/package.sh runs this block -->" of docs/FILE.md, in DIR.
doc_block() { # file dir
  awk '/^<!-- ci: \.ci\/package\.sh runs this block -->$/ { want = 1; next }
       want && /^```sh$/ { inb = 1; next }
       inb && /^```$/ { inb = 0; want = 0; next }
       inb { print }' "$1" >"$2/run.sh"
  [ -s "$2/run.sh" ] || { echo "package: no tested block in $1"; exit 1; }
  (cd "$2" && env -u LD_LIBRARY_PATH P="$tmp/prefix" sh -e run.sh >/dev/null) ||
    { echo "package: the commands of $1 fail:"; cat "$2/run.sh"; exit 1; }
}
# docs/abi.md's link lines: the shared program finds its libraries, the
# static one needs none of ours.
mkdir -p "$tmp/doc"
cp tests/consumer/lock.c "$tmp/doc/app.c"
doc_block docs/abi.md "$tmp/doc"
if readelf -d "$tmp/doc/app_static" | grep -q 'NEEDED.*libpvsched'; then
  echo "package: docs/abi.md's static link still needs a libpvsched*.so"; exit 1
fi
echo "package: docs/abi.md's shared and static link lines ok"

# A simulator plug-in built outside the tree: docs/plugins.md's cc line, and
# examples/sim-plugin/ as its own CMake project; both run by the installed
# pvsched-sim.
case " $comps " in *" sim "*)
  mkdir -p "$tmp/plugin"
  cp examples/sim-plugin/idle_hint_again.c "$tmp/plugin/"
  doc_block docs/plugins.md "$tmp/plugin"
  cmake -S examples/sim-plugin -B "$tmp/plugins" -DCMAKE_PREFIX_PATH="$tmp/prefix" >/dev/null
  cmake --build "$tmp/plugins" >/dev/null
  "$tmp/prefix/bin/pvsched-sim" run ppc-idle-hint --plugin "$tmp/plugins/libidle_hint_again.so" \
    --iterations 1 --runtime-ms 100 >"$tmp/plugin.out"
  grep -q idle-hint-again "$tmp/plugin.out" ||
    { echo "package: the out-of-tree idle_hint_again plug-in did not run"; exit 1; }
  echo "package: simulator plug-ins built outside the tree (cc, CMake) and run" ;;
esac

# Exported symbols: only the public API (declared in an installed header).
for so in "$tmp"/prefix/lib*/libpvsched*.so "$tmp"/prefix/lib/*/libpvsched*.so; do
  [ -e "$so" ] || continue
  case $so in *-preload.so) continue ;; esac  # interposes pthread_*, by design
  for sym in $(nm -D --defined-only "$so" | awk '$2 ~ /[TDBR]/ {print $3}'); do
    grep -rqw "$sym" "$tmp/prefix/include/pvsched" ||
      { echo "package: $(basename "$so") exports $sym, in no public header"; exit 1; }
  done
done
echo "package: shared libraries export only declared symbols"

if [ "${DEB:-0}" = 1 ]; then
  debs=$(ls "${DEB_DIR:?}"/*.deb)
  # dpkg does not wait for its lock (another apt-get may hold it): retry.
  for try in $(seq 60); do
    # shellcheck disable=SC2086
    dpkg -i $debs >"$tmp/dpkg.log" 2>&1 && break
    grep -q 'lock' "$tmp/dpkg.log" && [ "$try" -lt 60 ] ||
      { cat "$tmp/dpkg.log"; exit 1; }
    sleep 5
  done
  # The packages may hold fewer components than the build tree (no
  # oracle loader in Debian: debian/rules says why): consume theirs.
  comps=$(sed -n 's/^set(_pvs_installed \(.*\))$/\1/p' \
          /usr/lib/*/cmake/pvsched/pvschedConfig.cmake | tr ";" " ")
  echo "package[deb]: installed components: ${comps:-none}"
  consume /usr deb
  makefile "" deb
  pvsched --version >/dev/null && pvsched-sim list >/dev/null
  dpkg -L pvsched-tools | grep -q '/man1/pvsched-probe\.1' ||
    { echo "package[deb]: no man page for pvsched probe"; exit 1; }
  echo "package[deb]: dpkg -i, consumers and the tools ok"
  # Leave /usr as it was (a stale /usr/include/pvsched would hide a header
  # missing from a later build's tree).
  # shellcheck disable=SC2046
  dpkg -P pvsched-tools libpvsched-dev libpvsched-sim0 libpvsched-lock0 \
    libpvsched-rt0 libpvsched-probe0 libpvsched0 \
    $(dpkg-query -W -f='${Package}\n' '*pvsched*dbgsym' 2>/dev/null) >/dev/null
fi
