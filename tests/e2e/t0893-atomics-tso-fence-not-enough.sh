#!/bin/sh
# t0893-atomics-tso-fence-not-enough.sh — a fence that does not remove the violation says so.
# A priority lock whose two sides are code of their own (prio-lock.c) reorders a store and a
# load on each side under x86-TSO: an mfence after one side's store leaves the other side's
# reordering, so no single fence removes the violation, and all the stores the violations
# name, fenced together, do; of these, the two flag stores' fences suffice. With the other side fenced in the source, the single fence is
# enough. A plain data race (no lock at all) is no TSO bug: no stale load, no fence tried.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_cmd jq jq
lp_require_prog libprio-lock.so client-prio-lock libprio-lock-lowfence.so \
	client-prio-lock-lowfence client-counter-plain

lp_run -p 1 -g memory --memory-model sc -- "$P/client-prio-lock"
expect_status 0 "sc: the priority lock holds"

lp_run -p 1 -g memory --memory-model tso --json r.json -- "$P/client-prio-lock"
expect_violation_report
expect_out '^  an mfence after high_side\+0x[0-9a-f]+ \(prio-lock\.c:[0-9]+\) does not remove it: still a violation after [0-9]+ executions$' \
	"the mfence after the high side's flag store alone does not remove it"
expect_no_out '^  an mfence after .* removes it' "no single fence removes it"
expect_out '^  mfences after .*high_side\+0x.* and .*low_side\+0x.* together remove it \([0-9]+ executions, bound 1\)$' \
	"both sides' stores fenced together remove it"
# (in the order tried: the low side's flag store, which both stale loads passed, first)
expect_out '^  of these, mfences after (high_side\+0x[0-9a-f]+ \(prio-lock\.c:29\) and low_side\+0x[0-9a-f]+ \(prio-lock\.c:38\)|low_side\+0x[0-9a-f]+ \(prio-lock\.c:38\) and high_side\+0x[0-9a-f]+ \(prio-lock\.c:29\)) together remove it \([0-9]+ executions, bound 1\)$' \
	"of these, the two flag stores' fences suffice"
jq -e '[.violation.fences[] | select(.site != null) | .removes] | all(. == false)' \
	"$T/r.json" >/dev/null &&
	jq -e '.violation.fences[-2] | .site == null and .removes == true
		and (.sites | length) > 2 and (.sites | map(test("low_side")) | any)' \
		"$T/r.json" >/dev/null &&
	jq -e '.violation.fences[-1] | .removes == true and (.sites | length) == 2' \
		"$T/r.json" >/dev/null
ok $? "JSON: the single fences do not remove it, the set does, and so do two of it ($(jq -c '[.violation.fences[] | [.sites, .removes]]' "$T/r.json"))"

lp_run -p 1 -g memory --memory-model tso -- "$P/client-prio-lock-lowfence"
expect_violation_report
expect_out '^  an mfence after high_side\+0x[0-9a-f]+ \(prio-lock\.c:[0-9]+\) removes it \([0-9]+ executions, bound 1\)$' \
	"low side fenced in the source: the mfence after the high side's store removes it"
expect_no_out 'together' "a single fence removed it: no set tried"

lp_run -p 1 -g memory --memory-model tso -- "$P/client-counter-plain"
expect_violation_report
expect_no_out '^  stale load: ' "a plain race: no stale load"
expect_out '^root causes: not searched under --memory-model tso, and no stale load names a store to fence$' \
	"no stale load: no fence tried, and the report says so"
done_testing
