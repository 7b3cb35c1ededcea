#!/bin/sh
# bench/trap/trap-cost.sh — cost of one scheduling point at an atomic instruction, reached by
# a jump to its stub (the default where a jump fits) and by int3 (SIGTRAP handler; what
# LINEUP_NO_STUBS forces), against the native instruction, in one run: fork-server
# executions whose one thread runs N lock-adds, N = 0 and N = $1 (default 10000), the
# difference divided by N; the cost of reaching the point alone (lock-adds before the fork
# point, where no point is taken); and the same loop natively. The whole point includes
# its decision record in the shared log. `make bench-trap`.
set -e
: "${top_srcdir:?}" "${top_builddir:?}"
N=${1:-10000}
RUNS=${2:-20}
B=$top_builddir/tests/preload
ATOM=$B/.libs/libatom.so
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
. "$top_srcdir/tests/preload/atom-plan.sh"
atomplan "$TMP/plan" loop:rmw:-1
H="$B/harness -L $top_builddir/.libs/liblineup-preload.so -P $TMP/plan -q -n $RUNS -B 1"
per_exec() { $H -- "$B/client-atom" loop "$1" | awk '/^timing:/ { print $2 }'; }
s0=$(per_exec 0)
s1=$(per_exec "$N")
t0=$(LINEUP_NO_STUBS=1 per_exec 0)
t1=$(LINEUP_NO_STUBS=1 per_exec "$N")
native=$("$B/client-atom" native 10000000 | awk '{ print $2 }')
# reaching the point without taking it: lock-adds in main before the fork point
reach_stub=$($H -- "$B/client-atom" pre 1000000 | awk '$1 == "pre" { print $2 }')
reach_int3=$(LINEUP_NO_STUBS=1 $H -- "$B/client-atom" pre 20000 | awk '$1 == "pre" { print $2 }')
awk -v s0="$s0" -v s1="$s1" -v t0="$t0" -v t1="$t1" -v n="$N" -v nat="$native" -v runs="$RUNS" \
	-v rs="$reach_stub" -v ri="$reach_int3" 'BEGIN {
	stub_ns = (s1 - s0) * 1000 / n
	trap_ns = (t1 - t0) * 1000 / n
	printf "execution with 0 / %d lock-adds (%d runs each): stubs %.1f / %.1f us, int3 %.1f / %.1f us\n", n, runs, s0, s1, t0, t1
	printf "reaching the point (no point taken, before the fork point): stub %.1f ns, int3 %.0f ns (stub %.0fx cheaper); native lock add %.1f ns\n", rs, ri, ri / rs, nat
	printf "whole point at a lock add (decision record included): stub %.0f ns, int3 %.0f ns (stub %.1fx cheaper; stub %.0fx, int3 %.0fx native)\n", stub_ns, trap_ns, trap_ns / stub_ns, stub_ns / nat, trap_ns / nat
}'
