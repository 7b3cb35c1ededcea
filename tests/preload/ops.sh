#!/bin/sh
# tests/preload/ops.sh — operations are recorded with their arguments and results.
. "${top_srcdir:?}/tests/preload/test-lib.sh"
mkplan "$TMP/plan" $STD_FUNCS
H="$HARNESS -L $PRELOAD -P $TMP/plan"
echo "1..14"
$H -- "$B/client-toy" add >"$TMP/add" 2>&1
ok "a run completes" has "$TMP/add" "run 1 status exit 0 outcome complete"
ok "the target's load is recorded" has "$TMP/add" "load target 0 libtoy.so"
ok "the call before the fork point is in the prefix" has "$TMP/add" "call 0 toy_add(0x"
ok "thread 0.1 is created by 0" has "$TMP/add" "thread 0.1 parent 0"
ok "thread 0.2 returns 31 after 0.1's 11" sh -c "grep -A20 'ret 0.1 toy_add = 11' '$TMP/add' | grep -q 'ret 0.2 toy_add = 31'"
ok "operations are separated by scheduling points" has "$TMP/add" "op_start 0.1 -> 0.1"
ok "nested calls are not operations (toy_add's own mutex is a sync point, not a call)" hasnt "$TMP/add" "pthread_mutex"
$H -- "$B/client-toy" args >"$TMP/args" 2>&1
ok "stack-passed arguments are read from the caller's stack" has "$TMP/args" "call 0 toy_many(1, 2, 3, 4, 5, 6, 7, 8)"
ok "float arguments and results come from xmm registers" sh -c "grep -q 'call 0 toy_scale(1.5, 3)' '$TMP/args' && grep -q 'ret 0 toy_scale = 4.5' '$TMP/args'"
ok "strings are copied at the call and the return" sh -c "grep -q 'call 0 toy_echo(\"hello\")' '$TMP/args' && grep -q 'ret 0 toy_echo = \"hello\"' '$TMP/args'"
ok "a NULL string is recorded as NULL" has "$TMP/args" "call 0 toy_echo(NULL)"
$H -- "$B/client-toy" untyped >"$TMP/untyped" 2>&1
ok "calling an untyped function is fatal and names --signature" sh -c "grep -q 'outcome fatal' '$TMP/untyped' && grep -q \"error 0.2 function 'toy_untyped' was called but its types are unknown: give them with --signature\" '$TMP/untyped'"
$H -- "$B/client-toy-now" add >"$TMP/now" 2>&1
ok "full RELRO, no PLT: GLOB_DAT slots are redirected" has "$TMP/now" "call 0.1 toy_add(0x"
ok "full RELRO, no PLT: the run completes with the same result" sh -c "grep -q 'outcome complete' '$TMP/now' && grep -q 'ret 0 toy_get = 31' '$TMP/now'"
exit $((fails != 0))
