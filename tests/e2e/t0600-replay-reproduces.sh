#!/bin/sh
# t0600-replay-reproduces.sh — --replay of a reported schedule prints the reported history, every time.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_cmd jq jq
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
	[ "$REPLAY_RC" = 1 ] && [ -s "$T/$name.replay-cmd" ] && grep -qx end "$T/$name.replay-cmd"
	ok $? "$name: the report's replay command prints a whole history and exits 1 (exit $REPLAY_RC)"
	grep -qx '# verdict: violation' "$T/replay.out"
	ok $? "$name: the replay judges its history a violation (a comment line, the output stays a history)"
	lp_run --observations "$T/$name.obs" --target "$lib" --replay "$schedule" -- "$client"
	cat "$T/$name.obs" "$OUT" | "$CHECKER" >/dev/null 2>&1
	[ $? = 1 ]
	ok $? "$name: lineup-checker reads the replay's observations and output, and finds the violation too"

	lp_run --target "$lib" --replay "$schedule" -- "$client"
	events "$OUT" >"$T/$name.replay1"
	lp_run --target "$lib" --replay "$schedule" -- "$client"
	events "$OUT" >"$T/$name.replay2"
	cmp -s "$T/$name.replay1" "$T/$name.replay2" && [ -s "$T/$name.replay1" ]
	ok $? "$name: two replays of $schedule print the same history"
	cmp -s "$T/$name.replay1" "$T/$name.replay-cmd"
	ok $? "$name: --replay and the report's replay command agree"

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
}

check_replay queue "$P/libqueue-trylock.so" "$P/client-queue-trylock"
grep -q 'queue_trytake' "$T/queue.replay1"
ok $? "queue: the replayed history calls queue_trytake"

check_replay event "$P/libevent-nolock.so" "$P/client-event"
grep -qx stuck "$T/event.replay1"
ok $? "event: the replayed history is stuck"

# A schedule whose history has a serial witness: exit 0, said as a comment.
lp_run --target "$P/libqueue-trylock.so" --replay 'c:' -- "$P/client-queue-trylock"
expect_status 0 "the default schedule replays with exit 0"
expect_out '^# verdict: this history has a serial witness$' "the replay says its history has a serial witness"

# -v traces every scheduling point on stderr, each with its code location.
lp_run -v --target "$P/libqueue-trylock.so" --replay 'c:5@0.2' -- "$P/client-queue-trylock"
grep -Eq '^  step 5 +0\.1 .* -> 0\.2 \(preemption\)$' "$ERR"
ok $? "-v: the trace shows the override at step 5 as a preemption"
grep -Eq '^  step [0-9]+ +0\.[12] +op-start +[a-z_]+\+0x[0-9a-f]+' "$ERR"
ok $? "-v: operation starts are traced with their caller's location"
grep -Eq '^  [0-9]+ scheduling points: ' "$ERR"
ok $? "-v: the trace ends with the count of points by kind"

lp_run --target "$P/libqueue-trylock.so" --replay 'c:nonsense' -- "$P/client-queue-trylock"
expect_error 'nonsense|schedule'
done_testing
