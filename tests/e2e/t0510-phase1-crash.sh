#!/bin/sh
# t0510-phase1-crash.sh — a client that crashes in every run (serial ones too) is a set-up error.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libbox-race.so client-box-null

lp_run --target "$P/libbox-race.so" -- "$P/client-box-null"
expect_error 'crash|SIGSEGV|signal'
done_testing
