#!/bin/sh
# t0160-load-prethreaded-client.sh — glibc already runs a helper thread at the client's first
# pthread_create (timer_create with SIGEV_THREAD), so the fork server cannot fork: every
# execution re-executes the client, says so, and still finds the Figure 1 bug.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libqueue-trylock.so client-prethreaded

lp_run -- "$P/client-prethreaded"
expect_status 1
expect_verdict "violation"
expect_out "re-executes the client"
expect_out "queue_trytake"

# Its replay re-executes the client too, and says why the control is partial.
run_replay
[ "$REPLAY_RC" = 1 ]
ok $? "replay exits 1, the replayed history is the violation (got $REPLAY_RC)"
grep -q '^0.2 ret -1$' "$T/replay.out"
ok $? "replay prints the failing trytake"
grep -q 'warning: the process was already multithreaded' "$T/replay.err"
ok $? "replay warns that the process was already multithreaded"
done_testing
