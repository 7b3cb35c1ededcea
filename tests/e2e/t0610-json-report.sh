#!/bin/sh
# t0610-json-report.sh — --json FILE describes the verdict and the violation (kind, history, schedule, replay).
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_cmd jq jq
lp_require_prog libqueue-lock.so client-queue-lock libqueue-trylock.so client-queue-trylock \
	libevent-nolock.so client-event libbox-race.so client-box

# json_is NAME FILTER EXPECTED: one TAP line comparing a jq value.
json_is() {
	v=$(jq -r "$2" "$T/$1.json" 2>&1)
	[ "$v" = "$3" ]
	ok $? "$1: $2 is '$3'${v:+ (got '$v')}"
}

lp_run --json "$T/correct.json" --target "$P/libqueue-lock.so" -- "$P/client-queue-lock"
expect_status 0 "correct: exit status 0"
jq -e . "$T/correct.json" >/dev/null 2>&1
ok $? "correct: the JSON file parses"
json_is correct '.violation' null
jq -r .verdict "$T/correct.json" | grep -q 'no violation'
ok $? "correct: the verdict says no violation"

lp_run --json "$T/queue.json" --target "$P/libqueue-trylock.so" -- "$P/client-queue-trylock"
expect_status 1 "queue: exit status 1"
json_is queue '.verdict' violation
json_is queue '.violation.kind' non-linearizable
json_is queue '.violation.schedule' "$(report_field schedule)"
json_is queue '.violation.replay | test("--replay")' true
json_is queue '.violation.history | test("queue_trytake")' true
json_is queue '.violation.switches | test("step [0-9]+: 0[.][0-9] preempts")' true
# what was checked up to the violation: its bound in part, every bound below it whole
json_is queue '.coverage.partial_bound == ([.violation.preemptions[] | select(.preemption)] | length)' true
json_is queue '.coverage.complete_bound == .coverage.partial_bound - 1 and .coverage.partial_schedules >= 1' true
json_is queue '.coverage.partial_schedules == .phase2.executions_by_preemptions[.coverage.partial_bound]' true
json_is queue '.coverage.text | test("^bound [0-9]+ complete; bound [0-9]+: ")' true
json_is queue '.coverage.guarantee' null
json_is queue '.phase2.executions_by_preemptions | length' 2
json_is queue '.phase2 | (.executions_by_preemptions | add) == .executions' true
json_is queue '.instrumentation | test("^instrumented: ")' true
json_is queue '.nondeterminism' null
json_is queue ".phase1.mode" eager
json_is queue ".phase1.seconds | type" number
json_is queue ".phase2.seconds | type" number
json_is queue ".phase1.executions" 3

lp_run --json "$T/event.json" --target "$P/libevent-nolock.so" -- "$P/client-event"
expect_status 1 "event: exit status 1"
json_is event '.violation.kind' stuck
json_is event '.violation.history | test("(^|\\n)stuck(\\n|$)")' true

lp_run --json "$T/box.json" --target "$P/libbox-race.so" -- "$P/client-box"
expect_status 1 "box: exit status 1"
json_is box '.violation.kind' crash
json_is box '.coverage.text != "no concurrent schedule checked"' true
json_is box '.violation.replay | test("--replay")' true
lp_require_prog libticket-pid.so client-ticket
lp_run --json "$T/ticket.json" --target "$P/libticket-pid.so" -- "$P/client-ticket"
expect_status 3 "ticket: exit status 3"
json_is ticket '.verdict' nondeterministic
json_is ticket '.nondeterminism | [scan("ticket_take")] | length >= 2' true
json_is ticket '.violation' null
done_testing
