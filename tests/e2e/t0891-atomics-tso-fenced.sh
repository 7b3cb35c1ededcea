#!/bin/sh
# t0891-atomics-tso-fenced.sh — x86-TSO finds no violation where x86 has none: Peterson's
# lock with an mfence after the turn store holds under sc and tso, and a Lamport
# single-producer single-consumer ring without any fence holds under tso (x86 never
# reorders two stores, nor two loads).
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libpeterson-fence-nodw.so client-peterson-fence-nodw libspsc-ring.so client-spsc-ring

for m in sc tso; do
	lp_run -p 1 -g memory --memory-model $m \
		--target "$P/libpeterson-fence-nodw.so" -- "$P/client-peterson-fence-nodw"
	expect_status 0 "Peterson with mfence, $m: no violation"
	expect_verdict "no violation found"
done
lp_run -p 1 -g memory --memory-model tso --target "$P/libspsc-ring.so" -- "$P/client-spsc-ring"
expect_status 0 "SPSC ring without fences, tso: no violation"
expect_verdict "no violation found"
expect_out '^phase 2: [0-9]+ concurrent executions' "phase 2 ran"
done_testing
