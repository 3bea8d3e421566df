#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Kernel job: the very same core sources, built and self-tested inside real
# Debian kernels.
#   1. kernel/import.sh lays the library into a scratch tree shaped like a
#      Linux tree (include/linux/pvsched/, lib/pvsched/, lib/Kconfig and
#      lib/Makefile hooks);
#   2. pvsched.ko and pvsched_selftest.ko are built from that tree's
#      lib/pvsched (M=) against Debian's headers, with W=1: any warning fails;
#      sparse must be clean over every source too;
#   3. Debian's kernel boots under qemu TCG with a busybox initramfs whose
#      /init insmods both modules; the job fails unless the console shows
#      "pvsched selftest: N passed, 0 failed", both insmods succeeded and
#      nothing oopsed after loading.
# Targets: x86_64 (linux-image-amd64) and ppc64le pseries (linux-image-
# powerpc64le, cross-built with the host's amd64 kbuild; QEMU emulates the
# PAPR hypervisor, so the selftest also reads live lppacas).
# Package versions are discovered at run time: Debian's archive moves.
# Last, "intree": the import into Debian's real linux-source tree, built
# there through the Kconfig and lib/Makefile hooks (CONFIG_PVSCHED=m);
# before the build, `git am` of kernel/patches/ onto that tree's copies of
# the files they touch, and the tree's scripts/checkpatch.pl over the
# import and the patches (kernel/checkpatch.sh: a report neither fixed nor
# recorded in kernel/checkpatch-exceptions.txt fails).
# Environment: PVS_KERNEL_ARCHES="x86_64 ppc64le intree" (the default;
#              any subset),
#              PVS_KERNEL_KEEP=1 keeps the scratch directory.
set -euo pipefail
cd "$(dirname "$0")/.."
export DEBIAN_FRONTEND=noninteractive LC_ALL=C

arches=${PVS_KERNEL_ARCHES:-x86_64 ppc64le intree}
work=$(mktemp -d /tmp/pvsched-kernel.XXXXXX)
chmod 755 "$work" # apt-get download runs as _apt
if [ "${PVS_KERNEL_KEEP:-0}" = 1 ]; then
	trap 'echo "kernel: scratch kept in $work"' EXIT
else
	trap 'rm -rf "$work"' EXIT
fi

say() { printf 'kernel: %s\n' "$*"; }
die() { printf 'kernel: FAIL: %s\n' "$*" >&2; exit 1; }
t0=$SECONDS
lap() { say "$1 done in $((SECONDS - $2)) s"; }

# Install what is missing (one apt-get update at most per run).
updated=0
need() {
	local missing=() p
	for p in "$@"; do
		dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null |
			grep -q '^install ok installed' || missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	[ "$(id -u)" -eq 0 ] || die "missing packages (run as root): ${missing[*]}"
	if [ $updated = 0 ]; then
		# A foreign-arch security index can be mid-sync: what we need
		# is checked by the install itself.
		apt-get update -qq || true
		updated=1
	fi
	say "installing ${missing[*]}"
	apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null ||
		die "apt-get install ${missing[*]} failed"
}

# import TREE: a scratch tree shaped like a Linux tree, then the import.
import_tree() {
	mkdir -p "$1/lib" "$1/include/linux"
	printf '# SPDX-License-Identifier: GPL-2.0-only\n' >"$1/lib/Kconfig"
	printf '# SPDX-License-Identifier: GPL-2.0\n' >"$1/lib/Makefile"
	kernel/import.sh "$1"
	grep -qxF 'source "lib/pvsched/Kconfig"' "$1/lib/Kconfig" &&
		grep -qxF 'obj-$(CONFIG_PVSCHED) += pvsched/' "$1/lib/Makefile" ||
		die "import.sh did not hook lib/Kconfig and lib/Makefile"
}

# build ARCH KDIR TREE MAKE-ARGS...: both modules, W=1, warnings fail.
build() {
	local arch=$1 kdir=$2 tree=$3 log=$work/build-$1.log
	shift 3
	if ! make -C "$kdir" M="$tree/lib/pvsched" W=1 "$@" modules \
			>"$log" 2>&1; then
		cat "$log"
		die "$arch: module build failed"
	fi
	if grep -Ei '(warning|error)(:| )' "$log"; then
		die "$arch: the module build printed warnings (W=1)"
	fi
	[ -f "$tree/lib/pvsched/pvsched.ko" ] &&
		[ -f "$tree/lib/pvsched/pvsched_selftest.ko" ] ||
		die "$arch: modules missing after the build"
	say "$arch: built $(grep -c '^  CC \[M\]' "$log") objects," \
		"exports: $(grep -c EXPORT_SYMBOL_GPL "$tree/lib/pvsched/pvsched_exports.h")," \
		"no warning (W=1)"
}

