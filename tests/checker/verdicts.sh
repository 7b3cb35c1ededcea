#!/bin/sh
# tests/checker/verdicts.sh — lineup-checker end to end: exit statuses, report text, the
# --server protocol, --observations read back, and usage errors.
. "$top_srcdir/tests/checker/lib.sh"
lp_require_cmd python3 python3 # walks the --server replies
echo "1..26"
ex=$top_srcdir/examples/queue-trytake.history
expect 1 "bundled example has a violation" -- "$ex"
has "$tmp/out" "VIOLATION: concurrent history at $ex:100 (schedule=c:5@0.1,7@0.2) is not linearizable" "report names history, line and schedule"
has "$tmp/out" "no serial execution in which 0.2's queue_trytake(0x5555555592a0) returns -1 at this point: the serial executions return 200" "report says where every serial execution diverges"
has "$tmp/out" "6 serial and 2 concurrent histories checked: 1 violation" "summary line"

# the same stream without the failing history passes
sed '/^# Not linearizable/,$d' "$ex" >"$tmp/pass.history"
expect 0 "linearizable histories pass" -- "$tmp/pass.history"

# observations: written, then read back as the serial part of a stream
expect 1 "observations written" -- --observations "$tmp/obs.history" "$ex"
has "$tmp/obs.history" "6 serial histories, 4 distinct observations" "observations are grouped"
sed -n '/^# Not linearizable/,$p' "$ex" >"$tmp/bad.history"
expect 1 "observations read back find the violation again" -- "$tmp/obs.history" "$tmp/bad.history"

# sequential consistency accepts it (take linearized before the adds)
expect 0 "sequential consistency accepts the example" -- --criterion sequential "$ex"

# nondeterminism: exit 3 and both histories
printf 'history serial\n0 call f()\n0 ret 1\nend\nhistory serial\n0 call f()\n0 ret 2\nend\n' >"$tmp/nd.history"
expect 3 "nondeterministic serial histories" -- "$tmp/nd.history"
has "$tmp/out" "thread 0's f() returned 1 in the earlier one but returned 2 in this one" "nondeterminism explained"

# server protocol: one reply line per history, payload of N bytes, keeps serving
{ cat "$ex"; printf 'history serial\n0 ret 1\nend\n'; cat "$tmp/nd.history"; } >"$tmp/server.in"
st=0
"$CHECKER" --server --observations "$tmp/sobs.history" <"$tmp/server.in" >"$tmp/server.out" 2>"$tmp/err" || st=$?
[ $st = 0 ] && ok "server exits 0 at end of input" || not_ok "server exit $st"
# walk the replies: a line, then N bytes when it has a count
awk_out=$(python3 - "$tmp/server.out" <<'PY' 2>/dev/null || echo python-missing
import sys
data = open(sys.argv[1], 'rb').read()
replies = []
i = 0
while i < len(data):
    j = data.index(b'\n', i)
    words = data[i:j].decode().split()
    i = j + 1
    if len(words) == 2:
        i += int(words[1])
    replies.append(words[0])
print(' '.join(replies))
PY
)
want="ok ok ok ok ok ok ok violation error ok nondeterministic"
[ "$awk_out" = "$want" ] && ok "server replies in order: $want" || not_ok "server replies: '$awk_out', expected '$want'"
has "$tmp/server.out" "<stdin>:113: return of thread 0 without a pending call" "server error reply carries file:line"
has "$tmp/server.out" "is not linearizable" "server violation reply carries the report"
# the cli's pipe has no file worth naming: reports say the history's attributes instead
if grep -q 'concurrent history at <stdin>' "$tmp/server.out"; then
	not_ok "server violation report names the pipe as <stdin>:LINE"
else
	ok "server violation report does not name the pipe as a file"
fi
[ -s "$tmp/sobs.history" ] && ok "server writes observations at end of input" || not_ok "no observations from the server"

# usage errors
expect 2 "unknown option" -- --frobnicate
has "$tmp/err" "lineup-checker: unknown option '--frobnicate'" "unknown option message"
expect 2 "bad criterion" -- --criterion strict "$ex"
expect 2 "criterion: one spelling, as lineup-preload takes it" -- --criterion linearizable "$ex"
expect 2 "bad quasi spec" -- --quasi queue_trytake "$ex"
expect 2 "missing file" -- "$tmp/nonexistent"
printf 'history concurrent\n0 call f()\n0 ret 1\nend\n' >"$tmp/conc.history"
expect 2 "concurrent history before any serial one" -- "$tmp/conc.history"
expect 0 "--help" -- --help
expect 0 "--version" -- --version
exit $failed
