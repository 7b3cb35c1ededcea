#!/bin/sh
# t1331-atomics-tso-passing-load-fence.sh — under --memory-model tso the fence check also
# tries the stores that loads went ahead of in their own buffer without reading around any
# other thread's store ("passing loads"), after the stale loads' stores fail. Peterson's
# lock with an mfence after the flag store fails at bound 2 because each thread's turn store
# is still buffered when it loads the other's flag: no stale load there, the only stale load
# is the counter's, whose store's fence does not remove it; the turn store's, which the
# passing loads name, does. The JSON names it in violation.fences (after the counter's) and
# the passing loads in violation.passing_loads (and the page, --html). Counts and sites are asserted, never times.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_cmd jq jq
lp_require_prog libpeterson-flagfence.so client-peterson-flagfence
LP_TEST_TIMEOUT=${LP_TEST_TIMEOUT:-300}

# the lines of the turn and counter stores in the source the report names
turn=$(grep -n 'c->turn = other;' "$top_srcdir/tests/progs/peterson.c" | cut -d: -f1)
count=$(grep -n 'c->n = v + 1;' "$top_srcdir/tests/progs/peterson.c" | cut -d: -f1)

lp_run -j 1 -p 2 -g memory --memory-model tso --json r.json --html r.html -- \
	"$P/client-peterson-flagfence"
expect_violation_report
expect_out "^  passing load: step [0-9]+: [0-9.]+ at pc_inc\+0x[0-9a-f]+ \(peterson\.c:[0-9]+\) read 0x[0-9a-f]+ ahead of 1 store of its own, still buffered: at pc_inc\+0x[0-9a-f]+ \(peterson\.c:$turn\) to 0x[0-9a-f]+$" \
	"a passing load names the turn store (peterson.c:$turn) it went ahead of"
expect_out "^  an mfence after pc_inc\+0x[0-9a-f]+ \(peterson\.c:$turn\) removes it \([0-9]+ executions, bound 2\)$" \
	"the report says the mfence after the turn store removes it"
jq -e --arg turn "peterson.c:$turn)" --arg count "peterson.c:$count)" '
	(.violation.stale_loads | length) >= 1
	and ([.violation.stale_loads[].store_site | endswith($count)] | all)
	and ([.violation.stale_loads[].passed[].site | endswith($turn)] | any | not)
	and (.violation.passing_loads | length) >= 1
	and ([.violation.passing_loads[].passed[].site | endswith($turn)] | any)
	and (.violation.fences | length) == 2
	and (.violation.fences[0] | (.site | endswith($count)) and .removes == false)
	and (.violation.fences[1] | (.site | endswith($turn)) and .removes == true
		and .bound == 2 and .executions > 0 and .stopped_by == null)' "$T/r.json" >/dev/null
ok $? "JSON: no stale load names the turn store, a passing load does, and its fence, tried after the counter's, removes it ($(jq -c '[.violation.fences[] | [.site, .removes, .executions]]' "$T/r.json"))"

grep -q 'Passing loads (x86-TSO)' "$T/r.html" && grep -q '"passing_loads": \[{' "$T/r.html"
ok $? "--html: the page carries the passing loads under their own title"

# under sc nothing of this: no violation, no passing loads
lp_run -j 1 -p 1 -g memory --memory-model sc --json sc.json -- "$P/client-peterson-flagfence"
expect_status 0 "sc: Peterson's lock holds"
expect_no_out '^  passing load: ' "sc: no passing loads"
done_testing
