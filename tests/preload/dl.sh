#!/bin/sh
# tests/preload/dl.sh — a target loaded by dlopen and called through a dlsym'd pointer;
# dlsym(RTLD_NEXT) from the client finds the preload's definitions, as it would find those
# of any preloaded library.
. "${top_srcdir:?}/tests/preload/test-lib.sh"
mkplan "$TMP/plan" $STD_FUNCS
H="$HARNESS -L $PRELOAD -P $TMP/plan"
echo "1..5"
$H -- "$B/client-dlopen" "$TOY" >"$TMP/dl" 2>&1
ok "the dlopen'ed target's load is recorded" has "$TMP/dl" "load target 0 libtoy.so"
ok "calls through the dlsym'd pointer are operations" sh -c "grep -q 'call 0.1 toy_add(0x' '$TMP/dl' && grep -q 'call 0.2 toy_add(0x' '$TMP/dl'"
ok "and the client's result is unchanged" has "$TMP/dl" "counter 3"
# client-next defines malloc itself: the next one is the preload's, not the client's own
out=$(LD_PRELOAD=$PRELOAD "$B/client-next" pthread_mutex_lock __atomic_load_4 malloc 2>&1 |
	tr '\n' ' ')
ok "RTLD_NEXT from the client finds what the preload interposes (got: $out)" test "$out" = \
	"pthread_mutex_lock liblineup-preload.so __atomic_load_4 liblineup-preload.so malloc liblineup-preload.so "
out=$("$B/client-next" malloc 2>&1)
ok "and the next malloc after a client's own, without the preload, is libc's" \
	test "$out" = "malloc libc.so.6"
exit $((fails != 0))
