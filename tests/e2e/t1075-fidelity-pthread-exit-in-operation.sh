#!/bin/sh
# t1075-fidelity-pthread-exit-in-operation.sh — pthread_exit inside an operation unwinds
# the thread's stack through the operation's caller: the return address is put back
# first (the trampoline has no unwind information: it crashed with SIGSEGV) and the
# operation ends as "ret <unwound>".
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libescape.so client-escape-exit

lp_run -f 'esc_*' --target "$P/libescape.so" -- "$P/client-escape-exit"
expect_status 0
expect_verdict "no violation found"
lp_run --replay c: -f 'esc_*' --target "$P/libescape.so" -- "$P/client-escape-exit"
expect_status 0 "--replay c:"
expect_out '^0\.1 ret <unwound>$' "the operation that called pthread_exit ends as 'ret <unwound>'"
expect_out '^0\.2 ret 5$' "the other thread's operation completes"
done_testing
