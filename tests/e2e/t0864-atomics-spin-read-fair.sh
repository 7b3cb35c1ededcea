#!/bin/sh
# t0864-atomics-spin-read-fair.sh — at -g memory a thread that spins on loads alone (no
# pause, no write) waits for a write to what it reads instead of running into --max-steps
# (preload/runtime-spin.h, read cycles): Peterson's lock and a ticket lock whose waiters
# spin on a plain load pass; a "polite" lock whose waiter keeps writing its flag is still
# reported as a stuck history (a livelock) at its loop.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libspin-peterson.so client-spin-peterson libspin-ticket.so \
	client-spin-ticket libspin-polite.so client-spin-polite
lp_require_cmd jq jq

for lock in peterson ticket; do
	lp_run -g memory --target "$P/libspin-$lock.so" -- "$P/client-spin-$lock"
	expect_status 0 "$lock lock at -g memory: exit 0"
	expect_verdict "no violation found"
	expect_no_out 'stuck' "$lock lock: no stuck history"
done

lp_run -g memory -p 3 --max-steps 300 --target "$P/libspin-peterson.so" -- "$P/client-spin-peterson"
expect_status 0 "Peterson's lock, -p 3 --max-steps 300: exit 0"

lp_run -g memory --json polite.json --target "$P/libspin-polite.so" -- "$P/client-spin-polite"
expect_violation_report
[ "$(jq -r .violation.kind "$T/polite.json")" = stuck ]
ok $? "the writing spin is reported as a stuck history"
expect_out '[Ll]ivelock|max-steps' "the report says why it is stuck (livelock / --max-steps)"
expect_out 'polite_lock' "the report names the spin location (polite_lock)"
done_testing
