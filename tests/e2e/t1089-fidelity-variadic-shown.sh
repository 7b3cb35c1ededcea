#!/bin/sh
# t1089-fidelity-variadic-shown.sh — a variadic function of the target: its variable
# arguments are not recorded, and the history says so with "..." instead of dropping them
# silently (before: probe_sum(2), as if it took one argument).
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
done_testing
