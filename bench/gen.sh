#!/bin/sh
# bench/gen.sh — RandomCheck's throughput: random 3x3 tests of a correct mutex queue (the
# Line-Up paper's default campaign is 100 tests per class), checked in full at the default
# bound, with -j 1 and -j 2 in one run; prints tests per minute and the time 100 tests
# would take (goal: 100 tests in 5 minutes on 2 cores).
# Usage: bench/gen.sh [BUILDDIR]   (make bench-gen; needs `make check` programs)
# LP_BENCH_TESTS (default 10), LP_BENCH_BOUND (default 2), LP_BENCH_SHAPE (default 3x3).
set -eu
top_builddir=$(cd "${1:-${top_builddir:-.}}" && pwd)
LP=$top_builddir/lineup-preload
P=$top_builddir/tests/progs
N=${LP_BENCH_TESTS:-10}
BOUND=${LP_BENCH_BOUND:-2}
SHAPE=${LP_BENCH_SHAPE:-3x3}
[ -f "$P/libqueue-lock.so" ] || { echo "bench/gen.sh: '$P/libqueue-lock.so' is missing: run make check first" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/queue.lineup" <<DESC
target $P/libqueue-lock.so
init   q = queue_new()
op     queue_add(q, 1..9)
op     queue_trytake(q)
DESC
echo "bench-gen: $N random $SHAPE tests of the mutex queue, preemption bound $BOUND, seed 1"
for j in 1 2; do
	t0=$(date +%s.%N)
	"$LP" -q -p "$BOUND" --test "$tmp/queue.lineup" --random "$N" --shape "$SHAPE" -j "$j" >/dev/null ||
		{ echo "bench/gen.sh: the campaign failed (exit $?)" >&2; exit 1; }
	t1=$(date +%s.%N)
	awk -v n="$N" -v a="$t0" -v b="$t1" -v j="$j" 'BEGIN {
		s = b - a; printf "  -j %d: %6.1f s, %6.1f tests/min, 100 tests in %5.1f min\n", j, s, 60 * n / s, 100 * s / n / 60 }'
done
