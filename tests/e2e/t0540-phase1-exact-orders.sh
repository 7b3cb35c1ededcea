#!/bin/sh
# t0540-phase1-exact-orders.sh — eager phase 1 runs one execution per serial order of the
# operations, never more: the queue test 3 (1 + 2 ops in threads), 4x1 24, 3x3 1,680
# (9!/3!^3), 6x1 720 (at -p 0: phase 2 is a few executions), with
# --no-symmetry (t0570 covers identical threads).
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libqueue-lock.so client-queue-lock client-queue-lock-4x1 client-queue-lock-3x3 \
	client-queue-lock-6x1

lp_run -p 0 --no-symmetry --phase1 eager --target "$P/libqueue-lock.so" -- "$P/client-queue-lock"
expect_status 0 "queue test: exit status 0"
expect_out "^phase 1: 3 serial executions, 3 distinct histories \(eager" "queue test: 3 serial executions"

lp_run -p 0 --no-symmetry --phase1 eager --target "$P/libqueue-lock.so" -- "$P/client-queue-lock-4x1"
expect_status 0 "4x1: exit status 0"
expect_out "^phase 1: 24 serial executions, 24 distinct histories" "4x1: 24 serial executions"
expect_out "^phase 1: .*; [0-9]+[.][0-9]+ s\)$" "4x1: phase 1's seconds are said"
expect_out "^phase 2: .*; [0-9]+[.][0-9]+ s$" "4x1: phase 2's seconds are said"

LP_TEST_TIMEOUT=${LP_TEST_TIMEOUT:-120}
lp_run -p 0 --no-symmetry --phase1 eager --target "$P/libqueue-lock.so" -- "$P/client-queue-lock-3x3"
expect_status 0 "3x3: exit status 0"
expect_out "^phase 1: 1680 serial executions, 1680 distinct histories" "3x3: 1,680 serial executions"

lp_run -p 0 --no-symmetry --phase1 eager --target "$P/libqueue-lock.so" -- "$P/client-queue-lock-6x1"
expect_status 0 "6x1: exit status 0"
expect_out "^phase 1: 720 serial executions, 720 distinct histories" "6x1: 720 serial executions"
done_testing
