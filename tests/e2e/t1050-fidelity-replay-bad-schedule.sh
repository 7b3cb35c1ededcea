#!/bin/sh
# t1050-fidelity-replay-bad-schedule.sh — a --replay schedule that cannot be followed is
# the schedule's fault, said as such: a thread that never exists (it said "client is
# nondeterministic"), a step the execution never reaches (it was silently ignored).
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libqueue-lock.so client-queue-lock

lp_run --replay c:6@0.9 --target "$P/libqueue-lock.so" -- "$P/client-queue-lock"
expect_error "schedule c:6@0\.9 cannot be followed: .*6@0\.9 .*no such thread exists"
! grep -q nondeterministic "$ERR"
ok $? "the error does not blame the client"

lp_run --replay c:600@0.1 --target "$P/libqueue-lock.so" -- "$P/client-queue-lock"
expect_error "names step 600, which never happens: the execution ends after [0-9]+ scheduling points"

lp_run --replay c:3@0.2 --target "$P/libqueue-lock.so" -- "$P/client-queue-lock"
expect_status 0 "a schedule that can be followed still replays"
done_testing
