#!/bin/sh
# t0420-wrong-crash-under-schedule.sh — a crash under some schedule only is a violation with its signal and replay.
# The report says where (issue 32): the crashing thread, the signal and fault address, and a
# backtrace from the library function down to the client's thread function, symbolized from
# DWARF (file:line) or, for a stripped library, from its symbol table (function+offset);
# --replay shows the same lines, --json has them as a "crash" object.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_cmd jq jq
lp_require_prog libbox-race.so client-box libbox-race-nodw.so client-box-nodw

lp_run --json "$T/box.json" --target "$P/libbox-race.so" -- "$P/client-box"
expect_violation_report
expect_out 'SIGSEGV' "the report names the signal (SIGSEGV)"
expect_out 'box_get' "the report names box_get"
expect_out '^thread 0\.2 crashed: SIGSEGV at address 0x0 \(address not mapped\) in box_get\+0x[0-9a-f]+ \(box-race\.c:[0-9]+\)$' \
	"the report says thread 0.2 crashed on SIGSEGV at address 0x0 in box_get (box-race.c)"
expect_out '^  #0 box_get\+0x[0-9a-f]+ \(box-race\.c:[0-9]+\)$' "backtrace frame #0 is box_get with its line"
expect_out '^  #1 getter\+0x[0-9a-f]+ \(client-box\.c:[0-9]+\)$' \
	"backtrace frame #1 is the client's getter, which called box_get"
expect_no_out '^  #2 ' "the backtrace ends at the thread's start routine"
expect_out '^history up to the crash:$' "the history up to the crash follows"
sed -n '/ crashed: /,/^history up to the crash:$/p' "$OUT" | sed '$d' >"$T/crash.lines"

jq -e '.violation.crash | .thread == "0.2" and .signal == "SIGSEGV" and .address == "0x0"' \
	"$T/box.json" >/dev/null
ok $? "JSON: violation.crash names thread 0.2, SIGSEGV, address 0x0"
jq -e '.violation.crash.frames | .[0].function == "box_get" and .[0].file == "box-race.c"
	and (.[0].line | type) == "number" and (.[0].pc | test("^0x"))
	and .[1].function == "getter" and .[1].file == "client-box.c"' \
	"$T/box.json" >/dev/null
ok $? "JSON: crash.frames are box_get (box-race.c), then getter (client-box.c)"

run_replay
grep -Eq '^0\.2 call box_get\(0x[0-9a-f]+\)' "$T/replay.out"
ok $? "the replay command reruns the crashing execution (0.2 calls box_get)"
[ "$REPLAY_RC" = 1 ]
ok $? "the replay exits with status 1 (got $REPLAY_RC)"
grep -v '^lineup-preload: ' "$T/replay.err" >"$T/replay.lines"
[ -s "$T/crash.lines" ] && cmp -s "$T/crash.lines" "$T/replay.lines"
ok $? "the replay shows the report's crash lines (thread, signal, backtrace)"

# Stripped, without DWARF: names from the dynamic symbol table, no line.
lp_run --target "$P/libbox-race-nodw.so" -- "$P/client-box-nodw"
expect_violation_report
expect_out '^thread 0\.2 crashed: SIGSEGV at address 0x0 \(address not mapped\) in box_get\+0x[0-9a-f]+ in libbox-race-nodw\.so$' \
	"stripped library: the crash is in box_get+offset in libbox-race-nodw.so"
expect_out '^  #1 getter\+0x[0-9a-f]+ \(client-box\.c:[0-9]+\)$' \
	"stripped library: the backtrace still reaches the client's getter"
done_testing
