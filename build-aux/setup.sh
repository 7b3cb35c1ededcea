#!/bin/sh
# build-aux/setup.sh demo|check — the README's two commands: install what the build needs
# (Debian packages), build in ./build, then run the bundled example or the whole test suite.
set -eu
what=${1:-demo}
top=$(cd "$(dirname "$0")/.." && pwd)

# binutils comes with gcc; named for the tests' nm, readelf, objdump (tests/preload/imports.sh)
packages="gcc binutils make autoconf automake libtool pkg-config libelf-dev libdw-dev libcapstone-dev
libcmocka-dev mandoc jq python3 liburcu-dev libglib2.0-dev clang-format pigz xz-utils zstd"
missing=""
for p in $packages; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing="$missing $p"
done
if [ -n "$missing" ]; then
	echo "setup: installing$missing" >&2
	sudo=""
	[ "$(id -u)" = 0 ] || sudo=sudo
	$sudo apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi

cd "$top"
[ -x configure ] && [ configure -nt configure.ac ] && [ Makefile.in -nt Makefile.am ] || autoreconf -fi >/dev/null
mkdir -p build
cd build
[ -f Makefile ] || ../configure --prefix="$top/build/inst" >/dev/null
jobs=$(nproc 2>/dev/null || echo 2)
make -s -j"$jobs" >/dev/null

case "$what" in
demo)
	make -s demo
	;;
check)
	status=0
	make -s -j"$jobs" check >/dev/null 2>&1 || status=$?
	[ -f test-suite.log ] && sed -n '1,/^====/!p' test-suite.log | grep -E '^(FAIL|ERROR|XPASS)' || true
	"$top/build-aux/test-summary.sh" . || status=1
	exit $status
	;;
*)
	echo "usage: build-aux/setup.sh demo|check" >&2
	exit 2
	;;
esac
