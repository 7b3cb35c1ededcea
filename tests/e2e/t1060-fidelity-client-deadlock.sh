#!/bin/sh
# t1060-fidelity-client-deadlock.sh — the client's own locks taken in opposite orders
# deadlock outside any operation: a set-up error that blames the client (it was a
# malformed "stuck" history and an internal error telling the user to edit it); --replay
# of that schedule prints a well-formed history and says why.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libqueue-lock.so client-selfdeadlock

lp_run --target "$P/libqueue-lock.so" -- "$P/client-selfdeadlock"
expect_error "client deadlocked outside the library's operations under schedule [sc]:[0-9@.,]*.*fix the client"
! grep -q "remove the 'stuck' line" "$ERR"
ok $? "no advice to edit a history"

sched=$(sed -n 's/.*under schedule \([^ ]*\) .*/\1/p' "$ERR")
lp_run --replay "$sched" --target "$P/libqueue-lock.so" -- "$P/client-selfdeadlock"
expect_status 0 "--replay $sched"
! grep -q '^stuck' "$OUT" && grep -q '^end$' "$OUT"
ok $? "the replayed history is well-formed (no 'stuck' without a pending call)"
grep -q 'deadlocked outside the library' "$ERR"
ok $? "the replay says the client deadlocked"
done_testing
