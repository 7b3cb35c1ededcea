#!/bin/sh
# bench/checker.sh [N [SEED]] — lineup-checker throughput: 1,680 serial histories of a
# 3x3 queue test, then N (default 100,000) concurrent ones; histories/s and peak RSS.
# Run from the build directory (make bench-checker); build without --enable-sanitize
# for meaningful figures.
set -eu
builddir=${top_builddir:-.}
[ -x "$builddir/bench/checker-bench" ] || { echo "bench/checker.sh: build it first: make bench-checker" >&2; exit 2; }
if grep -q '^LP_SAN_CFLAGS = -fsanitize' "$builddir/Makefile" 2>/dev/null; then
	echo "bench/checker.sh: warning: this build has sanitizers on; figures are not representative" >&2
fi
"$builddir/bench/checker-bench" "$builddir/lineup-checker" "${1:-100000}" "${2:-1}"
