#!/bin/sh
# t1240-test-desc-errors.sh — every directive's error in a test description names FILE:LINE
# (target, signature, init, op, thread, final, unknown directives), with exit 2; values the
# description hands to the option code (targets, signatures) too, in a fixed test and in a
# generator's tests.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libqueue-lock.so

Q=$P/libqueue-lock.so
# desc NAME LINES...: writes $T/NAME.lineup, one argument a line
desc() {
	name=$1
	shift
	printf '%s\n' "$@" > "$T/$name.lineup"
}

desc badsig "target $Q" "signature queue_add(ptr,int" "init q = queue_new()" "thread queue_add(q, 1)"
lp_run --test badsig.lineup
expect_error "^lineup-preload: badsig\.lineup:2: bad signature 'queue_add\(ptr,int': missing '\)'"

desc nosig "target $Q" "init q = queue_new()" "signature nothere(int)->int" "thread queue_add(q, 1)"
lp_run --test nosig.lineup
expect_error "^lineup-preload: nosig\.lineup:3: signature 'nothere\(int\)->int' names no function under test"

desc twosig "target $Q" "signature queue_new()->ptr" "signature queue_new()->long" "thread queue_new()"
lp_run --test twosig.lineup
expect_error "^lineup-preload: twosig\.lineup:3: two signatures for 'queue_new'"

desc notarget "init q = queue_new()" "target ./nothere.so" "thread queue_add(q, 1)"
lp_run --test notarget.lineup
expect_error "^lineup-preload: notarget\.lineup:2: target '\./nothere\.so' not found: check the path"

desc unknown "target $Q" "thred queue_new()"
lp_run --test unknown.lineup
expect_error "^lineup-preload: unknown\.lineup:2: unknown directive 'thred'"

desc badinit "target $Q" "init q = queue_new(" "thread queue_add(q, 1)"
lp_run --test badinit.lineup
expect_error "^lineup-preload: badinit\.lineup:2: "

desc badthread "target $Q" "init q = queue_new()" "thread queue_add(q, 1) queue_add(q, 2)"
lp_run --test badthread.lineup
expect_error "^lineup-preload: badthread\.lineup:3: "

desc badfinal "target $Q" "init q = queue_new()" "thread queue_add(q, 1)" "final queue_trytake(q"
lp_run --test badfinal.lineup
expect_error "^lineup-preload: badfinal\.lineup:4: "

desc badop "target $Q" "init q = queue_new()" "op queue_add(q, 1..)"
lp_run --test badop.lineup --random 1
expect_error "^lineup-preload: badop\.lineup:3: "

# a generator's tests are written elsewhere: the errors still name the generator's line
desc gensig "target $Q" "init q = queue_new()" "signature queue_add(ptr,int" "op queue_add(q, 1..3)"
lp_run --test gensig.lineup --random 1 -j 1
expect_status 2 "a generator with a bad signature: exit 2"
grep -q "^lineup-preload: gensig\.lineup:3: bad signature 'queue_add(ptr,int'" "$ERR"
ok $? "its error names the generator's line"
# every check of a campaign would meet the same set-up error: it is said once, by the loud
# check of the first test, not once a check
desc gentarget "target ./nothere.so" "init q = queue_new()" "op queue_add(q, 1..3)"
lp_run --test gentarget.lineup --random 4 -j 2
expect_status 2 "a generator with a missing target: exit 2"
[ "$(grep -c "gentarget\.lineup:1: target '.*nothere\.so' not found: check the path" "$ERR")" = 1 ]
ok $? "its error is said once ($(grep -c 'not found' "$ERR") times)"
done_testing
