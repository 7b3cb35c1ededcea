#!/bin/sh
# t1078-fidelity-client-spin-barrier.sh — a client whose threads spin on their own barrier
# (plain memory, no scheduling point) is refused after about a second, not after the
# 10 s watchdog and not as "nondeterministic": the thread is sampled, seen looping with no
# progress, and the message says it is the client's own code and what to use instead.
# The same loop with sched_yield() runs; --watchdog given leaves the decision to the timer.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libqueue-lock.so client-spin-barrier

C="$P/client-spin-barrier"
start=$(date +%s)
LP_TEST_TIMEOUT=8 lp_run --target "$P/libqueue-lock.so" -- "$C"
took=$(($(date +%s) - start))
expect_error "did not reach a scheduling point within [1-7] s"
grep -Eq "worker\\+0x[0-9a-f]+ \\(client-spin-barrier\\.c:[0-9]+\\), in the client's own code" "$ERR"
ok $? "the error names the loop's place in the client's source and says it is the client's code"
grep -Eq "pthread_barrier_wait.*sched_yield" "$ERR"
ok $? "the error says what to wait with instead"
[ "$took" -lt 8 ]
ok $? "refused in $took s, before the 10 s watchdog"

lp_run --target "$P/libqueue-lock.so" -- "$C" yield
expect_status 0 "with sched_yield() in the loop: exit 0"
expect_verdict "no violation found"

lp_run --watchdog 3 --target "$P/libqueue-lock.so" -- "$C"
expect_error "did not reach a scheduling point within 3 s: .*in the client's own code"
done_testing
