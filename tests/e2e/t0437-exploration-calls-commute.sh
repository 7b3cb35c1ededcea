#!/bin/sh
# t0437-exploration-calls-commute.sh — phase 2 takes calls and returns as commuting with every
# step and checks, for each execution, the histories of its trace with the most real-time
# order (scheduler/history-orders.h): fewer executions than without the reduction, the same
# verdicts; a torn snapshot whose failing history needs the order of two independent
# setters is found and replays; a racy library checked with --reduction race-free (whose
# assumption it breaks) falls back to ordered calls and returns, says so, and still finds
# its bug.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_cmd jq jq
lp_require_prog libqueue-lock.so client-queue-grid-lock libsnap.so client-snap \
	libsnap-torn.so client-snap-torn libpair-race.so client-pair client-queue-same-trylock

lp_run -j 1 --json c.json --target "$P/libqueue-lock.so" -- "$P/client-queue-grid-lock" 4 1
expect_status 0 "4x1 mutex queue passes"
[ "$(jq -r .phase2.calls_commute "$T/c.json")" = true ] &&
	[ "$(jq -r .phase2.histories "$T/c.json")" -ge "$(jq -r .phase2.executions "$T/c.json")" ] &&
	[ "$(jq -r .phase2.trace_runs "$T/c.json")" = 0 ]
ok $? "4x1: calls commute, at least a history per execution, none run for a violation"
grep -q '^phase 2 histories: [0-9]* checked; calls and returns commute' "$OUT"
ok $? "4x1: the summary says how many histories were checked and why"
# -v names the traces run: a lock every operation takes leaves one per lock order (3! for
# 3x1), every one first run without a preemption; the unreduced search prints no such line.
lp_run -j 1 -v --target "$P/libqueue-lock.so" -- "$P/client-queue-grid-lock" 3 1
expect_status 0 "3x1 -v passes"
# the lock orders alone: the default choice at a worker's end leaves main (the harness)
# last, so no execution has main reach its next join before another worker's end (a trace
# of its own, the same histories; as an alternative it is left out, explore.h, "Join
# returns"). The same at one preemption (a worker preempted while it holds the lock, the
# next one held back after its call, then main) is left out before it runs (explore.h,
# "Held-back runs").
grep -q '^phase 2 traces: 6 distinct, first run: 0 preemptions: 6; executions that ended at a sleeping thread: [0-9]*, at a point explored before: [0-9]*$' "$OUT"
ok $? "3x1 -v: 6 distinct traces (the 6 lock orders)"
lp_run -j 1 --json g6.json --target "$P/libqueue-lock.so" -- "$P/client-queue-grid-lock" 6 1
[ "$(jq -r .phase2.executions "$T/g6.json")" = 720 ]
ok $? "6x1: one execution per lock order, 6! = $(jq -r .phase2.executions "$T/g6.json")"
lp_run -j 1 -v -p 1 --no-reduction --target "$P/libqueue-lock.so" -- "$P/client-queue-grid-lock" 3 1
! grep -q '^phase 2 traces' "$OUT"
ok $? "3x1 -v --no-reduction: no traces line"
# Compared at -p 1: without the reduction bound 2 is ~31,000 executions (15 s alone, minutes
# on a loaded machine); bound 1 makes the same point in ~4,000.
lp_run -j 1 -p 1 --json c1.json --target "$P/libqueue-lock.so" -- "$P/client-queue-grid-lock" 4 1
expect_status 0 "4x1 at -p 1 passes"
lp_run -j 1 -p 1 --no-reduction --json off.json --target "$P/libqueue-lock.so" -- "$P/client-queue-grid-lock" 4 1
expect_status 0 "4x1 at -p 1 without the reduction passes"
[ "$(jq -r .phase2.calls_commute "$T/off.json")" = false ] &&
	[ "$(jq -r .phase2.executions "$T/c1.json")" -lt "$(jq -r .phase2.executions "$T/off.json")" ]
ok $? "4x1 at -p 1: fewer executions than without the reduction ($(jq -r .phase2.executions "$T/c1.json") < $(jq -r .phase2.executions "$T/off.json"))"

for p in 1 2; do
	lp_run -j 1 -p "$p" --json s.json --target "$P/libsnap.so" -- "$P/client-snap"
	expect_status 0 "-p $p: the snapshot under both locks passes"
	lp_run -j 1 -p "$p" --json t.json --target "$P/libsnap-torn.so" -- "$P/client-snap-torn"
	expect_status 1 "-p $p: the torn snapshot is not linearizable"
	sched=$(jq -r .violation.schedule "$T/t.json")
	lp_run -j 1 -p "$p" --no-reduction --json tf.json --target "$P/libsnap-torn.so" -- "$P/client-snap-torn"
	[ "$(jq -r .violation.kind "$T/t.json")" = "$(jq -r .violation.kind "$T/tf.json")" ] &&
		[ "$(jq -r .phase2.executions "$T/t.json")" -le "$(jq -r .phase2.executions "$T/tf.json")" ]
	ok $? "-p $p: the torn snapshot's violation as without the reduction, in no more executions"
	lp_run --replay "$sched" --target "$P/libsnap-torn.so" -- "$P/client-snap-torn"
	expect_status 1 "-p $p: its schedule $sched replays the violation"
	grep -q '^0.3 ret 10$' "$OUT"
	ok $? "-p $p: the replayed history has the torn read (b before set_b, a after set_a)"
done

# A violation in a history of the trace other than the execution's own: the schedule run for
# it keeps main's thread creations (no switch point, main the sole candidate at the log's
# first point) ahead of the threads' operations, so it runs as asked and the search does
# not fall back to ordered calls and returns.
lp_run -j 1 --no-root-cause --json tt.json -- "$P/client-queue-same-trylock"
expect_status 1 "trylock queue, identical threads: the violation is found"
expect_no_out 'names a thread that is not a candidate' "its trace history's schedule runs as asked"
[ "$(jq -r .phase2.calls_commute "$T/tt.json")" = true ] &&
	! jq -r '.warnings[]' "$T/tt.json" | grep -q '^phase 2 ran again'
ok $? "trylock queue: no fallback to ordered calls and returns"
sched=$(jq -r .violation.schedule "$T/tt.json")
lp_run --replay "$sched" -- "$P/client-queue-same-trylock"
expect_status 1 "trylock queue: its schedule $sched replays the violation"

# race-free assumes every conflicting plain access is ordered by a lock: pair-race's reader
# takes none, so a history of a trace can come out different when its schedule is run
lp_run -j 1 --reduction race-free --json r.json --target "$P/libpair-race.so" -- "$P/client-pair"
expect_status 1 "race-free on a racy library still finds the violation"
jq -r '.warnings[]' "$T/r.json" | grep -q '^phase 2 ran again with calls and returns ordered after [0-9]* executions: '
ok $? "race-free on a racy library: the fallback to ordered calls and returns is said"
[ "$(jq -r .phase2.calls_commute "$T/r.json")" = false ]
ok $? "race-free on a racy library: the JSON says calls did not commute in the search that ended"
done_testing
