#!/bin/sh
# t0880-atomics-root-causes.sh — a violation report names the code that should have been
# atomic (root causes, Cirisci et al. CAV 2020), first the expected region; --no-root-cause
# leaves it out; the verdict and the exit status never change.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_cmd jq jq
lp_require_prog libstack-agm.so client-stack-agm libstack-agm-nodw.so client-stack-agm-nodw \
	libcounter-loadstore.so client-counter-loadstore libqueue-trylock.so client-queue-trylock \
	libqueue-lock.so client-queue-lock client-queue-grid-trylock libbox-race.so client-box

# first_cause: the line of root cause 1.
first_cause() { sed -n 's/^  1\. //p' "$OUT" | head -n 1; }

# The pop reads the slot (a plain load: found at -g memory) and clears it in two steps.
lp_run --json "$T/agm.json" --target "$P/libstack-agm.so" -- "$P/client-stack-agm"
expect_violation_report
expect_out '^root causes \(.* at -g memory; best first\):$' "agm: root causes found, at -g memory"
first_cause | grep -Eq '^stack_pop\+0x[0-9a-f]+ \.\. \+0x[0-9a-f]+ \(stack-agm\.c:32-36\): the read at \+0x[0-9a-f]+ and the write at \+0x[0-9a-f]+ should be one atomic step$'
ok $? "agm: the first root cause is the read of the slot (line 32) and its clearing (line 36) ($(first_cause))"
expect_out '^     made atomic, it forbids [0-9]+ of [0-9]+ linearizable concurrent executions seen$' \
	"agm: the report says how many linearizable executions the repair forbids"
expect_out '^root causes: [0-9]+ executions \([0-9.]+x those of phases 1 and 2\)' \
	"agm: the summary says what root-causing cost"
[ "$(jq -r '.violation.root_causes[0][0].function' "$T/agm.json")" = stack_pop ]
ok $? "agm: JSON root_causes[0][0].function is stack_pop"
[ "$(jq -r '.violation.root_causes[0][0].source' "$T/agm.json")" = "stack-agm.c:32-36" ]
ok $? "agm: JSON source is stack-agm.c:32-36"
jq -e '.violation.root_causes[0][0] | (.start | type) == "number" and (.end > .start) and (.forbids | type) == "number"' \
	"$T/agm.json" >/dev/null
ok $? "agm: JSON start, end (bytes from the function's start) and forbids are numbers"

# Without DWARF: the function+offset range and its instructions.
lp_run --target "$P/libstack-agm-nodw.so" -- "$P/client-stack-agm-nodw"
expect_violation_report
first_cause | grep -Eq '^stack_pop\+0x[0-9a-f]+ \.\. \+0x[0-9a-f]+: the read at'
ok $? "nodw: the first root cause is a stack_pop range without source lines ($(first_cause))"
expect_out '^       stack_pop\+0x[0-9a-f]+: xchg ' "nodw: the region's instructions are disassembled (the clearing xchg)"

# --no-root-cause: same verdict and exit status, no root causes.
lp_run --no-root-cause --json "$T/none.json" --target "$P/libstack-agm.so" -- "$P/client-stack-agm"
expect_violation_report
expect_no_out '^root causes' "--no-root-cause: no root causes in the report"
[ "$(jq -r '.violation.root_causes' "$T/none.json")" = null ]
ok $? "--no-root-cause: JSON root_causes is null"

# The increment is a load and a store (-g memory).
lp_run -g memory --target "$P/libcounter-loadstore.so" -- "$P/client-counter-loadstore"
expect_violation_report
expect_out '^root causes \(.* at 1 preemption; best first\):$' "counter: root causes found at -g memory itself"
first_cause | grep -Eq '^counter_inc\+0x[0-9a-f]+ \.\. \+0x[0-9a-f]+ \(counter-loadstore\.c:16-18\): the read at \+0x[0-9a-f]+ and the write at'
ok $? "counter: the first root cause is the load (line 16) and the store (line 18) ($(first_cause))"

# The take gives up when the lock is busy: the add's critical section, made atomic, never
# leaves the lock busy for the take to see.
lp_run --target "$P/libqueue-trylock.so" -- "$P/client-queue-trylock"
expect_violation_report
first_cause | grep -Eq '^queue_add\+0x[0-9a-f]+ \.\. \+0x[0-9a-f]+ \(queue-trylock\.c:[0-9]+-[0-9]+\): the pthread call returning at'
ok $? "queue: the first root cause is queue_add's critical section ($(first_cause))"

# Three threads: a take also fails while another take holds the lock, so the repair needs
# both critical sections (the second cycle shows in the execution the first repair leaves).
# Proving that repair takes 2,972 executions, ten times the check's time: within the
# default bound, whose time counts only from the 5,000th execution (root-cause-budget.h).
lp_run --json "$T/grid.json" --target "$P/libqueue-trylock.so" -- "$P/client-queue-grid-trylock" 3 3
expect_violation_report
first_cause | grep -Eq '^queue_add\+0x[0-9a-f]+ \.\. \+0x[0-9a-f]+ \(queue-trylock\.c:[0-9]+-[0-9]+\)'
ok $? "queue 3x3: the first root cause starts with queue_add's critical section ($(first_cause))"
expect_out '^     and queue_trytake\+0x[0-9a-f]+ \.\. \+0x[0-9a-f]+ \(queue-trylock\.c:' \
	"queue 3x3: ... and queue_trytake's"
# Lazy phase 1 there: the serial executions the analysis asks for are its own, not phase 1's.
lp_run --no-root-cause --json "$T/grid-none.json" --target "$P/libqueue-trylock.so" -- \
	"$P/client-queue-grid-trylock" 3 3
[ "$(jq -r .phase1.mode "$T/grid.json")" = lazy ] &&
	[ "$(jq -c '[.phase1.executions, .phase1.histories, .phase2.executions]' "$T/grid.json")" = \
		"$(jq -c '[.phase1.executions, .phase1.histories, .phase2.executions]' "$T/grid-none.json")" ]
ok $? "queue 3x3: phase 1 and 2 counts are those of --no-root-cause ($(jq -c '[.phase1.executions, .phase1.histories, .phase2.executions]' "$T/grid.json"))"

# A search that finds nothing says so in one line; the verdict (a crash) stays.
lp_run --target "$P/libbox-race.so" -- "$P/client-box"
expect_status 1 "box: a crash, exit status 1"
expect_verdict violation
expect_out '^root causes: none found: ' "box: one line says no root cause was found, and why"
[ "$(grep -c '^root causes: [a-z]' "$OUT")" = 1 ]
ok $? "box: only that line (and the summary's cost line)"

# No violation: nothing to root-cause.
lp_run --target "$P/libqueue-lock.so" -- "$P/client-queue-lock"
expect_status 0 "correct queue: exit status 0"
expect_no_out '^root causes' "correct queue: no root causes"
done_testing
