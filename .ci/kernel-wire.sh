#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Kernel-wire job: a real kernel deciding through libpvsched, measured.
#
# Time budget: under 25 minutes from cold on a 2-core machine (packages,
# extract, two kernel builds, the x86 compile test, the boot and the
# benchmark); the job prints its own time at the end, warns above
# PVS_WIRE_BUDGET seconds (default 1500) and fails above twice that (a
# machine shared with other builds took 1516 s; a quiet one about 900 s). Within a run everything is built
# once: the extracted source is copied for the x86 and pristine trees, and
# with PVS_WIRE_CACHE=DIR the wired ppc64le tree and its vmlinux are kept
# in DIR and reused while kernel/ and this script are unchanged.
#
#   1. kernel/wire.sh puts the library and kernel/patches/ into Debian's
#      linux-source-6.1; a small pseries ppc64le configuration (tinyconfig
#      plus what a pseries guest needs) with CONFIG_PVSCHED=y,
#      CONFIG_PVSCHED_WIRE=y and CONFIG_PVSCHED_SELFTEST=y is built
#      (make -j2 vmlinux, cross gcc from Debian);
#   2. warnings: lib/pvsched/ must build clean with W=1 and sparse (C=1);
#      the touched upstream objects (cpuidle-pseries.o, and osq_lock.o for
#      paravirt.h's vcpu_is_preempted()) must give no W=1/sparse warning
#      that the same objects of an unpatched tree do not give;
#   3. x86: the same wire applied to an x86_64 defconfig tree with KVM and
#      KVM_GUEST, compile test of the touched objects only (W=1):
#      arch/x86/kernel/kvm.o, virt/kvm/kvm_main.o and lib/pvsched/;
#   4. the kernel boots under qemu-system-ppc64 -M pseries -accel tcg
#      -smp 4 with a busybox initramfs holding bench/wakeup/wakeup (static,
#      powerpc64le-linux-gnu-gcc). /init checks that an unknown policy is
#      refused with EINVAL and the old one kept, then runs wakeup
#      PVS_WIRE_ITERS times under each vcpu_is_preempted policy (parity,
#      idle-hint), interleaved, switching at run time, recording the
#      debugfs counters around every run and the wire check (the wired
#      vcpu_is_preempted() against the selftest's recomputed rule) after;
#   5. the host fails the job on WARNING/BUG/Oops/panic in the boot log, a
#      failed selftest, a wire-check mismatch, counters that did not move
#      under the policy in force (or moved under the other one), and prints
#      the percentile table with compare% and the ministat comparison
#      (bench/wakeup/compare.awk). Which policy is faster is a finding,
#      not a pass/fail condition. With a built simulator
#      (build/sim/pvsched-sim, or PVSIM) bench/wakeup/beside.sh then
#      prints the simulator's run of the same shape beside it (seconds).
# Environment: PVS_WIRE_ITERS (default 10), PVS_WIRE_RUNTIME (s per run,
#   default 5), PVS_WIRE_SMP (default 4), PVS_WIRE_ARGS (wakeup options,
#   default "-m 2 -t 2 -s 100 -w 30"), PVS_WIRE_WARN=0 skips step 2,
#   PVS_WIRE_X86=0 skips step 3,
#   PVS_WIRE_CACHE=DIR, PVS_WIRE_KEEP=1 keeps the scratch directory,
#   PVS_WIRE_OUT=FILE also writes the report there; TMPDIR as usual.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
export DEBIAN_FRONTEND=noninteractive LC_ALL=C

iters=${PVS_WIRE_ITERS:-10}
runtime=${PVS_WIRE_RUNTIME:-5}
smp=${PVS_WIRE_SMP:-4}
wargs=${PVS_WIRE_ARGS:--m 2 -t 2 -s 100 -w 30}
budget=${PVS_WIRE_BUDGET:-1500}
jobs=2

