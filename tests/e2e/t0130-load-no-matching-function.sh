#!/bin/sh
# t0130-load-no-matching-function.sh — -f that selects no function of the target is a set-up error.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_preload
lp_require_prog libqueue-lock.so client-queue-lock

lp_run --target "$P/libqueue-lock.so" -f 'nomatch*' -- "$P/client-queue-lock"
expect_error 'nomatch'

# A pattern that does match keeps working (only queue_trytake is an operation).
skip_unless_runtime 2 || done_testing
lp_run --target "$P/libqueue-lock.so" -f 'queue_try*' -- "$P/client-queue-lock"
expect_status 0 "-f queue_try*: exit status 0"
expect_verdict "no violation found"
done_testing
