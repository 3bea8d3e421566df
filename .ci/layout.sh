#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Folders are layers. Budget: a few seconds (one gcc -fsyntax-only per core
# header, no build). Fails, naming the file, when:
#  1. a .c under lib/ or arch/ is missing from core-sources.txt, or a listed
#     file lives outside lib/ and arch/ (or does not exist); an arch/<a>/
#     backend has no include/pvsched/arch/<a>.h, or pvsched.h does not
#     include it;
#  2. a core file (core-sources.txt, include/pvsched/**.h) includes a quoted
#     file outside the core, or a system header (only env.h may);
#  3. a header kernel/import.sh copies into a scratch Linux tree is not
#     kernel-safe: it must compile alone with -ffreestanding -nostdinc
#     against a stub <linux/types.h>-style env, and carry no userspace
#     marker (_GNU_SOURCE, stdio, pthread ...);
#  4. a header of the userspace root host/include/ appears in the import;
#  5. the userspace half breaks its layering: host/ holds one folder per
#     library (each with its CMakeLists.txt naming every .c of the folder)
#     beside include/ (the public headers) and arch/ (the internal header
#     they share); a file of one library includes only its own folder's
#     files, host/arch/arch.h, this_thread.h or slice.h, and public
#     headers (<pvsched/...> of include/ or host/include/); only arch.h
#     includes its per-architecture parts.
set -euo pipefail
cd "$(dirname "$0")/.."
cc=${CC:-gcc}
fail=0
bad() { echo "layout: FAIL: $*" >&2; fail=1; }

mapfile -t core < <(grep -v '^#' core-sources.txt | sed '/^[[:space:]]*$/d')

# 1. core-sources.txt == the .c files of lib/ and arch/.
for s in "${core[@]}"; do
  case $s in lib/*|arch/*) ;; *) bad "core-sources.txt lists $s, outside lib/ and arch/" ;; esac
  [ -f "$s" ] || bad "core-sources.txt lists $s, which does not exist"
done
declare -A listed=()
for s in "${core[@]}"; do listed[$s]=1; done
n=0
while IFS= read -r f; do
  n=$((n + 1))
  # (not printf | grep -q: grep's early exit can kill printf with SIGPIPE,
  # which pipefail turned into a false failure)
  [ -n "${listed[$f]:-}" ] ||
    bad "$f is under lib/ or arch/ but not in core-sources.txt (move it to host/ or list it)"
done < <(find lib arch -name '*.c' | LC_ALL=C sort)
echo "layout: core-sources.txt lists ${#core[@]} files; lib/ and arch/ hold $n .c files"

# 1b. One backend per arch/<a>/: its header include/pvsched/arch/<a>.h,
# which the umbrella pvsched.h includes (docs/HACKING.md, "Adding an
# architecture"). Both lists are found, so a backend edits neither here.
na=0
for d in arch/*/; do
  a=$(basename "$d") na=$((na + 1))
  [ -f "include/pvsched/arch/$a.h" ] ||
    bad "arch/$a/ has no header include/pvsched/arch/$a.h (docs/HACKING.md)"
done
for h in include/pvsched/arch/*.h; do
  a=$(basename "$h" .h)
  [ -d "arch/$a" ] || bad "$h has no decoder folder arch/$a/"
  grep -qxF "#include <pvsched/arch/$a.h>" include/pvsched/pvsched.h ||
    bad "include/pvsched/pvsched.h does not include <pvsched/arch/$a.h>"
done
echo "layout: arch/ holds $na backends, each with its header in pvsched.h"

# 2. The core includes only the core (and env.h alone includes system headers).
mapfile -t hdrs < <(find include/pvsched -name '*.h' | LC_ALL=C sort)
for f in "${core[@]}" "${hdrs[@]}"; do
  [ -f "$f" ] || continue
  while IFS= read -r inc; do
    case $inc in
      '"'*)
        q=${inc#\"}; q=${q%\"}
        r=$(realpath -m --relative-to=. "$(dirname "$f")/$q")
        case $r in include/pvsched/*|lib/*|arch/*) ;;
          *) bad "$f includes \"$q\" ($r), outside the core" ;; esac ;;
      '<pvsched/'*)
        h=${inc#<}; h=${h%>}
        [ -f "include/$h" ] || bad "$f includes <$h>, not a core header (include/$h)" ;;
      *)
        [ "$f" = include/pvsched/env.h ] ||
          bad "$f includes system header $inc (only include/pvsched/env.h may)" ;;
    esac
  done < <(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*\([<"][^>"]*[>"]\).*/\1/p' "$f")
done
echo "layout: ${#core[@]} core sources and ${#hdrs[@]} core headers include only the core"

