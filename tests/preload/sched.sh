#!/bin/sh
# tests/preload/sched.sh — schedules: serial vs concurrent, overrides, preemptions,
# deadlock, divergence, livelock, determinism and the single mode.
. "${top_srcdir:?}/tests/preload/test-lib.sh"
mkplan "$TMP/plan" $STD_FUNCS
H="$HARNESS -L $PRELOAD -P $TMP/plan"
echo "1..17"
$H -p s -- "$B/client-toy" racy >"$TMP/serial" 2>&1
ok "serial run: no other thread runs inside an operation" has "$TMP/serial" "op_end 0.1 -> 0.1 [0.1]"
ok "serial run: racy adds do not lose updates" has "$TMP/serial" "ret 0 toy_get = 31"
$H -p c -o 4@0.2 -- "$B/client-toy" racy >"$TMP/preempt" 2>&1
ok "an override preempts 0.1 inside its operation" has "$TMP/preempt" "dec 4 sync 0.1 -> 0.2 [0.1 0.2]"
ok "the preemption loses an update" has "$TMP/preempt" "ret 0 toy_get = 11"
ok "0.2's operation overlaps 0.1's" sh -c "sed -n '/call 0.1/,/ret 0.1/p' '$TMP/preempt' | grep -q 'call 0.2'"
$H -p s -o 5@0.2 -- "$B/client-toy" racy >"$TMP/div" 2>&1
ok "an override naming a non-candidate diverges" sh -c "grep -q 'outcome diverged' '$TMP/div' && grep -q 'not a candidate' '$TMP/div'"
$H -o 5@0.2 -- "$B/client-toy" deadlock >"$TMP/dead" 2>&1
ok "opposite lock orders deadlock under 5@0.2" has "$TMP/dead" "outcome deadlock"
ok "both operations are pending in the stuck history" sh -c "grep -q 'call 0.1 toy_ab' '$TMP/dead' && grep -q 'call 0.2 toy_ba' '$TMP/dead' && ! grep -q '^ret 0.[12]' '$TMP/dead'"
$H -n 2 -o 5@0.2 -- "$B/client-toy" racy >"$TMP/twice" 2>&1
grep -v '^counter' "$TMP/twice" | sed -n '/^run 1/,/^run 2/p' | sed '$d' | sed 1d >"$TMP/r1"
grep -v '^counter' "$TMP/twice" | sed -n '/^run 2/,$p' | sed 1d >"$TMP/r2"
test -s "$TMP/r1" || echo "# no records" 
ok "the same schedule twice gives identical records" cmp -s "$TMP/r1" "$TMP/r2"
$H -m 3 -- "$B/client-toy" yield >"$TMP/yield" 2>&1
ok "yields are decisions flagged yield" has "$TMP/yield" "dec 3 yield 0.1 -> 0.2 [0.2] yield"
# -p S: client code before 0.1's operation start is a choice, so 0.1 spins first
$H -p S -m 20 -- "$B/client-toy" spin >"$TMP/spin" 2>&1
ok "serial: spinning inside an operation is a livelock after max-steps" has "$TMP/spin" "outcome livelock"
$H -p c -m 20 -- "$B/client-toy" spin >"$TMP/spinc" 2>&1
ok "concurrent: the yield lets the other thread set the flag" sh -c "grep -q 'outcome complete' '$TMP/spinc' && grep -q 'ret 0.1 toy_spin_until = 1' '$TMP/spinc'"
$H -- "$B/client-toy" nojoin >"$TMP/nojoin" 2>&1
ok "at exit() the other threads still run to their end" sh -c "grep -q 'dec 2 exit 0 -> 0.1 \[0.1 0.2\]' '$TMP/nojoin' && grep -q 'ret 0.2 toy_add = 31' '$TMP/nojoin'"
ok "and the outcome is complete" has "$TMP/nojoin" "outcome complete"
$H -- "$B/client-toy" stuck >"$TMP/stuck" 2>&1
ok "an operation still blocked at exit() makes the history stuck" sh -c "grep -q 'outcome deadlock' '$TMP/stuck' && grep -q 'call 0.1 toy_take()' '$TMP/stuck' && ! grep -q 'ret 0.1' '$TMP/stuck'"
$H -- "$B/client-toy" mainexit >"$TMP/mainexit" 2>&1
ok "pthread_exit in main: the others finish, then complete" sh -c "grep -q 'end 0 parent -' '$TMP/mainexit' && grep -q 'ret 0.2 toy_add = 31' '$TMP/mainexit' && grep -q 'outcome complete' '$TMP/mainexit'"
$H -S -o 4@0.2 -- "$B/client-toy" racy >"$TMP/single" 2>&1
ok "single mode runs the same schedule" sh -c "grep -q 'outcome complete' '$TMP/single' && grep -q 'ret 0 toy_get = 11' '$TMP/single'"
exit $((fails != 0))
