#!/bin/sh
# t0460-criterion-sequential.sh — --criterion sequential through the whole run: a register
# whose writes may reach other threads late (after the write returned) is sequentially
# consistent but not linearizable: exit 1 by default, exit 0 with --criterion sequential;
# the summary and the JSON report say which criterion was checked.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog client-lazyreg
lp_require_cmd jq jq

lp_run --no-root-cause --json "$T/lin.json" -- "$P/client-lazyreg"
expect_status 1 "linearizability (the default): exit 1"
expect_out 'is not linearizable' "the report says the history is not linearizable"
expect_no_out '^criterion:' "the default criterion is not announced"
jq -e '.criterion == "linearizability"' "$T/lin.json" >/dev/null
ok $? "the JSON report gives the criterion: linearizability"

lp_run --criterion sequential --json "$T/sc.json" -- "$P/client-lazyreg"
expect_status 0 "sequential consistency: exit 0"
expect_verdict "no violation found"
expect_out '^criterion: sequential consistency \(each thread.s order kept, real-time order between threads not\)$' \
	"the summary says which criterion was checked"
jq -e '.criterion == "sequential" and .quasi == []' "$T/sc.json" >/dev/null
ok $? "the JSON report gives the criterion: sequential"

# a real bug is still one under sequential consistency
lp_run --criterion sequential --no-root-cause -- "$P/client-queue-trylock"
expect_status 1 "the trylock queue is not sequentially consistent either: exit 1"
expect_out 'is not sequentially consistent' "the report says so"
done_testing
