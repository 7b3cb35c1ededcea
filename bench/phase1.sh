#!/bin/sh
# bench/phase1.sh — phase 1 on the 4x1, 6x1 and 3x3 mutex-queue tests and the 3x3
# Michael-Scott queue test: executions against serial orders of the operations, seconds,
# and executions/s as a ratio of the fork-server floor (bench/preload/floor, the one
# bench/exec.sh uses) measured in the same run with as many threads, at -j 1 (against
# the mean of the 1-worker floor taken just before and just after it) and -j 2 (against
# that and the floor of two workers side by side, taken just before), and how many
# serial executions ran ahead of their turn (phase1.speculated).
# --no-symmetry: every order runs, whatever threads are identical.
# Then lazy phase 1 against eager at -p 1 (whole runs: lazy runs its serial executions
# during phase 2's checks), and the 4x4 test, which only lazy phase 1 can do.
# Usage: bench/phase1.sh [BUILDDIR]   (make bench-phase1 runs it; needs `make check` programs)
set -eu
top_builddir=$(cd "${1:-${top_builddir:-.}}" && pwd)
LP=$top_builddir/lineup-preload
P=$top_builddir/tests/progs
FLOOR=$top_builddir/bench/preload/floor

for f in "$LP" "$FLOOR" "$P/client-queue-lock-4x1" "$P/client-queue-lock-6x1" \
	"$P/client-queue-lock-3x3" "$P/client-queue-ms-3x3" "$P/client-queue-grid-trylock"; do
	[ -x "$f" ] || { echo "bench/phase1.sh: '$f' is missing: run make check first" >&2; exit 2; }