# check_sparse ARCH KDIR TREE MAKE-ARGS...: sparse over every source.
check_sparse() {
	local arch=$1 kdir=$2 tree=$3 log=$work/sparse-$1.log
	shift 3
	if ! make -C "$kdir" M="$tree/lib/pvsched" C=2 CHECK=sparse "$@" \
			modules >"$log" 2>&1; then
		cat "$log"
		die "$arch: sparse run failed"
	fi
	if grep -E ': (warning|error):' "$log"; then
		die "$arch: sparse is not clean"
	fi
	say "$arch: sparse clean over $(grep -c '^  CHECK ' "$log") sources"
}

# initramfs ARCH BUSYBOX TREE OUT: busybox, both modules and an /init that
# loads them and prints the kernel log.
initramfs() {
	local r=$work/initrd-$1
	mkdir -p "$r/bin" "$r/dev" "$r/proc" "$r/sys"
	cp "$2" "$r/bin/busybox"
	ln -s busybox "$r/bin/sh"
	cp "$3/lib/pvsched/pvsched.ko" "$3/lib/pvsched/pvsched_selftest.ko" "$r/"
	[ "$(id -u)" -ne 0 ] || mknod "$r/dev/console" c 5 1
	cat >"$r/init" <<'EOF'
#!/bin/busybox sh
/bin/busybox --install -s /bin
export PATH=/bin
mount -t devtmpfs dev /dev 2>/dev/null
exec </dev/console >/dev/console 2>&1
mount -t proc proc /proc
mount -t sysfs sys /sys
echo "pvs-init: up: $(uname -r) $(uname -m), $(grep -c ^processor /proc/cpuinfo) cpus"
echo "pvs-boot-log-begin"
dmesg -c
echo "pvs-boot-log-end"
echo "pvs-init: loading"
insmod /pvsched.ko
echo "pvs-init: insmod pvsched.ko rc=$?"
insmod /pvsched_selftest.ko
echo "pvs-init: insmod pvsched_selftest.ko rc=$?"
echo "pvs-dmesg-begin"
dmesg
echo "pvs-dmesg-end"
poweroff -f
EOF
	chmod +x "$r/init"
	(cd "$r" && find . | cpio -o -H newc --quiet | gzip -1) >"$4"
}

# boot ARCH TIMEOUT QEMU-ARGS...: boot, then judge the console log.
boot() {
	local arch=$1 limit=$2 log=$work/console-$1.log rc=0 t=$SECONDS
	shift 2
	timeout --foreground -k 5 "$limit" "$@" </dev/null >"$log" 2>&1 || rc=$?
	# Drop CRs and the terminal escapes firmware prints before the kernel.
	sed -e 's/\r//g' -e 's/\x1b\[[0-9;?]*[A-Za-z]//g' -e 's/\x1bc//g' \
		"$log" >"$log.txt"
	log=$log.txt
	local after; after=$(sed -n '/pvs-init: loading/,$p' "$log")
	fail() {
		echo "---- console ($arch), last 80 lines:"
		tail -n 80 "$log"
		echo "----"
		die "$arch: $*"
	}
	[ $rc -ne 124 ] && [ $rc -ne 137 ] ||
		fail "qemu timed out after ${limit}s"
	grep -q 'pvs-init: up' "$log" || fail "the kernel did not reach /init (qemu rc=$rc)"
	grep -q 'pvs-dmesg-end' "$log" || fail "/init did not finish (crash or hang?)"
	if grep -E '(^|[^A-Za-z])(Oops|BUG|WARNING)([^A-Za-z]|$)|Call Trace|Kernel panic|cut here' \
			<<<"$after"; then
		fail "the kernel oopsed or warned after loading the modules"
	fi
	grep -q 'pvs-init: insmod pvsched.ko rc=0' "$log" || fail "insmod pvsched.ko failed"
	local lines line n m
	lines=$(grep -Eo 'pvsched selftest: [0-9]+ passed, [0-9]+ failed' <<<"$after" | sort -u)
	[ -n "$lines" ] || fail "no selftest summary line"
	grep -E 'pvsched selftest: FAIL' <<<"$after" | sort -u || true
	while read -r line; do
		n=$(sed -E 's/.*: ([0-9]+) passed.*/\1/' <<<"$line")
		m=$(sed -E 's/.* ([0-9]+) failed/\1/' <<<"$line")
		[ "$m" -eq 0 ] || fail "$line"
		[ "$n" -gt 0 ] || fail "the selftest checked nothing: $line"
	done <<<"$lines"
	# busybox insmod retries with init_module() when finit_module()
	# fails, so a second summary means the first load failed.
	[ "$(wc -l <<<"$lines")" -eq 1 ] ||
		fail "more than one selftest summary (module loaded twice?): $lines"
	grep -q 'pvs-init: insmod pvsched_selftest.ko rc=0' "$log" ||
		fail "insmod pvsched_selftest.ko failed although $lines"
	grep -E 'pvsched' <<<"$after" | grep -v '^pvs-' | sed 's/^/    /' || true
	say "$arch: $(grep -o 'pvs-init: up: .*' "$log" | sed 's/.*pvs-init: up: //')"
	say "$arch: booted and self-tested in $((SECONDS - t)) s: $lines"
}