say() { printf 'kernel-wire: %s\n' "$*"; }
die() { printf 'kernel-wire: FAIL: %s\n' "$*" >&2; exit 1; }
t0=$SECONDS
lap() { say "$1 done in $((SECONDS - $2)) s"; }

work=$(mktemp -d "${TMPDIR:-/tmp}/pvsched-wire.XXXXXX")
chmod 755 "$work" # apt-get download runs as _apt
if [ "${PVS_WIRE_KEEP:-0}" = 1 ]; then
	trap 'echo "kernel-wire: scratch kept in $work"' EXIT
else
	trap 'rm -rf "$work"' EXIT
fi

# ---- 0. packages -----------------------------------------------------------
t=$SECONDS
[ "$(id -u)" -eq 0 ] || die "run as root (apt-get)"
dpkg --print-foreign-architectures | grep -x ppc64el >/dev/null ||
	dpkg --add-architecture ppc64el
# A foreign-arch security index can be mid-sync: the install checks.
apt-get update -qq || true
apt-get install -y -qq --no-install-recommends linux-source-6.1 \
	gcc-powerpc64le-linux-gnu libc6-dev-ppc64el-cross qemu-system-ppc \
	gcc make bc bison flex libssl-dev libelf-dev cpio patch git sparse \
	xz-utils gawk >/dev/null || die "apt-get install failed"
(cd "$work" && apt-get download busybox-static:ppc64el >/dev/null 2>&1) ||
	die "apt-get download busybox-static:ppc64el failed"
src=$(ls /usr/src/linux-source-6.1.tar.* 2>/dev/null | head -1)
[ -n "$src" ] || die "no /usr/src/linux-source-6.1.tar.*"
lap packages $t

# ---- 1. the wired ppc64le tree and its vmlinux ------------------------------
export ARCH=powerpc CROSS_COMPILE=powerpc64le-linux-gnu-
# The pseries guest configuration of a minimal kernel (see the README).
ppc_config() {
	make -s tinyconfig >/dev/null
	scripts/config \
	 -e PPC64 -e PPC_BOOK3S_64 -e CPU_LITTLE_ENDIAN -d CPU_BIG_ENDIAN \
	 -e POWER9_CPU -d GENERIC_CPU -e PPC_RADIX_MMU \
	 -e PPC_PSERIES -e PPC_SPLPAR -e LPARCFG -e PPC_OF_BOOT_TRAMPOLINE \
	 -e ALTIVEC -e VSX -e PPC_KUEP -e PPC_KUAP \
	 -e SMP --set-val NR_CPUS 8 \
	 -e PRINTK -e PRINTK_TIME -e EARLY_PRINTK -e KALLSYMS \
	 -e TTY -e HVC_CONSOLE -e HVC_OLD_HVSI \
	 -e BLK_DEV_INITRD -e RD_GZIP -d RD_BZIP2 -d RD_LZMA -d RD_XZ \
	 -d RD_LZO -d RD_LZ4 -d RD_ZSTD \
	 -e BINFMT_ELF -e BINFMT_SCRIPT -e PROC_FS -e SYSFS -e DEVTMPFS \
	 -e DEVTMPFS_MOUNT -e MULTIUSER -e FUTEX -e POSIX_TIMERS \
	 -e HIGH_RES_TIMERS -e NO_HZ_IDLE -e CPU_IDLE -e PSERIES_CPUIDLE \
	 -e DEBUG_FS -e DEBUG_FS_ALLOW_ALL -e BUG "$@"
	make -s olddefconfig >/dev/null 2>&1
	grep -q '^CONFIG_PPC_SPLPAR=y' .config || die "config lost PPC_SPLPAR"
}

extract() { # DIR: a fresh copy of the source in DIR/linux-source-6.1
	mkdir -p "$1"
	if [ -d "$work/pristine" ]; then
		cp -a "$work/pristine" "$1/linux-source-6.1"
	else
		tar xf "$src" -C "$1"
		cp -a "$1/linux-source-6.1" "$work/pristine"
	fi
}

