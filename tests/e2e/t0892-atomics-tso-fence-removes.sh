#!/bin/sh
# t0892-atomics-tso-fence-removes.sh — after a violation under --memory-model tso, the report
# says which fence removes it: each store a stale load names (the other thread's store it
# read around, and the stores of its own buffer it passed) is fenced in turn (an mfence
# right after it) and the schedules are explored again. In Peterson's lock (waiting with
# sched_yield, so the checks are quick) the fences after the flag store and after the turn
# store (the last before the loads, which they passed: the textbook placement) each remove
# it and the one after the counter's store does not; the JSON has the same in
# violation.fences and the stale loads in violation.stale_loads, and the verdict stays a
# violation; the page (--html) shows the lines and the stale loads.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_cmd jq jq
lp_require_prog libpeterson-yield.so client-peterson-yield

lp_run -p 1 -g memory --memory-model tso --json r.json --html r.html -- "$P/client-peterson-yield"
expect_violation_report
expect_out "stale load: .* at pc_inc\+0x[0-9a-f]+ \(peterson\.c:22\) was still buffered" \
	"a stale load names the flag store (peterson.c:22)"
expect_out '^    it passed 2 stores of its own, still buffered: at pc_inc\+0x[0-9a-f]+ \(peterson\.c:22\) to 0x[0-9a-f]+, at pc_inc\+0x[0-9a-f]+ \(peterson\.c:23\) to 0x[0-9a-f]+$' \
	"and the flag and turn stores of its own buffer that the load passed"
expect_out '^fences \(the schedules explored again at 1 preemption with an mfence right after a store the stale loads name\):$' \
	"a fences heading with the bound"
expect_out '^  an mfence after pc_inc\+0x[0-9a-f]+ \(peterson\.c:22\) removes it \([0-9]+ executions, bound 1\)$' \
	"the mfence after the flag store removes the violation"
expect_out '^  an mfence after pc_inc\+0x[0-9a-f]+ \(peterson\.c:23\) removes it \([0-9]+ executions, bound 1\)$' \
	"so does the mfence after the turn store, the last store before the loads"
expect_out '^  an mfence after pc_inc\+0x[0-9a-f]+ \(peterson\.c:34\) does not remove it: still a violation after [0-9]+ executions$' \
	"the mfence after the counter's store does not"
[ "$(grep -n '^replay: ' "$OUT" | cut -d: -f1)" -lt "$(grep -n '^fences ' "$OUT" | cut -d: -f1)" ]
ok $? "the violation report comes before the fences"
expect_out '^fences: [0-9]+ executions \([0-9.]+x those of phases 1 and 2\); [0-9.]+ s$' \
	"the summary counts the fences' executions"
expect_no_out '^root causes' "no root-cause line under tso"
jq -e '.verdict == "violation" and (.violation.fences | length) == 3
	and (.violation.fences[0] | .removes == true and (.site | test("peterson.c:22"))
		and .sites == [.site] and .executions > 0 and .bound == 1 and .stopped_by == null)
	and (.violation.fences[1] | .removes == true and (.site | test("peterson.c:23")))
	and (.violation.fences[2] | .removes == false and (.site | test("peterson.c:34")))
	and (.violation.root_causes_text | test("removes it"))
	and .violation.root_cause_search.candidates_tried == 3' "$T/r.json" >/dev/null
ok $? "JSON violation.fences: the flag and turn stores' remove it, the counter's does not ($(jq -c .violation.fences "$T/r.json"))"
jq -e '(.violation.stale_loads | length) >= 1
	and (.violation.stale_loads[0] | (.store_site | test("peterson.c:22")) and .loader != .owner
		and .size == 4 and .value == "1" and .passed_count == 2
		and (.passed | map(.site) | (.[0] | test("peterson.c:22")) and (.[1] | test("peterson.c:23"))))' \
	"$T/r.json" >/dev/null
ok $? "JSON violation.stale_loads: the store read around and the two the load passed"

grep -q 'removes it (' "$T/r.html" && grep -q "Fences (x86-TSO)" "$T/r.html" &&
	grep -q 'Stale loads (x86-TSO)' "$T/r.html" && grep -q '"passed_count"' "$T/r.html"
ok $? "--html: the page carries the fence lines and the stale loads under their own titles"

# The fence the check found, written in the source (peterson-fence: an mfence after the
# turn store, which drains the flag store too): no violation.
lp_require_prog libpeterson-fence-nodw.so client-peterson-fence-nodw
lp_run -p 1 -g memory --memory-model tso -- "$P/client-peterson-fence-nodw"
expect_status 0 "Peterson with the mfence in its source: no violation"
expect_no_out '^fences' "no violation, no fences"
done_testing
