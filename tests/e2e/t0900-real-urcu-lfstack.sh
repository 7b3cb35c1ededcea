#!/bin/sh
# t0900-real-urcu-lfstack.sh — liburcu-cds's lock-free stack (cds_lfs_push, __cds_lfs_pop), the Debian library unmodified, types from the -g client: no violation, in reasonable time.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_pc liburcu-cds liburcu-dev
lp_require_prog client-urcu-lfs

# The time is shown; the default limit of a run holds (a hang fails, never stalls).
t0=$(date +%s.%N)
lp_run --target liburcu-cds.so.8 -- "$P/client-urcu-lfs"
t1=$(date +%s.%N)
echo "# elapsed: $(awk "BEGIN { printf \"%.2f\", $t1 - $t0 }") s"
expect_status 0
expect_verdict "no violation found"
expect_atomics_trapped
expect_no_out 'no known type' "every operation has a type from the client's DWARF"
done_testing
