#!/bin/sh
# t0505-phase1-nondeterministic-seeded.sh — a library seeded at random on its first call
# (getrandom; GLib's g_random_int from /dev/urandom) returns other results on every run of
# the same schedule. With one call per thread the serial orders share no prefix, so phase
# 1 alone sees no disagreement; the concurrent history then has no witness, and before a
# violation is claimed the serial executions refuting it run again and disagree: exit 3
# with both serial histories, never a violation, under eager and lazy phase 1, for a
# client and for a test description; a deterministic buggy library keeps its violation.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libdice-seeded.so client-dice libqueue-trylock.so client-queue-trylock

# nondet WHAT: the last run reported the nondeterminism with its two serial histories.
nondet() {
	expect_status 3 "$1: exit status 3 (nondeterministic)"
	expect_verdict nondeterministic
	expect_no_out "^violation" "$1: no violation is claimed"
	expect_out "^The earlier history:$" "$1: the earlier serial history is shown"
	expect_out "^This history:$" "$1: the contradicting serial history is shown"
	[ "$(grep -c '^    history serial' "$OUT")" = 2 ] && [ "$(grep -c '^    end$' "$OUT")" = 2 ]
	ok $? "$1: both are complete serial histories"
	expect_out "thread 0\.[12]'s [a-z_]+\(.*\) returned [0-9]+ in the earlier one but returned [0-9]+ in this one" \
		"$1: the first disagreement is named"
}

for mode in eager lazy; do
	lp_run --phase1 "$mode" --target "$P/libdice-seeded.so" -- "$P/client-dice"
	nondet "client, --phase1 $mode"
done
# the default (eager: 2 serial orders) with every worker, and the replay of a schedule
lp_run --target "$P/libdice-seeded.so" -- "$P/client-dice"
nondet "client, default phase 1"
lp_run --replay c: --target "$P/libdice-seeded.so" -- "$P/client-dice"
expect_status 3 "--replay c:: exit status 3 (nondeterministic)"
expect_no_out "^# verdict: violation" "--replay c:: no violation is claimed"

cat > "$T/dice.lineup" <<DESC
# client-dice's test as a description
target $P/libdice-seeded.so
init   d = dice_new()
thread dice_roll(d)
thread dice_roll(d)
DESC
for mode in eager lazy; do
	lp_run --phase1 "$mode" --test "$T/dice.lineup"
	nondet "--test, --phase1 $mode"
done

# A deterministic buggy library: the refuting serial executions reproduce, and the
# violation stands.
for mode in eager lazy; do
	lp_run --no-root-cause --phase1 "$mode" --target "$P/libqueue-trylock.so" -- "$P/client-queue-trylock"
	expect_status 1 "trylock queue, --phase1 $mode: the violation stands (exit 1)"
	expect_out "^confirmation: [0-9]+ serial executions? refuting the violating history run again" \
		"trylock queue, --phase1 $mode: the summary says the confirmation ran"
done

if pkg-config --exists glib-2.0 2>/dev/null && [ -e "$P/client-glib-random" ]; then
	for mode in eager lazy; do
		lp_run --phase1 "$mode" --target libglib-2.0.so.0 -- "$P/client-glib-random"
		nondet "GLib g_random_int, --phase1 $mode"
	done
else
	i=0
	while [ $i -lt 16 ]; do
		skip "libglib2.0-dev is not installed (build-aux/setup.sh installs it)"
		i=$((i + 1))
	done
fi
done_testing
