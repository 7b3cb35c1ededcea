#!/bin/sh
# bench/exec.sh — executions per second of lineup-preload on the queue test, against the
# fork-server floor measured in the same run (bare fork+_exit+waitpid and fork + thread
# create/join, from bench/preload/floor), printed as ratios.
# Usage: bench/exec.sh [BUILDDIR]   (make bench-exec runs it; needs `make check` programs)
set -eu
top_builddir=$(cd "${1:-${top_builddir:-.}}" && pwd)
LP=$top_builddir/lineup-preload
P=$top_builddir/tests/progs
FLOOR=$top_builddir/bench/preload/floor
BOUND=${LP_BENCH_BOUND:-3}
REPEAT=${LP_BENCH_REPEAT:-3}

for f in "$LP" "$FLOOR" "$P/client-queue-lock" "$P/client-bare"; do
	[ -x "$f" ] || { echo "bench/exec.sh: '$f' is missing: run make check first" >&2; exit 2; }
done
command -v jq >/dev/null 2>&1 || { echo "bench/exec.sh: jq is missing: apt-get install jq" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

now() { date +%s.%N; }
# calc EXPR [FORMAT]: floating-point arithmetic without bc.
calc() { awk "BEGIN { printf \"${2:-%.3f}\", $1 }"; }

# first_number FILE FILTER...: the first jq filter that yields a number.
first_number() {
	file=$1
	shift
	for f in "$@"; do
		v=$(jq -r "($f) // empty | numbers" "$file" 2>/dev/null | head -n 1)
		[ -n "$v" ] && { echo "$v"; return; }
	done
	echo ""
}

# run NAME CLIENT: median-free best of REPEAT runs; sets ${NAME}_wall ${NAME}_e1 ${NAME}_e2.
run() {
	best=""
	for i in $(seq "$REPEAT"); do
		t0=$(now)
		rc=0
		"$LP" -q -p "$BOUND" --json "$tmp/$1.json" --target "$P/libqueue-lock.so" -- "$2" \
			>"$tmp/$1.out" 2>"$tmp/$1.err" || rc=$?
		t1=$(now)
		if [ "$rc" != 0 ]; then
			echo "bench/exec.sh: lineup-preload on $2 exited $rc:" >&2
			tail -n 5 "$tmp/$1.err" "$tmp/$1.out" >&2
			exit 1
		fi
		w=$(calc "$t1 - $t0")
		if [ -z "$best" ] || [ "$(calc "($w < $best)" %d)" = 1 ]; then best=$w; fi
	done
	e1=$(first_number "$tmp/$1.json" '.phase1.executions' '.executions.phase1' '.phase1_executions' \
		'.stats.phase1.executions' '.stats.phase1_executions')
	e2=$(first_number "$tmp/$1.json" '.phase2.executions' '.executions.phase2' '.phase2_executions' \
		'.stats.phase2.executions' '.stats.phase2_executions')
	s1=$(first_number "$tmp/$1.json" '.phase1.seconds' '.phase1.wall_seconds' '.phase1_seconds' \
		'.stats.phase1.seconds' '.stats.phase1_seconds')
	s2=$(first_number "$tmp/$1.json" '.phase2.seconds' '.phase2.wall_seconds' '.phase2_seconds' \
		'.stats.phase2.seconds' '.stats.phase2_seconds')
	if [ -z "$e1" ] || [ -z "$e2" ]; then
		echo "bench/exec.sh: no execution counts in the --json report; keys found:" >&2
		jq -c 'paths(scalars) | map(tostring) | join(".")' "$tmp/$1.json" >&2
		exit 1
	fi
	eval "${1}_wall=$best ${1}_e1=$e1 ${1}_e2=$e2 ${1}_s1=$s1 ${1}_s2=$s2"
}

echo "bench-exec: queue test (tests/progs/client-queue-lock, libqueue-lock.so), -p $BOUND, best of $REPEAT"
run queue "$P/client-queue-lock"
run bare "$P/client-bare"
"$FLOOR" 1000 2 >"$tmp/floor"
fork_rate=$(sed -n 's/^fork-exit //p' "$tmp/floor")
threads_rate=$(sed -n 's/^fork-threads //p' "$tmp/floor")

# Per-execution cost: the queue run's time beyond the bare client's (start-up, analysis,
# checker) divided by the extra executions. Per phase when the report gives phase times.
r() { calc "$1" %.0f; }
extra=$(calc "($queue_e1 + $queue_e2) - ($bare_e1 + $bare_e2)" %d)
printf '  queue:  %d phase-1 + %d phase-2 executions in %.3f s\n' "$queue_e1" "$queue_e2" "$queue_wall"
printf '  bare:   %d phase-1 + %d phase-2 executions in %.3f s (client without thread operations)\n' \
	"$bare_e1" "$bare_e2" "$bare_wall"
if [ -n "$queue_s1" ] && [ -n "$queue_s2" ]; then
	p1=$(r "$queue_e1 / $queue_s1")
	p2=$(r "$queue_e2 / $queue_s2")
	echo "  phase 1: $p1 executions/s;  phase 2: $p2 executions/s  (from the report's phase times)"
fi
if [ "$extra" -gt 0 ]; then
	overall=$(r "$extra / ($queue_wall - $bare_wall)")
	echo "  marginal: $overall executions/s (queue minus bare, both phases)"
else
	overall=$(r "($queue_e1 + $queue_e2) / $queue_wall")
	echo "  overall: $overall executions/s (wall time including start-up)"
fi
echo "  floor: fork+_exit+waitpid $fork_rate/s; fork + 2 threads create/join $threads_rate/s"
echo "  ratio: floor/tool = $(calc "$threads_rate / $overall" %.2f)x (threads floor)," \
	"$(calc "$fork_rate / $overall" %.2f)x (bare fork)"
[ -n "${p1:-}" ] && echo "  ratio per phase: phase 1 $(calc "$threads_rate / $p1" %.2f)x," \
	"phase 2 $(calc "$threads_rate / $p2" %.2f)x slower than the threads floor"
exit 0
