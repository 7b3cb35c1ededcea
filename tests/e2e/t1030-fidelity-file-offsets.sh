#!/bin/sh
# t1030-fidelity-file-offsets.sh — files a client opens before its first pthread_create
# are shared by every execution's process: each execution must start from their state at
# the fork point (offsets, sizes), and the output left is one a native run gives (it was
# one line per execution, and the input was consumed by the first execution only).
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libqueue-lock.so client-fdstate

echo 7 >"$T/in"
"$P/client-fdstate" "$T/native.out" "$T/in" || bail_out "the client fails natively"
lp_run --target "$P/libqueue-lock.so" -- "$P/client-fdstate" "$T/tool.out" "$T/in"
expect_status 0
expect_verdict "no violation found"
cmp -s "$T/native.out" "$T/tool.out"
ok $? "the output file is byte-identical to a native run's"
diag "$T/tool.out" "output under the tool"
cmp -s "$T/in" - <<EOF2
7
EOF2
ok $? "the input file is unchanged"
done_testing
