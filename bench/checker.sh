#!/bin/sh
# bench/checker.sh [N [SEED]] — lineup-checker throughput: the 34,650 serial histories of a
# 3x4 queue test, then N (default 20,000) concurrent ones; histories/s (serial part
# included) and peak RSS, beside a baseline checker measured in the same run on the same
# stream: $BASELINE (a lineup-checker binary), or else one built from git ref
# ${BASELINE_REF:-main} of the source tree (skipped when that is not possible).
# Run from the build directory (make bench-checker); build without --enable-sanitize
# for meaningful figures.
set -eu
builddir=${top_builddir:-.}
srcdir=${top_srcdir:-$(dirname "$0")/..}
[ -x "$builddir/bench/checker-bench" ] || { echo "bench/checker.sh: build it first: make bench-checker" >&2; exit 2; }
if grep -q '^LP_SAN_CFLAGS = -fsanitize' "$builddir/Makefile" 2>/dev/null; then
	echo "bench/checker.sh: warning: this build has sanitizers on; figures are not representative" >&2
fi
base=${BASELINE:-}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/lp-bench-base.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
if [ -z "$base" ] && git -C "$srcdir" rev-parse --verify -q "${BASELINE_REF:-main}" >/dev/null 2>&1; then
	ref=${BASELINE_REF:-main}
	# the baseline's checker, built alone with the same compiler and -O2
	if git -C "$srcdir" archive "$ref" checker common include | tar -x -C "$tmp" &&
	   ${CC:-cc} -O2 -std=gnu11 -D_GNU_SOURCE -DPACKAGE_NAME='"lineup-preload"' -DPACKAGE_VERSION='"base"' \
		-I"$tmp" -I"$tmp/include" "$tmp"/checker/*.c "$tmp"/common/*.c -o "$tmp/lineup-checker-base" 2>"$tmp/cc.log"; then
		base=$tmp/lineup-checker-base
		echo "baseline: lineup-checker built from $ref ($(git -C "$srcdir" rev-parse --short "$ref"))"
	else
		echo "bench/checker.sh: could not build the baseline from $ref; no baseline figure" >&2
	fi
fi
"$builddir/bench/checker-bench" "$builddir/lineup-checker" "${1:-20000}" "${2:-1}" "$base"
