#!/bin/sh
# t0100-load-missing-client.sh — a client that does not exist, or none at all, is a one-line set-up error.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_preload
lp_require_prog libqueue-lock.so

lp_run --target "$P/libqueue-lock.so" -- "$T/no-such-client"
expect_error 'no-such-client'

lp_run --target "$P/libqueue-lock.so"
expect_status 2 "no client: exit status 2"
grep -q '^lineup-preload: ' "$ERR"
ok $? "no client: stderr starts with 'lineup-preload: '"
expect_no_out '^verdict:' "no client: no verdict line"

: >"$T/not-executable"
lp_run --target "$P/libqueue-lock.so" -- "$T/not-executable"
expect_error 'not-executable'
done_testing
