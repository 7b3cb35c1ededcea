#!/bin/sh
# bench/real.sh — a RandomCheck campaign over the gallery of real libraries (examples/real/):
# each generator runs LP_REAL_TESTS random tests of LP_REAL_SHAPE (a fixed test runs once),
# each file under LP_REAL_BUDGET (--time-budget) if set, with LP_REAL_ARGS (e.g. "-p 1") added;
# prints per file: tests, executions (phase 1 + 2, from the JSON report), seconds, verdict.
# Run from the build directory: sh ../bench/real.sh   (LP_REAL_TESTS=10 to shrink)
top_srcdir=${top_srcdir:-..}
tool=${LP_TOOL:-./lineup-preload}
tests=${LP_REAL_TESTS:-100}
shape=${LP_REAL_SHAPE:-2x2}
out=${TMPDIR:-/tmp}/lineup-real.$$
json=$out.json
trap 'rm -f "$out" "$json"' EXIT
printf '%-28s %6s %11s %8s  %s\n' description tests executions seconds verdict
for f in "$top_srcdir"/examples/real/*.lineup; do
	rm -f "$json"
	set -- --test "$f" --json "$json"
	grep -q '^op ' "$f" && set -- "$@" --random "$tests" --shape "$shape"
	[ -n "$LP_REAL_BUDGET" ] && set -- "$@" --time-budget "$LP_REAL_BUDGET"
	# shellcheck disable=SC2086 # LP_REAL_ARGS is a list of options
	set -- $LP_REAL_ARGS "$@"
	start=$(date +%s.%N)
	nice "$tool" "$@" >"$out" 2>&1
	rc=$?
	end=$(date +%s.%N)
	n=$(sed -n 's/^tests: \([0-9]*\) run.*/\1/p' "$out" | tail -1)
	[ -n "$n" ] || n=1
	# executions of phase 1 and 2 summed over the tests of the JSON report
	# (a campaign: phaseN_executions per test; a fixed test: phaseN.executions)
	ex=$(jq '([.. | objects | (.phase1_executions // 0) + (.phase2_executions // 0)] | add) +
		(.phase1.executions // 0) + (.phase2.executions // 0)' \
		"$json" 2>/dev/null)
	verdict=$(sed -n 's/^verdict: //p' "$out" | tail -1)
	[ -n "$verdict" ] || verdict="exit $rc: $(tail -1 "$out")"
	printf '%-28s %6s %11s %8.1f  %s\n' "$(basename "$f" .lineup)" "$n" "$ex" \
		"$(echo "$end - $start" | bc)" "$verdict"
	[ $rc -le 1 ] || [ -z "$LP_REAL_KEEP" ] || cp "$out" "$(basename "$f" .lineup).out"
done
