#!/bin/sh
# t1200-test-fixed.sh — a fixed test written as a description (lineup-test(5)) runs with
# the built-in driver, no client compiled: the same verdicts, reports and replays as the
# client of the same test; malformed descriptions are refused with FILE:LINE.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libqueue-lock.so libqueue-trylock.so libprobe.so

mkdir -p "$T/sub"
cp "$P/libqueue-trylock.so" "$T/sub/"
cat > "$T/lock.lineup" <<DESC
# the Line-Up paper's queue test
target $P/libqueue-lock.so
init   q = queue_new()
thread queue_add(q, 200); queue_trytake(q)
thread queue_add(q, 300); queue_trytake(q)
DESC
lp_run --test "$T/lock.lineup"
expect_status 0 "correct queue: exit 0"
expect_verdict "no violation found"
expect_out '^phase 1: 6 serial executions' "phase 1 ran the serial orders of the 4 operations"

# a target relative to the description's folder
sed "s|^target .*|target sub/libqueue-trylock.so|" "$T/lock.lineup" > "$T/trylock.lineup"
lp_run --test "$T/trylock.lineup"
expect_status 1 "trylock queue: exit 1"
expect_out '^  thread 0\.1 +queue_add\(0x[0-9a-f]+, 200\); queue_trytake\(0x[0-9a-f]+\)$' \
	"the report shows the test's operations, the variable bound to queue_new's result"
replay=$(sed -n 's/^replay: //p' "$OUT")
case $replay in *"--test $T/trylock.lineup --replay c:"*) ok 0 "the replay command names the test" ;;
*) ok 1 "the replay command names the test (got: $replay)" ;; esac
eval "$replay" > "$T/replay.out" 2>&1
[ $? = 1 ] && grep -q '^# verdict: violation' "$T/replay.out"
ok $? "the replay command reproduces the violation"

# strings, NULL and final calls reach the functions
cat > "$T/probe.lineup" <<DESC
target $P/libprobe.so
init   n = probe_note(41)
thread probe_len("hello"); probe_note(n)
thread probe_note(NULL)
final  probe_note(-5)
DESC
lp_run --replay c: --test "$T/probe.lineup"
expect_status 0 "probe test: --replay c:"
expect_out '^0 call probe_note\(41\)$' "init calls are operations of main"
expect_out '^0\.1 ret 5$' "a string argument is passed as a C string"
expect_out '^0\.1 call probe_note\(41\)$' "a variable passes the result it was bound to"
expect_out '^0\.2 call probe_note\(0\)$' "NULL is a null pointer"
expect_out '^0 call probe_note\(-5\)$' "final calls run in main after the threads"

# floating point: doubles and floats between integers, where the types say
cat > "$T/float.lineup" <<DESC
target $P/libprobe.so
thread probe_scale(1.5, 2, 0.25f)
thread probe_scale(-2e1, 3, 1.0f)
DESC
lp_run --replay c: --test "$T/float.lineup"
expect_status 0 "float test: --replay c:"
expect_out '^0\.1 ret 3\.25$' "a double and a float reach the function (1.5 * 2 + 0.25)"
expect_out '^0\.2 ret -59$' "and an exponent (-2e1 * 3 + 1)"
printf 'target %s\nthread probe_scale(1.5, 2, 0.25)\n' "$P/libprobe.so" > "$T/nofloat.lineup"
lp_run --test "$T/nofloat.lineup"
expect_error "nofloat.lineup:2: argument 3 of probe_scale is a float: write it with an f"
printf 'target %s\nthread probe_scale(1, 2, 0.25f)\n' "$P/libprobe.so" > "$T/nodouble.lineup"
lp_run --test "$T/nodouble.lineup"
expect_error "nodouble.lineup:2: argument 1 of probe_scale is a double"

# malformed descriptions: exit 2, FILE:LINE
printf 'target %s\nthread queue_add(q, 1)\n' "$P/libqueue-lock.so" > "$T/unbound.lineup"
lp_run --test "$T/unbound.lineup"
expect_error "unbound.lineup:2: variable 'q' is not bound"
printf 'target %s\ninit q = queue_new()\nthread queue_ad(q, 1)\n' "$P/libqueue-lock.so" > "$T/name.lineup"
lp_run --test "$T/name.lineup"
expect_error "name.lineup:3: 'queue_ad' is not an exported function of the targets"
printf 'target %s\ninit q = queue_new()\nthread queue_add(q)\n' "$P/libqueue-lock.so" > "$T/arity.lineup"
lp_run --test "$T/arity.lineup"
expect_error "arity.lineup:3: queue_add takes 2 arguments, the test gives 1"
printf 'thread f(1)\n' > "$T/notarget.lineup"
lp_run --test "$T/notarget.lineup"
expect_error "names no target"
lp_run --test "$T/missing.lineup"
expect_error "cannot read test description"
lp_run --test "$T/lock.lineup" -- /bin/true
expect_error "both --test .* and a client"
done_testing
