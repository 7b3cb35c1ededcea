#!/bin/sh
# t1312-atomic-spin-writes.sh — a "polite" lock whose waiter stores to its flag every round
# (a spin that writes), preempted holder at an atomic in its critical section, at -g atomic:
# the loop is not made a scheduling point (that would hide a livelock); the watchdog's
# error stands, naming the loop.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libspin-polite-atom.so client-spin-polite-atom

lp_run -g atomic --target "$P/libspin-polite-atom.so" -- "$P/client-spin-polite-atom"
expect_error 'did not reach a scheduling point.*polite_lock'
! grep -q 'run restarted' "$ERR"
ok $? "no restart for a spin that writes"
done_testing