# The cache key: everything that goes into the wired vmlinux.
key=$( (cd "$repo" && find kernel include/pvsched lib arch tests/vectors \
	core-sources.txt -type f | LC_ALL=C sort | xargs cat;
	declare -f ppc_config) | sha256sum | cut -c1-16)
cache=${PVS_WIRE_CACHE:-}
ppc=$work/ppc/linux-source-6.1
t=$SECONDS
if [ -n "$cache" ] && [ -f "$cache/$key/vmlinux" ]; then
	say "cache hit: $cache/$key"
	mkdir -p "$work/ppc" && cp -a "$cache/$key/tree" "$ppc"
else
	extract "$work/ppc"
	(cd "$ppc" && "$repo/kernel/wire.sh" . && ppc_config \
		-e PVSCHED -e PVSCHED_WIRE -e PVSCHED_SELFTEST)
	grep -q '^CONFIG_PVSCHED_WIRE=y' "$ppc/.config" ||
		die "CONFIG_PVSCHED_WIRE did not stick"
	say "building the wired pseries vmlinux (make -j$jobs)"
	(cd "$ppc" && nice make -j$jobs vmlinux >"$work/build.log" 2>&1) || {
		tail -40 "$work/build.log"; die "vmlinux build failed"; }
	if grep -E 'warning:|error:' "$work/build.log" | grep pvsched >/dev/null; then
		grep -E 'warning:|error:' "$work/build.log"
		die "warnings in the library or the wire"
	fi
	if [ -n "$cache" ]; then
		mkdir -p "$cache/$key" && cp -a "$ppc" "$cache/$key/tree" &&
			cp "$ppc/vmlinux" "$cache/$key/vmlinux"
	fi
fi
lap "wired vmlinux" $t

# ---- 2. W=1 and sparse on the touched code --------------------------------
if [ "${PVS_WIRE_WARN:-1}" != 0 ]; then
t=$SECONDS
touched="drivers/cpuidle/cpuidle-pseries.o kernel/locking/osq_lock.o"
# warnings TREE OBJS...: rebuild OBJS with W=1 C=1, print the warnings
# with line and column numbers removed (so that moved lines compare equal).
warnings() {
	local tree=$1; shift
	(cd "$tree" && rm -f "$@" && make -j$jobs W=1 C=1 "$@" 2>&1) |
		grep -E 'warning:|error:' |
		sed -E 's/:[0-9]+:[0-9]+:/:/; s/:[0-9]+:/:/' | LC_ALL=C sort -u
}
libw=$(cd "$ppc" && make -j$jobs W=1 C=2 lib/pvsched/ 2>&1 |
	grep -E 'warning:|error:' || true)
[ -z "$libw" ] || { printf '%s\n' "$libw"; die "W=1/sparse warnings in lib/pvsched"; }
extract "$work/plain"
plain=$work/plain/linux-source-6.1
(cd "$plain" && ppc_config && make -s -j$jobs prepare >/dev/null 2>&1) ||
	die "configuring the unpatched tree failed"
new=$(comm -13 <(warnings "$plain" $touched) <(warnings "$ppc" $touched))
[ -z "$new" ] || { printf '%s\n' "$new"; die "new W=1/sparse warnings in touched code"; }
say "W=1 and sparse: lib/pvsched clean, no new warning in $touched"
rm -rf "$work/plain"
lap "warnings" $t
fi

