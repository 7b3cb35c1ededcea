#!/bin/sh
# bench/root-cause.sh — the cost of root-causing a violation against the check that found it:
# for each buggy test, one run with root causes; prints the executions of phases 1 and 2, the
# extra executions of the root-cause search, the seconds of the check (phases 1 and 2) and of
# the search, their ratios, and the first root cause or why there is none (a search that
# stopped at its bound says "stopped").
# Usage: bench/root-cause.sh [BUILDDIR]   (make bench-root-cause; needs `make check` programs)
# LP_BENCH_TIMEOUT (seconds per run, default 300); LP_BENCH_RC_OPTS (more options for every
# run, e.g. "--root-cause-time 5m"); LP_BENCH_BASELINE=DIR: also run DIR/lineup-preload (an
# older build) on each case, in the same run, as the row "baseline".
set -eu
top_builddir=$(cd "${1:-${top_builddir:-.}}" && pwd)
LP=$top_builddir/lineup-preload
P=$top_builddir/tests/progs
LIMIT=${LP_BENCH_TIMEOUT:-300}
command -v jq >/dev/null 2>&1 || { echo "bench/root-cause.sh: jq is missing: apt-get install jq" >&2; exit 2; }
[ -x "$LP" ] || { echo "bench/root-cause.sh: '$LP' is missing: build first" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
calc() { awk "BEGIN { printf \"${2:-%.2f}\", $1 }"; }

# name|options|client and arguments (P/: the test programs, B/: the build directory)
CASES='stack-agm|--target P/libstack-agm.so|P/client-stack-agm
stack-agm-nodw|--target P/libstack-agm-nodw.so|P/client-stack-agm-nodw
counter-loadstore -g memory|-g memory --target P/libcounter-loadstore.so|P/client-counter-loadstore
counter-plain -g memory|-g memory --target P/libcounter-plain.so|P/client-counter-plain
queue-trylock|--target P/libqueue-trylock.so|P/client-queue-trylock
queue-trylock 3x3|--target P/libqueue-trylock.so|P/client-queue-grid-trylock 3 3
queue-trylock 3x2|--target P/libqueue-trylock.so|P/client-queue-grid-trylock 3 2
queue-trylock 4x1|--target P/libqueue-trylock.so|P/client-queue-grid-trylock 4 1
event-nolock (stuck)|--target P/libevent-nolock.so|P/client-event
box-race (crash)|--target P/libbox-race.so|P/client-box
demo (make demo)|--target B/examples/preload/libdemo-queue.so|B/examples/preload/demo-client'

echo "# bench/root-cause.sh: root-causing cost against the check that found the violation"
printf '%-28s %-8s %7s %7s %7s %7s %7s %7s  %s\n' case build check rc-exec exec-x s-check s-rc time-x \
	first-root-cause
echo "$CASES" | while IFS='|' read -r name opts client; do
	opts=$(echo "$opts" | sed "s|P/|$P/|g; s|B/|$top_builddir/|g")
	client=$(echo "$client" | sed "s|P/|$P/|g; s|B/|$top_builddir/|g")
	[ -x "${client%% *}" ] || { printf '%-28s %s\n' "$name" "not built"; continue; }
	for build in ${LP_BENCH_BASELINE:+baseline} this; do
		lp=$LP
		[ "$build" = baseline ] && lp=$LP_BENCH_BASELINE/lineup-preload
		rm -f "$tmp/b.json"
		# shellcheck disable=SC2086 # options and the client with its arguments
		timeout -k 5 "$LIMIT" "$lp" ${LP_BENCH_RC_OPTS:-} --json "$tmp/b.json" $opts -- $client \
			>"$tmp/b.out" 2>&1 || true
		if [ ! -s "$tmp/b.json" ]; then
			printf '%-28s %-8s %s\n' "$name" "$build" "timeout or error"
			continue
		fi
		e=$(jq -r '.phase1.executions + .phase2.executions' "$tmp/b.json")
		sc=$(jq -r '.phase1.seconds + .phase2.seconds' "$tmp/b.json")
		line=$(grep '^root causes: [0-9]* executions' "$tmp/b.out" || true)
		rc=$(echo "$line" | sed -n 's/^root causes: \([0-9]*\) executions.*/\1/p')
		sr=$(echo "$line" | sed -n 's/.*; \([0-9.]*\) s$/\1/p')
		first=$(sed -n 's/^  1\. \([^ ]* \.\. [^ :]*\).*/\1/p' "$tmp/b.out" | head -n 1)
		if [ -z "$first" ]; then
			first=$(grep -E '^root causes: [a-z]|^  \(search stopped' "$tmp/b.out" | head -n 1 |
				sed 's/^root causes: //' | cut -c1-60)
		elif grep -q '^  (search stopped' "$tmp/b.out"; then
			first="$first (stopped)"
		fi
		printf '%-28s %-8s %7s %7s %7s %7s %7s %7s  %s\n' "$name" "$build" "$e" "${rc:-0}" \
			"$(calc "${rc:-0} / $e" %.1f)x" "$(calc "$sc")" "${sr:-0}" \
			"$(calc "${sr:-0} / ($sc > 0 ? $sc : 1)" %.1f)x" "${first:-none}"
	done
done
