#!/bin/sh
# t0920-real-cxx-std-thread.sh — a C++ library (std::map under a std::mutex, std::string
# keys) and a std::thread client with lambdas: no violation, C++ names in the report,
# every std::mutex lock controlled (no uncontrolled blocking).
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_cmd c++ g++
lp_require_prog client-registry

"$P/client-registry"
ok $? "natively, the client runs"
lp_run -- "$P/client-registry"
expect_status 0 "std::mutex registry: exit 0"
expect_verdict "no violation found"
expect_no_out 'uncontrolled' "std::mutex and std::thread are controlled"
expect_out '^phase 2: [0-9]+ concurrent executions' "phase 2 ran"
lp_run --replay c: -- "$P/client-registry"
expect_status 0 "--replay of the default schedule"
expect_out '^0\.1 call _ZN8Registry3put.*\(0x[0-9a-f]+, 0x[0-9a-f]+, 1\)$' "the std::thread's calls are operations of thread 0.1"
expect_out '^0\.2 ret 1$' "the other thread's get sees the first put"
done_testing
