#!/bin/sh
# t1330-atomics-tso-pause-spin.sh — under --memory-model tso a PAUSE spin with nothing
# changing closes a read cycle at its PAUSE and waits for a write to what it read
# (preload/runtime-spin.h), instead of running 256-round folds: Peterson's lock with an
# mfence after the flag store, waiting with PAUSE, passes bound 1 in under 3,000
# executions (more than 18,000 before, unfinished), and at bound 2 the violation that
# fence leaves (each turn store committed after the other thread loaded) is found; and without the fence the violation's fence check decides within the
# default budget: the mfences after the flag store and after the turn store each remove
# it. Counts are asserted, never times.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_cmd jq jq
lp_require_prog libpeterson-flagfence.so client-peterson-flagfence libpeterson-nodw.so \
	client-peterson-nodw
LP_TEST_TIMEOUT=${LP_TEST_TIMEOUT:-300}

lp_run -j 1 -p 1 -g memory --memory-model tso --json ff.json -- "$P/client-peterson-flagfence"
expect_status 0 "the flag store fenced: Peterson's lock holds under tso at bound 1"
n=$(jq .phase2.executions "$T/ff.json")
[ "$n" -gt 0 ] && [ "$n" -lt 3000 ]
ok $? "in $n executions (fewer than 3,000)"
lp_run -j 1 -p 2 -g memory --memory-model tso --no-root-cause --json ff2.json -- \
	"$P/client-peterson-flagfence"
expect_violation_report
n=$(jq .phase2.executions "$T/ff2.json")
[ "$n" -lt 5000 ]
ok $? "bound 2: the flag store's fence is not enough, found in $n executions"

lp_run -p 1 -g memory --memory-model tso --json r.json --target "$P/libpeterson-nodw.so" -- \
	"$P/client-peterson-nodw"
expect_violation_report
jq -e '(.violation.fences | length) == 3 and ([.violation.fences[] | .removes] == [true, true, false])
	and .violation.root_cause_search.stopped_by == null' "$T/r.json" >/dev/null
ok $? "the fence check decides within the default budget: flag and turn stores' fences remove it, the counter's does not ($(jq -c '[.violation.fences[] | [.site, .removes, .executions]]' "$T/r.json"))"
done_testing
