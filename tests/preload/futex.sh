#!/bin/sh
# tests/preload/futex.sh — the futex model: syscall(SYS_futex, ...) waits and wakes under
# the scheduler, value checks, timeouts, stuck waits, wake counts and bitsets, unmodelled
# operations, and every other system call passing through.
. "${top_srcdir:?}/tests/preload/test-lib.sh"
TOY=$B/.libs/libfutex-toy.so
mkplan "$TMP/plan" fx_wait:i8:i4 fx_timed_wait:i8:i4 fx_wait_bitset:i8:i4,u4 fx_wake:i8:i4 \
	fx_wake_bitset:i8:i4,u4 fx_requeue:i8:- fx_syscalls:i8:-
H="$HARNESS -L $PRELOAD -P $TMP/plan"
C=$B/client-futex
EAGAIN=-11 ETIMEDOUT=-110
# before FILE FIRST LATER: both lines occur in FILE, FIRST before LATER
before() { awk -v p="$2" -v r="$3" 'index($0, p) { seen = 1 } index($0, r) { found = 1; exit } END { exit !(found && seen) }' "$1"; }
echo "1..17"

$H -- "$C" wake >"$TMP/wake" 2>&1
ok "a futex wait with the expected value blocks in the scheduler" has "$TMP/wake" "dec 5 block 0.1 -> 0.2 [0.2]"
ok "the wake reports one waiter woken" has "$TMP/wake" "ret 0.2 fx_wake = 1"
ok "the waiter resumes after the wake and returns 0" before "$TMP/wake" "ret 0.2 fx_wake = 1" "ret 0.1 fx_wait = 0"
ok "and the execution completes" has "$TMP/wake" "outcome complete"

$H -- "$C" again >"$TMP/again" 2>&1
ok "a wait whose value differs returns EAGAIN without blocking" sh -c \
	"grep -q 'ret 0.1 fx_wait = $EAGAIN' '$TMP/again' && ! grep -q 'block 0.1' '$TMP/again'"

$H -- "$C" timeout >"$TMP/timeout" 2>&1
ok "a timed wait with no waker times out with ETIMEDOUT" has "$TMP/timeout" "ret 0.1 fx_timed_wait = $ETIMEDOUT"
ok "only once nothing else can run" before "$TMP/timeout" "end 0.2 parent 0" "ret 0.1 fx_timed_wait"

$H -- "$C" stuck >"$TMP/stuck" 2>&1
ok "an untimed wait with no waker is a stuck history (deadlock)" sh -c \
	"grep -q 'outcome deadlock' '$TMP/stuck' && grep -q 'call 0.1 fx_wait(0)' '$TMP/stuck' && ! grep -q '^ret 0.1' '$TMP/stuck'"

$H -- "$C" counts >"$TMP/counts" 2>&1
ok "wake(2) with three waiters wakes two, the longest waiting" sh -c \
	"grep -q 'ret 0.4 fx_wake = 2' '$TMP/counts' && grep -q 'op_start 0.4 -> 0.4 \[0.1 0.2 0.4\]' '$TMP/counts'"
ok "wake(5) then wakes the last one, wake(1) none" sh -c \
	"grep -q 'ret 0.4 fx_wake = 1' '$TMP/counts' && grep -q 'ret 0.4 fx_wake = 0' '$TMP/counts' && grep -q 'outcome complete' '$TMP/counts'"

$H -- "$C" bitset >"$TMP/bitset" 2>&1
ok "a bitset wake only wakes waiters with a common bit" sh -c \
	"grep -q 'op_start 0.3 -> 0.3 \[0.2 0.3\]' '$TMP/bitset' && grep -q 'ret 0.1 fx_wait_bitset = 0' '$TMP/bitset' && grep -q 'outcome complete' '$TMP/bitset'"

$H -- "$C" requeue >"$TMP/requeue" 2>&1
ok "an unmodelled futex operation ends the execution with FATAL" sh -c \
	"grep -q 'status exit 125 outcome fatal' '$TMP/requeue'"
ok "the error names the operation" has "$TMP/requeue" "error 0.1 futex operation 'FUTEX_CMP_REQUEUE' called at 0x"
ok "a warning says the verdict may miss behaviours" has "$TMP/requeue" "warn 0.1 uncontrolled futex operation 4 (FUTEX_CMP_REQUEUE) at 0x"

$H -- "$C" syscalls >"$TMP/sys" 2>&1
ok "other system calls pass through with their errno, before and after the fork point" sh -c \
	"grep -q 'ret 0 fx_syscalls = 1' '$TMP/sys' && grep -q 'ret 0.1 fx_syscalls = 1' '$TMP/sys'"
ok "futex calls before the fork point go to the kernel" has "$TMP/sys" "before fork point: syscalls 1 wake 0 wait $EAGAIN"

LD_PRELOAD=$PRELOAD "$C" again >"$TMP/inert" 2>&1
ok "without the cli the hook is inert" has "$TMP/inert" "before fork point: syscalls 1 wake 0 wait $EAGAIN"
exit $((fails != 0))
