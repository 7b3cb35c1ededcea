#!/bin/sh
# bench/por.sh — phase-2 cost with and without the partial-order reduction, in one run: the
# mutex queue with 4 threads x 1 operation and 3 threads x 3 operations, the Michael-Scott
# (lock-free) queue 3x3 ("ms3x3") and GLib's GThreadPool, whose workers the pushes create
# ("pool", tests/progs/client-glib-pool; left out when it is not built), each with
# --no-reduction, --reduction sleep (default) and --reduction race-free on one worker (-j 1),
# and the default on two workers (row "sleep-j2"); prints executions, pruned schedules,
# seconds and the ratios against no reduction. Last, the bare fork-server floor
# (bench/preload/floor, 3 threads) with one worker and with two side by side, and what -j 2
# gains on each case beside what the floor gains.
# Usage: bench/por.sh [BUILDDIR]   (make bench-por runs it; needs `make check` programs)
# LP_BENCH_BOUND (default 2: the default bound), LP_BENCH_CASES (default "4x1 3x3 ms3x3 pool";
# also "spinsem": musl-like spinning semaphore, 3 threads, whose unreduced row takes long,
# and "lfq": liburcu's RCU lock-free queue, 3 client threads, a dequeue starting liburcu's
# call_rcu thread, tests/progs/client-urcu-lfq),
# LP_BENCH_TIMEOUT (seconds per run, default 900; a run cut short prints "timeout", or
# "cut at" with the executions run so far when it ended on the signal with its report).
# LP_BENCH_BASELINE=DIR: also run DIR/lineup-preload (an older build) with its default
# reduction on each case, in the same run, as the row "baseline".
set -eu
top_builddir=$(cd "${1:-${top_builddir:-.}}" && pwd)
LP=$top_builddir/lineup-preload
P=$top_builddir/tests/progs
BOUND=${LP_BENCH_BOUND:-2}
CASES=${LP_BENCH_CASES:-4x1 3x3 ms3x3 pool}
LIMIT=${LP_BENCH_TIMEOUT:-900}

for f in "$LP" "$P/client-queue-grid-lock" "$P/libqueue-lock.so" "$P/client-queue-ms-3x3" "$P/libqueue-ms.so"; do
	[ -x "$f" ] || [ -f "$f" ] || { echo "bench/por.sh: '$f' is missing: run make check first" >&2; exit 2; }
done
command -v jq >/dev/null 2>&1 || { echo "bench/por.sh: jq is missing: apt-get install jq" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

now() { date +%s.%N; }
# a bundled library by path, a system one by soname
target() { case $1 in lib*.so) echo "$P/$1" ;; *) echo "$1" ;; esac; }
calc() { awk "BEGIN { printf \"${2:-%.3f}\", $1 }"; }

echo "# bench/por.sh: mutex queue (tests/progs/client-queue-grid-lock N M), Michael-Scott queue (client-queue-ms-3x3), preemption bound $BOUND"
printf '%-5s %-10s %10s %10s %9s %9s %9s  %s\n' case reduction executions pruned seconds exec-ratio speedup verdict
jobs_gain=
j1_s=1
for c in $CASES; do
	case $c in
	pool)
		if [ ! -x "$P/client-glib-pool" ]; then
			echo "pool: tests/progs/client-glib-pool is not built (libglib2.0-dev missing): left out"
			continue
		fi
		lib=libglib-2.0.so.0 run="$P/client-glib-pool"
		;;
	lfq)
		if [ ! -x "$P/client-urcu-lfq" ]; then
			echo "lfq: tests/progs/client-urcu-lfq is not built (liburcu-dev missing): left out"
			continue
		fi
		lib=liburcu-cds.so.8 run="$P/client-urcu-lfq"
		;;
	ms3x3) lib=libqueue-ms.so run="$P/client-queue-ms-3x3" ;;
	spinsem) lib=libspinsem.so run="$P/client-spinsem 3" ;; # a spinning semaphore, 3 threads
	*) lib=libqueue-lock.so run="$P/client-queue-grid-lock ${c%x*} ${c#*x}" ;;
	esac
	base_e=
	base_s=
	for r in off ${LP_BENCH_BASELINE:+baseline} sleep race-free sleep-j2; do
		t0=$(now)
		rm -f "$tmp/r.json"
		if [ "$r" = baseline ]; then
			# shellcheck disable=SC2086 # $run is the client and its arguments
			timeout -k 5 "$LIMIT" "$LP_BENCH_BASELINE/lineup-preload" -q -p "$BOUND" \
				--json "$tmp/r.json" --target "$(target "$lib")" -- $run >/dev/null 2>&1 || true
		else
			# shellcheck disable=SC2086 # $run is the client and its arguments
			jobs=1
			red=$r
			[ "$r" = sleep-j2 ] && jobs=2 red=sleep
			# shellcheck disable=SC2086 # $run is the client and its arguments
			timeout -k 5 "$LIMIT" "$LP" -q -p "$BOUND" -j "$jobs" --reduction "$red" \
				--json "$tmp/r.json" --target "$(target "$lib")" -- $run >/dev/null 2>&1 || true
		fi
		t1=$(now)
		s=$(calc "$t1 - $t0")
		if [ ! -s "$tmp/r.json" ]; then
			printf '%-5s %-10s %10s %10s %9s %9s %9s  %s\n' "$c" "$r" - - "$s" - - "timeout (${LIMIT} s)"
			continue
		fi
		e=$(jq -r '.phase2.executions' "$tmp/r.json")
		if [ "$(jq -r '.interrupted // false' "$tmp/r.json")" = true ]; then
			# timeout's SIGTERM: the report is whole but the run is not; no ratios from it
			printf '%-5s %-10s %10s %10s %9s %9s %9s  %s\n' "$c" "$r" "$e" - "$s" - - \
				"cut at ${LIMIT} s (executions so far)"
			continue
		fi
		pr=$(jq -r '.phase2.pruned // 0' "$tmp/r.json")
		v=$(jq -r '.verdict' "$tmp/r.json")
		if [ -z "$base_e" ]; then
			base_e=$e
			base_s=$s
		fi
		printf '%-5s %-10s %10s %10s %9s %9s %9s  %s\n' "$c" "$r" "$e" "$pr" "$s" \
			"$(calc "$base_e / ($e > 0 ? $e : 1)" %.1fx)" "$(calc "$base_s / $s" %.1fx)" "$v"
		[ "$r" = sleep ] && j1_s=$s
		[ "$r" = sleep-j2 ] && jobs_gain="$jobs_gain $c $(calc "$j1_s / $s" %.2fx)"
	done
done

FLOOR=$top_builddir/bench/preload/floor
if [ -x "$FLOOR" ]; then
	n=${LP_BENCH_FLOOR_RUNS:-2000}
	one=$("$FLOOR" "$n" 3 | awk '/^fork-threads/ { print $2 }')
	"$FLOOR" "$n" 3 >"$tmp/f1" &
	"$FLOOR" "$n" 3 >"$tmp/f2"
	wait
	two=$(cat "$tmp/f1" "$tmp/f2" | awk '/^fork-threads/ { s += $2 } END { print s }')
	echo "# fork-server floor (fork + 3 threads + exit): 1 worker $one/s, 2 workers $two/s: $(calc "$two / $one" %.2fx)"
	echo "# -j 2 against -j 1 (default reduction):$jobs_gain"
fi
