#!/bin/sh
# t0130-load-no-matching-function.sh — -f that selects no function of the target is a set-up error.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_preload
lp_require_prog libqueue-lock.so client-queue-lock

lp_run --target "$P/libqueue-lock.so" -f 'nomatch*' -- "$P/client-queue-lock"
expect_error 'nomatch'

# A pattern that matches every function changes nothing.
skip_unless_runtime 4 || done_testing
lp_run --target "$P/libqueue-lock.so" -f 'queue_*' -- "$P/client-queue-lock"
expect_status 0 "-f 'queue_*': exit status 0"
expect_verdict "no violation found"

# Leaving queue_add out hides a state change from the observations: the takes' results
# then depend on more than the recorded calls, which must be said (exit 3), not reported
# as a violation.
lp_run --target "$P/libqueue-lock.so" -f 'queue_try*' -- "$P/client-queue-lock"
expect_status 3 "-f 'queue_try*' (queue_add unrecorded): exit status 3"
expect_verdict nondeterministic
done_testing
