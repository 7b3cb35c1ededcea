#!/bin/sh
# t1201-test-threads-stay.sh — a test description's threads do not exit (lineup-test(5)):
# after its calls a thread waits until the process ends, so a library's thread-exit code
# (a TSD destructor that locks the library's mutex) runs in no schedule, and the final
# call, made once every thread has made its calls, sees no thread gone; a C client that
# joins its threads runs it (t0340).
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_cmd jq jq
lp_require_prog libtally-tsd.so

cat > "$T/tally.lineup" <<DESC
target $P/libtally-tsd.so
init   t = tally_new()
thread tally_register(t); tally_add(t, 1)
thread tally_register(t); tally_add(t, 2)
final  tally_exited(t)
DESC
lp_run -j 1 --json r.json --observations "$T/obs" --test "$T/tally.lineup"
expect_status 0 "the tally passes"
expect_verdict "no violation found"
n=$(grep -c '^0 call tally_exited' "$T/obs")
[ "$n" -ge 1 ] && [ "$(grep -A1 '^0 call tally_exited' "$T/obs" | grep -c '^0 ret 0$')" = "$n" ]
ok $? "in all $n serial histories the final call sees no thread gone (the destructor never ran)"
# The destructor's lock at each thread's end is no scheduling point either: 14 executions
# at bound 2, 21 when the threads exited.
[ "$(jq .phase2.executions "$T/r.json")" -le 16 ]
ok $? "$(jq .phase2.executions "$T/r.json") executions at bound 2 (16 at most; 21 with thread exits)"
done_testing
