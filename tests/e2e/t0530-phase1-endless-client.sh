#!/bin/sh
# t0530-phase1-endless-client.sh — a client thread that yields forever outside any
# operation keeps reaching scheduling points, so no watchdog fires and no --max-steps
# applies: the per-execution step limit ends it with a one-line error, never a hang.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libsemw.so client-endless

LP_TEST_TIMEOUT=60
lp_run --target "$P/libsemw.so" -- "$P/client-endless"
[ "$RC" != 124 ] && [ "$RC" != 137 ]
ok $? "finishes before the test's time limit"
expect_error 'loops forever outside the library'
done_testing
