#!/bin/sh
# t1070-fidelity-longjmp-out-of-operation.sh — an operation left by longjmp (from the
# client's error handler the library calls) ends as "ret <unwound>" at the thread's next
# event, a well-formed history: no false "stuck" violation (it was one).
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libescape.so client-escape

lp_run -f esc_add --target "$P/libescape.so" -- "$P/client-escape"
expect_status 0
expect_verdict "no violation found"
lp_run --replay c: -f esc_add --target "$P/libescape.so" -- "$P/client-escape"
expect_status 0 "--replay c:"
expect_out '^0\.1 ret <unwound>$' "the operation left by longjmp ends as 'ret <unwound>'"
expect_out '^0\.1 ret 2$' "the thread's next operation is recorded"
expect_no_out '^stuck' "the history is not stuck"
done_testing