x86_64() {
	local t=$SECONDS
	need linux-headers-amd64 linux-image-amd64 qemu-system-x86 \
		busybox-static cpio gzip sparse
	# The newest kernel whose headers and image are both installed: not
	# `uname -r`, the running kernel is not Debian's.
	local kver="" v
	for v in $(ls /usr/src | sed -n 's/^linux-headers-\(.*-amd64\)$/\1/p' | sort -rV); do
		if [ -f "/boot/vmlinuz-$v" ]; then kver=$v; break; fi
	done
	[ -n "$kver" ] || die "x86_64: no kernel with both headers and image installed"
	lap "x86_64: packages ($kver)" $t
	t=$SECONDS
	local tree=$work/tree-x86_64 kdir=/usr/src/linux-headers-$kver
	import_tree "$tree"
	build x86_64 "$kdir" "$tree"
	check_sparse x86_64 "$kdir" "$tree"
	initramfs x86_64 /bin/busybox "$tree" "$work/initrd-x86_64.cpio.gz"
	boot x86_64 90 qemu-system-x86_64 -accel tcg -cpu max -smp 2 -m 512 \
		-nic none -kernel "/boot/vmlinuz-$kver" \
		-initrd "$work/initrd-x86_64.cpio.gz" \
		-append "console=ttyS0 panic=-1 quiet" -nographic -no-reboot
	lap "x86_64: job" $t
}

