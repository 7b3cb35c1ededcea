#!/bin/sh
# t0210-types-signature.sh — --signature supplies the types a stripped library and a client without -g lack.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_preload
lp_require_prog libqueue-trylock-nodw.so client-queue-trylock-nodw-nog

lp_run --target "$P/libqueue-trylock-nodw.so" -s 'queue_new(' -- "$P/client-queue-trylock-nodw-nog"
expect_error 'signature|queue_new'

skip_unless_runtime 6 || done_testing
lp_run --target "$P/libqueue-trylock-nodw.so" \
	-s 'queue_new()->ptr' -s 'queue_add(ptr,int)->void' --signature 'queue_trytake(ptr)->int' \
	-- "$P/client-queue-trylock-nodw-nog"
expect_violation_report
expect_out 'queue_trytake' "the report names queue_trytake"
expect_out 'queue_add\(0x[0-9a-f]+, 200\)' "arguments printed with the given types"
done_testing
