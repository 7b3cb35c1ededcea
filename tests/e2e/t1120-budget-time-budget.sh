#!/bin/sh
# t1120-budget-time-budget.sh — --time-budget on a test whose bound 2 cannot finish in time: bounds while they fit, then PCT, a coverage summary that says exactly what ran, exit 0 on a correct library, on time.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_cmd jq jq
lp_require_prog libqueue-ms.so client-queue-3x3 client-queue-ms

# Three threads of three operations: 1,680 serial executions and a few hundred schedules
# up to bound 1, then bound 2 alone runs about 7,000 (four times as long as everything
# before it). The budget scales with this machine's speed (a sanitizer build, a loaded
# machine): 2.5 times a run to bound 1, rounded up, leaves time for bound 1 but not bound 2.
t0=$(date +%s.%N)
lp_run -q -p 1 --target "$P/libqueue-ms.so" -- "$P/client-queue-3x3" 3
t1=$(date +%s.%N)
budget=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%d", 2.5 * (b - a) + 0.999 }')
echo "# budget: $budget s"
start=$(date +%s)
lp_run --time-budget "${budget}s" --json "$T/r.json" --target "$P/libqueue-ms.so" -- "$P/client-queue-3x3" 3
end=$(date +%s)
expect_status 0 "exit 0: no violation in what ran"
expect_verdict "no violation found"
[ $((end - start)) -le $((budget + 8)) ]
ok $? "the run ended near its budget (took $((end - start)) s for $budget s)"
expect_out '^stopped by the time budget running out$' "the summary says the budget ended the run"
expect_out '^coverage: bound [01] complete(; bound [0-9]+: [0-9]+% of its schedules \(about [0-9,]+ of [0-9,]+\))?; [0-9,]+ random schedules \(PCT depth [0-9]+, seed 1\)$' \
	"the coverage line says which bounds completed and how many PCT schedules ran"
expect_no_out '^coverage: bound [2-9] complete' "bound 2 is not claimed complete"
expect_out '^guarantee: every schedule with at most [01] preemptions? has a serial witness' "the guarantee is that of the complete bounds"
expect_out '^phase 2: [0-9]+ concurrent executions \(preemption bound -1: bound by bound while they fit the time budget\)' "the bounded search is described"
jq -e '.interrupted == true and .stopped_by == "the time budget" and .coverage.time_budget == '"$budget"' 
	and .coverage.random_strategy == "PCT" and .coverage.complete_bound <= 1' "$T/r.json" >/dev/null
ok $? "the JSON report is complete and marked interrupted by the time budget"

# With -p 0 the search ends at bound 0; the rest goes to PCT (a small test: 20 serial runs).
lp_run -p 0 --time-budget 2s --target "$P/libqueue-ms.so" -- "$P/client-queue-ms"
expect_status 0 "-p 0: exit 0"
expect_out '^coverage: bound 0 complete; [0-9,]+ random schedules \(PCT depth 3, seed 1\)$' "-p 0: bound 0 complete, then PCT"
# A small test runs every schedule well within the budget: complete, no PCT needed.
lp_run --time-budget 60s --target "$P/libqueue-ms.so" -- "$P/client-queue-ms"
expect_status 0 "small test: exit 0"
expect_out '^coverage: every schedule \(at most [0-9]+ preemptions\) complete$' "small test: the unbounded search ran to its end"
expect_out '^guarantee: every schedule has a serial witness' "small test: the full guarantee"
expect_no_out 'random schedules' "small test: no PCT after a complete search"
done_testing