ppc64le() {
	local t=$SECONDS
	dpkg --print-foreign-architectures | grep -qx ppc64el || {
		dpkg --add-architecture ppc64el
		updated=0
	}
	need qemu-system-ppc gcc-powerpc64le-linux-gnu linux-headers-amd64 \
		cpio gzip
	if [ $updated = 0 ] && ! apt-cache show linux-image-powerpc64le:ppc64el >/dev/null 2>&1; then
		apt-get update -qq || true
		updated=1
	fi
	local img flav common
	img=$(apt-cache depends linux-image-powerpc64le:ppc64el 2>/dev/null |
		grep -o 'linux-image-6[^ :]*' | head -1)
	[ -n "$img" ] || die "ppc64le: no linux-image-powerpc64le:ppc64el in the archive index"
	flav=${img#linux-image-}
	common=linux-headers-${flav%-powerpc64le}-common
	local debs=$work/debs root=$work/ppc64el-root
	mkdir -p "$debs" "$root"
	! id _apt >/dev/null 2>&1 || chown _apt "$debs"
	(cd "$debs" && apt-get download -qq "$img:ppc64el" \
		"linux-headers-$flav:ppc64el" "$common" busybox-static:ppc64el) ||
		die "ppc64le: apt-get download of $img and its headers failed"
	local d
	for d in "$debs"/*.deb; do dpkg-deb -x "$d" "$root"; done
	# Point the flavour's Makefile at the extracted -common tree, and run
	# both trees' scripts/ and tools/ from the host's amd64 kbuild.
	local kdir=$root/usr/src/linux-headers-$flav l tgt
	sed -i "s#^include /usr/src/#include $root/usr/src/#" "$kdir/Makefile"
	for d in "$kdir" "$root/usr/src/$common"; do
		for l in scripts tools; do
			tgt=$(readlink "$d/$l")
			tgt=/usr/lib/${tgt#../../lib/}
			[ -d "$tgt" ] || die "ppc64le: $tgt missing: the host's kbuild" \
				"does not match $flav"
			ln -sfn "$tgt" "$d/$l"
		done
	done
	lap "ppc64le: packages ($flav)" $t
	t=$SECONDS
	local tree=$work/tree-ppc64le
	local cross=(ARCH=powerpc DEB_BUILD_ARCH=amd64 DEB_HOST_ARCH=ppc64el
		     DEB_HOST_GNU_TYPE=powerpc64le-linux-gnu)
	import_tree "$tree"
	build ppc64le "$kdir" "$tree" "${cross[@]}"
	if command -v sparse >/dev/null; then
		check_sparse ppc64le "$kdir" "$tree" "${cross[@]}"
	fi
	initramfs ppc64le "$root/bin/busybox" "$tree" "$work/initrd-ppc64le.cpio.gz"
	# TCG cannot emulate the Spectre mitigation capabilities: say so
	# up front instead of four qemu warnings per boot.
	local caps=cap-cfpc=broken,cap-sbbc=broken,cap-ibs=broken
	caps=$caps,cap-ccf-assist=off
	boot ppc64le 150 qemu-system-ppc64 -M "pseries,$caps" -accel tcg -cpu POWER9 \
		-smp 4 -m 1024 -nographic -nic none \
		-kernel "$root/boot/vmlinux-$flav" \
		-initrd "$work/initrd-ppc64le.cpio.gz" \
		-append "console=hvc0 panic=-1 quiet" -no-reboot
	lap "ppc64le: job" $t
}

# intree: a real Linux tree (Debian's linux-source), configured with the
# imported Kconfig entries, builds lib/pvsched/ through the lib/ hooks.
intree() {
	local t=$SECONDS src
	need flex bison bc libelf-dev libssl-dev xz-utils make gcc git perl
	src=$(apt-cache depends linux-source 2>/dev/null |
		grep -o 'linux-source-[0-9][^ :]*' | head -1)
	[ -n "$src" ] || die "intree: no linux-source package in the index"
	mkdir -p "$work/src-debs"
	! id _apt >/dev/null 2>&1 || chown _apt "$work/src-debs"
	(cd "$work/src-debs" && apt-get download -qq "$src") ||
		die "intree: apt-get download $src failed"
	dpkg-deb --fsys-tarfile "$work"/src-debs/*.deb |
		tar -x -C "$work" --wildcards './usr/src/*.tar.xz'
	tar -xJf "$work"/usr/src/"$src".tar.xz -C "$work"
	local tree=$work/$src log=$work/build-intree.log
	lap "intree: packages and sources ($src)" $t
	t=$SECONDS
	# The wire series as mails: git am onto this tree's copies of the
	# files it touches (kernel/wire.sh applies the same mails).
	local am=$work/am f
	mkdir -p "$am"
	git -C "$am" init -q
	for f in $(sed -n 's#^diff --git a/\([^ ]*\) .*#\1#p' kernel/patches/*.patch | sort -u); do
		mkdir -p "$am/$(dirname "$f")"
		cp "$tree/$f" "$am/$f"
	done
	git -C "$am" add -A
	git -C "$am" -c user.name=ci -c user.email=ci@localhost commit -qm base
	git -C "$am" -c user.name=ci -c user.email=ci@localhost am -q \
		"$PWD"/kernel/patches/*.patch ||
		die "intree: git am of kernel/patches/ failed on $src"
	say "intree: git am applies the $(ls kernel/patches/*.patch | wc -l)" \
		"patches of kernel/patches/ to $src"
	# The kernel's checkpatch.pl over the import and the series.
	kernel/checkpatch.sh "$tree" || die "intree: checkpatch reports not fixed nor recorded"
	lap "intree: git am and checkpatch" $t
	t=$SECONDS
	kernel/import.sh "$tree"
	# docs/kernel.md's recipe: a fresh tree has no .config, and
	# kernel/config.sh says so instead of building PVSCHED in.
	if kernel/config.sh "$tree" >"$work/config.log" 2>&1 ||
	   ! grep -q 'no .config' "$work/config.log"; then
		cat "$work/config.log"
		die "intree: kernel/config.sh did not refuse a tree without .config"
	fi
	make -C "$tree" -s defconfig >/dev/null
	kernel/config.sh "$tree" PVSCHED=m PVSCHED_SELFTEST=m ||
		die "intree: Kconfig did not take CONFIG_PVSCHED(_SELFTEST)=m"
	if ! make -C "$tree" -j"$(nproc)" W=1 lib/pvsched/ >"$log" 2>&1; then
		cat "$log"
		die "intree: make lib/pvsched/ failed"
	fi
	if sed -n '/lib\/pvsched/,$p' "$log" | grep -Ei '(warning|error)(:| )'; then
		die "intree: the build of lib/pvsched printed warnings (W=1)"
	fi
	[ -f "$tree/lib/pvsched/pvsched.o" ] &&
		[ -f "$tree/lib/pvsched/pvsched_selftest.o" ] ||
		die "intree: lib/pvsched/ built no pvsched.o / pvsched_selftest.o"
	say "intree: $src builds lib/pvsched/ (m, W=1) through the lib/ hooks"
	lap "intree: job" $t
}

for a in $arches; do
	case $a in
	x86_64|ppc64le|intree) $a ;;
	*) die "unknown target '$a' (x86_64, ppc64le, intree)" ;;
	esac
done
say "all passed ($arches) in $((SECONDS - t0)) s"