# ---- 3. x86: compile test of the touched objects --------------------------
if [ "${PVS_WIRE_X86:-1}" != 0 ]; then
	t=$SECONDS
	extract "$work/x86"
	x86=$work/x86/linux-source-6.1
	xlog=$work/x86.log
	(
		# (set -e does not hold in a subshell tested by ||: chain.)
		export ARCH=x86_64 CROSS_COMPILE=
		cd "$x86" &&
		"$repo/kernel/wire.sh" . >/dev/null &&
		make -s defconfig >/dev/null &&
		scripts/config -e KVM -e KVM_INTEL -e KVM_AMD -e KVM_GUEST \
			-e PARAVIRT -e PARAVIRT_SPINLOCKS -e PVSCHED \
			-e PVSCHED_WIRE -d PVSCHED_SELFTEST &&
		make -s olddefconfig >/dev/null &&
		grep -q '^CONFIG_PVSCHED_WIRE=y' .config &&
		grep -q '^CONFIG_KVM_GUEST=y' .config &&
		nice make -j$jobs prepare &&
		nice make -j$jobs W=1 arch/x86/kernel/kvm.o \
			virt/kvm/kvm_main.o lib/pvsched/
	) >"$xlog" 2>&1 || { tail -30 "$xlog"; die "x86 compile test failed"; }
	if grep -E 'warning:|error:' "$xlog" |
		grep -E 'pvsched|kvm\.c|kvm_main\.c'; then
		die "x86 compile test: warnings in touched code"
	fi
	nm "$x86/arch/x86/kernel/kvm.o" | grep ' U pvsched_kvm_vcpu_is_preempted$' >/dev/null ||
		die "x86: kvm.o does not call pvsched_kvm_vcpu_is_preempted"
	nm "$x86/virt/kvm/kvm_main.o" | grep ' U pvsched_halt_poll_grow$' >/dev/null ||
		die "x86: kvm_main.o does not call pvsched_halt_poll_grow"
	say "x86_64 compile test: kvm.o, kvm_main.o and lib/pvsched/ built with W=1, no warning, both call the wire"
	rm -rf "$work/x86"
	lap "x86 compile test" $t
fi

# ---- 4. initramfs and boot -------------------------------------------------
t=$SECONDS
ird=$work/initramfs
mkdir -p "$ird/bin" "$ird/dev" "$ird/proc" "$ird/sys"
dpkg-deb -x "$work"/busybox-static_*_ppc64el.deb "$work/bb"
cp "$work/bb/bin/busybox" "$ird/bin/"
mknod -m 600 "$ird/dev/console" c 5 1
powerpc64le-linux-gnu-gcc -O2 -Wall -Wextra -Werror -static -pthread \
	-Iinclude -Isim/include -o "$ird/bin/wakeup" bench/wakeup/wakeup.c \
	sim/engine/hist.c
cat >"$ird/init" <<EOF
#!/bin/busybox sh
/bin/busybox --install -s /bin
export PATH=/bin
echo
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t debugfs debugfs /sys/kernel/debug
P=/sys/module/pvsched/parameters
D=/sys/kernel/debug/pvsched
echo "PVS nproc \$(nproc) shared \$(grep shared_processor_mode /proc/powerpc/lparcfg)"
echo "PVS cpuidle \$(cat /sys/devices/system/cpu/cpuidle/current_driver) \$(cat /sys/devices/system/cpu/cpu0/cpuidle/state1/name | tr ' ' _) latency \$(cat /sys/devices/system/cpu/cpu0/cpuidle/state1/latency) residency \$(cat /sys/devices/system/cpu/cpu0/cpuidle/state1/residency)"
echo "PVS default \$(cat \$P/vcpu_preempt) \$(cat \$P/cede)"
echo "PVS topology cpu0 core_siblings \$(cat /sys/devices/system/cpu/cpu0/topology/core_siblings_list 2>/dev/null) caches \$(cat /sys/devices/system/cpu/cpu0/cache/index*/shared_cpu_list 2>/dev/null | tr '\n' ' ')"
if echo no-such-rule >\$P/vcpu_preempt 2>/dev/null; then r=accepted; else r=refused; fi
echo "PVS bad-vcpu \$r kept \$(cat \$P/vcpu_preempt)"
if echo no-such-rule >\$P/cede 2>/dev/null; then r=accepted; else r=refused; fi
echo "PVS bad-cede \$r kept \$(cat \$P/cede)"
for c in trust-firmware compensated kernel; do
	echo \$c >\$P/cede && echo "PVS cede \$c latency \$(cat /sys/devices/system/cpu/cpu0/cpuidle/state1/latency)"
