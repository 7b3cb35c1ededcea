#!/bin/sh
# t0860-atomics-livelock-spin.sh — a spin lock with neither PAUSE nor yield spins forever when its holder is preempted: --max-steps turns it into a stuck history (livelock) reported at the spin loop.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libspin-nopause.so client-spin-nopause

lp_run --max-steps 200 --target "$P/libspin-nopause.so" -- "$P/client-spin-nopause"
expect_violation_report
expect_out 'stuck' "the report says stuck"
expect_out '[Ll]ivelock|max-steps' "the report says why it is stuck (livelock / --max-steps)"
expect_out 'spin_acquire|spin-counter\.c:[0-9]+' "the report names the spin location (spin_acquire)"
done_testing
