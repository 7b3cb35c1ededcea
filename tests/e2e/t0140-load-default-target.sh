#!/bin/sh
# t0140-load-default-target.sh — without --target the libraries the client links are the targets.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog client-queue-lock client-queue-trylock

lp_run -- "$P/client-queue-lock"
expect_status 0 "correct queue, no --target: exit status 0"
expect_verdict "no violation found"
grep -q 'libqueue-lock\.so' "$OUT" "$ERR"
ok $? "the summary names the default target libqueue-lock.so"

lp_run "$P/client-queue-trylock"
expect_status 1 "buggy queue, no --target, no --: exit status 1"
expect_verdict violation
expect_out 'queue_trytake' "the report names queue_trytake"
done_testing
