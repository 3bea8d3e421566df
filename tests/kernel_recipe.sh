#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The kernel recipe fails loudly instead of building something else
# (docs/kernel.md); .ci/kernel.sh runs kernel/config.sh in Debian's real
# linux-source tree, this in a second on a stand-in tree:
#  1. kernel/config.sh refuses a tree without .config, naming where one
#     comes from (a fresh tree's olddefconfig leaves CONFIG_MODULES unset
#     and quietly turns every =m into =y);
#  2. it exits 1 when olddefconfig did not give the value asked, and says
#     CONFIG_MODULES is unset when that is why; passes when it did;
#  3. make -C kernel with a KDIR that is no build tree stops and names the
#     linux-headers package, before anything is built.
# The stand-in's scripts/config and olddefconfig do what Kconfig does to
# these symbols: set them, then demote m to y without CONFIG_MODULES.
# Usage: kernel_recipe.sh REPO
set -euo pipefail
repo=$1
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
fail() { echo "kernel_recipe: $*" >&2; exit 1; }

tree=$t/linux
mkdir -p "$tree/scripts" "$tree/lib" "$tree/include/linux"
cat >"$tree/scripts/config" <<'SH'
#!/bin/sh
# stand-in: --file F then -m|-e|-d SYMBOL pairs
f=$2; shift 2
while [ $# -gt 0 ]; do
	sed -i "/^CONFIG_$2=/d; /^# CONFIG_$2 is not set/d" "$f"
	case $1 in -m) echo "CONFIG_$2=m" ;; -e) echo "CONFIG_$2=y" ;;
	-d) echo "# CONFIG_$2 is not set" ;; esac >>"$f"
	shift 2
done
SH
chmod +x "$tree/scripts/config"
cat >"$tree/Makefile" <<'MK'
olddefconfig:
	@grep -qx 'CONFIG_MODULES=y' .config || sed -i 's/=m$$/=y/' .config
MK
"$repo/kernel/import.sh" "$tree" >/dev/null

run() { "$repo/kernel/config.sh" "$tree" "$@" >"$t/out" 2>&1; }
run && fail "config.sh accepted a tree without .config"
grep -q 'no .config' "$t/out" && grep -q 'defconfig' "$t/out" ||
	{ cat "$t/out"; fail "no .config: the message does not say where one comes from"; }

: >"$tree/.config"	# what a fresh tree's scripts/config leaves
run && { cat "$tree/.config"; fail "config.sh accepted PVSCHED=y for m (no CONFIG_MODULES)"; }
grep -q 'CONFIG_PVSCHED is y, not m' "$t/out" && grep -q 'CONFIG_MODULES is not set' "$t/out" ||
	{ cat "$t/out"; fail "the demotion to =y is not explained"; }

echo 'CONFIG_MODULES=y' >"$tree/.config"
run || { cat "$t/out"; fail "config.sh refused a config with modules"; }
grep -qx 'CONFIG_PVSCHED=m' "$tree/.config" && grep -qx 'CONFIG_PVSCHED_SELFTEST=m' "$tree/.config" ||
	fail "config.sh did not set PVSCHED and PVSCHED_SELFTEST to m"
: >"$tree/.config"
run PVSCHED=y || { cat "$t/out"; fail "config.sh refused PVSCHED=y without modules"; }

if make -s -C "$repo/kernel" KDIR="$t/no-such-kdir" TREE="$t/tree" >"$t/out" 2>&1; then
	fail "make -C kernel accepted KDIR=$t/no-such-kdir"
fi
grep -q 'linux-headers' "$t/out" || { cat "$t/out"; fail "a missing KDIR does not name linux-headers"; }
[ ! -e "$t/tree" ] || fail "make -C kernel imported before checking KDIR"
echo "kernel_recipe: config.sh and make -C kernel fail loudly, and pass when they should"
