#!/bin/sh
# t0570-phase1-symmetry.sh — identical threads in phase 1: three threads making the same
# calls with the same arguments run one serial order of each class of orders that differ
# only by swapping them, the other histories are derived by relabelling: the same distinct
# histories and verdicts as running every order, with fewer executions; a library whose
# results depend on which thread calls is caught and phase 1 falls back to every order.
# Lazy phase 1 runs each request's canonical order (its members renamed by first
# appearance) and answers with every relabelling, with the same checks and fallbacks.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog client-queue-same-lock client-queue-same-trylock client-ident \
	client-queue-same-late client-queue-grid-lock libqueue-lock.so
lp_require_cmd jq jq

lp_run --phase1 eager -p 0 --json "$T/sym.json" -- "$P/client-queue-same-lock"
expect_status 0 "correct queue, identical threads: exit 0"
expect_out '^phase 1 symmetry: threads 0\.1, 0\.2, 0\.3 make the same calls: [0-9]+ of the 1680 serial histories derived by swapping them, not run$' \
	"the summary names the identical threads and what was derived"
lp_run --phase1 eager -p 0 --no-symmetry --json "$T/all.json" -- "$P/client-queue-same-lock"
expect_status 0 "--no-symmetry: exit 0"
expect_no_out '^phase 1 symmetry' "--no-symmetry: no symmetry"
jq -e --slurpfile all "$T/all.json" '.phase1.histories == $all[0].phase1.histories
	and .phase1.histories == 1680 and $all[0].phase1.executions == 1680
	and .phase1.executions == 1680 / 6 + 1
	and .phase1.derived_by_symmetry > 0 and .phase1.symmetric_threads == "0.1, 0.2, 0.3"' \
	"$T/sym.json" >/dev/null
ok $? "the same 1680 distinct histories from one order in 3! (and one probe): $(jq .phase1.executions "$T/sym.json") executions"

# the same verdict on a buggy queue, and the violation is confirmed against every order
lp_run --phase1 eager --no-root-cause -- "$P/client-queue-same-trylock"
expect_status 1 "trylock queue, identical threads: exit 1"
expect_out '^VIOLATION: concurrent history' "the violation is reported"
lp_run --phase1 eager --no-root-cause --no-symmetry -- "$P/client-queue-same-trylock"
expect_status 1 "and without symmetry too"

# results that depend on the thread: caught, every order run
lp_run --phase1 eager -p 0 -- "$P/client-ident"
expect_status 0 "thread-dependent results: exit 0"
expect_out '^warning: threads that made the same calls did not behave alike' \
	"the fallback is said"
expect_out '^phase 1: 90 serial executions, 90 distinct histories' "phase 1 ran every order"
# lazy: one serial execution per class of orders; the same histories and phase 2
lp_run --phase1 lazy -p 1 --json "$T/lazy.json" -- "$P/client-queue-same-lock"
expect_status 0 "lazy, identical threads: exit 0"
expect_out '^phase 1 symmetry: threads 0\.1, 0\.2, 0\.3 make the same calls: [0-9]+ of the [0-9]+ serial histories derived' \
	"lazy: the summary names the identical threads"
lp_run --phase1 lazy -p 1 --no-symmetry --json "$T/lazy-all.json" -- "$P/client-queue-same-lock"
expect_status 0 "lazy --no-symmetry: exit 0"
jq -e --slurpfile all "$T/lazy-all.json" '.phase1.histories == $all[0].phase1.histories
	and .phase1.derived_by_symmetry > .phase1.executions
	and .phase1.executions < $all[0].phase1.executions
	and .phase2.executions == $all[0].phase2.executions' "$T/lazy.json" >/dev/null
ok $? "lazy: the same $(jq .phase1.histories "$T/lazy.json") histories from $(jq .phase1.executions "$T/lazy.json") executions, not $(jq .phase1.executions "$T/lazy-all.json")"

# 6 threads, 3 of them identical: 720 orders, 120 up to swapping them
lp_run --json "$T/grid.json" --target "$P/libqueue-lock.so" -- "$P/client-queue-grid-lock" 6 1
expect_status 0 "6x1 queue: exit 0"
jq -e '.phase1.mode == "lazy" and .phase1.histories == 720 and .phase1.derived_by_symmetry == 600
	and .phase1.executions <= 121' "$T/grid.json" >/dev/null
ok $? "6x1: 720 histories, 600 derived, $(jq .phase1.executions "$T/grid.json") executions (at most 120 classes and the probe)"

lp_run --phase1 lazy --no-root-cause -- "$P/client-queue-same-trylock"
expect_status 1 "lazy, trylock queue: exit 1"
expect_out '^VIOLATION: concurrent history' "lazy: the violation is reported"

lp_run --phase1 lazy -p 0 -- "$P/client-ident"
expect_status 0 "lazy, thread-dependent results: exit 0"
expect_out '^warning: threads that made the same calls did not behave alike' \
	"lazy: the probe catches them and the fallback is said"
expect_no_out '^phase 1 symmetry' "lazy: nothing derived after the fallback"

# the same calls in the first execution, not in every order: the third thread adds 9 where
# the others add 7 once another's add falls between its two takes. A history failing
# against a wrong derived history is checked against every order run before it is claimed.
for mode in eager lazy; do
	lp_run --phase1 $mode --target "$P/libqueue-lock.so" -- "$P/client-queue-same-late"
	expect_status 0 "$mode, threads alike only at first: exit 0"
	expect_out '^warning: (threads that made the same calls did not behave alike|a history failed against serial histories derived by swapping identical threads)' \
		"$mode: symmetry given up, and said"
	expect_no_out '^VIOLATION' "$mode: no violation claimed"
done
done_testing
