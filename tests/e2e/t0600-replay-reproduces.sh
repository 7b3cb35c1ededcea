#!/bin/sh
# t0600-replay-reproduces.sh — --replay of a reported schedule prints the reported history, every time.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libqueue-trylock.so client-queue-trylock libevent-nolock.so client-event

# events FILE: the event lines of a lineup-history(5) text (calls, returns, stuck, end).
events() {
	grep -E '^[[:space:]]*(0(\.[0-9]+)* (call|ret) |stuck[[:space:]]*$|end[[:space:]]*$)' "$1" |
		sed 's/^[[:space:]]*//; s/[[:space:]]*$//'
}

# check_replay NAME LIB CLIENT: the JSON history, --replay of its schedule (twice) and the
# report's replay command all give the same events.
check_replay() {
	name=$1 lib=$2 client=$3
	lp_run --json "$T/$name.json" --target "$lib" -- "$client"
	expect_status 1 "$name: exit status 1"
	cp "$OUT" "$T/$name.report"
	schedule=$(report_field schedule)
	[ -n "$schedule" ]
	ok $? "$name: the report has a schedule ($schedule)"

	run_replay
	events "$T/replay.out" >"$T/$name.replay-cmd"
	[ "$REPLAY_RC" != 2 ] && [ -s "$T/$name.replay-cmd" ] && grep -qx end "$T/$name.replay-cmd"
	ok $? "$name: the report's replay command prints a whole history (exit $REPLAY_RC)"

	lp_run --target "$lib" --replay "$schedule" -- "$client"
	events "$OUT" >"$T/$name.replay1"
	lp_run --target "$lib" --replay "$schedule" -- "$client"
	events "$OUT" >"$T/$name.replay2"
	cmp -s "$T/$name.replay1" "$T/$name.replay2" && [ -s "$T/$name.replay1" ]
	ok $? "$name: two replays of $schedule print the same history"
	cmp -s "$T/$name.replay1" "$T/$name.replay-cmd"
	ok $? "$name: --replay and the report's replay command agree"

	if command -v jq >/dev/null 2>&1; then
		jq -r '.violation.history' "$T/$name.json" >"$T/$name.json-history" 2>/dev/null
		events "$T/$name.json-history" >"$T/$name.json-events"
		same=0
		cmp -s "$T/$name.json-events" "$T/$name.replay1" && [ -s "$T/$name.json-events" ] || same=1
		ok $same "$name: the replayed history is the one in the JSON report"
		if [ $same != 0 ]; then
			diag "$T/$name.json-events" "JSON history events"
			diag "$T/$name.replay1" "replayed events"
		fi
		[ "$(jq -r '.violation.schedule' "$T/$name.json")" = "$schedule" ]
		ok $? "$name: the JSON schedule is the reported one"
	else
		skip "$name: jq is not installed (JSON history not compared)"
		skip "$name: jq is not installed"
	fi
}

check_replay queue "$P/libqueue-trylock.so" "$P/client-queue-trylock"
grep -q 'queue_trytake' "$T/queue.replay1"
ok $? "queue: the replayed history calls queue_trytake"

check_replay event "$P/libevent-nolock.so" "$P/client-event"
grep -qx stuck "$T/event.replay1"
ok $? "event: the replayed history is stuck"

lp_run --target "$P/libqueue-trylock.so" --replay 'c:nonsense' -- "$P/client-queue-trylock"
expect_error 'nonsense|schedule'
done_testing
