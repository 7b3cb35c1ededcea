#!/bin/sh
# t0360-execution-environment.sh — an execution's threads are pinned to one CPU and
# address randomisation is off: a client records, through a library call, its CPU count
# and the addresses of a heap block and a stack variable; every serial history shows one
# CPU, and two runs of the tool write identical observations. The client's environment
# holds none of the variables the tool sets for it (LINEUP_*, LD_PRELOAD, and the
# LD_BIND_NOW of --memory-model tso), and keeps the user's own LD_BIND_NOW.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libprobe.so client-probe

lp_run -p 1 --observations "$T/obs1" -- "$P/client-probe"
expect_status 0 "first run: exit status 0"
lp_run -p 1 --observations "$T/obs2" -- "$P/client-probe"
expect_status 0 "second run: exit status 0"

grep -qx '0 call probe_note(0)' "$T/obs1"
ok $? "the client's environment holds no variable of the tool"
lp_run -p 1 -g memory --memory-model tso --observations "$T/obs3" -- "$P/client-probe"
expect_status 0 "under tso: exit status 0"
grep -qx '0 call probe_note(0)' "$T/obs3"
ok $? "under tso too: the LD_BIND_NOW the tool set is gone"
LD_BIND_NOW=1 lp_run -p 1 -g memory --memory-model tso --observations "$T/obs4" -- \
	"$P/client-probe"
expect_status 0 "under tso with the user's LD_BIND_NOW: exit status 0"
grep -qx '0 call probe_note(1)' "$T/obs4"
ok $? "the user's own LD_BIND_NOW is kept"

counts=$(grep -E '^0\.[12] call probe_note\([0-9]{1,4}\)$' "$T/obs1" | sort -u)
[ "$counts" = "$(printf '0.1 call probe_note(1)\n0.2 call probe_note(1)')" ]
ok $? "each thread may run on exactly one CPU (got: $(echo $counts))"
[ "$(grep -c 'call probe_note' "$T/obs1")" -ge 6 ]
ok $? "the observations hold the heap and stack addresses too"
cmp -s "$T/obs1" "$T/obs2"
ok $? "the addresses are the same in both runs (no address randomisation)"
done_testing
