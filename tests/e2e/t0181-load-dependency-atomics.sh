#!/bin/sh
# t0181-load-dependency-atomics.sh — a target whose lock lives in another library it links
# (libspincount.so takes libspinhelper.so's spin lock): the run warns in one line that the
# dependency's atomic instructions are not instrumented and gives the flag; with that flag
# the dependency is listed as instrumented (text and JSON), the warning is gone and the
# lock's steps become scheduling points (more executions).
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libspincount.so libspinhelper.so

export LD_LIBRARY_PATH="$P"
printf 'target libspincount.so\nthread sc_inc()\nthread sc_inc(); sc_get()\n' > "$T/sc.lineup"

lp_run --json "$T/without.json" --test sc.lineup
expect_status 0 "the counter is correct"
expect_out 'libspincount\.so calls into libspinhelper\.so, whose [0-9]+ atomic instructions? \(its locks\?\) (is|are) not instrumented: .*; add --instrument libspinhelper\.so$' \
	"the warning names the dependency and the flag"
test "$(grep -c 'calls into' "$OUT")" -eq 1
ok $? "one line"
grep -q '"instrumented": \["libspincount\.so"\]' "$T/without.json"
ok $? "JSON: only the target is instrumented"
grep -q 'add --instrument libspinhelper\.so' "$T/without.json"
ok $? "JSON: the warning is among the warnings"
without=$(sed -n 's/.*"phase2": {"executions": \([0-9]*\).*/\1/p' "$T/without.json")

lp_run --json "$T/with.json" --instrument libspinhelper.so --test sc.lineup
expect_status 0 "the counter is correct with its lock instrumented"
! grep -q 'calls into' "$OUT"
ok $? "no warning once the dependency is instrumented"
expect_out '^instrumented objects: libspincount\.so libspinhelper\.so$' "the summary lists both"
expect_out '^(instrumented|planned): .*xchg.* in libspinhelper\.so$' "the lock's exchange is trapped"
grep -q '"instrumented": \["libspincount\.so", "libspinhelper\.so"\]' "$T/with.json"
ok $? "JSON: both are instrumented"
with=$(sed -n 's/.*"phase2": {"executions": \([0-9]*\).*/\1/p' "$T/with.json")
test -n "$without" && test -n "$with" && test "$with" -gt "$without"
ok $? "the lock's steps are scheduling points: more executions ($without, then $with)"

# -g sync traps no instruction anywhere: nothing to warn about
lp_run -g sync --test sc.lineup
expect_status 0 "-g sync runs"
! grep -q 'calls into' "$OUT"
ok $? "no dependency warning at -g sync"
done_testing
