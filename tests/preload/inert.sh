#!/bin/sh
# tests/preload/inert.sh — without LINEUP_SHM_FD the preload does nothing; and it needs
# nothing but the C library (libelf, libdw and capstone stay in the cli).
. "${top_srcdir:?}/tests/preload/test-lib.sh"
echo "1..4"
out=$(LD_PRELOAD=$PRELOAD "$B/client-toy" add 2>&1); rc=$?
ok "a client runs normally under the inert preload" test "$rc:$out" = "0:counter 31"
out=$(LD_PRELOAD=$PRELOAD "$B/client-sync" 2>&1)
ok "blocking calls really block when inert" test "$out" = "shared 4 rec 0 0 chk 0 EDEADLK timedwait ETIMEDOUT"
out=$(LD_PRELOAD=$PRELOAD sh -c 'echo "$LD_PRELOAD"')
ok "the environment is left alone when inert" test "$out" = "$PRELOAD"
needed=$(LC_ALL=C readelf -d "$PRELOAD" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
ok "the injected library needs only libc (needs: $needed)" test "$needed" = "libc.so.6 "
exit $((fails != 0))
