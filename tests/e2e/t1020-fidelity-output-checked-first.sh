#!/bin/sh
# t1020-fidelity-output-checked-first.sh — an unwritable --json or --observations path is
# a set-up error before anything runs (it was found only after the whole run, losing the
# verdict); a writable one still gets its file.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libsemw.so client-busy libqueue-lock.so client-queue-lock

# client-busy runs until the watchdog (60 s here): an error within 5 s shows nothing ran.
LP_TEST_TIMEOUT=5 lp_run --watchdog 60 --json "$T/no/such/dir/r.json" --target "$P/libsemw.so" -- "$P/client-busy"
expect_error "cannot write the --json report '.*no/such/dir/r.json'.*directory does not exist"

mkdir "$T/adir"
LP_TEST_TIMEOUT=5 lp_run --watchdog 60 --observations "$T/adir" --target "$P/libsemw.so" -- "$P/client-busy"
expect_error "cannot write the --observations file '.*adir': it is a directory"

lp_run --json "$T/r.json" --observations "$T/obs" --target "$P/libqueue-lock.so" -- "$P/client-queue-lock"
expect_status 0
[ -s "$T/r.json" ] && [ -s "$T/obs" ]
ok $? "writable paths get their files"
done_testing
