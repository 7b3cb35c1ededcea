#!/bin/sh
# t0620-html-export.sh — --html writes one self-contained page carrying the JSON report,
# `lineup-preload report` renders a saved --json report, --export writes the violating
# history for Porcupine (JSON) and Jepsen (EDN).
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_cmd jq jq
lp_require_prog libqueue-trylock.so client-queue-trylock libqueue-lock.so client-queue-lock

lp_run --json "$T/v.json" --html "$T/v.html" --export porcupine "$T/v.porcupine.json" \
	--target "$P/libqueue-trylock.so" -- "$P/client-queue-trylock"
expect_violation_report
[ -s "$T/v.html" ] && grep -q '^<!DOCTYPE html>' "$T/v.html"
ok $? "--html: the page is written"
! grep -Eiq 'https?://|<link|<img| src=|@import|url\(' "$T/v.html"
ok $? "--html: self-contained (no network reference, nothing loaded)"
[ "$(grep -c '</script>' "$T/v.html")" = 2 ]
ok $? "--html: the data cannot end its script element (two script ends: data and code)"
# the page embeds the JSON report: rendering the saved report gives the same page
lp_run report "$T/v.json" --html "$T/r.html"
expect_status 0 "report R.json --html P: exit status 0"
cmp -s "$T/v.html" "$T/r.html"
ok $? "report R.json --html: the same page as --html"

# the JSON carries what the page draws
jq -e '.violation.preemptions | length >= 1 and (.[0] | has("step") and has("site") and has("after_events"))' \
	"$T/v.json" >/dev/null
ok $? "--json: violation.preemptions lists the overrides with site and place in the history"
jq -e '.violation.preemptions[] | select(.preemption) | .site | test("queue_add")' "$T/v.json" >/dev/null
ok $? "--json: the preemption's site is in queue_add"
jq -e '.violation.closest | (.agrees >= 1) and (.prefix | length >= 2) and (.reasons | length >= 1)' \
	"$T/v.json" >/dev/null
ok $? "--json: violation.closest has the agreeing prefix and the reasons"
jq -e '.violation.closest.reasons[0] | test("queue_trytake.*returns -1")' "$T/v.json" >/dev/null
ok $? "--json: the reason names trytake's -1"

# Porcupine: one operation per call, times from the event order, inputs as the report's text
calls=$(jq -r .violation.history "$T/v.json" | grep -c ' call ')
jq -e --argjson n "$calls" 'length == $n' "$T/v.porcupine.json" >/dev/null
ok $? "--export porcupine: one operation per call ($calls)"
jq -e 'all(.[]; (keys == ["call", "client_id", "input", "output", "return"]) and .call < .return)' \
	"$T/v.porcupine.json" >/dev/null
ok $? "--export porcupine: each operation has client_id, input, output, call < return"
jq -e '[.[] | select(.input | test("^queue_trytake")) | .output] | index("-1") != null' \
	"$T/v.porcupine.json" >/dev/null
ok $? "--export porcupine: trytake's output is -1"
jq -e '[.[].call, .[].return] | sort == ([range(0; length)])' "$T/v.porcupine.json" >/dev/null
ok $? "--export porcupine: call and return times are the event indexes 0..N-1"

# Jepsen from the saved report: an :invoke and an :ok per completed operation
lp_run report "$T/v.json" --export jepsen "$T/v.edn"
expect_status 0 "report R.json --export jepsen: exit status 0"
[ "$(grep -c ':type :invoke' "$T/v.edn")" = "$calls" ] &&
	[ "$(grep -c ':type :ok' "$T/v.edn")" = "$calls" ]
ok $? "--export jepsen: $calls :invoke and $calls :ok events"
grep -q '{:process 2, :type :ok, :f :queue_trytake, :value "-1", :index [0-9]*}' "$T/v.edn"
ok $? "--export jepsen: thread 0.2's trytake returns \"-1\" as process 2"

# a pass writes a page too, and an empty history
lp_run --html "$T/ok.html" --export jepsen "$T/ok.edn" --target "$P/libqueue-lock.so" -- \
	"$P/client-queue-lock"
expect_status 0 "correct queue: exit status 0"
grep -q '"verdict": "no violation found"' "$T/ok.html"
ok $? "pass: the page carries the verdict"
[ "$(tr -d '\n' <"$T/ok.edn")" = "[]" ]
ok $? "pass: the export is an empty history"

# errors
lp_run --export knossos "$T/x" --target "$P/libqueue-lock.so" -- "$P/client-queue-lock"
expect_error "bad value 'knossos' for --export: use porcupine or jepsen"
lp_run report "$T/ok.edn" --html "$T/x.html"
expect_error "is not a lineup-preload --json report"
lp_run report "$T/v.json"
expect_error "usage: lineup-preload report REPORT.json"
lp_run --html "$T" --target "$P/libqueue-lock.so" -- "$P/client-queue-lock"
expect_error "cannot write the --html page.*directory"
lp_run --replay c:5@0.2 --html "$T/x.html" --target "$P/libqueue-lock.so" -- "$P/client-queue-lock"
expect_error "--html describes a check, and --replay runs one schedule"
done_testing
