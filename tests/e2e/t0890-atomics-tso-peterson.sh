#!/bin/sh
# t0890-atomics-tso-peterson.sh — --memory-model tso (x86-TSO store buffers at -g memory):
# Peterson's lock written for sequential consistency (plain flags and turn, no fence) in a
# stripped library lets both threads in under tso, where each one's flag store still sits
# in its store buffer when it reads the other's flag: two increments return the same value.
# Under sc it holds. The report names the store that was still buffered and the load that
# missed it, the replay reproduces it, the JSON records the model; tso without -g memory
# and an unknown model are set-up errors.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_cmd jq jq
lp_require_prog libpeterson-nodw.so client-peterson-nodw

lp_run --memory-model tso --target "$P/libpeterson-nodw.so" -- "$P/client-peterson-nodw"
expect_error 'memory-model tso.*--granularity memory'
lp_run --memory-model pso -g memory --target "$P/libpeterson-nodw.so" -- "$P/client-peterson-nodw"
expect_error "bad value 'pso' for --memory-model: use sc or tso"

lp_run -p 1 -g memory --json sc.json --target "$P/libpeterson-nodw.so" -- "$P/client-peterson-nodw"
expect_status 0 "sc (the default): Peterson's lock holds"
expect_verdict "no violation found"
[ "$(jq -r .phase2.memory_model "$T/sc.json")" = sc ]
ok $? "the JSON report records memory_model sc"

lp_run -p 1 -g memory --memory-model tso --json tso.json \
	--target "$P/libpeterson-nodw.so" -- "$P/client-peterson-nodw"
expect_violation_report
[ "$(jq -r .phase2.memory_model "$T/tso.json")" = tso ]
ok $? "the JSON report records memory_model tso"
expect_out '^phase 2 memory model: x86-TSO' "the summary names the memory model"
# the timeline: pc_new's result, then both increments' results "-> 0"
[ "$(grep -c -- '-> 0$' "$OUT")" = 2 ]
ok $? "both increments return the same value (0)"
expect_out "stale load: step [0-9]+: 0\.[12] at pc_inc\+0x[0-9a-f]+ in libpeterson-nodw\.so read 0x[0-9a-f]+ while 0\.[12]'s store of 1 \(4 bytes\) to 0x[0-9a-f]+ at pc_inc\+0x[0-9a-f]+ in libpeterson-nodw\.so was still buffered" \
	"the report names the buffered flag store and the load that missed it"
expect_out "^    it passed 2 stores of its own, still buffered: at pc_inc\+0x[0-9a-f]+ in libpeterson-nodw\.so to 0x[0-9a-f]+, at pc_inc\+0x[0-9a-f]+ in libpeterson-nodw\.so to 0x[0-9a-f]+$" \
	"and the two stores of its own buffer (flag, turn) that the load passed"
jq -e '.violation.stale_loads | length >= 1' "$T/tso.json" >/dev/null &&
	jq -e '.violation == null' "$T/sc.json" >/dev/null
ok $? "JSON: violation.stale_loads under tso"
expect_out '^replay: .*--memory-model tso' "the replay command keeps --memory-model tso"
run_replay
[ "$REPLAY_RC" = 1 ]
ok $? "the replay command reproduces the violation (exit 1, got $REPLAY_RC)"
done_testing
