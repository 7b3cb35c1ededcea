#!/bin/sh
# t0541-phase1-exact-orders-glob.sh — -f keeps phase 1's exact serial enumeration and its
# symmetry: the 4x1 queue test runs as many serial executions with -f 'queue_*' as
# without (24 with --no-symmetry, fewer with identical threads swapped), where it used to
# branch at every switch point; a violation found that way is confirmed against phase 1
# with every switch point a choice, so a buggy queue is still reported, and target calls
# -f leaves out that change the results are still nondeterminism (exit 3), not a violation.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libqueue-lock.so client-queue-lock-4x1 libqueue-trylock.so client-queue-trylock \
	client-queue-lock
lp_require_cmd jq jq

for sym in --no-symmetry --symmetry; do
	flag=$sym
	[ "$sym" = --symmetry ] && flag=
	lp_run -p 0 $flag --phase1 eager --json all.json --target "$P/libqueue-lock.so" -- \
		"$P/client-queue-lock-4x1"
	all_rc=$RC
	lp_run -p 0 $flag --phase1 eager --json glob.json -f 'queue_*' \
		--target "$P/libqueue-lock.so" -- "$P/client-queue-lock-4x1"
	expect_no_out 'every switch point' "$sym -f: phase 1 does not branch at every switch point"
	[ "$all_rc" = 0 ] && [ "$RC" = 0 ] &&
		jq -e --slurpfile all "$T/all.json" '.phase1.executions == $all[0].phase1.executions
			and .phase1.histories == 24 and $all[0].phase1.histories == 24
			and .phase1.derived_by_symmetry == $all[0].phase1.derived_by_symmetry' \
			"$T/glob.json" >/dev/null
	ok $? "$sym: -f 'queue_*' runs the serial executions it runs without -f ($(jq .phase1.executions "$T/glob.json"), 24 histories), both pass"
done
[ "$(jq .phase1.executions "$T/all.json")" -lt 24 ]
ok $? "with symmetry fewer than 24 serial executions"

lp_run -p 0 --no-symmetry --phase1 eager -f 'queue_*' --target "$P/libqueue-lock.so" -- \
	"$P/client-queue-lock-4x1"
expect_out '^phase 1: 24 serial executions, 24 distinct histories \(eager: every serial order run first; ' \
	"-f: the phase-1 line says 24 serial executions"

lp_run -f 'queue_*' --no-root-cause --target "$P/libqueue-trylock.so" -- "$P/client-queue-trylock"
expect_violation_report

lp_run -f 'queue_try*' --target "$P/libqueue-lock.so" -- "$P/client-queue-lock"
expect_status 3 "-f 'queue_try*' (queue_add left out changes the takes): exit 3"
expect_verdict nondeterministic
done_testing
