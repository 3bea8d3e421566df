#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The lock benchmark inside an over-committed guest: Debian's x86_64 kernel
# under qemu-system-x86_64 -accel tcg,thread=multi with -smp 4 and -smp 8
# on this machine's CPUs, so vCPUs (host threads) are really preempted by
# the host; the guest sees no steal and no PV features. pvs_lockbench is
# linked statically (with the BPF oracle's loader: the guest kernel has BTF
# and the program attaches there as root) into a busybox initramfs whose
# /init runs it and powers off.
#   bench/preempt/tcg-guest.sh                 -smp 4 and 8, default grid
#   SMP="4" ARGS="-d 200 -r 7 -c 50" bench/preempt/tcg-guest.sh
#   THREADS=1,8 ... (default: 2, 4 and 8 threads per vCPU, at most 64)
# Needs: linux-image-amd64 qemu-system-x86 busybox-static cpio, libbpf-dev
# libelf-dev zlib1g-dev (static libraries), libck-dev.
set -euo pipefail
cd "$(dirname "$0")/../.."
B=${BUILD:-build}
SMP=${SMP:-4 8}
ARGS=${ARGS:--d 200 -r 7 -c 50,2000 -i 0}
OUT=${OUT:-$B/tcg}
KVER=$(ls /boot | sed -n 's/^vmlinuz-\(.*-amd64\)$/\1/p' | sort -V | tail -1)
[ -n "$KVER" ] || { echo "tcg-guest: no /boot/vmlinuz-*-amd64 (apt-get install linux-image-amd64)"; exit 1; }
for t in qemu-system-x86_64 cpio; do
  command -v $t >/dev/null || { echo "tcg-guest: $t not installed"; exit 1; }
done
BB=$(command -v busybox || echo /bin/busybox)
cmake -S . -B "$B" >/dev/null
cmake --build "$B" -j2 --target pvsched_oracle >/dev/null
mkdir -p "$OUT"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A static pvs_lockbench: the same sources as the CMake target.
# The core, then one folder per host/ library (each folder is its library).
mapfile -t srcs < <(grep -v '^#' core-sources.txt | sed '/^$/d'
                    find host/probe host/rt host/oracle host/stats host/lock \
                      -name '*.c' ! -name '*.bpf.c' | LC_ALL=C sort)
cc -std=gnu11 -O2 -static -pthread -DPVS_HAVE_CK -DPVS_HAVE_ORACLE \
  -Iinclude -Ihost/include -Ihost/stats \
  -Ibench/preempt -Ibench/lock -I"$B/oracle" \
  "${srcs[@]}" \
  bench/preempt/inject.c bench/lock/lockbench.c bench/lock/report.c \
  bench/lock/svg.c bench/lock/cgroup.c -lbpf -lelf -lz -lck -lm -o "$tmp/pvs_lockbench"

mkdir -p "$tmp/root/bin" "$tmp/root/proc" "$tmp/root/sys" "$tmp/root/tmp"
cp "$BB" "$tmp/root/bin/busybox"
cp "$tmp/pvs_lockbench" "$tmp/root/bin/"
for smp in $SMP; do
  n=$smp
  cat >"$tmp/root/init" <<EOI
#!/bin/busybox sh
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
echo "=== lockbench smp=$smp begin"
/bin/pvs_lockbench $ARGS -t ${THREADS:-$((2 * n)),$((4 * n)),$((8 * n > 64 ? 64 : 8 * n))} -o /tmp/lb.csv -S $smp
echo "=== csv"
cat /tmp/lb.csv
echo "=== lockbench end"
poweroff -f
EOI
  chmod +x "$tmp/root/init"
  (cd "$tmp/root" && find . | cpio -o -H newc 2>/dev/null | gzip -1) >"$tmp/initrd.gz"
  echo "tcg-guest: -smp $smp on $(nproc) host CPUs, kernel $KVER" >&2
  timeout 1800 qemu-system-x86_64 -accel tcg,thread=multi -cpu max -smp "$smp" \
    -m 1024 -nic none -kernel "/boot/vmlinuz-$KVER" -initrd "$tmp/initrd.gz" \
    -append "console=ttyS0 quiet panic=-1" -nographic -no-reboot \
    </dev/null >"$tmp/console.txt" 2>&1 || true
  sed -n '/=== lockbench smp/,/=== csv/p' "$tmp/console.txt" | tr -d '\r' \
    | sed '1d;$d' | tee "$OUT/smp$smp.txt"
  sed -n '/=== csv/,/=== lockbench end/p' "$tmp/console.txt" | tr -d '\r' \
    | sed '1d;$d' >"$OUT/smp$smp.csv"
  [ -s "$OUT/smp$smp.csv" ] || { echo "tcg-guest: no output; console:"; tail -30 "$tmp/console.txt"; }
done
