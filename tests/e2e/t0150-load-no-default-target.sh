#!/bin/sh
# t0150-load-no-default-target.sh — a client linking only the C runtime has no default target.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_preload
lp_require_prog client-libc-only

lp_run -- "$P/client-libc-only"
expect_error '--target'
done_testing
