#!/bin/sh
# t1320-reduction-spans.sh — a mutex of the library's own (GLib's kind: cmpxchg, xchg, futex,
# in functions the operations call directly) does not hide the code around it: the analysis
# follows the calls and names the steps from an operation's entry to the lock's atomic and
# from the unlock's atomic to the return as local (cli/analyze/pure-regions.h, "Spans"),
# the reduced search then explores what race-free explores (main before them: 250 and
# 3,212 executions at -p 1 and 2, race-free 172 and 1,549), a bump done in two critical
# sections is still found, and every verdict is --reduction off's.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_cmd jq jq

lp_run -q --coverage --target "$P/libpair-futex.so" -- "$P/client-pair-futex"
expect_status 0 "the futex-mutex pair passes"
expect_out '^  called: pair_bump\(p\)->v .*, [1-9][0-9]* steps? through its own calls$' \
	"pair_bump: steps through its lock and unlock proved local"

# three threads, each a bump and a read
cat >"$T/pair.lineup" <<EOT
target $P/libpair-futex.so
init   p = pair_new()
thread pair_bump(p); pair_diff(p)
thread pair_diff(p); pair_bump(p)
thread pair_bump(p); pair_diff(p)
EOT
sed "s|libpair-futex.so|libpair-futex-race.so|" "$T/pair.lineup" >"$T/race.lineup"
for b in 1 2; do
	reds="sleep race-free off"
	[ $b = 2 ] && reds="sleep race-free" # off: 5,555 executions
	for r in $reds; do
		lp_run -q -p $b --reduction $r --json "$r.json" --test "$T/pair.lineup"
		expect_status 0 "-p $b --reduction $r: no violation"
	done
	s=$(jq -r .phase2.executions "$T/sleep.json") rf=$(jq -r .phase2.executions "$T/race-free.json")
	[ "$s" = "$rf" ]
	ok $? "-p $b: sleep explores what race-free explores ($s = $rf)"
done

# the bump in two critical sections: a reader between them, found reduced and unreduced
for r in sleep off; do
	lp_run -q -p 1 --reduction $r --json "bug-$r.json" --test "$T/race.lineup"
	expect_status 1 "the half-done bump is found (--reduction $r)"
done
[ "$(jq -r .violation.kind "$T/bug-sleep.json")" = "$(jq -r .violation.kind "$T/bug-off.json")" ]
ok $? "the same violation kind ($(jq -r .violation.kind "$T/bug-sleep.json"))"
done_testing
