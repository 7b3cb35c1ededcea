#!/bin/sh
# t0360-execution-environment.sh — an execution's threads are pinned to one CPU and
# address randomisation is off: a client records, through a library call, its CPU count
# and the addresses of a heap block and a stack variable; every serial history shows one
# CPU, and two runs of the tool write identical observations.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libprobe.so client-probe

lp_run -p 1 --observations "$T/obs1" -- "$P/client-probe"
expect_status 0 "first run: exit status 0"
lp_run -p 1 --observations "$T/obs2" -- "$P/client-probe"
expect_status 0 "second run: exit status 0"

counts=$(grep -E '^0\.[12] call probe_note\([0-9]{1,4}\)$' "$T/obs1" | sort -u)
[ "$counts" = "$(printf '0.1 call probe_note(1)\n0.2 call probe_note(1)')" ]
ok $? "each thread may run on exactly one CPU (got: $(echo $counts))"
[ "$(grep -c 'call probe_note' "$T/obs1")" -ge 6 ]
ok $? "the observations hold the heap and stack addresses too"
cmp -s "$T/obs1" "$T/obs2"
ok $? "the addresses are the same in both runs (no address randomisation)"
done_testing
