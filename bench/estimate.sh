#!/bin/sh
# bench/estimate.sh — how well --time-budget predicts a preemption bound's executions: the
# estimate made when each bound starts (its seeds times the schedules per seed of the
# previous bound; bound 1 from the square root of bound 0's) against the real count, as
# ratios (estimate / real), on the three-thread queue test (tests/progs/client-queue-3x3).
# Usage: bench/estimate.sh [BUILDDIR]   (make bench-estimate; needs `make check` programs)
#   LP_BENCH_OPS=3 (operations per thread: 3 is the 3x3 test, 1 runs in under a minute),
#   LP_BENCH_BOUND=3 (highest bound run).
set -eu
top_builddir=$(cd "${1:-${top_builddir:-.}}" && pwd)
LP=$top_builddir/lineup-preload
P=$top_builddir/tests/progs
OPS=${LP_BENCH_OPS:-3}
BOUND=${LP_BENCH_BOUND:-3}
for f in "$LP" "$P/client-queue-3x3" "$P/libqueue-ms.so"; do
	[ -e "$f" ] || { echo "bench/estimate.sh: '$f' is missing: run make check first" >&2; exit 2; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# One run; -v prints "bound B done: N executions; bound B+1: S seeds, estimate E executions".
LINEUP_PROGRESS_INTERVAL=100000 "$LP" -v -p "$BOUND" --target "$P/libqueue-ms.so" -- "$P/client-queue-3x3" "$OPS" >"$tmp/out" 2>"$tmp/err" || {
	echo "bench/estimate.sh: lineup-preload failed:" >&2
	cat "$tmp/err" >&2
	exit 1
}
echo "3 threads x $OPS operations, Michael-Scott queue, bounds 0..$BOUND"
printf '%-6s %10s %10s %8s\n' bound estimate real ratio
# Pair each bound's estimate with the real count printed when it is done (or at the end).
sed -n 's/.*bound \([0-9]*\) done: \([0-9]*\) executions; bound \([0-9]*\): [0-9]* seeds, estimate \([0-9]*\) executions/\1 \2 \3 \4/p' \
	"$tmp/err" >"$tmp/pairs"
# The real counts per bound, from the summary's "N preemptions: COUNT" list.
grep '^phase 2:' "$tmp/out" | grep -oE '[0-9]+ preemptions?: [0-9]+' | sed 's/ preemptions*://' >"$tmp/real"
awk 'FNR == NR { real[$1] = $2; next } { est[$3] = $4 }
	END {
		for (b = 1; b in est; b++)
			printf "%-6d %10d %10d %8.2f\n", b, est[b], real[b], real[b] ? est[b] / real[b] : 0
	}' "$tmp/real" "$tmp/pairs"
