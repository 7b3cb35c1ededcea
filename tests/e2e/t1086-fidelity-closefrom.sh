#!/bin/sh
# t1086-fidelity-closefrom.sh — a client that closes every descriptor it did not open
# (closefrom(3), close_range, a close loop) used to cut the preload off from the cli and
# was refused for "exiting before creating a thread". The preload's descriptors now sit
# high, out of the client's way, and stay open; the client finds descriptor 3 free, as
# natively (it aborts otherwise), and the run is controlled as usual.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog client-closefd client-closefd-trylock

"$P/client-closefd"
ok $? "natively, the client runs to its end"
lp_run -- "$P/client-closefd"
expect_status 0 "correct queue: exit 0"
expect_verdict "no violation found"
lp_run -- "$P/client-closefd-trylock"
expect_status 1 "trylock queue: the violation is still found"
expect_out '^VIOLATION: concurrent history' "the violation is reported"
done_testing
