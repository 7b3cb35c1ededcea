#!/bin/sh
# t0438-reduction-library-thread-code.sh — a thread the library hands work to runs mostly
# other code (here a helper library's locking) and the target's only in a callback. Its
# steps count as target code only when they run some (preload/exec-guard.c: the targets'
# text is not executable during such a step, and the first fetch there says so): the
# helper's own locking no longer conflicts with the operations, so there are fewer
# executions than when every step of it counts (LINEUP_NO_EXEC_GUARD=1), and the callback's
# lost update, which needs its steps ordered against the increment, is still found. A
# client with its own SIGSEGV handler turns the guard off: counts as without it.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_cmd jq jq
lp_require_prog libbgcount.so libbgcount-race.so client-bgcount client-bgcount-race

execs() { jq -r .phase2.executions "$T/$1"; }

lp_run -j 1 --json g.json --target "$P/libbgcount.so" -- "$P/client-bgcount"
expect_status 0 "the counter bumped under its lock passes"
LINEUP_NO_EXEC_GUARD=1 lp_run -j 1 --json n.json --target "$P/libbgcount.so" -- "$P/client-bgcount"
expect_status 0 "it passes with the guard off"
[ "$(execs g.json)" -lt "$(execs n.json)" ]
ok $? "fewer executions when the helper thread's own steps are known ($(execs g.json) < $(execs n.json))"
lp_run -j 1 --json s.json --target "$P/libbgcount.so" -- "$P/client-bgcount" segv
expect_status 0 "it passes with the client's SIGSEGV handler"
[ "$(execs s.json)" = "$(execs n.json)" ]
ok $? "the client's SIGSEGV handler turns the guard off ($(execs s.json) executions, as without it)"

for mode in guard off segv; do
	arg=
	[ "$mode" = segv ] && arg=segv
	if [ "$mode" = off ]; then
		LINEUP_NO_EXEC_GUARD=1 lp_run -j 1 --json r.json --target "$P/libbgcount-race.so" -- \
			"$P/client-bgcount-race"
	else
		lp_run -j 1 --json r.json --target "$P/libbgcount-race.so" -- "$P/client-bgcount-race" $arg
	fi
	expect_status 1 "$mode: the bump's lost update is a violation"
	expect_out '^ +[0-9]+ +-> 1$' "$mode: the counter reads 1 after both increments"
	cp "$T/r.json" "$T/r-$mode.json"
done
lp_run -j 2 --json r2.json --target "$P/libbgcount-race.so" -- "$P/client-bgcount-race"
expect_status 1 "-j 2 finds it too"
[ "$(jq -r .violation.schedule "$T/r-guard.json")" = "$(jq -r .violation.schedule "$T/r2.json")" ]
ok $? "with the same schedule"
run_replay
grep -q '^0\.1 ret 1$' "$T/replay.out"
ok $? "the replay shows bg_get returning 1"

"$P/client-bgcount" && "$P/client-bgcount" segv
ok $? "natively, the client runs"
done_testing
