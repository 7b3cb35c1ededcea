#!/bin/sh
# bench/glib.sh — phase 2 on locks built from atomics and futexes beside pthread ones, in one
# run: the pthread mutex queue 3x3 and 6x1 (client-queue-grid-lock), GLib's GAsyncQueue as a
# fixed 3x3 test (bench/glib-asyncq-3x3.lineup) and as 20 random 3x3 tests
# (bench/glib-asyncq.lineup), GThreadPool with its worker (client-glib-pool) and the musl-like
# spinning semaphore with 4 threads, fixed (client-spinsem) and with its lost wake-up
# (client-spinsem-lost); each under the reductions of LP_BENCH_REDUCTIONS (default "sleep
# no-lock race-free"; "off" too when asked; no-lock is sleep with --lock none, GMutex's
# contended path explored as any atomic code) and, with LP_BENCH_BASELINE=DIR,
# DIR/lineup-preload's default (an older build). Prints phase-2 executions, phase 1's serial
# executions (lazy phase 1 runs them during phase 2), seconds and the verdict per row.
# Usage: bench/glib.sh [BUILDDIR]; LP_BENCH_CASES picks rows (default: all of
# "pthread3x3 pthread6x1 asyncq3x3 asyncq20 pool spinsem spinsem-bug"), LP_BENCH_TIMEOUT
# (seconds per run, default 900), LP_BENCH_JOBS (default 1).
set -eu
top_builddir=$(cd "${1:-${top_builddir:-.}}" && pwd)
srcdir=$(cd "$(dirname "$0")/.." && pwd)
LP=$top_builddir/lineup-preload
P=$top_builddir/tests/progs
CASES=${LP_BENCH_CASES:-pthread3x3 pthread6x1 asyncq3x3 asyncq20 pool spinsem spinsem-bug}
REDS=${LP_BENCH_REDUCTIONS:-sleep no-lock race-free}
LIMIT=${LP_BENCH_TIMEOUT:-900}
JOBS=${LP_BENCH_JOBS:-1}
[ -x "$LP" ] || { echo "bench/glib.sh: '$LP' is missing: run make first" >&2; exit 2; }
command -v jq >/dev/null 2>&1 || { echo "bench/glib.sh: jq is missing: apt-get install jq" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
now() { date +%s.%N; }

echo "# bench/glib.sh: futex/atomic locks against pthread ones, -j $JOBS, default bound"
printf '%-12s %-10s %11s %7s %9s  %s\n' case reduction executions serial seconds verdict
for c in $CASES; do
	case $c in
	pthread3x3) args="--target $P/libqueue-lock.so -- $P/client-queue-grid-lock 3 3" ;;
	pthread6x1) args="--target $P/libqueue-lock.so -- $P/client-queue-grid-lock 6 1" ;;
	asyncq3x3) args="--test $srcdir/bench/glib-asyncq-3x3.lineup" ;;
	asyncq20) args="--test $srcdir/bench/glib-asyncq.lineup --random 20 --shape 3x3" ;;
	pool) args="--target libglib-2.0.so.0 -- $P/client-glib-pool" ;;
	spinsem) args="--target $P/libspinsem.so -- $P/client-spinsem 4" ;;
	spinsem-bug) args="--target $P/libspinsem-lost.so -- $P/client-spinsem-lost 4" ;;
	*) echo "bench/glib.sh: unknown case '$c'" >&2; exit 2 ;;
	esac
	case $c in asyncq* | pool)
		if ! pkg-config --exists glib-2.0 2>/dev/null; then
			echo "$c: GLib is missing (apt-get install libglib2.0-dev): left out"
			continue
		fi
		;;
	esac
	for r in ${LP_BENCH_BASELINE:+baseline} $REDS; do
		bin=$LP red="--reduction $r"
		[ "$r" = baseline ] && bin=$LP_BENCH_BASELINE/lineup-preload red=
		[ "$r" = no-lock ] && red="--lock none" # the default reduction, GMutex explored
		rm -f "$tmp/r.json"
		t0=$(now)
		# shellcheck disable=SC2086 # $args and $red are word lists
		timeout -k 5 "$LIMIT" "$bin" -q -j "$JOBS" $red --json "$tmp/r.json" $args \
			>/dev/null 2>&1 || true
		s=$(awk "BEGIN { printf \"%.2f\", $(now) - $t0 }")
		if [ ! -s "$tmp/r.json" ]; then
			printf '%-12s %-10s %11s %7s %9s  %s\n' "$c" "$r" - - "$s" "timeout (${LIMIT} s)"
			continue
		fi
		# a campaign's report sums its tests' executions and says a violation or none
		e=$(jq -r '.phase2.executions // ([.results[]?.phase2_executions] | add) // "-"' \
			"$tmp/r.json")
		p1=$(jq -r '.phase1.executions // ([.results[]?.phase1_executions] | add) // "-"' \
			"$tmp/r.json")
		v=$(jq -r '.verdict // (if .violation then "violation" else "no violation found" end)' \
			"$tmp/r.json")
		[ "$(jq -r '.interrupted // false' "$tmp/r.json")" = true ] && v="cut at ${LIMIT} s"
		printf '%-12s %-10s %11s %7s %9s  %s\n' "$c" "$r" "$e" "$p1" "$s" "$v"
	done
done
