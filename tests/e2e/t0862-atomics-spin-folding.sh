#!/bin/sh
# t0862-atomics-spin-folding.sh — spin-waits are folded (preload/runtime-spin.h): a
# semaphore whose wait spins up to 100 rounds of PAUSE before it sleeps (spinsem.c) is
# explored with exactly the schedules of the same semaphore spinning 20 rounds, at bounds
# 1 and 2; the buggy twin that reads its waiters before raising the count (a lost wake-up)
# is still found as a stuck history, and its schedule replays it; a correct spin-wait flag
# passes; a fold that reaches its limit is said in the report.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
# the -p 2 checks take some 18 s each alone: room for a loaded machine (counts are asserted,
# never times)
LP_TEST_TIMEOUT=${LP_TEST_TIMEOUT:-240}
lp_require_prog libspinsem.so client-spinsem libspinsem-short.so client-spinsem-short \
	libspinsem-lost.so client-spinsem-lost
lp_require_cmd jq jq

for p in 1 2; do
	lp_run -j 1 -p "$p" --json long.json --target "$P/libspinsem.so" -- "$P/client-spinsem" 3
	long_rc=$RC
	lp_run -j 1 -p "$p" --json short.json --target "$P/libspinsem-short.so" -- "$P/client-spinsem-short" 3
	[ "$long_rc" = 0 ] && [ "$RC" = 0 ] &&
		[ "$(jq -r .phase2.executions "$T/long.json")" = "$(jq -r .phase2.executions "$T/short.json")" ]
	ok $? "-p $p: 100 rounds of spinning explore what 20 rounds do ($(jq -r .phase2.executions "$T/long.json") executions), both pass"
done

lp_run -p 1 --json lost.json --target "$P/libspinsem-lost.so" -- "$P/client-spinsem-lost" 3
expect_status 1 "the lost wake-up: exit 1"
[ "$(jq -r .violation.kind "$T/lost.json")" = stuck ]
ok $? "reported as a stuck history"
sched=$(jq -r .violation.schedule "$T/lost.json")
lp_run -p 1 --replay "$sched" --target "$P/libspinsem-lost.so" -- "$P/client-spinsem-lost" 3
expect_status 1 "its schedule $sched replays the violation"

# A correct flag whose wait spins with PAUSE until the set (flag-spin.c -DFLAG_PAUSE),
# under a --max-steps below the fold's length: folding keeps every schedule in which the
# waiter sees the flag, and no history is taken for a violation.
lp_require_prog libflag-pause.so client-flag-pause
lp_run -p 2 --max-steps 100 --target "$P/libflag-pause.so" -- "$P/client-flag-pause"
expect_status 0 "spin-wait flag, -p 2 --max-steps 100: exit 0"
expect_verdict "no violation found"

# A spin-wait that a worker keeps waiting through two rounds of its lock (busy-pair.c
# -DBUSY_PAIR_PAUSE): a fold reaches its 256 repeats, and the report says what that gives up.
lp_require_prog libbusy-pause.so client-busy-pause
lp_run -p 3 --target "$P/libbusy-pause.so" -- "$P/client-busy-pause"
expect_status 0 "spin-wait on a busy worker, -p 3: exit 0"
expect_out '^warning: a spin-wait repeated 256 rounds with nothing changing and was then taken to wait for another thread: a bounded spin of more rounds' \
	"the report says what folding gave up"
done_testing
