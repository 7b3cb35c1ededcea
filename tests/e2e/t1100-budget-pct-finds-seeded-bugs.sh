#!/bin/sh
# t1100-budget-pct-finds-seeded-bugs.sh — --strategy pct (seed 1) finds the seeded bug of every bundled buggy example within 1,000 samples, and each report replays; --strategy random too; PCT on a correct library exits 0 with its guarantee.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libqueue-trylock.so client-queue-trylock libevent-nolock.so client-event libbox-race.so client-box \
	libevent-cas-fig9.so client-event-cas-fig9 libstack-agm.so client-stack-agm libqueue-ms.so client-queue-ms

# found NAME LIB CLIENT KIND: PCT reports a violation of KIND whose replay reproduces it.
found() {
	name=$1 lib=$2 client=$3 kind=$4
	lp_run --strategy pct --seed 1 --samples 1000 --target "$lib" -- "$client"
	expect_violation_report
	expect_out "^violation \($kind" "$name: a $kind violation"
	expect_out '^coverage: [0-9,]+ random schedules? \(PCT depth 3, seed 1\)$' "$name: the summary gives the samples run, the depth and the seed"
	run_replay
	[ "$REPLAY_RC" = 1 ]
	ok $? "$name: the replay command reproduces the violation (exit 1, got $REPLAY_RC)"
}

found queue-trylock "$P/libqueue-trylock.so" "$P/client-queue-trylock" non-linearizable
found event-nolock "$P/libevent-nolock.so" "$P/client-event" stuck
found box-race "$P/libbox-race.so" "$P/client-box" 'client crashed'
found event-cas-fig9 "$P/libevent-cas-fig9.so" "$P/client-event-cas-fig9" stuck
found stack-agm "$P/libstack-agm.so" "$P/client-stack-agm" non-linearizable

# Uniform random choices find the queue's bug too, with another seed.
lp_run --strategy random --seed 3 --samples 1000 --target "$P/libqueue-trylock.so" -- "$P/client-queue-trylock"
expect_violation_report
expect_out '^coverage: [0-9,]+ random schedules? \(uniform choices, seed 3\)$' "random: the summary names the strategy and the seed"

# A correct library: every sample passes, exit 0, and the verdict's guarantee is stated.
lp_run --strategy pct --samples 200 --target "$P/libqueue-ms.so" -- "$P/client-queue-ms"
expect_status 0 "correct queue: exit 0"
expect_verdict "no violation found"
expect_out '^coverage: 200 random schedules \(PCT depth 3, seed 1\)$' "correct queue: 200 samples ran"
expect_out '^guarantee: .*each PCT run finds a bug of depth 3 with probability >= 1/\(n\*k\^2\)' "correct queue: the PCT guarantee is stated"
expect_no_out '^phase 2: [0-9]+ concurrent executions \(preemption bound' "no bounded search ran"
done_testing
