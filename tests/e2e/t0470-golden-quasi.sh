#!/bin/sh
# t0470-golden-quasi.sh — --spec-from: a golden model is the specification, run on demand
# (no phase 1), and quasi linearizability against it (Round-Up). A queue whose dequeues
# come out of order by at most one passes with --quasi qq_deq=1 against the strict FIFO
# golden model and fails without --quasi; one out of order by two fails even with
# --quasi qq_deq=1 and passes with qq_deq=2; reports replay; handles returned by qq_new
# are renamed between the target and the model; a model without the functions is refused.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_cmd jq jq
lp_require_prog libquasiq.so libquasiq-by2.so libquasiq-strict.so client-quasiq client-quasiq-by2

G="$P/libquasiq-strict.so"
lp_run --json "$T/ok.json" --quasi qq_deq=1 --spec-from "$G" --target "$P/libquasiq.so" -- "$P/client-quasiq"
expect_status 0 "out of order by one, --quasi qq_deq=1: exit 0"
expect_verdict "no violation found"
expect_out "^phase 1: none: the golden model .*libquasiq-strict\\.so is the specification; [1-9][0-9]* sequences of operations run on it on demand$" \
	"the summary says the golden model is the specification and how often it ran"
[ "$(jq -r '.phase1.mode' "$T/ok.json")" = golden ] && [ "$(jq -r '.phase1.golden_executions' "$T/ok.json")" -gt 0 ] &&
	[ "$(jq -r '.phase1.executions' "$T/ok.json")" = 0 ]
ok $? "JSON: phase1.mode golden, golden_executions > 0, no serial executions"

lp_run --spec-from "$G" --target "$P/libquasiq.so" -- "$P/client-quasiq"
expect_status 1 "out of order by one, no --quasi: exit 1"
expect_verdict "violation"
expect_out "no sequence of its operations on the golden model explains its results" \
	"the report says the golden model gives no such results"
expect_out "^replay: .*--spec-from .*libquasiq-strict\\.so" "the replay command keeps --spec-from"
replay=$(sed -n 's/^replay: [^ ]*lineup-preload //p' "$OUT")
# shellcheck disable=SC2086
lp_run $replay
expect_out "^# verdict: violation$" "the replayed history fails again against the model"

lp_run --quasi qq_deq=1 --spec-from "$G" --target "$P/libquasiq-by2.so" -- "$P/client-quasiq-by2"
expect_status 1 "out of order by two, --quasi qq_deq=1: exit 1"
expect_out "is not linearizable \\(quasi qq_deq=1\\)" "the report names the quasi factor"
lp_run --quasi qq_deq=2 --spec-from "$G" --target "$P/libquasiq-by2.so" -- "$P/client-quasiq-by2"
expect_status 0 "out of order by two, --quasi qq_deq=2: exit 0"

# The strict queue against itself: handles renamed, every history legal.
lp_run --spec-from "$G" --target "$G" -- "$P/client-quasiq"
expect_status 0 "the strict queue against itself as the model: exit 0"

# Without --spec-from, --quasi takes the library under test itself as the golden model (a
# fresh copy, called in any order the search asks): its own results are legal.
lp_run --quasi qq_deq=1 --target "$P/libquasiq-by2.so" -- "$P/client-quasiq-by2"
expect_status 0 "--quasi without --spec-from: exit 0"
expect_out "^phase 1: none: the golden model .*libquasiq-by2\\.so itself \\(a fresh copy\\) is the specification" \
	"the summary says the target itself is the golden model"

lp_run --spec-from "$P/libqueue-lock.so" --target "$P/libquasiq.so" -- "$P/client-quasiq"
expect_error "golden model .*libqueue-lock\\.so: it has no function qq_new"
lp_run --spec-from "$T/none.so" --target "$P/libquasiq.so" -- "$P/client-quasiq"
expect_error "cannot read the golden model"
done_testing
