#!/bin/sh
# t0570-phase1-symmetry.sh — identical threads in phase 1: three threads making the same
# calls with the same arguments run one serial order of each class of orders that differ
# only by swapping them, the other histories are derived by relabelling: the same distinct
# histories and verdicts as running every order, with fewer executions; a library whose
# results depend on which thread calls is caught and phase 1 falls back to every order.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog client-queue-same-lock client-queue-same-trylock client-ident
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
done_testing
