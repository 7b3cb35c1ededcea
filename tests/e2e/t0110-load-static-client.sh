#!/bin/sh
# t0110-load-static-client.sh — a statically linked client cannot be preloaded: one-line error.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_preload
[ -x "$P/client-static" ] || bail_out "client-static was not built: no libc.a, install libc6-dev (build-aux/setup.sh does)"
lp_require_prog libqueue-lock.so

lp_run --target "$P/libqueue-lock.so" -- "$P/client-static"
expect_error 'static'

lp_run "$P/client-static"
expect_error 'static'
done_testing
