#!/bin/sh
# t0510-phase1-crash.sh — a client that crashes in every run (serial ones too) is a set-up error.
# Its one line says where (issue 32): the thread, the signal and fault, the library function
# and the client code that called it.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libbox-race.so client-box-null

lp_run --target "$P/libbox-race.so" -- "$P/client-box-null"
expect_error 'crash|SIGSEGV|signal'
grep -Eq 'thread 0 crashed: SIGSEGV at address 0x[0-9a-f]+ \(address not mapped\) in box_get\+0x[0-9a-f]+ \(box-race\.c:[0-9]+\), called from main\+0x[0-9a-f]+ \(client-box-null\.c:[0-9]+\)' "$ERR"
ok $? "the error names thread 0, SIGSEGV with its fault address, box_get and main, its caller"
grep -q 'called from main+0x[0-9a-f]* ([^)]*): fix the client' "$ERR"
ok $? "the backtrace ends at main"
done_testing
