#!/bin/sh
# t0861-atomics-spin-pause.sh — the same spin lock with PAUSE in its loop: PAUSE is a yield, the holder runs and releases, no livelock: exit 0.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libspin-pause.so client-spin-pause

lp_run --max-steps 200 --target "$P/libspin-pause.so" -- "$P/client-spin-pause"
expect_status 0
expect_verdict "no violation found"
expect_no_out 'stuck' "no stuck history reported"
expect_all_sites_trapped
done_testing
