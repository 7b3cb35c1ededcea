#!/bin/sh
# tests/preload/futex-glib.sh — a real library through the futex model: GLib's GMutex,
# GCond and GAsyncQueue wait with syscall(SYS_futex, ...) (no pthread calls).
. "${top_srcdir:?}/tests/preload/test-lib.sh"
lp_require_pc glib-2.0 libglib2.0-dev
C=$TMP/client-glib
${CC:-cc} -g -O1 -o "$C" "$top_srcdir/tests/preload/client-futex-glib.c" \
	$(pkg-config --cflags --libs glib-2.0) -lpthread || exit 1
G=$(ldd "$C" | awk '/libglib-2.0/ { print $3 }')
G=$(readlink -f "$G")
{
	echo "lineup-plan 1"
	echo "target $(stat -L -c '%d %i' "$G") $G"
	for spec in g_async_queue_pop:p:p g_async_queue_push:v:p,p g_async_queue_try_pop:p:p \
		g_mutex_lock:v:p g_mutex_unlock:v:p g_cond_signal:v:p; do
		name=${spec%%:*}; rest=${spec#*:}
		off=$(nm -D --defined-only "$G" | awk -v n="$name" '$3 == n { print $1 }')
		echo "func 0 $name $off ${rest%%:*} ${rest#*:}"
	done
	echo "end"
} >"$TMP/plan"
H="$HARNESS -L $PRELOAD -P $TMP/plan"
echo "1..6"

$H -- "$C" queue >"$TMP/queue" 2>&1
ok "g_async_queue_pop on an empty queue blocks in the futex model" sh -c \
	"sed -n '/call 0.1 g_async_queue_pop/,/ret 0.1/p' '$TMP/queue' | grep -q '^dec [0-9]* block 0.1 -> 0.2'"
ok "the push wakes it and it returns the pushed value" sh -c \
	"grep -q 'ret 0.1 g_async_queue_pop = 0x7' '$TMP/queue' && grep -q 'outcome complete' '$TMP/queue'"

# GMutex and GCond calls are operations too (the client's own code between operations is
# never preempted); step 6 is 0.1's first futex call, in g_cond_signal inside the critical
# section.
$H -o 6@0.2 -- "$C" mutex >"$TMP/mutex" 2>&1
ok "a thread switched out inside a GMutex makes the other block on the mutex's futex" \
	has "$TMP/mutex" "block 0.2 -> 0.1 [0.1]"
ok "mutual exclusion holds and the execution completes" sh -c \
	"grep -q '^n 2' '$TMP/mutex' && grep -q 'outcome complete' '$TMP/mutex'"

"$top_builddir/lineup-preload" -q -g sync -t "$G" -f 'g_async_queue_p*' -- "$C" queue \
	>"$TMP/cli" 2>&1
st=$?
ok "lineup-preload explores GAsyncQueue push/pop without a violation" test "$st" = 0
ok "and prints no error" hasnt "$TMP/cli" "error"
exit $((fails != 0))
