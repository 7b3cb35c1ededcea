#!/bin/sh
# t0170-load-dlopened-target.sh — a target the client dlopens after the fork point is mapped
# anew in every execution: each one records its operations (not only the first), so the
# Figure 1 bug is found as with a linked library.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libqueue-trylock.so client-dlopen-queue

lp_run --target "$P/libqueue-trylock.so" -- "$P/client-dlopen-queue" "$P/libqueue-trylock.so"
expect_status 1
expect_verdict "violation"
expect_out "phase 1: 3 serial executions, 3 distinct histories"
expect_out "queue_trytake"
done_testing
