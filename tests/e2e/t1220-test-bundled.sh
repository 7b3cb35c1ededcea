#!/bin/sh
# t1220-test-bundled.sh — the bundled test descriptions (tests/progs/*.lineup), one per
# bundled library: RandomCheck with a fixed seed finds each buggy library's bug and
# minimises it to its known minimal size; the correct twins pass 10 random tests.
. "$top_srcdir/tests/e2e/test-lib.sh"
# Campaigns run many checks: a slow or loaded machine must not turn them into time-outs.
LP_TEST_TIMEOUT=${LP_TEST_TIMEOUT:-600}
lp_require_runtime
lp_require_prog libqueue-lock.so libqueue-trylock.so libstack-treiber.so libstack-agm.so \
	libcounter-atomic.so libcounter-loadstore.so libmbox.so libmbox-if.so

# each description names ./libX.so, next to itself
for d in queue-lock queue-trylock stack-treiber stack-agm counter-atomic counter-loadstore \
	mbox mbox-if; do
	cp "$top_srcdir/tests/progs/$d.lineup" "$T/"
	ln -s "$P/lib$d.so" "$T/lib$d.so"
done

# buggy library, options, minimal size (threads, calls): the trytake that gives up on a
# busy lock (add; add beside a trytake), the AGM stack's pop that reads and clears a slot
# in two steps (push; pop beside a pop), the counter whose increment is a load and a store
# (inc beside inc, at -g memory), the mailbox whose get waits with `if` instead of `while`
# (one get on an empty mailbox returns on a spurious wake-up; drawn from 2x2 tests: the
# first 3x3 test's phase 1 runs 26,289 serial executions, a minute alone and past the
# limit on a loaded machine, to find what a 2x2 test shows in half a second)
while read -r lib opts threads calls; do
	# shellcheck disable=SC2086 # opts: options separated by commas
	lp_run -p 1 --no-root-cause $(echo "$opts" | tr , ' ') --test "$T/$lib.lineup" --random 20 --seed 1
	expect_status 1 "$lib: RandomCheck finds the bug"
	expect_out "^test [0-9]+ of 20 \\(seed 1\\) shows a violation: $threads threads?, $calls calls?\$" \
		"$lib: minimised to $threads threads, $calls calls"
done <<EOF2
queue-trylock -q 2 3
stack-agm -q 2 3
counter-loadstore -gmemory 2 2
mbox-if --spurious-wakeups,--shape=2x2 1 1
EOF2

while read -r lib opts; do
	lp_run -p 1 $opts --test "$T/$lib.lineup" --random 10 -j 2
	expect_status 0 "$lib: 10 random tests pass"
done <<EOF2
queue-lock -q
stack-treiber -q
counter-atomic -gmemory
mbox --spurious-wakeups
EOF2
done_testing
