#!/bin/sh
# t1210-test-generate.sh — tests generated from a description's op lines: RandomCheck
# (--random, --seed) finds the trylock queue's bug and minimises it to its known minimal
# size (add; add beside one trytake), the same seed gives the same tests, a correct queue
# passes 20 random 3x3 tests, shards merged give the unsharded verdict and counts, AutoCheck
# (--auto) stops at the first violation, and --emit-client writes a client that fails too.
. "$top_srcdir/tests/e2e/test-lib.sh"
# Campaigns run many checks: a slow or loaded machine must not turn them into time-outs.
LP_TEST_TIMEOUT=${LP_TEST_TIMEOUT:-600}
lp_require_runtime
lp_require_prog libqueue-lock.so libqueue-trylock.so
lp_require_cmd jq jq
lp_require_cmd pgrep procps

cat > "$T/buggy.lineup" <<DESC
target $P/libqueue-trylock.so
init   q = queue_new()
op     queue_add(q, 1..9)
op     queue_trytake(q)
DESC
sed "s|libqueue-trylock|libqueue-lock|" "$T/buggy.lineup" > "$T/correct.lineup"

lp_run --test "$T/buggy.lineup" --random 10 --seed 7 -p 1 --json "$T/b.json" --emit-client "$T/client.c"
expect_status 1 "RandomCheck finds the trylock bug: exit 1"
expect_verdict "violation"
expect_out '^tests: 10 random tests of 3x3, seed 7$' "the campaign and its seed are printed"
expect_out '^test [0-9]+ of 10 \(seed 7\) shows a violation: 2 threads, 3 calls$' \
	"minimised to the known minimal size: 2 threads, 3 calls"
jq -e '.violation.minimal == true and .seed == 7 and .generated == 10
	and (.violation.test | test("thread    queue_add\\(q, [0-9]\\); queue_add\\(q, [0-9]\\)\n"))
	and (.violation.test | test("thread    queue_trytake\\(q\\)\n"))
	and ([.results[] | select(.verdict == "violation")] | length) == 1' "$T/b.json" >/dev/null
ok $? "the JSON report has the minimised test, in lineup-test(5) form"
min=$(sed -n 's/^the failing test, written to \(.*\):$/\1/p' "$OUT")
[ -f "$min" ] && rm_min=$min
lp_run --test "$min" -p 1
expect_status 1 "the written failing test fails again on its own"
replay=$(sed -n 's/^replay: //p' "$OUT")
eval "$replay" > "$T/replay.out" 2>&1
[ $? = 1 ]
ok $? "its replay command reproduces the violation"
[ -n "$rm_min" ] && rm -f "$rm_min"

# the emitted client fails the same way
if ${CC:-cc} -pthread -o "$T/client" "$T/client.c" "$P/libqueue-trylock.so" -Wl,-rpath,"$P" 2>"$T/cc.err"; then
	lp_run -p 1 -- "$T/client"
	expect_status 1 "the --emit-client client shows the violation too"
else
	ok 1 "the emitted client compiles: $(head -n 3 "$T/cc.err")"
fi

# -j changes nothing but the time: the same first violation and counts
lp_run --test "$T/buggy.lineup" --random 10 --seed 4 -p 1 --no-minimise -j 1 --json "$T/j1.json"
lp_run --test "$T/buggy.lineup" --random 10 --seed 4 -p 1 --no-minimise -j 2 --json "$T/j2.json"
[ "$(jq -c '[.tests, .violation.index, [.results[].verdict]]' "$T/j1.json")" = \
	"$(jq -c '[.tests, .violation.index, [.results[].verdict]]' "$T/j2.json")" ]
ok $? "-j 1 and -j 2: the same tests run, the same first violation"

# same seed, same tests; another seed, other tests
lp_run --test "$T/correct.lineup" --random 3 --seed 5 -p 0 --json "$T/s1.json"
lp_run --test "$T/correct.lineup" --random 3 --seed 5 -p 0 --json "$T/s2.json"
lp_run --test "$T/correct.lineup" --random 3 --seed 6 -p 0 --json "$T/s3.json"
[ "$(jq -c '[.results[].test]' "$T/s1.json")" = "$(jq -c '[.results[].test]' "$T/s2.json")" ]
ok $? "the same seed gives the same tests"
[ "$(jq -c '[.results[].test]' "$T/s1.json")" != "$(jq -c '[.results[].test]' "$T/s3.json")" ]
ok $? "another seed gives other tests"

