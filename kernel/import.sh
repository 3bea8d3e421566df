#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Lay libpvsched into a Linux source tree, the way libfdt or zstd live there:
#   include/pvsched/**.h         -> <tree>/include/linux/pvsched/**.h
#     (the core headers only: the userspace ones live in host/include/,
#     which is never imported; .ci/layout.sh checks both)
#   core-sources.txt's sources   -> <tree>/lib/pvsched/ (lib/x.c -> x.c,
#                                   arch/a/y.c -> arch/a/y.c)
#   tests/vectors/ (shared vectors) -> <tree>/lib/pvsched/tests/vectors/
#   kernel/ (the shim)           -> <tree>/lib/pvsched/ (Kbuild -> Makefile)
# and hook lib/pvsched into lib/Kconfig and lib/Makefile (once).
# The only change to any file is the include path: <pvsched/ becomes
# <linux/pvsched/. Re-running replaces the previous import.
# Usage: kernel/import.sh <linux-tree>
set -euo pipefail

die() { echo "import.sh: $*" >&2; exit 1; }
[ $# -eq 1 ] || die "usage: $0 <linux-tree>"
tree=$(cd "$1" 2>/dev/null && pwd) || die "no such directory: $1"
[ -d "$tree/lib" ] && [ -d "$tree/include/linux" ] ||
	die "$tree does not look like a Linux tree (needs lib/ and include/linux/)"
repo=$(cd "$(dirname "$0")/.." && pwd)
inc=$tree/include/linux/pvsched
dst=$tree/lib/pvsched

# copy SRC DST: the include-path rewrite is the only edit.
copy() {
	mkdir -p "$(dirname "$2")"
	sed 's#<pvsched/#<linux/pvsched/#g' "$1" >"$2"
}

rm -rf "$inc" "$dst"
nh=0 ns=0 nv=0
while IFS= read -r h; do
	copy "$repo/$h" "$inc/${h#include/pvsched/}"; nh=$((nh + 1))
done < <(cd "$repo" && find include/pvsched -name '*.h' | LC_ALL=C sort)

while IFS= read -r s; do
	[ -f "$repo/$s" ] || die "core-sources.txt lists a missing file: $s"
	copy "$repo/$s" "$dst/${s#lib/}"; ns=$((ns + 1))
done < <(sed -n 's/^[[:space:]]*\([[:alnum:]_./-]*\.c\)[[:space:]]*$/\1/p' \
	"$repo/core-sources.txt")
copy "$repo/core-sources.txt" "$dst/core-sources.txt"

for v in "$repo"/tests/vectors/*.[ch]; do
	copy "$v" "$dst/tests/vectors/${v##*/}"; nv=$((nv + 1))
done

for k in "$repo"/kernel/*.[ch] "$repo/kernel/Kconfig"; do
	copy "$k" "$dst/${k##*/}"
done
copy "$repo/kernel/Kbuild" "$dst/Makefile"

# Hooks into the parent directory, added once.
grep -qsxF 'source "lib/pvsched/Kconfig"' "$tree/lib/Kconfig" ||
	printf '\nsource "lib/pvsched/Kconfig"\n' >>"$tree/lib/Kconfig"
grep -qsxF 'obj-$(CONFIG_PVSCHED) += pvsched/' "$tree/lib/Makefile" ||
	printf '\nobj-$(CONFIG_PVSCHED) += pvsched/\n' >>"$tree/lib/Makefile"

echo "import.sh: $nh headers -> include/linux/pvsched/, $ns core sources" \
	"and $nv vector files -> lib/pvsched/ in $tree"
