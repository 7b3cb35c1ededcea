#!/bin/sh
# t0447-jobs-worker-line.sh — a worker forks the execution queued behind the running one at
# once, and it waits in line (preload/worker-line.h) until the one ahead has recorded its
# end: client-line-lock holds an exclusive flock from its fork point until after its last
# join, so an execution that started while the one ahead still ran would exit 3 (a crash
# in the report). At -j 1 with eager phase 1 (executions queued ahead; any still queued
# when phase 1 ends are killed, and phase 2 then runs in the same line) every execution
# takes the lock, and the counts are those of -j 2 (without the lock: two workers'
# executions do overlap).
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libqueue-lock.so client-line-lock
lp_require_cmd jq jq

run() {
	lp_run -j "$1" -p 1 --phase1 eager --no-symmetry --json "j$1.json" \
		--target "$P/libqueue-lock.so" -- "$P/client-line-lock"
}
LINE_LOCK_FILE=$T/line.lock run 1
expect_status 0 "-j 1: no violation (no execution ran while the one ahead of it did)"
grep -q '^verdict: no violation found' "$OUT"
ok $? "-j 1: the verdict"
grep -Eq '^phase 2 workers: 1 \([1-9][0-9]* executions ran ahead of their turn' "$OUT"
ok $? "-j 1: executions were queued behind running ones"
run 2
expect_status 0 "-j 2: no violation"
for k in phase1.executions phase2.executions; do
	a=$(jq -r ".$k" "$T/j1.json")
	[ "$a" -gt 0 ] && [ "$a" = "$(jq -r ".$k" "$T/j2.json")" ]
	ok $? "$k: $a at -j 1 and at -j 2"
done
done_testing
