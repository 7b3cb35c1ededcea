#!/bin/sh
# build-aux/setup.sh demo|check — the README's two commands: install what the build needs
# (Debian packages), build in ./build, then run the bundled example or the whole test suite.
set -eu
what=${1:-demo}
top=$(cd "$(dirname "$0")/.." && pwd)

# Everything the build and `make check` use, beyond a minimal Debian 12 (debootstrap
# --variant=minbase): a test that misses one of these fails naming its package
# (tests/require.sh), it does not skip.
build="gcc libc6-dev make autoconf automake libtool pkg-config libelf-dev libdw-dev libcapstone-dev libffi-dev"
# tests: cmocka (unit tests); g++ (C++ test programs: exceptions, demangling, std::thread);
# libc6-dev's libc.a (statically linked clients); binutils (nm, objdump, objcopy, strip);
# procps (pgrep, pkill); jq (JSON reports); python3 (the checker's server replies); mandoc
# (man page lint); liburcu-dev, libglib2.0-dev, pigz, xz-utils, zstd (real Debian libraries
# and programs, 09xx); clang-format (make format-check, run by .ci/run);
# chromium-headless-shell (the --html page opened in a browser, t0630); munge, slurmctld,
# slurmd, slurm-client (a one-node Slurm cluster for the Slurm campaign example, t1280).
tests="libcmocka-dev g++ binutils procps jq python3 mandoc liburcu-dev libglib2.0-dev
pigz xz-utils zstd clang-format chromium-headless-shell munge slurmctld slurmd slurm-client"
packages="$build $tests"
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
