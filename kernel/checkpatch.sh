#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The kernel's own style checker over what a kernel maintainer would read:
#   - every file kernel/import.sh lays into a Linux tree (the core headers
#     under include/linux/pvsched/, the core sources, the shared vectors and
#     the shim under lib/pvsched/), checked as files (checkpatch.pl -f);
#   - the kernel/patches/ series, checked as the mails they are.
# Each report must be recorded in kernel/checkpatch-exceptions.txt (one line
# per type: the type, the paths it is accepted in, and why checkpatch is
# wrong there or why the code keeps its form); an unrecorded report fails.
# Exceptions that match nothing any more are listed (remove them).
# Usage: kernel/checkpatch.sh LINUX   (a Linux source tree: LINUX/scripts/
#        checkpatch.pl, with its spelling.txt beside it, is what runs)
set -euo pipefail

die() { echo "checkpatch.sh: $*" >&2; exit 1; }
[ $# -eq 1 ] || die "usage: $0 <linux-tree>"
cp=$(cd "$1" 2>/dev/null && pwd)/scripts/checkpatch.pl
[ -f "$cp" ] || die "no scripts/checkpatch.pl in $1"
repo=$(cd "$(dirname "$0")/.." && pwd)
exc=$repo/kernel/checkpatch-exceptions.txt
work=$(mktemp -d "${TMPDIR:-/tmp}/pvsched-checkpatch.XXXXXX")
trap 'rm -rf "$work"' EXIT

tree=$work/tree
mkdir -p "$tree/lib" "$tree/include/linux"
: >"$tree/lib/Kconfig"
: >"$tree/lib/Makefile"
"$repo/kernel/import.sh" "$tree" >/dev/null
mapfile -t files < <(cd "$tree" && find include/linux/pvsched lib/pvsched \
	-type f \( -name '*.[ch]' -o -name Kconfig -o -name Makefile \) |
	LC_ALL=C sort)
mapfile -t patches < <(cd "$repo" && ls kernel/patches/*.patch)
opts=(--no-tree --terse --show-types --no-summary --no-color)
# checkpatch exits non-zero when it reports: the reports are judged below.
(cd "$tree" && perl "$cp" "${opts[@]}" -f "${files[@]}" || true) >"$work/reports"
# The series from a copy outside the repository: inside a git work tree
# where the mails are committed, checkpatch.pl takes their blank context
# lines for added lines with trailing whitespace.
mkdir -p "$work/kernel/patches"
cp "${patches[@]/#/$repo/}" "$work/kernel/patches/"
(cd "$work" && GIT_CEILING_DIRECTORIES=$(dirname "$work") \
	perl "$cp" "${opts[@]}" "${patches[@]}" || true) >>"$work/reports"
grep -Eq '^[^:]+:[0-9]+: (ERROR|WARNING|CHECK):' "$work/reports" ||
	[ ! -s "$work/reports" ] || { cat "$work/reports"; die "unexpected checkpatch output"; }

# Exceptions: TYPE GLOB[,GLOB...] reason...
declare -a etype eglob eused
while read -r t g _; do
	case $t in ''|'#'*) continue ;; esac
	etype+=("$t"); eglob+=("$g"); eused+=(0)
done <"$exc"

bad=0 ok=0
while IFS= read -r line; do
	path=${line%%:*}
	type=$(sed -E 's/^[^:]+:[0-9]+: (ERROR|WARNING|CHECK):([A-Z0-9_]+):.*/\2/' <<<"$line")
	hit=0
	for i in "${!etype[@]}"; do
		[ "${etype[$i]}" = "$type" ] || continue
		IFS=, read -ra gs <<<"${eglob[$i]}"
		for g in "${gs[@]}"; do
			# shellcheck disable=SC2053 # the glob is meant to match
			if [[ $path == $g ]]; then hit=1; eused[i]=1; break 2; fi
		done
	done
	if [ $hit = 1 ]; then ok=$((ok + 1)); else echo "$line"; bad=$((bad + 1)); fi
done <"$work/reports"
for i in "${!etype[@]}"; do
	[ "${eused[$i]}" = 1 ] ||
		echo "checkpatch.sh: stale exception (matches nothing): ${etype[$i]} ${eglob[$i]}"
done
echo "checkpatch.sh: ${#files[@]} imported files and ${#patches[@]} patches:" \
	"$ok recorded reports, $bad unrecorded"
[ $bad -eq 0 ] || die "$bad report(s) above are neither fixed nor recorded in kernel/checkpatch-exceptions.txt"
