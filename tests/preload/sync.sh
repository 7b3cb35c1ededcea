#!/bin/sh
# tests/preload/sync.sh — the blocking models: condition variables, semaphores, rwlocks,
# barriers, spinlocks, recursive/error-checking mutexes, timed waits.
. "${top_srcdir:?}/tests/preload/test-lib.sh"
mkplan "$TMP/plan" $STD_FUNCS
H="$HARNESS -L $PRELOAD -P $TMP/plan"
echo "1..13"
$H -- "$B/client-toy" cond >"$TMP/cond" 2>&1
ok "a condition wait blocks in the model" has "$TMP/cond" "block 0.1 -> 0.2 [0.2]"
ok "the signalled waiter returns the value put" has "$TMP/cond" "ret 0.1 toy_take = 42"
$H -- "$B/client-toy" sem >"$TMP/sem" 2>&1
ok "sem_wait on an empty semaphore blocks in the model" has "$TMP/sem" "block 0.1 -> 0.2 [0.2]"
ok "sem_post wakes it" has "$TMP/sem" "ret 0.1 toy_sem_take = 0"
$H -- "$B/client-sync" >"$TMP/sync" 2>&1
ok "rwlock, spinlock, barrier, mutex kinds and timed wait behave as for real" \
	has "$TMP/sync" "shared 4 rec 0 0 chk 0 EDEADLK timedwait ETIMEDOUT"
ok "and the execution completes" has "$TMP/sync" "outcome complete"
# a decision with a choice lists the mutexes held there by their holders, and a blocking
# lock's point says so (protocol.h, struct lp_held, LP_DEC_LOCK_WAIT); the explorer reads
# them only where it branches, so a decision with one candidate lists none
ok "a blocking lock's point is a lock wait, the mutex then held is listed by holder" sh -c \
	"grep -q '^dec [0-9]* sync 0.1 -> 0.1 \[0.1 0.2\] lock-wait\$' '$TMP/cond' &&
	 grep -q '^dec [0-9]* sync 0.1 -> 0.1 \[0.1 0.2\] held 0.1\$' '$TMP/cond'"
ok "a decision with one candidate lists no mutex held" sh -c \
	"grep -q 'lock-wait' '$TMP/sync' && ! grep -q ' held ' '$TMP/sync'"
$H -p c -o 3@0.2 -- "$B/client-toy" cond >"$TMP/cond2" 2>&1
ok "a put before the take completes without blocking the taker" sh -c "grep -q 'ret 0.1 toy_take = 42' '$TMP/cond2' && grep -q 'outcome complete' '$TMP/cond2'"
$H -- "$B/client-sync" more >"$TMP/more" 2>&1
ok "timedlock, try and timed rwlocks, sem_timedwait, spin_trylock and detach behave as for real" \
	has "$TMP/more" "timedlock ETIMEDOUT tryrdlock EBUSY timedrdlock ETIMEDOUT timedwrlock ETIMEDOUT sem_timedwait ETIMEDOUT spin_trylock EBUSY detach 0"
ok "a thread's own thread is named by its creation path" has "$TMP/more" "thread 0.2.1 parent 0.2"
ok "nanosleep, clock_nanosleep, usleep and a descriptor-less poll are four yields" \
	test "$(grep -c '^dec [0-9]* yield 0.2 ' "$TMP/more")" -eq 4
ok "and the execution completes" has "$TMP/more" "outcome complete"
exit $((fails != 0))
