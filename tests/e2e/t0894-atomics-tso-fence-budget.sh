#!/bin/sh
# t0894-atomics-tso-fence-budget.sh — the fences' checks share the root-cause budget: a
# check cut by --root-cause-time says it was not decided, --no-root-cause tries none, and
# the verdict and exit status never change, and SIGINT during a check ends the run at once
# (no wait for an execution that never replies). Peterson's lock waiting with PAUSE: its
# fence check takes hundreds of executions.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_cmd jq jq
lp_require_prog libpeterson-nodw.so client-peterson-nodw libpeterson-yield.so client-peterson-yield

lp_run -p 1 -g memory --memory-model tso --root-cause-time 0.5 --json r.json \
	--target "$P/libpeterson-nodw.so" -- "$P/client-peterson-nodw"
expect_violation_report
expect_out '^  an mfence after pc_inc\+0x[0-9a-f]+ in libpeterson-nodw\.so: not decided, stopped after [0-9.]+ s and [0-9]+ executions \(the time --root-cause-time gave it\)$' \
	"a check cut by --root-cause-time says it was not decided"
expect_out '^  \([0-9]+ more not tried\)$' "and that the next sites were not tried"
jq -e '.verdict == "violation" and (.violation.fences | length) == 1
	and .violation.fences[0].removes == null and .violation.fences[0].stopped_by == "time"
	and .violation.root_cause_search.stopped_by == "time"' "$T/r.json" >/dev/null
ok $? "JSON: removes null, stopped_by time ($(jq -c .violation.fences "$T/r.json"))"

lp_run -p 1 -g memory --memory-model tso --no-root-cause --json n.json -- "$P/client-peterson-yield"
expect_violation_report
expect_out 'stale load: ' "the stale loads are still reported"
expect_no_out '^fences|mfence after|^root causes' "--no-root-cause: no fence tried"
jq -e '.violation.fences == null and .violation.root_cause_search == null' "$T/n.json" >/dev/null
ok $? "JSON: fences null with --no-root-cause"
# SIGINT once the fence checks run (the replay: line is out): exit 130 within seconds.
: >"$OUT"
(cd "$T" && LINEUP_PROGRESS_INTERVAL=0.2 exec "$LP" -p 1 -g memory --memory-model tso \
	--root-cause-time 5m --target "$P/libpeterson-nodw.so" -- "$P/client-peterson-nodw") \
	>"$OUT" 2>"$ERR" &
pid=$!
i=0
while [ $i -lt 600 ] && ! grep -q 'checking an mfence after' "$ERR"; do
	sleep 0.1
	i=$((i + 1))
done
kill -INT $pid
t0=$(date +%s)
RC=0
wait $pid || RC=$?
expect_status 130 "SIGINT during a fence check: exit 130"
[ $(($(date +%s) - t0)) -le 10 ]
ok $? "SIGINT: the run ends within seconds"
# the signal lands either while the run waits (the search's line) or inside a check (its
# candidate's line): both say it was interrupted
expect_out '^fences: search stopped: interrupted by SIGINT$|^  +an mfence after .*\(interrupted\)$' \
	"the report says the fence search was interrupted"
expect_verdict violation
done_testing