# a correct queue passes 20 random 3x3 tests
lp_run --test "$T/correct.lineup" --random 20 -p 1 -j 2 --json "$T/c.json"
expect_status 0 "the correct queue passes 20 random 3x3 tests"
expect_verdict "no violation found"
jq -e '.tests == 20 and ([.results[] | select(.verdict == "no violation found" and .phase1_executions > 0)] | length) == 20' "$T/c.json" >/dev/null
ok $? "each of the 20 tests was checked (phase 1 ran)"

# shards: the same tests, the same verdict and counts as unsharded
lp_run --test "$T/buggy.lineup" --random 9 --seed 3 -p 1 --no-minimise --json "$T/all.json"
all_status=$RC
for k in 1 2 3; do
	lp_run --test "$T/buggy.lineup" --random 9 --seed 3 -p 1 --no-minimise --shard $k/3 --json "$T/sh$k.json"
done
lp_run merge "$T/sh1.json" "$T/sh2.json" "$T/sh3.json"
expect_status "$all_status" "merged shards: the unsharded exit status"
first=$(jq '.violation.index' "$T/all.json")
expect_out "^first violation: test $first " "merged shards: the unsharded first violation (test $first)"
for k in 1 2 3; do jq -c '.results[] | [.index, .test]' "$T/sh$k.json"; done | sort > "$T/sharded.tests"
jq -c '.results[] | [.index, .test]' "$T/all.json" | sort > "$T/unsharded.tests"
comm -23 "$T/unsharded.tests" "$T/sharded.tests" > "$T/missing"
[ ! -s "$T/missing" ]
ok $? "every test the unsharded run checked was checked, unchanged, by a shard"

lp_run --test "$T/correct.lineup" --random 6 -p 0 --json "$T/u.json"
lp_run --test "$T/correct.lineup" --random 6 -p 0 --shard 1/2 --json "$T/u1.json"
lp_run --test "$T/correct.lineup" --random 6 -p 0 --shard 2/2 --json "$T/u2.json"
lp_run merge "$T/u1.json" "$T/u2.json"
expect_status 0 "merged shards of a passing campaign: exit 0"
expect_out '^shards: 2 reports, 6 of 6 generated tests run$' "merged shards: the unsharded count of tests"

# AutoCheck: growing size, stops at the first violation
lp_run --test "$T/buggy.lineup" --auto -p 1 --no-minimise --json "$T/auto.json"
expect_status 1 "AutoCheck finds the bug"
jq -e '.mode == "auto" and .tests < .generated and .tests == .violation.index
	and (.results[0].test | test("thread    queue_(add\\(q, 1\\)|trytake\\(q\\))\n$"))' "$T/auto.json" >/dev/null
ok $? "AutoCheck starts with 1x1 tests and stops at the first violation"

# SIGTERM ends a campaign cleanly: what was checked, exit 143 (128 + SIGTERM), nothing left behind
mkdir -p "$T/tmp"
(cd "$T" && TMPDIR="$T/tmp" exec "$LP" --test "$T/correct.lineup" --random 100 -j 1 \
	--json "$T/int.json" >"$T/int.out" 2>&1) &
pid=$!
sleep 3
kill -TERM $pid
wait $pid
[ $? = 143 ] && grep -q '^stopped by SIGTERM: [0-9]* of the 100 tests checked before it$' "$T/int.out"
ok $? "SIGTERM: exit 143, the summary says what was checked"
jq -e '.interrupted == true and .stopped_by == "SIGTERM" and .tests < 100' "$T/int.json" >/dev/null
ok $? "SIGTERM: the JSON report is marked interrupted"
[ -z "$(ls -A "$T/tmp")" ] && ! pgrep -f "$T/tmp" >/dev/null
ok $? "SIGTERM: no generated test and no check left behind"

# errors
lp_run --test "$T/correct.lineup" --random 5 --shape 3y3
expect_error "bad value '3y3' for --shape"
printf 'target %s\ninit q = queue_new()\nthread queue_add(q, 1)\n' "$P/libqueue-lock.so" > "$T/fixed.lineup"
lp_run --test "$T/fixed.lineup" --random 5
expect_error "is a fixed test .*need a generator"
lp_run --random 5 -- /bin/true
expect_error "give it with --test FILE"
printf 'target %s\ninit q = queue_new()\nop queue_ad(q, 1)\n' "$P/libqueue-lock.so" > "$T/badop.lineup"
lp_run --test "$T/badop.lineup" --random 2 -p 0
expect_status 2 "a generator whose op names no function: exit 2"
grep -q "badop.lineup: in a test generated from it: 'queue_ad' is not an exported function" "$ERR"
ok $? "the error names the description, not the temporary test"
lp_run merge "$T/fixed.lineup"
expect_error "is not the JSON report of a generated-test run"
done_testing
