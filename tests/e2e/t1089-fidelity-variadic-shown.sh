#!/bin/sh
# t1089-fidelity-variadic-shown.sh — a variadic function of the target: its variable
# arguments are not recorded, and the history says so with "..." instead of dropping them
# silently (before: probe_sum(2), as if it took one argument). And a char * parameter
# without const, which may be a buffer the function fills, is recorded as an address,
# not as the leftover bytes found there at the call; a const char * is a string.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog client-probe-varargs

lp_run -- "$P/client-probe-varargs"
expect_status 0
expect_verdict "no violation found"
lp_run --replay c: -- "$P/client-probe-varargs"
expect_status 0 "--replay of the default schedule"
expect_out '^0\.1 call probe_sum\(2, \.\.\.\)$' "the call shows its named argument, then ..."
expect_out '^0\.1 ret 11$' "the variable arguments reached the function"
expect_out '^0\.2 ret 21$' "and in the other thread"
expect_out '^0\.1 call probe_fill\(0x[0-9a-f]+, 3\)$' "the output buffer is an address"
expect_no_out 'leftover' "the buffer's bytes before the call are not recorded"
expect_out '^0\.1 call probe_len\("xx"\)$' "a const char * argument is recorded as a string"
done_testing
