#!/bin/sh
# t1230-test-descriptions-valid.sh — every bundled test description (tests/progs/*.lineup,
# one per bundled library that suits generated tests) parses, names functions its target
# exports with arguments that fit, and runs: two random tests each at bound 0 end with a
# verdict (exit 0 or 1), never a set-up error or nondeterminism.
. "$top_srcdir/tests/e2e/test-lib.sh"
# Campaigns run many checks: a slow or loaded machine must not turn them into time-outs.
LP_TEST_TIMEOUT=${LP_TEST_TIMEOUT:-600}
lp_require_runtime

for f in "$top_srcdir"/tests/progs/*.lineup; do
	name=$(basename "$f" .lineup)
	if [ ! -f "$P/lib$name.so" ]; then
		skip "lib$name.so is not built"
		continue
	fi
	cp "$f" "$T/"
	ln -sf "$P/lib$name.so" "$T/lib$name.so"
	lp_run -q --no-root-cause -p 0 --test "$T/$name.lineup" --random 2 -j 2
	[ "$RC" = 0 ] || [ "$RC" = 1 ]
	ok $? "$name.lineup: two random tests give a verdict (exit $RC)"
done
done_testing