# 3 and 4. Import into a scratch Linux tree; check what landed there.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/linux/lib" "$tmp/linux/include/linux"
kernel/import.sh "$tmp/linux" >/dev/null
imp=$tmp/linux/include/linux/pvsched
# A minimal kernel env: every <dir/name.h> env.h includes (under
# __KERNEL__ those are <linux/...>, <asm/...> ...; its userspace headers
# have no directory) exists, and only linux/types.h says anything. The
# list is read from env.h, so a kernel header env.h gains (a barrier, a
# helper a new backend needs) needs no edit here.
stub=$tmp/stub/linux
mkdir -p "$stub"
cat >"$stub/types.h" <<'STUB'
typedef unsigned char u8; typedef unsigned short u16;
typedef unsigned int u32; typedef unsigned long long u64;
typedef signed char s8; typedef short s16; typedef int s32;
typedef long long s64;
typedef u8 uint8_t; typedef u16 uint16_t; typedef u32 uint32_t;
typedef u64 uint64_t; typedef s8 int8_t; typedef s16 int16_t;
typedef s32 int32_t; typedef s64 int64_t;
typedef unsigned long size_t; typedef unsigned long uintptr_t;
typedef _Bool bool;
#define true 1
#define false 0
#define NULL ((void *)0)
#define U32_MAX 0xffffffffu
#define U64_MAX 0xffffffffffffffffull
#define S32_MAX 0x7fffffff
#define S64_MAX 0x7fffffffffffffffll
#define UINT32_MAX U32_MAX
#define UINT64_MAX U64_MAX
#define INT32_MAX S32_MAX
#define INT64_MAX S64_MAX
#define UINT8_MAX 0xff
#define UINT16_MAX 0xffff
#define INT32_MIN (-S32_MAX - 1)
#define INT64_MIN (-S64_MAX - 1)
STUB
for h in $(grep -ho '<[a-z0-9_][a-z0-9_]*/[a-z0-9_/]*\.h>' "$imp/env.h" | sort -u | tr -d '<>'); do
  [ "$h" = linux/types.h ] || [ -e "$stub/../$h" ] ||
    { mkdir -p "$(dirname "$stub/../$h")"; echo '#include <linux/types.h>' >"$stub/../$h"; }
done
ni=0
while IFS= read -r f; do
  rel=${f#"$imp"/}
  ni=$((ni + 1))
  [ -f "host/include/pvsched/$rel" ] &&
    bad "import carries include/linux/pvsched/$rel, a userspace header (host/include/pvsched/$rel)"
  if grep -nE '_GNU_SOURCE|<(stdio|stdlib|string|unistd|pthread|dirent|time|errno|sys/[a-z]+)\.h>|\b(malloc|calloc|free|printf|fopen)\(' "$f" |
     grep -v '^\s*[0-9]*:\s*\*' >"$tmp/m"; then
    bad "imported include/linux/pvsched/$rel has userspace markers: $(head -1 "$tmp/m")"
  fi
  if ! "$cc" -std=gnu11 -ffreestanding -nostdinc -fsyntax-only -D__KERNEL__ \
       -I"$tmp/stub" -I"$tmp/linux/include" -x c "$f" 2>"$tmp/err"; then
    bad "imported include/linux/pvsched/$rel does not compile freestanding (-nostdinc, kernel env):"
    head -5 "$tmp/err" >&2
  fi
done < <(find "$imp" -name '*.h' | LC_ALL=C sort)
echo "layout: import copied $ni headers; each compiles -ffreestanding -nostdinc, none from host/include"

# 5. host/: one folder, one library; private headers stay in their library.
for f in host/*; do
  [ -d "$f" ] || [ "$f" = host/CMakeLists.txt ] ||
    bad "$f is at the root of host/ (it belongs in its library's folder)"
done
mapfile -t libs < <(find host -mindepth 1 -maxdepth 1 -type d ! -name include ! -name arch | LC_ALL=C sort)
nh=0
for d in "${libs[@]}"; do
  [ -f "$d/CMakeLists.txt" ] || { bad "$d has no CMakeLists.txt"; continue; }
  while IFS= read -r c; do
    rel=${c#"$d"/}
    grep -qE "(^|[[:space:]/])${rel//./\\.}([[:space:])]|\$)" "$d/CMakeLists.txt" ||
      bad "$c is not named in $d/CMakeLists.txt"
  done < <(find "$d" -name '*.c' | LC_ALL=C sort)
done
# Quoted includes that the build generates (the oracle's BPF skeletons).
generated() { case $1 in vmlinux.h|*.skel.h) return 0 ;; esac; return 1; }
while IFS= read -r f; do
  nh=$((nh + 1))
  case $f in
    host/arch/*) own=host/arch ;;
    *) own=$(printf '%s\n' "$f" | cut -d/ -f1-2) ;;
  esac
  while IFS= read -r inc; do
    case $inc in
      '"'*)
        q=${inc#\"}; q=${q%\"}
        r=$(realpath -m --relative-to=. "$(dirname "$f")/$q")
        if [ ! -e "$r" ]; then
          generated "$q" || bad "$f includes \"$q\", which does not exist ($r)"
          continue
        fi
        case $r in
          host/arch/arch.h|host/arch/this_thread.h|host/arch/slice.h) ;;
          host/arch/*) [ "$f" = host/arch/arch.h ] ||
            bad "$f includes \"$q\" ($r): include host/arch/arch.h, which picks the architecture's part" ;;
          "$own"/*) ;;
          *) bad "$f includes \"$q\" ($r), private to another library (use its public header, or host/arch/arch.h)" ;;
        esac ;;
      '<pvsched/'*)
        h=${inc#<}; h=${h%>}
        [ -f "include/$h" ] || [ -f "host/include/$h" ] ||
          bad "$f includes <$h>, not a public header (include/$h or host/include/$h)" ;;
      *)
        h=${inc#<}; h=${h%>}
        for p in host/*/"$h" host/*/*/"$h"; do
          case $p in host/include/*) continue ;; esac
          if [ -e "$p" ]; then bad "$f includes <$h>: $p is a library's private file"; fi
        done ;;
    esac
  done < <(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*\([<"][^>"]*[>"]\).*/\1/p' "$f")
done < <(find host -name '*.[ch]' ! -path 'host/include/*' | LC_ALL=C sort)
echo "layout: host/ holds ${#libs[@]} library folders; $nh files include only their own, host/arch/ and public headers"

if [ $fail -ne 0 ]; then
  echo "layout: FAILED (see above)" >&2
  exit 1
fi
echo "layout: ok"
