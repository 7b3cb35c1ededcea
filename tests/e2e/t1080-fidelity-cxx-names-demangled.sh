#!/bin/sh
# t1080-fidelity-cxx-names-demangled.sh — a C++ target: the report's code locations show
# demangled names (queue_add(queue*, int)+0x..., not _Z9queue_addP5queuei+0x...); the
# history keeps the symbol names (lineup-history(5): no spaces in a call's name).
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_cmd c++ g++
lp_require_prog libqueue-trylock-cxx.so client-queue-trylock-cxx

lp_run --target "$P/libqueue-trylock-cxx.so" -- "$P/client-queue-trylock-cxx"
expect_violation_report
expect_out 'queue_(add|trytake)\(queue\*(, int)?\)\+0x' "a location in the report is demangled"
expect_no_out '_Z[0-9]+queue_[a-z]+P5queuei?\+0x' "no location shows a mangled name"
done_testing
