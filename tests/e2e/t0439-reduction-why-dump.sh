#!/bin/sh
# t0439-reduction-why-dump.sh — the reduction's debugging aid (issue 34): LINEUP_DEBUG_POR_LOG
# makes phase 2 write every execution's schedule, walk end and decision log
# (cli/run/por-dump.h), and tests/tools/por-why reads them back: one record per execution,
# the distinct traces and the walks that ended at a sleeping thread or an explored point as
# -v counts them, a cause named for every other execution of a trace run before, and the
# walks that ended asleep or at an explored point because the thread chosen last was held
# back at a lock (none now: those runs are left out).
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_cmd jq jq
lp_require_prog libqueue-lock.so client-queue-grid-lock
WHY=$top_builddir/tests/tools/por-why
[ -x "$WHY" ] || bail_out "tests/tools/por-why is not built (make check builds it)"

LINEUP_DEBUG_POR_LOG=$T/por.dump lp_run -j 1 -v -p 1 --json r.json \
	--target "$P/libqueue-lock.so" -- "$P/client-queue-grid-lock" 3 2
expect_status 0 "3x2 mutex queue passes with the dump on"
n=$(jq -r .phase2.executions "$T/r.json")
[ "$(grep -c '^E ' "$T/por.dump")" = "$n" ]
ok $? "one record per phase 2 execution ($n)"
"$WHY" "$T/por.dump" >"$T/why.txt"
ok $? "por-why reads the dump"
cat "$T/why.txt" | sed 's/^/# /'
traces=$(sed -n 's/^phase 2 traces: \([0-9]*\) distinct.*/\1/p' "$OUT")
asleep=$(sed -n 's/.*ended at a sleeping thread: \([0-9]*\), at a point explored before: \([0-9]*\)$/\1 \2/p' "$OUT")
set -- $(sed -n 's|^[0-9]* executions; walk ended full/asleep/covered: new trace \([0-9]*\)/\([0-9]*\)/\([0-9]*\), seen trace \([0-9]*\)/\([0-9]*\)/\([0-9]*\)$|\1 \2 \3 \4 \5 \6|p' "$T/why.txt")
[ $# = 6 ] && [ $(($1 + $2 + $3)) = "$traces" ] && [ "$(($2 + $5)) $(($3 + $6))" = "$asleep" ] &&
	[ $(($1 + $2 + $3 + $4 + $5 + $6)) = "$n" ]
ok $? "the traces, sleeping and explored ends as -v counts them ($traces; $asleep)"
causes=$(awk '/^ *[0-9]+  /{s += $1} END {print s + 0}' "$T/why.txt")
[ "$causes" = "$4" ]
ok $? "a cause for each of the $4 other executions of a trace run before"
# a preemption to a thread that would only start an operation and stand held back at the
# mutex another thread holds (the pattern issue 34 names) is left out before it runs
# (scheduler/explore.h, "Held-back runs"): no walk is cut short after one, which por-why
# would count here (28 of the 46 walks cut short before the rule, of 81 executions)
held=$(awk '/^asleep or covered after the last override.s thread ran .* held back at a sync point: /{s += $NF} END {print s + 0}' "$T/why.txt")
[ "$held" = 0 ]
ok $? "no walk cut short after the chosen thread was held back at the mutex ($n executions)"

lp_run -j 1 -p 1 --target "$P/libqueue-lock.so" -- "$P/client-queue-grid-lock" 3 2
[ -z "$(ls "$T" | grep -v -e '^por.dump$' -e '^r.json$' -e '^why.txt$' -e '^stdout$' -e '^stderr$')" ]
ok $? "without the variable nothing is written"
done_testing
