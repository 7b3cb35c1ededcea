#!/bin/sh
# t0440-jobs-same-result.sh — phases 1 and 2 on several workers (-j N, cli/run/spec-run.h)
# give what one worker gives: exit status, verdict, the violation's schedule and history, and
# every count (executions by preemptions, pruned), on buggy and correct examples; workers
# do run executions ahead of their turn (in phase 1 also those branching from a result run
# ahead), one at a time on each worker; a client whose files every execution rewinds
# runs on one worker and the summary says why.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_cmd jq jq

# The parts of a report that must not depend on -j (not the workers' own figures, nor
# seconds).
facts() {
	jq -c '{verdict, v: (.violation | if . then {kind, schedule, history} else null end),
		p1: .phase1.executions, h1: .phase1.histories, p2: (.phase2 | {executions, executions_by_preemptions,
		pruned, pruned_by_preemptions})}' "$1"
}

# same LIB CLIENT [ARGS...]: -j 1, 2 and 3 agree.
same() {
	lib=$1 client=$2
	shift 2
	if [ ! -e "$P/$lib" ] || [ ! -e "$P/$client" ]; then
		skip "$client: not built"
		return
	fi
	lp_run -j 1 --no-root-cause --json j1.json --target "$P/$lib" -- "$P/$client" "$@"
	rc1=$RC
	for j in 2 3; do
		lp_run -j "$j" --no-root-cause --json "j$j.json" --target "$P/$lib" -- "$P/$client" "$@"
		[ "$RC" = "$rc1" ] && [ "$(facts "$T/j$j.json")" = "$(facts "$T/j1.json")" ] &&
			[ "$(jq -r .phase2.workers "$T/j$j.json")" = "$j" ]
		ok $? "$client $*: -j $j gives what -j 1 gives (exit $rc1, $(jq -r '.phase2.executions' "$T/j1.json") executions)"
	done
}

same libqueue-trylock.so client-queue-trylock
same libqueue-lock.so client-queue-lock
same libqueue-lock.so client-queue-grid-lock 2 2
same libqueue-trylock.so client-queue-grid-trylock 3 2
same libevent-nolock.so client-event
same libsemw.so client-sem
same libstack-treiber.so client-stack-treiber
same libcounter-loadstore.so client-counter-loadstore

# Eager phase 1 runs ahead too: the same observations whatever -j, every serial order of
# a 3x3 test once.
lp_require_prog libqueue-lock.so client-queue-lock-3x3
for j in 1 2 3; do
	lp_run -j "$j" -p 0 --phase1 eager --no-symmetry --observations "$T/obs$j" --json "p1-$j.json" \
		--target "$P/libqueue-lock.so" -- "$P/client-queue-lock-3x3"
	[ "$RC" = 0 ] && [ "$(jq -r .phase1.executions "$T/p1-$j.json")" = 1680 ] &&
		cmp -s "$T/obs1" "$T/obs$j" && [ "$(jq -r .phase1.speculated "$T/p1-$j.json")" -gt 0 ] &&
		grep -q "^phase 1 workers: $j ([0-9]* serial executions ran ahead of their turn)" "$OUT"
	ok $? "phase 1 at -j $j: 1680 serial executions, the observations of -j 1; $(jq -r .phase1.speculated "$T/p1-$j.json") ran ahead of their turn, and the summary says so"
done
# A result run ahead names the serial executions that branch from it, so those run ahead
# too (lp_explore_expand): ~1,320 of the 1,680 at -j 1, against 888 when the explorer
# only learns of them at the result's turn.
[ "$(jq -r .phase1.speculated "$T/p1-1.json")" -gt 1100 ]
ok $? "phase 1 at -j 1: the executions that branch from a result run ahead run ahead too ($(jq -r .phase1.speculated "$T/p1-1.json") of 1680, more than 1100)"

# Workers run executions ahead of their turn (a correct 2x2 test has hundreds).
lp_require_prog libqueue-lock.so client-queue-grid-lock
lp_run -j 2 --json j2.json --target "$P/libqueue-lock.so" -- "$P/client-queue-grid-lock" 2 2
[ "$RC" = 0 ] && [ "$(jq -r .phase2.speculated "$T/j2.json")" -gt 0 ] &&
	grep -q '^phase 2 workers: 2 ([0-9]* executions ran ahead of their turn' "$OUT"
ok $? "-j 2: $(jq -r .phase2.speculated "$T/j2.json") of $(jq -r .phase2.executions "$T/j2.json") executions ran ahead of their turn, and the summary says so"
# One worker is handed the next schedule while one runs: executions run ahead at -j 1 too.
lp_run -j 1 --json j1.json --target "$P/libqueue-lock.so" -- "$P/client-queue-grid-lock" 2 2
[ "$RC" = 0 ] && [ "$(jq -r .phase2.workers "$T/j1.json")" = 1 ] &&
	[ "$(jq -r .phase2.speculated "$T/j1.json")" -gt 0 ] &&
	grep -q '^phase 2 workers: 1 ([0-9]* executions ran ahead of their turn' "$OUT"
ok $? "-j 1: $(jq -r .phase2.speculated "$T/j1.json") executions ran ahead of their turn on the one worker, and the summary says so"

# ... but a worker still runs its executions one at a time: each execution of the client
# holds a file named after its fork server from its fork point to its end, and exits 3
# when another holds it. Unreduced: the reduction leaves the two lock orders alone, with
# nothing to run ahead.
lp_require_prog libqueue-lock.so client-alone
mkdir "$T/alone"
for j in 1 2; do
	lp_run -j "$j" -p 2 --phase1 eager --no-reduction --json "alone$j.json" \
		--target "$P/libqueue-lock.so" -- \
		"$P/client-alone" "$T/alone"
	[ "$RC" = 0 ] && [ "$(jq -r .phase2.speculated "$T/alone$j.json")" -gt 0 ] &&
		[ -z "$(ls "$T/alone")" ]
	ok $? "-j $j: no two executions of one worker overlap ($(jq -r .phase2.executions "$T/alone$j.json") executions, $(jq -r .phase2.speculated "$T/alone$j.json") ahead of their turn)"
done

# Executions that rewind the client's files share their offsets: one at a time.
lp_require_prog libqueue-lock.so client-fdstate
echo 7 >"$T/in"
lp_run -j 2 --json fd.json --target "$P/libqueue-lock.so" -- "$P/client-fdstate" "$T/tool.out" "$T/in"
[ "$RC" = 0 ] && [ "$(jq -r .phase2.workers "$T/fd.json")" = 1 ] &&
	grep -q '^phase 2 workers: 1 (the client has files open that every execution rewinds)' "$OUT"
ok $? "a client with files every execution rewinds runs on one worker, and the summary says why"
done_testing