done
command -v jq >/dev/null 2>&1 || { echo "bench/phase1.sh: jq is missing: apt-get install jq" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
calc() { awk "BEGIN { printf \"${2:-%.3f}\", $1 }"; }

floor_rate() { sed -n 's/^fork-threads //p' "$1"; }
# floors N: the floor with N threads, one worker then two side by side, measured just
# before the test it is compared with (the machine's speed drifts by ~10% over a run).
floors() {
	"$FLOOR" 1000 "$1" >"$tmp/f"
	floor_rate "$tmp/f" >"$tmp/floor1-$1"
	"$FLOOR" 1000 "$1" >"$tmp/fa" &
	"$FLOOR" 1000 "$1" >"$tmp/fb"
	wait
	calc "$(floor_rate "$tmp/fa") + $(floor_rate "$tmp/fb")" %.0f >"$tmp/floor2-$1"
}

# bench NAME LIB CLIENT THREADS ORDERS: one run at -p 0 (phase 2 is not measured here) with
# -j 1 and one with -j 2 (the serial orders run ahead on the second worker: the same
# executions), against the floor with one worker and with two side by side.
bench() {
	floors "$4"
	line=$(printf '  %-8s' "$1")
	for j in 1 2; do
		rc=0
		"$LP" -q -j "$j" -p 0 --no-symmetry --phase1 eager --json "$tmp/$1.json" --target "$P/$2" -- "$P/$3" \
			>"$tmp/$1.out" 2>"$tmp/$1.err" || rc=$?
		if [ "$rc" != 0 ]; then
			echo "bench/phase1.sh: lineup-preload -j $j on $3 exited $rc:" >&2
			tail -n 3 "$tmp/$1.err" "$tmp/$1.out" >&2
			exit 1
		fi
		e=$(jq -r .phase1.executions "$tmp/$1.json")
		s=$(jq -r .phase1.seconds "$tmp/$1.json")
		rate=$(calc "$e / ($s > 0 ? $s : 1e-9)" %.0f)
		one=$(cat "$tmp/floor1-$4")
		if [ "$j" = 1 ]; then
			# and again right after: the ratio is to the mean of both
			"$FLOOR" 1000 "$4" >"$tmp/f"
			after=$(floor_rate "$tmp/f")
			mean=$(calc "($one + $after) / 2" %.0f)
			line="$line $(printf '%6d executions for %6d serial orders; -j 1 %6.3f s: %5d/s (%d ran ahead), %.2f of the %d-thread floor (%d/s: %d before, %d after);' \
				"$e" "$5" "$s" "$rate" "$(jq -r .phase1.speculated "$tmp/$1.json")" \
				"$(calc "$rate / $mean")" "$4" "$mean" "$one" "$after")"
			one=$mean
		else
			two=$(cat "$tmp/floor2-$4")
			line="$line $(printf ' -j 2 %6.3f s: %5d/s, %.2f of the 1-worker floor, %.2f of the 2-worker floor (%d/s)' \
				"$s" "$rate" "$(calc "$rate / $one")" "$(calc "$rate / $two")" "$two")"
		fi
	done
	echo "$line"
}

echo "bench-phase1: phase 1 at -p 0, one run each; floor: fork + N threads create/join + _exit, one worker, then two side by side, just before each test (one worker again just after -j 1)"
bench mutex-4x1 libqueue-lock.so client-queue-lock-4x1 4 24
bench mutex-6x1 libqueue-lock.so client-queue-lock-6x1 6 720
bench mutex-3x3 libqueue-lock.so client-queue-lock-3x3 3 1680
bench ms-3x3 libqueue-ms.so client-queue-ms-3x3 3 1680

# both NAME LIB CLIENT ARGS...: the same -p 1 test with --phase1 eager and lazy.
both() {
	name=$1 lib=$2 client=$3
	shift 3
	for m in eager lazy; do
		rc=0
		start=$(date +%s.%N)
		"$LP" -q -p 1 --no-root-cause --phase1 $m --json "$tmp/$name-$m.json" --target "$P/$lib" -- \
			"$P/$client" "$@" >"$tmp/$name-$m.out" 2>&1 || rc=$?
		end=$(date +%s.%N)
		[ "$rc" -le 1 ] || { echo "bench/phase1.sh: $name --phase1 $m exited $rc" >&2; tail -n 3 "$tmp/$name-$m.out" >&2; exit 1; }
		eval "${m}_e=\$(jq -r .phase1.executions \"$tmp/$name-$m.json\")"
		eval "${m}_s=\$(jq -r .phase1.seconds \"$tmp/$name-$m.json\")"
		eval "${m}_t=\$(calc \"$end - $start\")"
		eval "${m}_v=\$(jq -r .verdict \"$tmp/$name-$m.json\")"
	done
	orders=$(jq -r .phase1.serial_orders "$tmp/$name-lazy.json")
	printf '  %-8s %.0f orders: eager %6d executions, phase 1 %6.2f s, run %6.2f s; lazy %6d executions (%.3f of eager), phase 1 %6.2f s, run %6.2f s (%.2f of eager); verdicts %s / %s\n' \
		"$name" "$orders" "$eager_e" "$eager_s" "$eager_t" "$lazy_e" "$(calc "$lazy_e / $eager_e")" \
		"$lazy_s" "$lazy_t" "$(calc "$lazy_t / $eager_t")" "$eager_v" "$lazy_v"
}

echo "bench-phase1: --phase1 eager against lazy, -p 1, whole runs (identical threads taken up to symmetry by eager)"
both mutex-3x3 libqueue-lock.so client-queue-lock-3x3
both ms-3x3 libqueue-ms.so client-queue-ms-3x3
both trylock-3x3 libqueue-trylock.so client-queue-grid-trylock 3 3

echo "bench-phase1: a 4x4 mutex-queue test at -p 1 (63,063,000 serial orders), --phase1 auto"
rc=0
start=$(date +%s.%N)
"$LP" -q -p 1 --no-root-cause --json "$tmp/4x4.json" --target "$P/libqueue-lock.so" -- "$P/client-queue-lock-3x3" 4 4 \
	>"$tmp/4x4.out" 2>&1 || rc=$?
end=$(date +%s.%N)
printf '  mutex-4x4 exit %d, mode %s: %d serial executions (phase 1 %.2f s), %d concurrent (phase 2 %.2f s), %.2f s in all\n' \
	"$rc" "$(jq -r .phase1.mode "$tmp/4x4.json")" "$(jq -r .phase1.executions "$tmp/4x4.json")" \
	"$(jq -r .phase1.seconds "$tmp/4x4.json")" "$(jq -r .phase2.executions "$tmp/4x4.json")" \
	"$(jq -r .phase2.seconds "$tmp/4x4.json")" "$(calc "$end - $start")"
