#!/bin/sh
# t0330-correct-semaphore-max-steps-caution.sh — a --max-steps too small to finish the
# operations turns serial executions into "stuck" ones; a violation found against such
# observations must carry the caution that it can be a false alarm.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libsemw.so client-sem libqueue-lock.so client-queue-lock

lp_run --max-steps 1 --target "$P/libsemw.so" -- "$P/client-sem"
expect_status 1
expect_verdict "violation"
expect_out "CAUTION: phase 1 cut [0-9]* serial executions* at --max-steps 1"
expect_out "rerun with a larger --max-steps"

# A run cut the same way that finds nothing says that its verdict is weakened, even with -q.
lp_run -q --max-steps 1 --target "$P/libqueue-lock.so" -- "$P/client-queue-lock"
expect_status 0
expect_verdict "no violation found"
expect_out "^warning: phase 1 recorded serial executions cut at --max-steps as stuck"
expect_out "a stuck history may pass that should not"

# With the default bound the same correct semaphore passes, without any caution.
lp_run --target "$P/libsemw.so" -- "$P/client-sem"
expect_status 0
expect_no_out "CAUTION"
done_testing
