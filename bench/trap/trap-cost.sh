#!/bin/sh
# bench/trap/trap-cost.sh — cost of one trapped atomic instruction (int3, SIGTRAP handler,
# scheduling point, out-of-line execution) against the native instruction, in one run:
# fork-server executions whose one thread runs N lock-adds, N = 0 and N = $1 (default
# 10000), the difference divided by N; and the same loop natively. `make bench-trap`.
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
t0=$(per_exec 0)
t1=$(per_exec "$N")
native=$("$B/client-atom" native 10000000 | awk '{ print $2 }')
awk -v t0="$t0" -v t1="$t1" -v n="$N" -v nat="$native" -v runs="$RUNS" 'BEGIN {
	trap_us = (t1 - t0) / n
	printf "execution with 0 lock-adds: %.1f us; with %d trapped lock-adds: %.1f us (%d runs each)\n", t0, n, t1, runs
	printf "trapped lock add: %.2f us; native lock add: %.1f ns; ratio %.0f\n", trap_us, nat, trap_us * 1000 / nat
}'
