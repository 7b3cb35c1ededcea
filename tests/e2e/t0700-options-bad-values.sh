#!/bin/sh
# t0700-options-bad-values.sh — malformed options are one-line usage errors (exit 2).
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_preload
lp_require_prog libqueue-lock.so client-queue-lock
lib=$P/libqueue-lock.so client=$P/client-queue-lock

lp_run -p many --target "$lib" -- "$client"
expect_error 'many'
lp_run --max-steps -5 --target "$lib" -- "$client"
expect_error 'max-steps|-5'
lp_run --quasi queue_trytake --target "$lib" -- "$client"
expect_error 'quasi|queue_trytake'
lp_run --criterion bogus --target "$lib" -- "$client"
expect_error 'bogus'
lp_run --no-such-option --target "$lib" -- "$client"
expect_error 'no-such-option'
done_testing
