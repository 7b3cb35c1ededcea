#!/bin/sh
# t0120-load-target-not-loaded.sh — a --target the client never loads is a set-up error naming it.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_preload
lp_require_prog libsemw.so client-queue-lock

lp_run --target "$T/libnowhere.so" -- "$P/client-queue-lock"
expect_error 'libnowhere'

# An existing library the client never loads: found out when the client runs.
skip_unless_runtime 4 || done_testing
lp_run --target "$P/libsemw.so" -- "$P/client-queue-lock"
expect_error 'libsemw'
done_testing
