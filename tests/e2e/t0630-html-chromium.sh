#!/bin/sh
# t0630-html-chromium.sh — the --html pages open in a real browser (headless Chromium):
# after the page's script ran, the DOM has a bar for every operation of the violating
# history, the first divergence and the preemption marked, the closest serial execution
# drawn; a pass shows what was explored (and the locks --lock trusts); a nondeterminism its
# two serial histories. Each page is also screenshotted (kept with LP_TEST_KEEP=1).
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_cmd jq jq
lp_require_cmd chromium-headless-shell chromium-headless-shell
lp_require_prog libqueue-trylock.so client-queue-trylock libqueue-lock.so client-queue-lock \
	libdice-seeded.so client-dice libpair-futex.so client-pair-futex

# browse NAME [shot]: the page's DOM after its scripts ran (NAME.dom), and with "shot" a
# screenshot (NAME.png).
# --no-sandbox: Chromium's sandbox refuses to run as root, as tests often do; the page is
# our own local file.
browse() {
	name=$1 shot=${2:-}
	set -- --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1200,1400
	(cd "$T" && timeout -k 5 120 chromium-headless-shell "$@" --dump-dom "file://$T/$name.html" \
		>"$T/$name.dom" 2>"$T/$name.chromium.err")
	[ -z "$shot" ] || (cd "$T" && timeout -k 5 120 chromium-headless-shell "$@" \
		--screenshot="$T/$name.png" "file://$T/$name.html" >/dev/null 2>>"$T/$name.chromium.err")
}
# count NAME REGEX: how many times REGEX occurs in NAME's DOM
count() {
	grep -Eo -- "$2" "$T/$1.dom" | wc -l | tr -d ' '
}

lp_run --json "$T/v.json" --html "$T/v.html" --target "$P/libqueue-trylock.so" -- \
	"$P/client-queue-trylock"
expect_status 1 "violation: exit status 1"
browse v shot
grep -q 'data-rendered="true"' "$T/v.dom"
ok $? "violation: the page's script ran to its end in Chromium"
calls=$(jq -r .violation.history "$T/v.json" | grep -c ' call ')
bars=$(count v 'class="op-bar[^"]*" data-op="[^"]*" data-role="history"')
[ "$bars" = "$calls" ] && [ "$calls" -gt 0 ]
ok $? "violation: every operation of the history has its bar ($bars bars, $calls calls)"
[ "$(count v 'class="op-bar[^"]*diverges[^"]*" data-op="0[.]2#0" data-role="history"')" = 1 ]
ok $? "violation: the first divergence is marked on 0.2's first trytake"
[ "$(count v 'data-divergence="[0-9]+"')" = 1 ]
ok $? "violation: the closest serial execution marks where it diverges"
[ "$(count v 'data-role="serial"')" -ge 3 ]
ok $? "violation: the closest serial execution is drawn"
[ "$(count v 'data-preemption="1"')" = 1 ]
ok $? "violation: the preemption is marked on a lane"
grep -q 'queue_add+0x[0-9a-f]* (queue-trylock.c:[0-9]*)' "$T/v.dom"
ok $? "violation: the preemption's source line is shown"
grep -q -- '--replay c:' "$T/v.dom"
ok $? "violation: the replay command is on the page"
[ -s "$T/v.png" ] && [ "$(head -c 4 "$T/v.png" | tail -c 3)" = PNG ]
ok $? "violation: a screenshot was taken"

# text from the library (a string argument, a result) never becomes markup
jq '.violation.history |= sub("queue_add\\((?<a>[^,]*), 200\\)"; "queue_add(\(.a), \"<img src=x onerror=alert(1)></script>\")")' \
	"$T/v.json" >"$T/evil.json"
lp_run report "$T/evil.json" --html "$T/evil.html"
browse evil
grep -q 'data-rendered="true"' "$T/evil.dom" && grep -q '&lt;img src=x onerror=alert(1)&gt;&lt;/script&gt;' "$T/evil.dom" &&
	! grep -q '<img' "$T/evil.dom"
ok $? "markup in a history stays text on the page (rendered, escaped, no element made)"

lp_run --html "$T/ok.html" --target "$P/libqueue-lock.so" -- "$P/client-queue-lock"
expect_status 0 "pass: exit status 0"
browse ok
grep -q 'data-rendered="true"' "$T/ok.dom" && grep -q 'What was explored' "$T/ok.dom"
ok $? "pass: the page shows what was explored"
grep -q 'Executions per preemption count' "$T/ok.dom" && grep -q 'guarantee' "$T/ok.dom"
ok $? "pass: executions per preemption count and the guarantee"
[ "$(count ok 'data-role="history"')" = 0 ]
ok $? "pass: no history drawn"
[ "$(count ok '<th>trusted locks</th>')" = 0 ]
ok $? "pass: no trusted lock named for pthread mutexes"

# a lock trusted by --lock bears on the guarantee: it has its row, not only the folded
# instrumentation text
lp_run --lock mutex_lock --html "$T/lock.html" --target "$P/libpair-futex.so" -- \
	"$P/client-pair-futex"
expect_status 0 "trusted lock: exit status 0"
browse lock
grep -q '<tr><th>trusted locks</th><td>mutex_lock in [^<]*libpair-futex.so, trusted: ' "$T/lock.dom"
ok $? "trusted lock: the explored section names it in a row of its own"

lp_run --html "$T/nd.html" --target "$P/libdice-seeded.so" -- "$P/client-dice"
expect_status 3 "nondeterminism: exit status 3"
browse nd
[ "$(count nd 'data-role="earlier"')" -ge 2 ] && [ "$(count nd 'data-role="this"')" -ge 2 ]
ok $? "nondeterminism: both serial histories are drawn"
[ "$(count nd 'diverges[^"]*" data-op="[^"]*" data-role="this"')" -ge 1 ]
ok $? "nondeterminism: where they disagree is marked"
done_testing
