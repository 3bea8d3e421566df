#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# A man page names every command and option its program's --help prints,
# so the two cannot drift apart again (pvsched(1) once lacked run and
# oracle). Commands are the words that open a line of the help's
# "Commands:" list, each must have its own entry (a line `.B word`);
# options are every -x / --word the help shows, named anywhere.
# Usage: man_help.sh MANPAGE PROGRAM [ARG...]   (runs PROGRAM ARG... --help)
set -eu
man=$1
shift
help=$("$@" --help)
# The page as text: roff's \- is a dash, font changes are no words.
text=$(sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' -e 's/\\(em/ /g' "$man")
cmds=$(printf '%s\n' "$help" | sed -n '/^Commands:/,/^$/p' |
       sed -n 's/^  \([a-z][a-z-]*\)  .*/\1/p')
opts=$(printf '%s\n' "$help" | grep -oE '(^|[ `[(])--?[a-zA-Z][a-zA-Z-]*' |
       sed 's/^[ `[(]//' | sort -u)
missing=
for w in $cmds; do
  printf '%s\n' "$text" | grep -qE -- "^\.B $w( |\$)" || missing="$missing $w"
done
for w in $opts; do
  printf '%s\n' "$text" | grep -qE -- "(^|[^a-zA-Z-])$w([^a-zA-Z-]|\$)" ||
    missing="$missing $w"
done
if [ -n "$missing" ]; then
  echo "$(basename "$man") does not name what '$* --help' prints:$missing"
  exit 1
fi
echo "$(basename "$man"): names the $(echo $cmds | wc -w) commands and $(echo $opts | wc -w) options of --help"
