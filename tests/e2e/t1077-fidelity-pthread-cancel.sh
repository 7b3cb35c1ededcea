#!/bin/sh
# t1077-fidelity-pthread-cancel.sh — pthread_cancel acted on inside an operation: the
# operation ends as "ret <unwound>", the thread's cleanup handlers run (one calls the
# library again: a new operation), and a thread blocked in a modelled condition wait is
# woken by the request and cancelled, as glibc does (it stayed blocked: "stuck").
# Asynchronous cancellation of another thread is refused with the reason.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libescape.so client-escape-cancel

C="$P/client-escape-cancel"
lp_run -f 'esc_*' --target "$P/libescape.so" -- "$C" self
expect_status 0 "self: exit 0"
expect_verdict "no violation found"
lp_run --replay c: -f 'esc_*' --target "$P/libescape.so" -- "$C" self
expect_status 0 "self: --replay c:"
expect_out '^0\.1 ret <unwound>$' "self: the operation that acted on the cancellation ends as 'ret <unwound>'"
grep -A1 '^0\.1 ret <unwound>$' "$OUT" | grep -q '^0\.1 call esc_add(0)$'
ok $? "self: the cleanup handler's call is a new operation, after the unwound one"
expect_out '^0\.2 ret 7$' "self: the other thread's operation completes"

lp_run -f 'esc_*' --target "$P/libescape.so" -- "$C" blocked
expect_status 0 "blocked: exit 0"
expect_verdict "no violation found"
expect_no_out 'stuck' "blocked: no history is stuck"
# Step 1 is main's first operation start: 0.1 runs first and waits.
lp_run -v --replay c:1@0.1 -f 'esc_*' --target "$P/libescape.so" -- "$C" blocked
expect_status 0 "blocked: --replay c:1@0.1"
grep -Eq 'step 5 +0\.1 +block +esc_wait' "$ERR"
ok $? "blocked: 0.1 waits in esc_wait before the cancellation (the -v trace)"
expect_out '^0\.1 ret <unwound>$' "blocked: the waiting operation is cancelled: 'ret <unwound>'"
expect_out '^0 ret 3$' "blocked: main's esc_add(2) runs after (the library's cleanup released the lock)"
expect_no_out '^stuck$' "blocked: the history is not stuck"

lp_run -f 'esc_*' --target "$P/libescape.so" -- "$C" async
expect_error 'PTHREAD_CANCEL_ASYNCHRONOUS.*deferred'
done_testing
