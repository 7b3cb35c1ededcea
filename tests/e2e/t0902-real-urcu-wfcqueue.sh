#!/bin/sh
# t0902-real-urcu-wfcqueue.sh — liburcu-cds's wait-free concurrent queue (cds_wfcq), the
# Debian library unmodified, with a dequeue that spins with pause and sleeps in poll: no
# violation, atomics trapped, its waits controlled.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_pc liburcu-cds liburcu-dev
lp_require_prog client-urcu-wfcq

lp_run -- "$P/client-urcu-wfcq"
expect_status 0
expect_verdict "no violation found"
expect_atomics_trapped
expect_no_out 'uncontrolled blocking' "the dequeue's pause loop and poll are controlled"
expect_out '^phase 2: [0-9]+ concurrent executions' "phase 2 ran"
done_testing