done
sed 's/^/PVS cedefs /' \$D/cede
i=1
while [ \$i -le $iters ]; do
	for p in parity idle-hint; do
		echo \$p >\$P/vcpu_preempt
		sed "s/^/PVS before \$p \$i /" \$D/vcpu_is_preempted
		out=\$(wakeup $wargs -r $runtime) || echo "PVS wakeup-failed \$p \$i"
		sed "s/^/PVS after \$p \$i /" \$D/vcpu_is_preempted
		echo "\$out" | sed -n "s/^wakeup:/PVSRUN \$p wakeup:/p"
		sed "s/^/PVS check \$p \$i /" \$D/wire_check
	done
	i=\$((i + 1))
done
echo "\$out" | sed 's/^/PVS last-table /'
echo parity >\$P/vcpu_preempt
dmesg | sed 's/^/PVS dmesg /'
echo "PVS done"
poweroff -f
EOF
chmod +x "$ird/init"
(cd "$ird" && find . | cpio -o -H newc --quiet | gzip) >"$work/initrd.cpio.gz"
guest_s=$((iters * 2 * (runtime + 3) + 60))
say "booting: -smp $smp, $iters iterations x 2 policies x $runtime s (timeout $((guest_s * 3)) s)"
log=$work/boot.log
timeout $((guest_s * 3)) qemu-system-ppc64 -M pseries -accel tcg,thread=multi \
	-cpu POWER9 -smp "$smp" -m 1024 -nographic -vga none -nic none \
	-no-reboot -kernel "$ppc/vmlinux" -initrd "$work/initrd.cpio.gz" \
	-append "console=hvc0 loglevel=7" </dev/null >"$log" 2>&1 ||
	{ tail -30 "$log"; die "qemu failed or timed out"; }
tr -d '\r' <"$log" >"$log.txt"; log=$log.txt
lap "boot and benchmark" $t

# ---- 5. checks and report --------------------------------------------------
if grep -nE 'WARNING:|BUG:|Oops|Kernel panic|Call Trace|kernel BUG|cut here' "$log"; then
	die "the boot log shows a WARNING/BUG/Oops"
fi
grep -q 'PVS done' "$log" || { tail -30 "$log"; die "/init did not finish"; }
! grep -q 'PVS wakeup-failed' "$log" || die "wakeup failed in the guest"
grep -qE 'pvsched selftest: [0-9]+ passed, 0 failed' "$log" ||
	die "the built-in selftest failed"
grep -q 'pvsched wire: policy parity: .* 0 mismatches' "$log" ||
	die "boot-time wire check did not pass"
grep -q 'PVS default parity kernel' "$log" || die "defaults are not parity/kernel"
grep -q 'PVS bad-vcpu refused kept parity' "$log" || die "unknown vcpu_preempt not refused"
grep -q 'PVS bad-cede refused kept kernel' "$log" || die "unknown cede not refused"

