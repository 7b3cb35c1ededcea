#!/bin/sh
# t1150-budget-interception-coverage.sh — --coverage says which target functions were called and how they are typed, what was trapped and what was not controlled; the JSON report has the same.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_cmd jq jq
lp_require_prog libqueue-ms.so client-queue-ms libqueue-lock.so client-queue-lock

lp_run --coverage --json "$T/r.json" --target "$P/libqueue-ms.so" -- "$P/client-queue-ms"
expect_status 0 "exit 0"
expect_verdict "no violation found"
expect_out '^interception coverage:$' "the report has an interception coverage section"
expect_out '^  called: queue_add\(p,i4\)->v \(types from target DWARF\): [0-9]+ operations in the executions, 1 call before the first thread; [0-9]+ points? from which it touches only its own frame(, [0-9]+ steps? through its own calls)?$' \
	"queue_add: its type, where the type comes from, operations and the set-up call"
expect_out '^  called: queue_trytake\(p\)->i4 \(types from target DWARF\): [0-9]+ operations in the executions; [0-9]+ points? from which it touches only its own frame$' "queue_trytake is listed"
expect_out '^  instrumented: 5 rmw in .*libqueue-ms.so$' "the trapped atomic instructions"
expect_out '^  not controlled: ' "what was not controlled"
# The steps from queue_add's CASes to its return run only its own frame's code, but each
# CAS writes a line the other threads' untracked loads read: still dependent on them.
! grep -q 'ran again with calls and returns ordered' "$OUT"
ok $? "no step taken as independent of another thread's target code that was not"
jq -e '.interception.functions | map(select(.name == "queue_add"))[0] | .typed and .signature == "queue_add(p,i4)->v" and .operations > 0 and .setup_calls == 1' \
	"$T/r.json" >/dev/null
ok $? "the JSON report has the interception coverage"

# Without --coverage the text report stays as it was.
lp_run --target "$P/libqueue-lock.so" -- "$P/client-queue-lock"
expect_no_out '^interception coverage:' "no section without --coverage"
done_testing
