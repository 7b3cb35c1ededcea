#!/bin/sh
# t0500-phase1-nondeterministic.sh — results that depend on more than the calls (the pid) stop phase 1: exit 3.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libticket-pid.so client-ticket

lp_run --target "$P/libticket-pid.so" -- "$P/client-ticket"
expect_status 3 "exit status 3 (nondeterministic)"
expect_verdict nondeterministic
expect_out "^The earlier history:$" "the earlier history is shown"
expect_out "^This history:$" "the contradicting history is shown"
[ "$(grep -c '^    history serial' "$OUT")" = 2 ] && [ "$(grep -c '^    end$' "$OUT")" = 2 ]
ok $? "both are complete histories (two 'history serial' ... 'end' blocks)"
expect_out "thread 0\.1's ticket_take\(0x[0-9a-f]+\) returned [0-9]+ in the earlier one but returned [0-9]+ in this one" \
	"the first disagreement is named"
expect_no_out '^[[:space:]]*replay: ' "no replay line (nothing to replay)"
done_testing
