#!/bin/sh
# bench/por.sh — phase-2 cost with and without the partial-order reduction, in one run: the
# mutex queue with 4 threads x 1 operation and 3 threads x 3 operations, each with
# --no-reduction, --reduction sleep (default) and --reduction race-free; prints executions,
# pruned schedules, seconds and the ratios against no reduction.
# Usage: bench/por.sh [BUILDDIR]   (make bench-por runs it; needs `make check` programs)
# LP_BENCH_BOUND (default 2: the default bound), LP_BENCH_CASES (default "4x1 3x3"),
# LP_BENCH_TIMEOUT (seconds per run, default 900; a run cut short prints "timeout").
set -eu
top_builddir=$(cd "${1:-${top_builddir:-.}}" && pwd)
LP=$top_builddir/lineup-preload
P=$top_builddir/tests/progs
BOUND=${LP_BENCH_BOUND:-2}
CASES=${LP_BENCH_CASES:-4x1 3x3}
LIMIT=${LP_BENCH_TIMEOUT:-900}

for f in "$LP" "$P/client-queue-grid-lock" "$P/libqueue-lock.so"; do
	[ -x "$f" ] || [ -f "$f" ] || { echo "bench/por.sh: '$f' is missing: run make check first" >&2; exit 2; }
done
command -v jq >/dev/null 2>&1 || { echo "bench/por.sh: jq is missing: apt-get install jq" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

now() { date +%s.%N; }
calc() { awk "BEGIN { printf \"${2:-%.3f}\", $1 }"; }

echo "# bench/por.sh: mutex queue (tests/progs/client-queue-grid-lock), preemption bound $BOUND"
printf '%-5s %-10s %10s %10s %9s %9s %9s  %s\n' case reduction executions pruned seconds exec-ratio speedup verdict
for c in $CASES; do
	n=${c%x*}
	m=${c#*x}
	base_e=
	base_s=
	for r in off sleep race-free; do
		t0=$(now)
		rm -f "$tmp/r.json"
		timeout -k 5 "$LIMIT" "$LP" -q -p "$BOUND" --reduction "$r" --json "$tmp/r.json" \
			--target "$P/libqueue-lock.so" -- "$P/client-queue-grid-lock" "$n" "$m" >/dev/null 2>&1 || true
		t1=$(now)
		s=$(calc "$t1 - $t0")
		if [ ! -s "$tmp/r.json" ]; then
			printf '%-5s %-10s %10s %10s %9s %9s %9s  %s\n' "$c" "$r" - - "$s" - - "timeout (${LIMIT} s)"
			continue
		fi
		e=$(jq -r '.phase2.executions' "$tmp/r.json")
		pr=$(jq -r '.phase2.pruned // 0' "$tmp/r.json")
		v=$(jq -r '.verdict' "$tmp/r.json")
		if [ -z "$base_e" ]; then
			base_e=$e
			base_s=$s
		fi
		printf '%-5s %-10s %10s %10s %9s %9s %9s  %s\n' "$c" "$r" "$e" "$pr" "$s" \
			"$(calc "$base_e / ($e > 0 ? $e : 1)" %.1fx)" "$(calc "$base_s / $s" %.1fx)" "$v"
	done
done
