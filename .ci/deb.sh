#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The Debian packages from a fresh clone of HEAD: dpkg-buildpackage -us -uc
# -b (runs the test suite), lintian at its default level with warnings as
# failures, then the packages installed with dpkg -i and consumed by the
# same downstream builds as the install tree (.ci/package.sh DEB=1).
# Needs root (dpkg -i). Budget: about 4 minutes on 2 cores (3m37s measured).
set -euo pipefail
cd "$(dirname "$0")/.."
apt-get install -y -qq --no-install-recommends debhelper lintian \
  dpkg-dev man-db >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git clone -q . "$work/pvsched"
(cd "$work/pvsched" &&
 DEB_BUILD_OPTIONS="parallel=$(nproc)" dpkg-buildpackage -us -uc -b \
   >"$work/build.log" 2>&1) ||
  { tail -40 "$work/build.log"; echo "deb: dpkg-buildpackage failed"; exit 1; }
ls "$work"/*.deb | sed 's|.*/|deb: built |'
lintian --fail-on error,warning "$work"/*.changes
echo "deb: lintian clean"
DEB=1 DEB_DIR="$work" .ci/package.sh
