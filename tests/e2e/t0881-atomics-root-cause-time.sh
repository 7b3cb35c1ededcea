#!/bin/sh
# t0881-atomics-root-cause-time.sh — the root-cause search is bounded by time: by default the
# time the check took, else --root-cause-time (0: no search). The violation report comes out
# before the search starts, a search cut short says so in one line and in the JSON, and the
# verdict (last line) and the exit status never change.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_cmd jq jq
lp_require_prog libqueue-trylock.so client-queue-grid-trylock

# Three threads of three calls: the violation is found in about a second, but proving its
# root cause takes 2,972 executions, ten times the check's time.
grid() { lp_run "$@" --target "$P/libqueue-trylock.so" -- "$P/client-queue-grid-trylock" 3 3; }

# line_of REGEX: the number of the first stdout line matching it (0 when none).
line_of() { grep -nE -- "$1" "$OUT" | head -n 1 | cut -d: -f1 | grep . || echo 0; }

# A small --root-cause-time: the search stops at it; the report comes first.
grid --root-cause-time 0.1 --json "$T/short.json"
expect_violation_report
expect_out '^root causes: stopped after [0-9.]+ s \(the time --root-cause-time gave it\): ' \
	"0.1 s: one line says the search stopped at --root-cause-time"
[ "$(line_of '^replay: ')" -gt 0 ] && [ "$(line_of '^replay: ')" -lt "$(line_of '^root causes: stopped')" ]
ok $? "0.1 s: the violation report (up to replay:) comes before the root causes line"
[ "$(jq -r '.violation.root_cause_search.stopped_by' "$T/short.json")" = time ] &&
	[ "$(jq -r '.violation.root_cause_search.time_limit' "$T/short.json")" = 0.1 ] &&
	[ "$(jq -r '.violation.root_cause_search.execution_limit' "$T/short.json")" = null ] &&
	[ "$(jq -r '.verdict' "$T/short.json")" = violation ]
ok $? "0.1 s: JSON root_cause_search says it stopped on time ($(jq -c .violation.root_cause_search "$T/short.json"))"

# By default: the time the check took (at least 1 s), counted from the 5,000th execution on,
# and 25 times the check's executions; this search proves its repair in 2,972, so it ends
# with its answer on a loaded machine too (t0880 checks the answer itself).
grid --json "$T/default.json"
expect_violation_report
expect_no_out '^root causes: stopped' "default: the 3x3 search ends with its answer, not at its bound"
jq -e '.violation.root_cause_search as $r | $r.stopped_by == null and $r.time_limit >= 1
	and $r.time_limit + 0.05 >= .phase1.seconds + .phase2.seconds
	and $r.execution_limit == 25 * (.phase1.executions + .phase2.executions)' \
	"$T/default.json" >/dev/null
ok $? "default: JSON root_cause_search: time limit the check's time, 25 times its executions ($(jq -c '[.violation.root_cause_search, .phase1.seconds, .phase2.seconds, .phase1.executions, .phase2.executions]' "$T/default.json"))"

# Through a pipe: the report's replay: line is read while the search still runs, seconds
# before the verdict line (before, the whole report came out after the search, at once).
echo "# \$ lineup-preload -q --root-cause-time 3s ... | (stamp each line)"
(cd "$T" && timeout -k 5 "${LP_TEST_TIMEOUT:-60}" "$LP" -q --root-cause-time 3s \
	--target "$P/libqueue-trylock.so" -- "$P/client-queue-grid-trylock" 3 3 2>"$ERR") |
	while IFS= read -r line; do
		case $line in # the time only where it matters: the reader keeps up
		replay:* | verdict:*) echo "$(date +%s.%N) $line" ;;
		*) echo "- $line" ;;
		esac
	done >"$T/stamped"
cut -d' ' -f2- "$T/stamped" >"$OUT"
RC=1
gap=$(awk '$2 == "replay:" && !r { r = $1 } $2 == "verdict:" { v = $1 }
	END { if (r && v) printf "%.2f", v - r; else print "none" }' "$T/stamped")
[ "$gap" != none ] && awk "BEGIN { exit !($gap >= 1) }"
ok $? "pipe: the replay: line arrives at least 1 s before the verdict line (${gap} s)"
expect_verdict violation

# 0 turns the search off, as --no-root-cause does.
grid --root-cause-time 0 --json "$T/off.json"
expect_violation_report
expect_no_out '^root causes' "0: no root causes in the report"
[ "$(jq -r '.violation.root_cause_search' "$T/off.json")" = null ] &&
	[ "$(jq -r '.violation.root_causes' "$T/off.json")" = null ]
ok $? "0: JSON root_cause_search and root_causes are null"

lp_run --root-cause-time 5x -- ./client
expect_error "root-cause-time"
done_testing
