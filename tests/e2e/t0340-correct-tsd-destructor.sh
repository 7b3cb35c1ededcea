#!/bin/sh
# t0340-correct-tsd-destructor.sh — a library's pthread key destructor that takes the library's lock runs under the scheduler, before its thread counts as finished: it blocks in the model behind a paused lock holder (no real wait, no hang), and the count it keeps is deterministic (no violation).
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libtally-tsd.so client-tally

lp_run --target "$P/libtally-tsd.so" -- "$P/client-tally"
expect_status 0
expect_verdict "no violation found"
expect_no_out 'uncontrolled blocking' "the destructor's lock is modelled, not a real wait"

# 0.2 is preempted inside tally_add holding the lock; 0.1 registers and exits, and its
# destructor waits for that lock in the model until 0.2 unlocks: a thread about to lock a
# mutex another thread holds is no candidate, so its lock point hands over to 0.2.
lp_run -v --target "$P/libtally-tsd.so" --replay 'c:3@0.2,6@0.1' -- "$P/client-tally"
expect_status 0 "the contended replay completes (exit 0)"
grep -Eq '^  step [0-9]+ +0\.1 +sync +thread_gone\+0x11 .*-> 0\.2$' "$ERR"
ok $? "0.1's destructor waits in the model at the lock 0.2 holds"
expect_out '^0 ret 1$' "tally_exited sees 0.1's destructor after the joins"
done_testing
