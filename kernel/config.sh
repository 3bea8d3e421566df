#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Configure libpvsched in a Linux tree that kernel/import.sh laid it into,
# and fail loudly when the result is not what was asked:
#   kernel/config.sh <linux-tree> [SYMBOL=m|y|n ...] [-- MAKE_ARG ...]
# Default: PVSCHED=m PVSCHED_SELFTEST=m. MAKE_ARGs (ARCH=powerpc,
# CROSS_COMPILE=...) go to `make olddefconfig`.
# The tree must have a .config to start from (a fresh tree has none: then
# scripts/config would write a near-empty one, and olddefconfig would
# leave CONFIG_MODULES unset and quietly build every =m in). Get one from
# `make defconfig` (x86_64 and most arches: modules on), from the running
# Debian kernel (`cp /boot/config-$(uname -r) .config`, linux-image-*), or
# from your distribution's kernel. Each symbol is set with scripts/config,
# olddefconfig resolves the dependencies, and every symbol must then have
# the value asked, or this exits 1 saying why.
set -euo pipefail

die() { echo "config.sh: $*" >&2; exit 1; }
[ $# -ge 1 ] || die "usage: $0 <linux-tree> [SYMBOL=m|y|n ...] [-- MAKE_ARG ...]"
tree=$1
shift
want=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
	[[ $1 =~ ^[A-Z0-9_]+=[myn]$ ]] || die "'$1': expected SYMBOL=m, =y or =n"
	want+=("$1")
	shift
done
[ $# -gt 0 ] && shift	# the "--"
[ ${#want[@]} -gt 0 ] || want=(PVSCHED=m PVSCHED_SELFTEST=m)

[ -x "$tree/scripts/config" ] || die "$tree is not a Linux source tree (no scripts/config)"
grep -qs 'source "lib/pvsched/Kconfig"' "$tree/lib/Kconfig" ||
	die "$tree has no libpvsched: run kernel/import.sh $tree first"
[ -f "$tree/.config" ] || die "$tree has no .config to start from: run
  make -C $tree defconfig            (a default config, modules on), or
  cp /boot/config-\$(uname -r) $tree/.config   (this Debian kernel's config)
then run this again (see docs/kernel.md)"

args=()
for w in "${want[@]}"; do
	case ${w#*=} in
	m) args+=(-m "${w%=*}") ;;
	y) args+=(-e "${w%=*}") ;;
	n) args+=(-d "${w%=*}") ;;
	esac
done
"$tree/scripts/config" --file "$tree/.config" "${args[@]}"
make -C "$tree" -s "$@" olddefconfig

bad=0
for w in "${want[@]}"; do
	sym=CONFIG_${w%=*} val=${w#*=}
	got=$(sed -n "s/^$sym=\\(.*\\)/\\1/p" "$tree/.config")
	[ -n "$got" ] || got=n
	[ "$got" = "$val" ] && continue
	bad=1
	echo "config.sh: $sym is $got, not $val as asked" >&2
	if [ "$val" = m ] && ! grep -qx 'CONFIG_MODULES=y' "$tree/.config"; then
		echo "config.sh:   CONFIG_MODULES is not set in this .config, so every =m became =y:" >&2
		echo "config.sh:   start from a config with modules (make defconfig, /boot/config-*) or ask ${w%=*}=y" >&2
	fi
done
[ $bad = 0 ] || exit 1
echo "config.sh: $tree/.config has ${want[*]}"
