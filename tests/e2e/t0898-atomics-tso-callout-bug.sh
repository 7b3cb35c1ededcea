#!/bin/sh
# t0898-atomics-tso-callout-bug.sh — --memory-model tso: the drain at a call out of the
# target (t0897) does not hide a real x86-TSO bug after it. Peterson's lock without a fence
# (tests/progs/mpcall.c, pl_inc) calls memcpy before taking the lock; its flag store then
# its load of the other's flag, with no call between, still let both sides in: both
# increments return 0. Under sc the lock holds.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libmpcall.so client-mpcall

lp_run -p 1 -g memory --memory-model tso --target "$P/libmpcall.so" -- "$P/client-mpcall" pl
expect_violation_report
expect_out "stale load: step [0-9]+: 0\.[12] at pl_inc\+0x[0-9a-f]+ \(mpcall\.c:[0-9]+\) read 0x[0-9a-f]+ while 0\.[12]'s store of 1 \(4 bytes\)" \
	"the report names a buffered flag store and the load that missed it"

lp_run -p 1 -g memory --target "$P/libmpcall.so" -- "$P/client-mpcall" pl
expect_status 0 "sc: Peterson's lock holds"
expect_verdict "no violation found"
done_testing
