#!/bin/sh
# t1270-test-html.sh — generated tests with --html and --export: the campaign's page
# carries the tests run and the failing test's own report (its history, schedule and
# closest serial execution), and the export is that test's violating history.
. "$top_srcdir/tests/e2e/test-lib.sh"
LP_TEST_TIMEOUT=${LP_TEST_TIMEOUT:-600}
lp_require_runtime
lp_require_prog libqueue-trylock.so
lp_require_cmd jq jq

cat > "$T/buggy.lineup" <<DESC
target $P/libqueue-trylock.so
init   q = queue_new()
op     queue_add(q, 1..9)
op     queue_trytake(q)
DESC

lp_run --test "$T/buggy.lineup" --random 5 --shape 3x2 -p 1 --json "$T/c.json" \
	--html "$T/c.html" --export porcupine "$T/c.porcupine.json"
expect_status 1 "RandomCheck finds the trylock bug: exit 1"
jq -e '.results | length >= 1' "$T/c.json" >/dev/null
ok $? "--json: the tests run are listed"
jq -e '.violation.report.violation.kind == "non-linearizable" and
	(.violation.report.violation.closest.reasons | length >= 1)' "$T/c.json" >/dev/null
ok $? "--json: violation.report is the failing test's own report, with its closest serial execution"
# the page embeds the campaign's JSON (the data element, < > & escaped)
sed -n 's/.*<script type="application\/json" id="lp-report">\(.*\)<\/script>$/\1/p' "$T/c.html" |
	jq -e '.results and .violation.report.violation.history' >/dev/null
ok $? "--html: the page carries the tests run and the failing test's history"
calls=$(jq -r .violation.report.violation.history "$T/c.json" | grep -c ' call ')
jq -e --argjson n "$calls" 'length == $n and (map(.output) | index("-1") != null)' \
	"$T/c.porcupine.json" >/dev/null
ok $? "--export porcupine: the failing test's $calls operations, trytake's -1 among them"
done_testing
