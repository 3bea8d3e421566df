#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Wire libpvsched into a Linux tree (Debian's linux-source-6.1) so that the
# kernel decides through it:
#   1. kernel/import.sh LINUX   lays the library into lib/pvsched/ (with the
#                               shim, kernel/wire.c among it);
#   2. kernel/pvsched_wire.h    -> LINUX/include/linux/pvsched_wire.h;
#   3. kernel/patches/*.patch   applied in order with patch -p1 (each one's
#                               header names the upstream file, the lines
#                               and why). A tree already wired is detected
#                               (every patch applies in reverse) and left as
#                               it is; a patch that applies neither way stops
#                               the script.
# Then configure with CONFIG_PVSCHED=y CONFIG_PVSCHED_WIRE=y (and
# CONFIG_PVSCHED_SELFTEST=y for the boot-time check).
# Usage: kernel/wire.sh <linux-tree>
set -euo pipefail

die() { echo "wire.sh: $*" >&2; exit 1; }
[ $# -eq 1 ] || die "usage: $0 <linux-tree>"
tree=$(cd "$1" 2>/dev/null && pwd) || die "no such directory: $1"
here=$(cd "$(dirname "$0")" && pwd)
command -v patch >/dev/null || die "needs patch(1)"

"$here/import.sh" "$tree"
sed 's#<pvsched/#<linux/pvsched/#g' "$here/pvsched_wire.h" \
	>"$tree/include/linux/pvsched_wire.h"

n=0 already=0
for p in "$here"/patches/*.patch; do
	if patch -d "$tree" -p1 -s -f --dry-run <"$p" >/dev/null 2>&1; then
		patch -d "$tree" -p1 -s -f --no-backup-if-mismatch <"$p"
		n=$((n + 1))
	elif patch -d "$tree" -p1 -s -f -R --dry-run <"$p" >/dev/null 2>&1; then
		already=$((already + 1))
	else
		die "${p##*/} applies neither forward nor in reverse to $tree"
	fi
done
echo "wire.sh: $n patches applied, $already already there, in $tree"
