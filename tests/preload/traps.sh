#!/bin/sh
# tests/preload/traps.sh — trapped instructions: executed out of line with native results,
# one scheduling point each, preemption at an atomic, a client that wants SIGTRAP, a site
# whose bytes differ, a dlopen'ed target, pause as a yield and a livelock. Sites reached by
# a jump to a stub (in place, or by a short jump to padding) and by int3 (LINEUP_NO_STUBS,
# padding missing, taken twice or not padding) behave the same; a stub's point keeps every
# vector register.
. "${top_srcdir:?}/tests/preload/test-lib.sh"
ATOM=$B/.libs/libatom.so
. "$top_srcdir/tests/preload/atom-plan.sh"
ALL="add:rmw:-1 cas:rmw:-1:pad xchg:xchg:-1:pad fence:fence:-1:pad incglobal:rmw:4 inc16:rmw:4 loop:rmw:-1 pause:pause:-1:pad"

count() { grep -c -- "$2" "$1"; }

echo "1..26"
atomplan "$TMP/plan" $ALL
H="$HARNESS -L $PRELOAD -P $TMP/plan"
"$B/client-atom" ops >"$TMP/native" 2>&1
$H -- "$B/client-atom" ops >"$TMP/ops" 2>&1
ok "every site of the plan is trapped" has "$TMP/ops" "sites rmw 5 xchg 1 fence 1 load 0 store 0 pause 1 lock 0 unpatched 0"
ok "each by a jump to its stub (4 in place, 4 through padding)" has "$TMP/ops" "unpatched 0 stubs 8"
ok "results equal the native run's" sh -c "grep '^c=' '$TMP/native' >'$TMP/n1'; grep '^c=' '$TMP/ops' >'$TMP/o1'; test -s '$TMP/n1' && cmp -s '$TMP/n1' '$TMP/o1'"
ok "the run completes" has "$TMP/ops" "outcome complete"
ok "one atomic point per executed instruction (2 threads x 6)" test "$(count "$TMP/ops" ' atomic 0\.[12] ')" -eq 12
ok "none before the fork point (main's 2 are its final reads)" test "$(count "$TMP/ops" ' atomic 0 ')" -eq 2
step=$(awk '$1 == "dec" && $3 == "atomic" && $4 == "0.1" { print $2; exit }' "$TMP/ops")
$H -o "$step@0.2" -- "$B/client-atom" ops >"$TMP/pre" 2>&1
ok "an override preempts 0.1 at an atomic instruction" has "$TMP/pre" "dec $step atomic 0.1 -> 0.2 [0.1 0.2]"
ok "and the preempted run still gets the native results" sh -c "grep '^c=' '$TMP/pre' | cmp -s - '$TMP/n1' && grep -q 'outcome complete' '$TMP/pre'"

$H -- "$B/client-atom" sigtrap >"$TMP/sig" 2>&1
ok "a client SIGTRAP handler and blocked SIGTRAP: traps keep working" sh -c "grep -q 'outcome complete' '$TMP/sig' && test \$(grep -c ' atomic 0\.[12] ' '$TMP/sig') -eq 12 && grep '^c=' '$TMP/sig' | cmp -s - '$TMP/n1'"
ok "the client sees its own handler, and traps not ours reach it" sh -c "grep -q 'handler kept 1' '$TMP/sig' && grep -q 'client traps 1' '$TMP/sig'"

atomplan "$TMP/bad" $ALL
sed -i 's/^\(site 0 [0-9a-f]* 3 xchg -1 \)48/\149/' "$TMP/bad"
$HARNESS -L $PRELOAD -P "$TMP/bad" -- "$B/client-atom" ops >"$TMP/badrun" 2>&1
ok "a site whose bytes differ is left alone and counted" has "$TMP/badrun" "sites rmw 5 xchg 0 fence 1 load 0 store 0 pause 1 lock 0 unpatched 1"
ok "with a warning saying why" sh -c "grep -q '^warn 0 instruction at 0x.* of .*libatom.so. is not a scheduling point: its bytes in memory differ' '$TMP/badrun'"
ok "and the other sites still work" sh -c "test \$(grep -c ' atomic 0\.[12] ' '$TMP/badrun') -eq 10 && grep '^c=' '$TMP/badrun' | cmp -s - '$TMP/n1'"

$H -- "$B/client-atom-dl" dlopen "$ATOM" >"$TMP/dl" 2>&1
ok "a dlopen'ed target's sites are trapped" sh -c "grep -q 'load target 0 libatom.so' '$TMP/dl' && grep -q 'sites rmw 5 xchg 1' '$TMP/dl' && test \$(grep -c ' atomic 0\.[12] ' '$TMP/dl') -eq 12 && grep '^c=' '$TMP/dl' | cmp -s - '$TMP/n1'"

