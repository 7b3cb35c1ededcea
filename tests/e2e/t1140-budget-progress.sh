#!/bin/sh
# t1140-budget-progress.sh — off a terminal, progress is one plain line per interval on stderr (phase, bound, executions, rate, estimate); -q silences it.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libqueue-ms.so client-queue-3x3

# Phase 2 of 3 threads x 2 operations at bound 2 (~1,800 executions) outlasts several
# 0.1 s intervals; with 1 operation each it ran in 0.3 s at -j 2, one interval or less.
export LINEUP_PROGRESS_INTERVAL=0.1
lp_run -p 2 --target "$P/libqueue-ms.so" -- "$P/client-queue-3x3" 2
expect_status 0 "exit 0"
grep -Eq '^lineup-preload: phase 2 \(concurrent\): [0-9]+ executions and histories checked, [0-9] preemptions, [0-9]+/s, bound [0-9] ends at ~[0-9]+ executions, ~[0-9hms]+ left$' "$ERR"
ok $? "a plain phase-2 line with the bound's estimated end and the time left"
! grep -q "$(printf '\r')" "$ERR"
ok $? "no carriage return off a terminal"

# Phase 1 runs one execution per serial order: 3 threads x 3 operations (1,680 orders)
# outlast several intervals; the budget ends the run whatever the machine's speed.
lp_run --time-budget 3s -p 0 --phase1 eager --target "$P/libqueue-ms.so" -- "$P/client-queue-3x3" 3
expect_status 0 "3x3 under a budget: exit 0"
grep -Eq '^lineup-preload: phase 1 \(serial\): [0-9]+ executions, [0-9]+ histories, [0-9]+/s$' "$ERR"
ok $? "a plain phase-1 line"

lp_run -q -p 2 --target "$P/libqueue-ms.so" -- "$P/client-queue-3x3" 1
expect_status 0 "-q: exit 0"
! grep -q 'phase' "$ERR"
ok $? "-q: no progress line"
done_testing