report=$work/report.txt
awk -v iters="$iters" '
function fail(m) { print "kernel-wire: FAIL: " m > "/dev/stderr"; bad = 1 }
$1 == "PVS" && ($2 == "before" || $2 == "after") && $5 ~ /^(parity|idle-hint):$/ {
	pol = $5; sub(":", "", pol); C[$2, $3, $4, pol] = $7; Y[$2, $3, $4, pol] = $9
}
$1 == "PVS" && $2 == "check" {
	n++
	if ($0 !~ / 0 mismatches/) fail("wire check mismatch: " $0)
	if ($0 !~ ("policy " $3 ":")) fail("wire check under the wrong policy: " $0)
	line = $0; sub(/^PVS check [^ ]+ [0-9]+ /, "", line); CHK[$3] = line
	m = $0; sub(/.*\(/, "", m); sub(/ racy.*/, "", m)
	s = $0; sub(/.*cpus, /, "", s); sub(/ samples.*/, "", s)
	TS[$3] += s; TR[$3] += m
	split($0, w, "preempted "); TP[$3] += w[2] + 0
}
END {
	for (i = 1; i <= iters; i++)
		for (pi = 1; pi <= 2; pi++) {
			p = pi == 1 ? "parity" : "idle-hint"; q = pi == 1 ? "idle-hint" : "parity"
			d = C["after", p, i, p] - C["before", p, i, p]
			dy = Y["after", p, i, p] - Y["before", p, i, p]
			o = C["after", p, i, q] - C["before", p, i, q]
			if (d <= 0) fail("counters did not move under " p " (iteration " i ")")
			if (o != 0) fail("the " q " counters moved under " p " (iteration " i ")")
			D[p] += d; DY[p] += dy
		}
	printf "Decisions through the library during the runs (debugfs counters, %d runs each):\n", iters
	for (pi = 1; pi <= 2; pi++) {
		p = pi == 1 ? "parity" : "idle-hint"
		printf "  %-9s %12d decisions, %10d answered preempted (%.2f%%)\n", p, D[p], DY[p], D[p] ? DY[p] * 100 / D[p] : 0
	}
	printf "Wire check after each run (wired vcpu_is_preempted() vs the rule recomputed from the kernel accessors):\n"
	for (pi = 1; pi <= 2; pi++) {
		p = pi == 1 ? "parity" : "idle-hint"
		printf "  %-9s %d samples (%d racy), 0 mismatches, answered preempted %d\n", p, TS[p], TR[p], TP[p]
	}
	if (n != 2 * iters) fail("expected " 2 * iters " wire checks, saw " n)
	exit bad
}' "$log" >"$report" || { cat "$report"; die "counter or wire-check failure"; }

{
	echo "==== kernel-wire report"
	echo "guest: qemu-system-ppc64 -M pseries -accel tcg,thread=multi -cpu POWER9 -smp $smp on $(nproc) host CPUs"
	grep '^PVS nproc' "$log" | sed 's/^PVS /  /'
	grep '^PVS cpuidle' "$log" | sed 's/^PVS /  /'
	grep '^PVS cede ' "$log" | sed 's/^PVS /  /'
	grep '^PVS topology' "$log" | sed 's/^PVS /  /'
	grep -v '^PVS' "$log" | grep 'pvsched selftest:\|pvsched wire:\|pvsched lppaca: [0-9]* cpus\|pvsched: ' | sed 's/^\[[^]]*\] /  /'
	echo "benchmark: wakeup $wargs -r $runtime, $iters iterations per policy, interleaved"
	cat "$report"
	echo
	echo "Last run (idle-hint), schbench format:"
	grep '^PVS last-table' "$log" | sed 's/^PVS last-table /  /'
	echo
	grep '^PVSRUN' "$log" | sed 's/^PVSRUN //' |
		awk -f bench/wakeup/compare.awk | tee "$work/kcmp.txt"
	echo
	# the simulator's same experiment beside (a few seconds), when built
	if [ -x "${PVSIM:-build/sim/pvsched-sim}" ]; then
		PVSIM=${PVSIM:-build/sim/pvsched-sim} \
			bench/wakeup/beside.sh "$work/kcmp.txt" ||
			echo "beside: the simulator's run failed"
	else
		echo "Simulator beside: build it (build/sim/pvsched-sim) or set PVSIM, then"
		echo "  bench/wakeup/beside.sh REPORT (the table above saved as REPORT)"
	fi
	echo
	echo "job time: $((SECONDS - t0)) s"
} | tee "$work/final.txt"
[ -z "${PVS_WIRE_OUT:-}" ] || cp "$work/final.txt" "$PVS_WIRE_OUT"
[ $((SECONDS - t0)) -le "$budget" ] ||
	say "WARNING: job took $((SECONDS - t0)) s, over the $budget s budget"
[ $((SECONDS - t0)) -le $((2 * budget)) ] ||
	die "job took $((SECONDS - t0)) s, over twice the $budget s budget"
say "passed in $((SECONDS - t0)) s"
