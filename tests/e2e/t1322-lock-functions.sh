#!/bin/sh
# t1322-lock-functions.sh — --lock (issue 34): a lock built from a compare-and-swap and a
# futex, named by its function, is explored as a pthread mutex is (a thread at its swap waits
# while the swap would fail, so the contended path never runs): the futex-mutex pair passes
# in fewer executions, its bump done in two critical sections and its two locks taken in
# opposite orders (a deadlock) are still found, and every verdict is the one of --lock none
# (the lock's own code explored) at bounds 0 to 2, as are the outcomes the histories show. GLib's g_mutex_lock needs no name: the
# GAsyncQueue test explores fewer executions than with --lock none. Errors: a function with
# no swap, one with two, -g sync (a description's lock line named by its file and line).
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_cmd jq jq

run() { # NAME LOCK-OPTION BOUND LIB: the pair client on LIB, JSON in NAME.json
	LINEUP_DEBUG_HISTORIES="$T/$1.hist" \
		lp_run -q -p "$3" $2 --json "$1.json" --target "$P/lib$4.so" -- "$P/client-$4"
}

# same_results A B WHAT: the histories of runs A and B have the same outcomes
same_results() {
	lp_same_outcomes "$T/$1.hist" "$T/$2.hist" "$3: the outcomes of --lock none's histories"
}

lp_run --lock mutex_lock --target "$P/libpair-futex.so" -- "$P/client-pair-futex"
expect_status 0 "the futex-mutex pair passes with --lock mutex_lock"
expect_out '^instrumented: 2 xchg, 1 lock in ' "its swap is trapped as a lock acquire"
expect_out "^locks: mutex_lock in .*libpair-futex.so, trusted" "the summary names the trusted lock"
# the decisions say where a thread stands at the swap and list the words held (protocol.h,
# struct lp_held), which the reduction's held-back runs read; not with --lock none
WHY=$top_builddir/tests/tools/por-why
[ -x "$WHY" ] || bail_out "tests/tools/por-why is not built (make check builds it)"
for lock in mutex_lock none; do
	LINEUP_DEBUG_POR_LOG=$T/por-$lock.dump lp_run -q -j 1 --lock "$lock" \
		--target "$P/libpair-futex.so" -- "$P/client-pair-futex"
	"$WHY" "$T/por-$lock.dump" >"$T/why-$lock.txt"
done
grep -q '^decisions at a blocking lock: [1-9][0-9]*, listing a lock held: [1-9][0-9]*$' \
	"$T/why-mutex_lock.txt" &&
	grep -q '^decisions at a blocking lock: 0, listing a lock held: 0$' "$T/why-none.txt"
ok $? "the swap's decisions are lock waits and the word held is listed; none with --lock none"

for lib in pair-futex pair-futex-race pair-futex-abba; do
	for b in 0 1 2; do
		run "$lib-$b-lock" "--lock mutex_lock" $b $lib
		lock_rc=$RC
		run "$lib-$b-none" "--lock none" $b $lib
		[ "$lock_rc" = "$RC" ] &&
			[ "$(jq -r .violation.kind "$T/$lib-$b-lock.json")" = \
				"$(jq -r .violation.kind "$T/$lib-$b-none.json")" ]
		ok $? "$lib -p $b: the verdict of --lock none (exit $RC, $(jq -r .verdict "$T/$lib-$b-none.json"))"
	done
done
[ "$(jq -r .verdict "$T/pair-futex-race-2-lock.json")" = violation ]
ok $? "the half-done bump is found with the lock trusted"
[ "$(jq -r .violation.kind "$T/pair-futex-abba-2-lock.json")" = stuck ]
ok $? "the two locks taken in opposite orders deadlock (stuck)"
l=$(jq -r .phase2.executions "$T/pair-futex-2-lock.json")
n=$(jq -r .phase2.executions "$T/pair-futex-2-none.json")
[ "$l" -lt "$n" ]
ok $? "-p 2: fewer executions with the lock trusted ($l < $n)"

# a lock whose swap expects what it read (a count beside the held bit) named by mistake: the
# waits end before a false deadlock, and the lock's own code runs; verdicts as --lock none
for b in 1 2; do
	run "counted-$b-lock" "--lock mutex_lock" $b pair-futex-counted
	expect_status 0 "a misnamed lock gives no false stuck history (-p $b)"
	run "counted-$b-none" "--lock none" $b pair-futex-counted
	expect_status 0 "the counted lock passes with --lock none (-p $b)"
	same_results "counted-$b-lock" "counted-$b-none" "the counted lock -p $b"
done
same_results pair-futex-2-lock pair-futex-2-none "the futex-mutex pair -p 2"

# a stripped library's static lock function: named by its swap's address, OBJ+0xOFF
if command -v strip >/dev/null 2>&1 && command -v objdump >/dev/null 2>&1; then
	strip -o "$T/libpf-stripped.so" "$P/libpair-futex.so"
	off=$(objdump -d "$T/libpf-stripped.so" | awk '/lock cmpxchg/ { sub(":", "", $1); print $1; exit }')
	cat >"$T/stripped.lineup" <<EOT
