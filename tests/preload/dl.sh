#!/bin/sh
# tests/preload/dl.sh — a target loaded by dlopen and called through a dlsym'd pointer.
. "${top_srcdir:?}/tests/preload/test-lib.sh"
mkplan "$TMP/plan" $STD_FUNCS
H="$HARNESS -L $PRELOAD -P $TMP/plan"
echo "1..3"
$H -- "$B/client-dlopen" "$TOY" >"$TMP/dl" 2>&1
ok "the dlopen'ed target's load is recorded" has "$TMP/dl" "load target 0 libtoy.so"
ok "calls through the dlsym'd pointer are operations" sh -c "grep -q 'call 0.1 toy_add(0x' '$TMP/dl' && grep -q 'call 0.2 toy_add(0x' '$TMP/dl'"
ok "and the client's result is unchanged" has "$TMP/dl" "counter 3"
exit $((fails != 0))
