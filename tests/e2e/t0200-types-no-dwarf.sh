#!/bin/sh
# t0200-types-no-dwarf.sh — types come from the library's DWARF or the client's; with neither, exit 2 naming the functions and --signature.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_preload
lp_require_prog libqueue-trylock-nodw.so client-queue-trylock-nodw client-queue-trylock-nodw-nog \
	libqueue-lock-nodw.so client-queue-lock-nodw libevent-nolock-nodw.so client-event-nodw

# Stripped library, client without -g: nothing says what the functions take.
lp_run --target "$P/libqueue-trylock-nodw.so" -- "$P/client-queue-trylock-nodw-nog"
expect_error 'queue_(new|add|trytake)'
grep -q -- '--signature' "$ERR"
ok $? "the error suggests --signature"

# Stripped library, client with -g: the client's declarations give the types.
skip_unless_runtime 10 || done_testing
lp_run --target "$P/libqueue-trylock-nodw.so" -- "$P/client-queue-trylock-nodw"
expect_violation_report
expect_out 'queue_trytake' "stripped buggy queue: the report names queue_trytake"
expect_out 'queue_add\(0x[0-9a-f]+, 200\)' "argument types from the client's DWARF (queue_add(<ptr>, 200))"

lp_run --target "$P/libqueue-lock-nodw.so" -- "$P/client-queue-lock-nodw"
expect_status 0 "stripped correct queue: exit status 0"
expect_verdict "no violation found"

lp_run --target "$P/libevent-nolock-nodw.so" -- "$P/client-event-nodw"
expect_status 1 "stripped buggy event: exit status 1"
expect_out 'stuck' "stripped buggy event: the report says stuck"
done_testing