$H -m 50 -- "$B/client-atom" spin >"$TMP/spin" 2>&1
ok "concurrent: pause is a yield, so the spinner lets 0.2 set the flag" sh -c "grep -q 'outcome complete' '$TMP/spin' && grep -q 'dec [0-9]* yield 0.1 -> 0.2 \[0.2\] yield' '$TMP/spin'"
$H -p S -m 50 -- "$B/client-atom" spin >"$TMP/spins" 2>&1
ok "serial: spinning with pause inside an operation is a livelock" has "$TMP/spins" "outcome livelock"
ok "after max-steps points at the pause" test "$(count "$TMP/spins" ' yield 0.1 -> 0.1')" -eq 50
$H -q -- "$B/client-atom" loop 1000 >"$TMP/loop" 2>&1
ok "a loop of 1000 trapped lock-adds takes 1000 points" sh -c "grep -q 'outcome complete' '$TMP/loop' && awk '\$1 == \"run\" { exit !(\$9 >= 1000 && \$9 < 1020) }' '$TMP/loop'"
$H -- "$B/client-atom" big >"$TMP/big" 2>&1
ok "a call to libatomic's __atomic_exchange is an atomic point" sh -c "test \$(grep -c ' atomic 0\.[12] ' '$TMP/big') -eq 2 && grep -q 'outcome complete' '$TMP/big'"
ok "and does its job" sh -c "grep -q 'swap 0' '$TMP/big' && grep -q 'swap 1' '$TMP/big'"

# int3 instead of stubs: everywhere (LINEUP_NO_STUBS), or where the padding is missing,
# named twice (fence names xchg's) or holds code (pause names the cas instruction)
LINEUP_NO_STUBS=1 $H -- "$B/client-atom" ops >"$TMP/nostub" 2>&1
ok "LINEUP_NO_STUBS: every site by int3, same points and results" sh -c "grep -q 'unpatched 0 stubs 0' '$TMP/nostub' && test \$(grep -c ' atomic 0\.[12] ' '$TMP/nostub') -eq 12 && grep '^c=' '$TMP/nostub' | cmp -s - '$TMP/n1'"
atomplan "$TMP/mixed" add:rmw:-1 cas:rmw:-1 xchg:xchg:-1:pad fence:fence:-1:pad incglobal:rmw:4 inc16:rmw:4 loop:rmw:-1 pause:pause:-1:pad
xpad=$(awk '$5 == "xchg" { print $8 }' "$TMP/mixed")
cas=$(awk '$5 == "rmw" && $4 == 4 { print $3 }' "$TMP/mixed")
awk -v x="$xpad" -v c="$cas" '$5 == "fence" { $8 = x } $5 == "pause" { $8 = c } { print }' "$TMP/mixed" >"$TMP/mixed2"
$HARNESS -L $PRELOAD -P "$TMP/mixed2" -- "$B/client-atom" ops >"$TMP/mixrun" 2>&1
ok "no padding, padding named twice, code as padding: int3 for those three" has "$TMP/mixrun" "unpatched 0 stubs 5"
ok "and every site still is one point with native results" sh -c "grep -q 'outcome complete' '$TMP/mixrun' && test \$(grep -c ' atomic 0\.[12] ' '$TMP/mixrun') -eq 12 && grep '^c=' '$TMP/mixrun' | cmp -s - '$TMP/n1'"
$HARNESS -L $PRELOAD -P "$TMP/mixed2" -- "$B/client-atom" spin >"$TMP/mixspin" 2>&1
ok "a pause whose padding was refused still yields" sh -c "grep -q 'outcome complete' '$TMP/mixspin' && grep -q 'yield 0.1 -> 0.2' '$TMP/mixspin'"

# every vector register live across a stubbed site, with a switch inside its point
atomplan "$TMP/vec" vec:rmw:-1
if grep -q avx2 /proc/cpuinfo; then
	$HARNESS -L $PRELOAD -P "$TMP/vec" -- "$B/client-atom" vec 20 >"$TMP/vec0" 2>&1
	vstep=$(awk '$1 == "dec" && $3 == "atomic" && $4 == "0.1" { print $2; exit }' "$TMP/vec0")
	$HARNESS -L $PRELOAD -P "$TMP/vec" -o "$vstep@0.2" -- "$B/client-atom" vec 20 >"$TMP/vec1" 2>&1
	ok "the vector site is reached by its stub" has "$TMP/vec1" "unpatched 0 stubs 1"
	ok "ymm0-15 unchanged across 40 stubbed points, one of them preempted" sh -c "grep -q 'dec $vstep atomic 0.1 -> 0.2' '$TMP/vec1' && grep -q '^vec 1: 0 changed' '$TMP/vec1' && grep -q '^vec 2: 0 changed' '$TMP/vec1' && grep -q '^c=60 ' '$TMP/vec1'"
else
	skip "the vector site is reached by its stub" "no AVX2"
	skip "ymm0-15 unchanged across stubbed points" "no AVX2"
fi
exit $((fails != 0))
