#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Wire libpvsched into a Linux tree (Debian's linux-source-6.1) so that the
# kernel decides through it:
#   1. kernel/import.sh LINUX   lays the library into lib/pvsched/ (with the
#                               shim, kernel/wire.c among it);
#   2. kernel/pvsched_wire.h    -> LINUX/include/linux/pvsched_wire.h;
#   3. kernel/patches/*.patch   a `git format-patch` series (each mail's
#                               commit message says what and why), applied
#                               in order: with `git am` when LINUX is the
#                               top of a git work tree (one commit each),
#                               with `git apply` otherwise (Debian's
#                               linux-source is not a git tree). A patch
#                               already in (it applies in reverse) is
#                               skipped; a patch that applies neither way
#                               stops the script.
# Then configure with CONFIG_PVSCHED=y CONFIG_PVSCHED_WIRE=y (and
# CONFIG_PVSCHED_SELFTEST=y for the boot-time check).
# Usage: kernel/wire.sh <linux-tree>
set -euo pipefail

die() { echo "wire.sh: $*" >&2; exit 1; }
[ $# -eq 1 ] || die "usage: $0 <linux-tree>"
tree=$(cd "$1" 2>/dev/null && pwd) || die "no such directory: $1"
here=$(cd "$(dirname "$0")" && pwd)
command -v git >/dev/null || die "needs git(1)"

"$here/import.sh" "$tree"
sed 's#<pvsched/#<linux/pvsched/#g' "$here/pvsched_wire.h" \
	>"$tree/include/linux/pvsched_wire.h"

# git am in a git work tree whose top is LINUX; git apply elsewhere, kept
# from finding a repository above LINUX.
gitt() {
	GIT_CEILING_DIRECTORIES=$(dirname "$tree") git -C "$tree" "$@"
}
if [ "$(gitt rev-parse --show-toplevel 2>/dev/null)" = "$tree" ]; then
	mode=am
	export GIT_COMMITTER_NAME=${GIT_COMMITTER_NAME:-$(gitt config user.name || echo wire.sh)}
	export GIT_COMMITTER_EMAIL=${GIT_COMMITTER_EMAIL:-$(gitt config user.email || echo wire.sh@localhost)}
else
	mode=apply
fi
n=0 already=0
for p in "$here"/patches/*.patch; do
	if gitt apply --check "$p" >/dev/null 2>&1; then
		if [ $mode = am ]; then
			gitt am -q "$p" || die "git am ${p##*/} failed in $tree"
		else
			gitt apply "$p"
		fi
		n=$((n + 1))
	elif gitt apply -R --check "$p" >/dev/null 2>&1; then
		already=$((already + 1))
	else
		die "${p##*/} applies neither forward nor in reverse to $tree"
	fi
done
echo "wire.sh: $n patches applied (git $mode), $already already there, in $tree"
