#!/bin/sh
# t1040-fidelity-fork-in-thread.sh — a client thread forks a child that calls the library
# and _exits: the child runs uncontrolled (it waited on the scheduler forever and the run
# was refused after 10 s as an uncontrolled blocking call), the parent's fork is a
# scheduling point, and the child's call is no operation of the test.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libqueue-lock.so client-fork

LP_TEST_TIMEOUT=30
lp_run --target "$P/libqueue-lock.so" -- "$P/client-fork"
expect_status 0
expect_verdict "no violation found"
lp_run --replay c: --target "$P/libqueue-lock.so" -- "$P/client-fork"
expect_status 0 "--replay of the default schedule"
! grep -q 'queue_add(.*300)' "$OUT"
ok $? "the child's call is not in the history"
done_testing
