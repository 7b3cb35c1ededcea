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
REPEAT=${LP_BENCH_REPEAT:-5}

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

# run NAME CLIENT BOUND: best of REPEAT runs; sets ${NAME}_wall ${NAME}_e1 ${NAME}_e2.
run() {
	best=""
	for i in $(seq "$REPEAT"); do
		t0=$(now)
		rc=0
		"$LP" -q -p "$3" --phase1 eager --json "$tmp/$1.json" --target "$P/libqueue-lock.so" -- "$2" \
			>"$tmp/$1.out" 2>"$tmp/$1.err" || rc=$?
		t1=$(now)
		if [ "$rc" != 0 ]; then
			echo "bench/exec.sh: lineup-preload on $2 exited $rc:" >&2
			tail -n 3 "$tmp/$1.err" "$tmp/$1.out" >&2
			return 1
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

echo "bench-exec: queue test (tests/progs/client-queue-lock, libqueue-lock.so), best of $REPEAT"
run q0 "$P/client-queue-lock" 0 || exit 1
run queue "$P/client-queue-lock" "$BOUND" || exit 1
# The bare client (threads, no operation in them) gives the fixed start-up cost; if the
# tool refuses it, the floor program alone stands for it.
have_bare=1
run bare "$P/client-bare" "$BOUND" || { have_bare=0; echo "  (bare client refused: start-up cost not removed)"; }
"$FLOOR" 1000 2 >"$tmp/floor"
fork_rate=$(sed -n 's/^fork-exit //p' "$tmp/floor")
threads_rate=$(sed -n 's/^fork-threads //p' "$tmp/floor")

r() { calc "$1" %.0f; }
names="q0 queue"
[ "$have_bare" = 1 ] && names="bare $names"
for n in $names; do
	eval "printf '  %-6s %5d phase-1 + %5d phase-2 executions in %.3f s\n' \$n \$${n}_e1 \$${n}_e2 \$${n}_wall"
done
# wall = fixed + e1*c1 + e2*c2 for the three runs (the fixed part is start-up, analysis
# and the checker's start): solve for the per-execution costs c1, c2 (Cramer's rule).
costs=none
[ "$have_bare" = 1 ] && costs=$(awk -v a1="$bare_e1" -v b1="$bare_e2" -v w1="$bare_wall" \
	-v a2="$q0_e1" -v b2="$q0_e2" -v w2="$q0_wall" \
	-v a3="$queue_e1" -v b3="$queue_e2" -v w3="$queue_wall" 'BEGIN {
	# rows (1, a, b) . (f, c1, c2) = w
	d = (a2*b3 - a3*b2) - a1*(b3 - b2) + b1*(a3 - a2)
	if (d == 0) { print "none"; exit }
	dc1 = (w2*b3 - w3*b2) - w1*(b3 - b2) + b1*(w3 - w2)
	dc2 = (a2*w3 - a3*w2) - a1*(w3 - w2) + w1*(a3 - a2)
	c1 = dc1 / d; c2 = dc2 / d
	if (c1 <= 0 || c2 <= 0) { print "none"; exit }
	printf "%.0f %.0f\n", 1 / c1, 1 / c2 }')
overall=$(r "($queue_e1 + $queue_e2) / $queue_wall")
echo "  overall: $overall executions/s (-p $BOUND, wall time including start-up)"
if [ "$costs" != none ]; then
	p1=${costs% *} p2=${costs#* }
	echo "  phase 1: $p1 executions/s;  phase 2: $p2 executions/s (start-up cost removed)"
else
	# phase 1 is the same in both queue runs: their difference is phase 2 alone.
	p2=$(r "($queue_e2 - $q0_e2) / ($queue_wall - $q0_wall)")
	p1=$overall
	echo "  phase 2: $p2 executions/s (marginal, -p $BOUND minus -p 0); phase 1 not separable"
fi
echo "  floor: fork+_exit+waitpid $fork_rate/s; fork + 2 threads create/join + _exit $threads_rate/s"
echo "  ratio (threads floor / tool): phase 1 $(calc "$threads_rate / $p1" %.2f)x," \
	"phase 2 $(calc "$threads_rate / $p2" %.2f)x, overall $(calc "$threads_rate / $overall" %.2f)x"
echo "  ratio (bare fork floor / tool): phase 1 $(calc "$fork_rate / $p1" %.2f)x," \
	"phase 2 $(calc "$fork_rate / $p2" %.2f)x"
