#!/bin/sh
# t1110-budget-pct-replay.sh — a violation found by random schedules replays from its schedule string alone: same history as reported, twice; the seeds are not needed.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_cmd jq jq
lp_require_prog libqueue-trylock.so client-queue-trylock

events() {
	grep -E '^[[:space:]]*(0(\.[0-9]+)* (call|ret) |stuck[[:space:]]*$|end[[:space:]]*$)' "$1" |
		sed 's/^[[:space:]]*//; s/[[:space:]]*$//'
}

for strategy in pct random; do
	lp_run --strategy $strategy --seed 5 --json "$T/$strategy.json" --target "$P/libqueue-trylock.so" -- "$P/client-queue-trylock"
	expect_violation_report
	schedule=$(report_field schedule)
	run_replay
	[ "$REPLAY_RC" = 1 ]
	ok $? "$strategy: the replay command exits 1 (got $REPLAY_RC)"
	jq -r '.violation.history' "$T/$strategy.json" >"$T/$strategy.history"
	events "$T/$strategy.history" >"$T/$strategy.reported"
	events "$T/replay.out" >"$T/$strategy.replayed"
	cmp -s "$T/$strategy.reported" "$T/$strategy.replayed" && [ -s "$T/$strategy.reported" ]
	ok $? "$strategy: the replayed history of $schedule is the reported one"
	lp_run --target "$P/libqueue-trylock.so" --replay "$schedule" -- "$P/client-queue-trylock"
	events "$OUT" >"$T/$strategy.again"
	cmp -s "$T/$strategy.again" "$T/$strategy.reported"
	ok $? "$strategy: a second --replay prints it again"
done
done_testing
