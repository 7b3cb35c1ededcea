#!/bin/sh
# t1301-test-struct-client.sh — a C client that passes structs by value to a stripped
# library (issue 35): its own DWARF (-g) types the calls, and they are recorded as a
# description's are ({..}), every class of struct and the scalars after one included, and
# a packed struct the built-in driver cannot pass.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog client-structacc libstructacc-lost-stripped.so

lp_run --replay c: -- "$P/client-structacc"
expect_status 0 "the client's default schedule"
expect_out '^0\.1 call acc_add\(0x[0-9a-f]+, \{1, 2, 3\}\)$' "a 24-byte struct from the stack"
expect_out '^0\.1 call acc_move\(0x[0-9a-f]+, \{2, 5\}\)$' "an {int, int} struct"
expect_out '^0\.2 call acc_weigh\(0x[0-9a-f]+, \{2\.5, 4\}\)$' "a {double, long} struct"
expect_out '^0\.2 call acc_mixed\(0x[0-9a-f]+, 1, 2, 3, 4, \{5, 6\}, 7, 8\)$' "a struct on the stack between register arguments"
expect_out '^0\.2 call acc_tag\(0x[0-9a-f]+, \{\{1, 2\}, 3\.5\}\)$' "a nested struct and a float"
expect_out '^0\.2 call acc_tight\(0x[0-9a-f]+, \{1, 2\}\)$' "a packed struct (MEMORY at 5 bytes) from the stack"
expect_out '^0 ret 69$' "the calls ran as the client made them"

lp_run -- "$P/client-structacc"
expect_violation_report
expect_out 'acc_add\(0x[0-9a-f]+, \{1, 2, 3\}\)' "the violation shows the struct values"
done_testing
