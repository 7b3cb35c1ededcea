#!/bin/sh
# t1076-fidelity-cxx-exceptions.sh — C++ exceptions and operations. The operation's
# return address on the stack was the return trampoline, which has no unwind information:
# any exception raised inside an operation crashed the client ("crashed in phase 1"). Now
# an exception the library catches itself leaves the operation to return as usual, and one
# that escapes to the client ends the operation as <unwound>; the lock_guard it unwinds
# is released, and the run goes on.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_cmd c++ g++
lp_require_prog client-thrower

"$P/client-thrower" >/dev/null
ok $? "natively, the escaping exception is caught once"
lp_run -- "$P/client-thrower"
expect_status 0 "exit 0: no crash, no violation"
expect_verdict "no violation found"
lp_run --replay c: -- "$P/client-thrower"
expect_status 0 "--replay of the default schedule"
expect_out '^0\.1 call thrower_call\(0\)$' "the call whose exception the library catches"
expect_out '^0\.1 ret 1$' "returns as usual"
expect_out '^0\.2 call thrower_call\(-1\)$' "the call whose exception escapes"
expect_out '^0\.2 ret <unwound>$' "ends unwound"
expect_out '^0\.2 ret 4$' "and the thread's next operation runs (the mutex was released)"
done_testing
