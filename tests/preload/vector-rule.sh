#!/bin/sh
# tests/preload/vector-rule.sh — a stub's scheduling point runs where the target's vector
# registers are live and saves only the general ones (preload/stub-x86_64.S), so no code
# of liblineup-preload.so may touch a vector or x87 register, and it may import no string
# function (the C library's use them), except the golden model (compiled apart, never on a
# point's path) and the call trampolines (they save argument registers at a call: the
# operations' entry and return, and under tso the targets' calls out, preload/callout-x86_64.S).
: "${top_builddir:?}"
. "${top_srcdir:?}/tests/require.sh"
lp_require_cmd objdump binutils
lp_require_cmd nm binutils
SO=$top_builddir/.libs/liblineup-preload.so
echo "1..2"
bad=$(objdump -d --no-show-raw-insn "$SO" | awk '
	/^[0-9a-f]+ <.*>:$/ { fn = $2; gsub(/[<>:]/, "", fn); next }
	/%[xyz]mm|%st|%mm[0-7]|\t(vzeroupper|vzeroall|fxsave|fxrstor|xsave|xrstor|ldmxcsr|stmxcsr|fld|fst|fist)/ {
		if (fn !~ /^(golden_|lp_golden_|lp_common_entry$|lp_ret_tramp$|lp_callout_entry$)/) print fn
	}' | sort -u | tr '\n' ' ')
if [ -z "$bad" ]; then echo "ok 1 - no vector or x87 register outside the golden model and the trampolines"
else echo "not ok 1 - vector or x87 registers used in: $bad"; fi
imports=$(nm -D --undefined-only "$SO" | awk '{ print $2 }' | sed 's/@.*//' |
	grep -E '^(mem|wmem|wcs|bcopy|bcmp|bzero|stp|str)' | grep -v '^strto' | tr '\n' ' ')
if [ -z "$imports" ]; then echo "ok 2 - no string function imported from the C library"
else echo "not ok 2 - string functions imported: $imports"; fi
[ -z "$bad" ] && [ -z "$imports" ]
