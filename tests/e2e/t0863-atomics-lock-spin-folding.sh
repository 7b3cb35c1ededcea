#!/bin/sh
# t0863-atomics-lock-spin-folding.sh — a thread the library created that spins by unlocking
# and relocking a mutex, the way liburcu's grace period waits for its readers (lockspin.c:
# up to 100 rounds, then a condition variable), is folded like a yield spin
# (preload/runtime-spin.h): the 100-round server is explored with exactly the schedules of
# the same server spinning 20 rounds; the buggy twin that goes to sleep after unlocking (a
# lost wake-up) is still found as a stuck history at its first preemption, and its schedule
# replays it.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
LP_TEST_TIMEOUT=${LP_TEST_TIMEOUT:-240}
lp_require_prog liblockspin.so client-lockspin liblockspin-short.so client-lockspin-short \
	liblockspin-lost.so client-lockspin-lost
lp_require_cmd jq jq

for p in 0 1; do
	lp_run -j 1 -p "$p" --json long.json --target "$P/liblockspin.so" -- "$P/client-lockspin"
	long_rc=$RC
	lp_run -j 1 -p "$p" --json short.json --target "$P/liblockspin-short.so" -- "$P/client-lockspin-short"
	long=$(jq -r .phase2.executions "$T/long.json")
	[ "$long_rc" = 0 ] && [ "$RC" = 0 ] && [ "$long" = "$(jq -r .phase2.executions "$T/short.json")" ]
	ok $? "-p $p: 100 rounds of lock/unlock spinning explore what 20 rounds do ($long executions), both pass"
done

lp_run -p 1 --json lost.json --target "$P/liblockspin-lost.so" -- "$P/client-lockspin-lost"
expect_status 1 "the lost wake-up: exit 1"
[ "$(jq -r .violation.kind "$T/lost.json")" = stuck ]
ok $? "reported as a stuck history"
sw=$(jq -r .violation.switches "$T/lost.json")
[ "$(printf '%s' "$sw" | grep -c ' preempts ')" = 1 ] &&
	printf '%s' "$sw" | grep -q ' preempts 0\.1\.1 at serve'
ok $? "one preemption, of the server after its spin ($sw)"
sched=$(jq -r .violation.schedule "$T/lost.json")
lp_run -p 1 --replay "$sched" --target "$P/liblockspin-lost.so" -- "$P/client-lockspin-lost"
expect_status 1 "its schedule $sched replays the violation"
done_testing
