#!/bin/sh
# t0446-jobs-worker-servers.sh — with -j N each worker forks its executions from a fork
# server of its own, a copy of the first made before any execution: an execution starts
# from the same state whichever server forks it. libforks.so counts, in a pthread_atfork
# child handler, the forks its process came out of: phase 1 runs on the first server and
# phase 2 on the workers', so a worker server made by glibc's fork (which runs the
# handler) would show a count phase 1 never saw, and a violation.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libforks.so client-forks
lp_require_cmd jq jq

lp_run -j 1 --json j1.json --target "$P/libforks.so" -- "$P/client-forks"
expect_status 0 "-j 1: no violation"
n1=$(jq -r .phase2.executions "$T/j1.json")
for j in 2 3; do
	lp_run -j "$j" --json "j$j.json" --target "$P/libforks.so" -- "$P/client-forks"
	expect_status 0 "-j $j: no violation (every execution saw one fork)"
	[ "$(jq -r .phase2.executions "$T/j$j.json")" = "$n1" ] &&
		[ "$(jq -r .phase2.workers "$T/j$j.json")" = "$j" ]
	ok $? "-j $j: the $n1 executions of -j 1, on $j workers"
done
done_testing