target    ./libpf-stripped.so
signature pair_new()->ptr
signature pair_bump(ptr)->void
signature pair_diff(ptr)->int
init      p = pair_new()
thread    pair_bump(p); pair_diff(p)
thread    pair_diff(p); pair_bump(p)
EOT
	lp_run -q --lock mutex_lock --test stripped.lineup
	expect_error "--lock 'mutex_lock': no function of that name"
	lp_run -p 2 --lock "libpf-stripped.so+0x$off" --json stripped.json --test stripped.lineup
	expect_status 0 "the stripped pair passes with its swap named by address (0x$off)"
	expect_out "^locks: libpf-stripped.so\+0x$off in " "the summary names it by that address"
	lp_run -q -p 2 --lock none --json stripped-none.json --test stripped.lineup
	l=$(jq -r .phase2.executions "$T/stripped.json")
	n=$(jq -r .phase2.executions "$T/stripped-none.json")
	[ "$l" -lt "$n" ]
	ok $? "fewer executions than with --lock none ($l < $n)"
	lp_run --lock "libpf-stripped.so+0x1" --test stripped.lineup
	expect_error "no compare-and-swap \(lock cmpxchg\) at offset 0x1"
	lp_run --lock "libnone.so+0x$off" --test stripped.lineup
	expect_error "--lock 'libnone.so\+0x$off' names no target"
else
	skip "no strip or objdump (binutils)"
fi

# a test description's lock line is --lock
cat >"$T/pair.lineup" <<EOT
target $P/libpair-futex.so
lock   mutex_lock
init   p = pair_new()
thread pair_bump(p); pair_diff(p)
thread pair_diff(p)
EOT
lp_run --test "$T/pair.lineup"
expect_status 0 "a description with a lock line passes"
expect_out '^instrumented: 2 xchg, 1 lock in ' "its lock line made the swap a lock acquire"
sed 's/mutex_lock$/nosuch/' "$T/pair.lineup" >"$T/bad.lineup"
lp_run --test "$T/bad.lineup"
expect_error "bad.lineup:2: lock 'nosuch': no function of that name"
lp_run -g sync --test "$T/pair.lineup"
expect_error "pair.lineup:2: lock 'mutex_lock' has no effect with -g sync"

# a campaign's emitted client carries the lock line in its notes (it runs without --lock)
if command -v cc >/dev/null 2>&1; then
	cp "$P/libpair-futex-abba.so" "$T/"
	cat >"$T/gen.lineup" <<EOT
target ./libpair-futex-abba.so
lock   mutex_lock
init   p = pair_new()
op     pair_bump(p)
op     pair_diff(p)
EOT
	lp_run -q --test gen.lineup --random 10 --shape 2x1 --seed 1 --emit-client client.c
	expect_status 1 "a campaign with a lock line finds the deadlock"
	build=$(sed -n 's/^ \* Build it with: *//p' "$T/client.c")
	if (cd "$T" && eval "$build") 2>"$T/cc.err"; then
		lp_run -- ./client
		expect_status 1 "the emitted client shows the deadlock"
		expect_out '^locks: mutex_lock in ' "its notes name the lock (no --lock given)"
		lp_run -g sync -- ./client
		expect_error "the client's lock note 'mutex_lock' \(from its test description\) has no effect with -g sync"
	else
		ok 1 "the emitted client builds: $(head -n 3 "$T/cc.err")"
	fi
else
	skip "no C compiler"
fi

# the errors
lp_run --lock pair_bump --target "$P/libpair-futex.so" -- "$P/client-pair-futex"
expect_error "--lock 'pair_bump': no function of that name with a compare-and-swap"
lp_run --lock nosuch --target "$P/libpair-futex.so" -- "$P/client-pair-futex"
expect_error "--lock 'nosuch': no function of that name"
lp_run -g sync --lock mutex_lock --target "$P/libpair-futex.so" -- "$P/client-pair-futex"
expect_error "--lock 'mutex_lock' has no effect with -g sync"
lp_run -g sync --lock none --target "$P/libpair-futex.so" -- "$P/client-pair-futex"
expect_status 0 "--lock none is fine with -g sync"

# GLib's GMutex without a name: the fixed GAsyncQueue test at -p 1
if pkg-config --exists glib-2.0 2>/dev/null; then
	for l in default none; do
		opt=
		[ $l = none ] && opt="--lock none"
		LINEUP_DEBUG_HISTORIES="$T/glib-$l.hist" \
			lp_run -q -p 1 $opt --json "glib-$l.json" \
			--test "$top_srcdir/bench/glib-asyncq-3x3.lineup"
		expect_status 0 "GAsyncQueue 3x3 -p 1 passes (--lock $l)"
	done
	same_results glib-default glib-none "GAsyncQueue 3x3 -p 1, GMutex trusted"
	d=$(jq -r .phase2.executions "$T/glib-default.json")
	n=$(jq -r .phase2.executions "$T/glib-none.json")
	[ "$d" -lt "$n" ]
	ok $? "g_mutex_lock is a lock without --lock: $d executions, $n with --lock none"
else
	skip "GLib is not installed"
fi
done_testing
