#!/bin/sh
# tests/checker/malformed.sh — every rejection rule of lineup-history(5): exit status 2
# and a "file:line: message" naming the right line.
. "$top_srcdir/tests/checker/lib.sh"
echo "1..40"
# case NAME LINE PHRASE TEXT (printf format)
case_() {
	name=$1 line=$2 phrase=$3
	printf "$4" >"$tmp/in.history"
	expect 2 "$name" -- "$tmp/in.history"
	has "$tmp/err" "in.history:$line: $phrase" "$name: message at line $line"
}
case_ "return without pending call" 2 "return of thread 0.2 without a pending call" 'history serial\n0.2 ret 1\nend\n'
case_ "call while pending" 3 "call of thread 0 while its call at line 2 is pending" 'history concurrent\n0 call f()\n0 call g()\n0 ret 1\nend\n'
case_ "missing end at end of input" 3 "history at line 1 has no 'end' line" 'history serial\n0 call f()\n0 ret 1\n'
case_ "missing end before next history" 4 "history at line 1 has no 'end' line" 'history serial\n0 call f()\n0 ret 1\nhistory serial\nend\n'
case_ "unbalanced parentheses" 2 "unbalanced parentheses" 'history serial\n0 call f((1)\n0 ret 1\nend\n'
case_ "unterminated string" 2 "unterminated string" 'history serial\n0 call f("a)\n0 ret 1\nend\n'
case_ "NUL byte" 2 "control byte 0x00" 'history serial\n0 call f(\000)\nend\n'
case_ "control byte" 3 "control byte 0x1b" 'history serial\n0 call f()\n0 ret \033[0m\nend\n'
case_ "overlap in serial history" 3 "serial history overlaps operations" 'history serial\n0.1 call f()\n0.2 call g()\nend\n'
case_ "pending call without stuck" 3 "history ends while thread 0.1's call at line 2 is pending" 'history concurrent\n0.1 call f()\nend\n'
case_ "stuck without pending call" 5 "history is marked 'stuck' but no call is pending" 'history serial\n0 call f()\n0 ret 1\nstuck\nend\n'
case_ "event outside a history" 1 "event outside a history" '0 call f()\n'
case_ "unknown history kind" 1 "unknown history kind 'parallel'" 'history parallel\nend\n'
case_ "bad attribute" 1 "attribute 'fast' is not key=value" 'history serial fast\nend\n'
case_ "unknown line" 2 "unknown line 'edn'" 'history serial\nedn\nend\n'
case_ "not a call" 2 "call 'f' is not of the form name(args)" 'history serial\n0 call f\nend\n'
case_ "event after stuck" 4 "event after 'stuck'" 'history concurrent\n0 call f()\nstuck\n0.1 call g()\nend\n'
# a line longer than 64 KiB
{ printf 'history serial\n0 call f('; head -c 70000 /dev/zero | tr '\0' 1; printf ')\n0 ret 1\nend\n'; } >"$tmp/long.history"
expect 2 "line longer than 65536 bytes" -- "$tmp/long.history"
has "$tmp/err" "long.history:2: line is longer than the 65536 bytes allowed" "long line: message at line 2"
# an endless line (no newline ever) is refused once it passes the limit, not read whole
st=0; timeout 20 "$CHECKER" </dev/zero >"$tmp/out" 2>"$tmp/err" || st=$?
if [ "$st" = 2 ]; then ok "endless line from /dev/zero (exit 2)"; else not_ok "endless line from /dev/zero: exit $st, expected 2"; fi
has "$tmp/err" "<stdin>:1: line is longer than the 65536 bytes allowed" "endless line: message at line 1"
# the server skips an overlong line, answers one error and goes on
{ printf 'history serial\n0 call f()\n0 ret 1\nend\nhistory serial\n0 call f('; head -c 300000 /dev/zero | tr '\0' 1; printf ')\nend\nhistory concurrent\n0 call f()\n0 ret 1\nend\n'; } >"$tmp/long2.history"
"$CHECKER" --server <"$tmp/long2.history" >"$tmp/out" 2>"$tmp/err" || true
if [ "$(grep -E '^(ok|error|violation)' "$tmp/out" | cut -d' ' -f1 | tr '\n' ' ')" = "ok error ok " ]; then ok "server: overlong line is one error, then it goes on"; else
	not_ok "server: overlong line: replies $(grep -E '^(ok|error|violation)' "$tmp/out" | cut -d' ' -f1 | tr '\n' ' ')"; fi
# binary garbage must not crash or hang
printf "history serial\n" >"$tmp/garbage.history"; head -c 4096 /dev/urandom >>"$tmp/garbage.history"
expect 2 "random bytes" -- "$tmp/garbage.history"
exit $failed
