#!/bin/sh
# t0435-reduction-pure-regions.sh — the default reduction takes an operation's code outside
# its locks as independent of the other threads when the analysis proves it touches only
# the thread's own frame (cli/analyze/pure-regions.h), and not otherwise: on the mutex
# queue it explores exactly what --reduction race-free explores, and a reader that takes
# no lock is still ordered against the writer's critical sections (its violation found).
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_cmd jq jq

# queue_add and queue_trytake: entry and after the unlock are local, the sections are not
lp_run -q --coverage --target "$P/libqueue-lock.so" -- "$P/client-queue-lock"
expect_status 0 "the mutex queue passes"
expect_out '^  called: queue_add\(p,i4\)->v .*; 2 points from which it touches only its own frame$' \
	"queue_add: its entry and the return from its unlock touch only its frame"
# the reader reads the pair before any lock: nothing of it is local
lp_run -q --coverage --target "$P/libpair-race.so" -- "$P/client-pair"
expect_out '^  called: pair_diff\(p\)->i4 .*; 0 points from which it touches only its own frame$' \
	"pair_diff reads shared memory from its entry on"
expect_out '^  called: pair_bump\(p\)->v .*; 3 points from which it touches only its own frame$' \
	"pair_bump: its entry and the returns from its two unlocks"

# Same dependence as race-free where that is proved: the same executions.
for b in 2 3; do
	lp_run -q -p $b --json dflt.json --target "$P/libqueue-lock.so" -- "$P/client-queue-grid-lock" 3 1
	lp_run -q -p $b --reduction race-free --json rf.json --target "$P/libqueue-lock.so" -- "$P/client-queue-grid-lock" 3 1
	[ "$(jq -r .phase2.executions "$T/dflt.json")" = "$(jq -r .phase2.executions "$T/rf.json")" ] &&
		[ "$(jq -r .phase2.reduction "$T/dflt.json")" = sleep ]
	ok $? "3x1 mutex queue at -p $b: the default explores what race-free explores ($(jq -r .phase2.executions "$T/dflt.json") executions)"
done

# The unlocked reader: found with and without the reduction, the same history kind.
lp_run -q --json red.json --target "$P/libpair-race.so" -- "$P/client-pair"
expect_status 1 "the unlocked reader's violation is found with the reduction"
lp_run -q --no-reduction --json full.json --target "$P/libpair-race.so" -- "$P/client-pair"
expect_status 1 "and without it"
[ "$(jq -r .violation.kind "$T/red.json")" = "$(jq -r .violation.kind "$T/full.json")" ]
ok $? "the same violation kind ($(jq -r .violation.kind "$T/red.json"))"
lp_run --replay "$(jq -r .violation.schedule "$T/red.json")" --target "$P/libpair-race.so" -- "$P/client-pair"
expect_status 1 "its schedule replays the violation"
expect_out '^0\.2 ret 1$' "the reader saw the bump half done"
done_testing
