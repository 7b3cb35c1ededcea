#!/bin/sh
# t1323-join-returns.sh — the main thread's joins (scheduler/explore.h, "Join returns"): its
# returns from joins of workers that have ended, up to its join of one still running, are
# no branch of their own, whether the main thread is an alternative at a worker's end or
# the thread chosen there by default (issue 34: 6 workers of one operation each ran 2,039
# executions at -p 0 for 1,773 traces, 16,791 at -p 2). At -p 0 every execution of the mutex
# queue is a trace of its own; at -p 1 the outcomes the histories show are --reduction off's,
# in fewer executions; the trylock queue's violation is still found.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime

run() { # NAME BOUND REDUCTION QUEUE THREADS OPS
	LINEUP_DEBUG_HISTORIES="$T/$1.hist" lp_run -v -p "$2" --reduction "$3" \
		--target "$P/libqueue-$4.so" -- "$P/client-queue-grid-$4" "$5" "$6"
}

# executions: phase 2's executions in the last run's report
executions() { sed -n 's/^phase 2: \([0-9]*\) concurrent executions.*/\1/p' "$OUT"; }

run grid4 0 sleep lock 4 1
expect_status 0 "4 threads of one operation on the mutex queue pass at -p 0"
n=$(executions)
traces=$(sed -n 's/^phase 2 traces: \([0-9]*\) distinct.*/\1/p' "$OUT")
[ -n "$n" ] && [ "$n" = "$traces" ]
ok $? "each of the $n executions at -p 0 runs a trace of its own ($traces distinct)"

run lock-sleep 1 sleep lock 3 2
expect_status 0 "the mutex queue, 3 threads of 2 operations, passes at -p 1"
reduced=$(executions)
run lock-off 1 off lock 3 2
expect_status 0 "it passes with --reduction off too"
full=$(executions)
lp_same_outcomes "$T/lock-off.hist" "$T/lock-sleep.hist" \
	"the reduced search's histories show the outcomes of --reduction off's"
[ -n "$reduced" ] && [ -n "$full" ] && [ "$reduced" -lt "$full" ]
ok $? "in fewer executions ($reduced against $full)"

for r in sleep off; do
	run trylock-$r 1 $r trylock 3 1
	expect_status 1 "the trylock queue's violation is found at -p 1 with --reduction $r"
done
done_testing
