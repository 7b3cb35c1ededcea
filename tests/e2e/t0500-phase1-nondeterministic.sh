#!/bin/sh
# t0500-phase1-nondeterministic.sh — results that depend on more than the calls (the pid) stop phase 1: exit 3.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libticket-pid.so client-ticket

lp_run --target "$P/libticket-pid.so" -- "$P/client-ticket"
expect_status 3 "exit status 3 (nondeterministic)"
expect_verdict nondeterministic
n=$(grep -c 'ticket_take' "$OUT")
[ "$n" -ge 2 ]
ok $? "both serial histories are shown (ticket_take in $n lines, want >= 2)"
expect_no_out '^[[:space:]]*replay: ' "no replay line (nothing to replay)"
done_testing
