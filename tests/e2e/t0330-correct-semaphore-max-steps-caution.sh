#!/bin/sh
# t0330-correct-semaphore-max-steps-caution.sh — a --max-steps too small to finish the
# operations turns serial executions into "stuck" ones; a violation found against such
# observations must carry the caution that it can be a false alarm.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libsemw.so client-sem

lp_run --max-steps 1 --target "$P/libsemw.so" -- "$P/client-sem"
expect_status 1
expect_verdict "violation"
expect_out "CAUTION: phase 1 cut [0-9]* serial executions* at --max-steps 1"
expect_out "rerun with a larger --max-steps"

# With the default bound the same correct semaphore passes, without any caution.
lp_run --target "$P/libsemw.so" -- "$P/client-sem"
expect_status 0
expect_no_out "CAUTION"
done_testing
