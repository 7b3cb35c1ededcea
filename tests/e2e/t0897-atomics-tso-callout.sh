#!/bin/sh
# t0897-atomics-tso-callout.sh — --memory-model tso: a target's call out of the targets
# (libc's memcpy) drains the caller's store buffer first. Message passing whose flag store
# is memcpy's (tests/progs/mpcall.c): without the drain the flag landed in memory at once,
# ahead of the buffered data store, and the reader saw the flag without the data (a store
# reordering x86-TSO never makes: a false violation). Now neither model finds one, and the
# explored executions still flush and switch around the call. The same for a library built
# with -fno-plt (the call goes through a GLOB_DAT slot).
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libmpcall.so client-mpcall libmpcall-noplt.so client-mpcall-noplt

lp_run -p 1 -g memory --memory-model tso --target "$P/libmpcall.so" -- "$P/client-mpcall"
expect_status 0 "tso: the flag written by memcpy is never seen before the data"
expect_verdict "no violation found"
expect_out '^phase 2 memory model: x86-TSO' "the run was under x86-TSO"
expect_out '^phase 2: [0-9]+ concurrent executions .*1 preemption: [1-9]' \
	"executions with a preemption were explored"

lp_run -p 2 -g memory --memory-model tso --target "$P/libmpcall.so" -- "$P/client-mpcall"
expect_status 0 "tso at bound 2: still no violation"

# built with -fno-plt: memcpy is called through a GLOB_DAT slot
lp_run -p 1 -g memory --memory-model tso --target "$P/libmpcall-noplt.so" -- "$P/client-mpcall-noplt"
expect_status 0 "tso, -fno-plt: the call through the GOT drains too"
expect_verdict "no violation found"

lp_run -p 1 -g memory --target "$P/libmpcall.so" -- "$P/client-mpcall"
expect_status 0 "sc: no violation either"
done_testing
