#!/bin/sh
# t0901-real-urcu-lfstack-signature.sh — liburcu-cds's lock-free stack with the types given by --signature (cds_lfs_push returns bool in %al, garbage above): no violation.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_pc liburcu-cds liburcu-dev
lp_require_prog client-urcu-lfs

t0=$(date +%s.%N)
lp_run --target liburcu-cds.so.8 -s '__cds_lfs_init(ptr)->void' -s 'cds_lfs_push(ptr,ptr)->bool' \
	-s '__cds_lfs_pop(ptr)->ptr' -- "$P/client-urcu-lfs"
t1=$(date +%s.%N)
echo "# elapsed: $(awk "BEGIN { printf \"%.2f\", $t1 - $t0 }") s"
expect_status 0
expect_verdict "no violation found"
expect_atomics_trapped
done_testing
