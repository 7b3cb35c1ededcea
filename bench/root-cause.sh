#!/bin/sh
# bench/root-cause.sh — the cost of root-causing a violation, as ratios to the run that found
# it: each buggy test is run with --no-root-cause and without it; prints the executions of
# phases 1 and 2, the extra executions of the root-cause search, the seconds of each run, and
# the ratios (executions: search / check; seconds: search alone / whole run without it).
# Usage: bench/root-cause.sh [BUILDDIR]   (make bench-root-cause; needs `make check` programs)
# LP_BENCH_TIMEOUT (seconds per run, default 300).
set -eu
top_builddir=$(cd "${1:-${top_builddir:-.}}" && pwd)
LP=$top_builddir/lineup-preload
P=$top_builddir/tests/progs
LIMIT=${LP_BENCH_TIMEOUT:-300}
command -v jq >/dev/null 2>&1 || { echo "bench/root-cause.sh: jq is missing: apt-get install jq" >&2; exit 2; }
[ -x "$LP" ] || { echo "bench/root-cause.sh: '$LP' is missing: build first" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
now() { date +%s.%N; }
calc() { awk "BEGIN { printf \"${2:-%.2f}\", $1 }"; }

# name|options|client and arguments
CASES='stack-agm|--target P/libstack-agm.so|P/client-stack-agm
counter-loadstore -g memory|-g memory --target P/libcounter-loadstore.so|P/client-counter-loadstore
counter-plain -g memory|-g memory --target P/libcounter-plain.so|P/client-counter-plain
queue-trylock|--target P/libqueue-trylock.so|P/client-queue-trylock
queue-trylock 3x3|--target P/libqueue-trylock.so|P/client-queue-grid-trylock 3 3
queue-trylock 3x2|--target P/libqueue-trylock.so|P/client-queue-grid-trylock 3 2
queue-trylock 4x1|--target P/libqueue-trylock.so|P/client-queue-grid-trylock 4 1
event-nolock (stuck)|--target P/libevent-nolock.so|P/client-event'

echo "# bench/root-cause.sh: root-causing cost against the run that found the violation"
printf '%-28s %8s %8s %8s %8s %9s %9s  %s\n' case check rc-exec exec-x s-check s-rc time-x first-root-cause
echo "$CASES" | while IFS='|' read -r name opts client; do
	opts=$(echo "$opts" | sed "s|P/|$P/|g")
	client=$(echo "$client" | sed "s|P/|$P/|g")
	t0=$(now)
	# shellcheck disable=SC2086
	timeout -k 5 "$LIMIT" "$LP" -q --no-root-cause --json "$tmp/a.json" $opts -- $client >/dev/null 2>&1 || true
	t1=$(now)
	# shellcheck disable=SC2086
	timeout -k 5 "$LIMIT" "$LP" --json "$tmp/b.json" $opts -- $client >"$tmp/b.out" 2>&1 || true
	t2=$(now)
	if [ ! -s "$tmp/a.json" ] || [ ! -s "$tmp/b.json" ]; then
		printf '%-28s %s\n' "$name" "timeout or error"
		continue
	fi
	e=$(jq -r '.phase1.executions + .phase2.executions' "$tmp/a.json")
	rc=$(sed -n 's/^root causes: \([0-9]*\) executions.*/\1/p' "$tmp/b.out")
	rc=${rc:-0}
	sa=$(calc "$t1 - $t0")
	sb=$(calc "$t2 - $t1")
	first=$(sed -n 's/^  1\. \([^ ]* \.\. [^ :]*\).*/\1/p' "$tmp/b.out" | head -n 1)
	printf '%-28s %8s %8s %8s %8s %9s %9s  %s\n' "$name" "$e" "$rc" "$(calc "$rc / $e")x" "$sa" \
		"$(calc "$sb - $sa")" "$(calc "($sb - $sa) / $sa")x" "${first:-none}"
done
