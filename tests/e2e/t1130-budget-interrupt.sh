#!/bin/sh
# t1130-budget-interrupt.sh — SIGINT or SIGTERM in the middle of phase 2 ends the run cleanly: the coverage summary, a complete JSON report marked interrupted, exit 128 + the signal (130, 143), no client process left.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_cmd jq jq
lp_require_cmd pgrep procps
lp_require_prog libqueue-ms.so client-queue-3x3

# interrupt SIG: start a long run (its client marked by an extra argument, which it ignores) (3 threads x 2 operations at -p 3: about 5 s; with 1 operation each it now ends in under a second), wait for phase 2, signal it.
interrupt() {
	sig=$1 status=$2
	rm -f "$T/r.json"
	: >"$ERR" # before the start: the wait below must not see the previous run's lines
	(cd "$T" && LINEUP_PROGRESS_INTERVAL=0.2 exec "$LP" -p 3 --json "$T/r.json" --target "$P/libqueue-ms.so" -- \
		"$P/client-queue-3x3" 2 "t1130-$$") >"$OUT" 2>"$ERR" &
	pid=$!
	i=0
	while [ $i -lt 300 ] && ! grep -q 'phase 2 (concurrent): [0-9]* executions' "$ERR"; do
		sleep 0.1
		i=$((i + 1))
	done
	kill -"$sig" $pid
	RC=0
	wait $pid || RC=$?
	expect_status "$status" "$sig: exit $status (interrupted; no violation in what ran)"
	expect_verdict "no violation found"
	expect_out "^stopped by SIG$sig before the end of the run$" "$sig: the summary says the signal ended the run"
	expect_out '^coverage: (bound [0-9] complete; )?bound [0-9]: [0-9]+% of its schedules \(about [0-9,]+ of [0-9,]+\)$' \
		"$sig: the coverage line says how far the bound being run got"
	expect_out '^guarantee: ' "$sig: the guarantee line"
	expect_no_out '^coverage: bound 3 complete' "$sig: bound 3 is not claimed complete"
	jq -e ".interrupted == true and .stopped_by == \"SIG$sig\" and .verdict == \"no violation found\"
		and (.coverage.partial_bound >= 0)" "$T/r.json" >/dev/null
	ok $? "$sig: the JSON report is valid and marked interrupted"
	sleep 0.2
	! pgrep -f "t1130-$$" >/dev/null
	ok $? "$sig: no client process is left"
}

interrupt INT 130
interrupt TERM 143
done_testing
