#!/bin/sh
# t0550-phase1-client-code-interacts.sh — threads that meet in the client's own code (a
# counter read between operations) are no false alarm: a history that fails against the
# exact serial enumeration is confirmed against phase 1 with every switch point a choice.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libqueue-lock.so client-queue-ticket

lp_run --target "$P/libqueue-lock.so" -- "$P/client-queue-ticket"
expect_status 0
expect_verdict "no violation found"
expect_out 'interact outside the' "the summary says phase 1 was rerun at every switch point"
expect_out 'every switch point' "the phase-1 line says how it ran"

# A replay of a schedule where the second thread takes the first value is judged the same way.
lp_run --replay 'c:3@0.2' --target "$P/libqueue-lock.so" -- "$P/client-queue-ticket"
expect_status 0 "replay: exit 0"
expect_out '# verdict: this history has a serial witness' "replay: the history has a witness"
done_testing
