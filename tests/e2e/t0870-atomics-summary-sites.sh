#!/bin/sh
# t0870-atomics-summary-sites.sh — the run's summary counts the instrumented sites of each kind (rmw, xchg, fence, pause, ...).
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libcounter-atomic.so client-counter-atomic libspin-pause.so client-spin-pause

# site_count KIND: the number printed next to KIND on the summary's sites line ("N KIND" or
# "KIND: N" / "KIND N"), empty when there is no such line.
site_count() {
	line=$(grep -Ei '^[[:space:]]*(sites|instrumented)' "$OUT" | head -n 1)
	printf '%s\n' "$line" | grep -Eo "([0-9]+ $1|$1[:= ]+[0-9]+)" | grep -Eo '[0-9]+' | head -n 1
}

lp_run --target "$P/libcounter-atomic.so" -- "$P/client-counter-atomic"
expect_status 0
expect_out '^[[:space:]]*(sites|instrumented)' "the summary has a line on instrumented sites"
n=$(site_count rmw)
[ -n "$n" ] && [ "$n" -ge 1 ]
ok $? "counter_inc's lock xadd is counted as an rmw site (got '${n:-none}')"

lp_run --target "$P/libspin-pause.so" -- "$P/client-spin-pause"
expect_status 0 "spin-pause: exit status 0"
n=$(site_count xchg)
[ -n "$n" ] && [ "$n" -ge 1 ]
ok $? "spin_acquire's xchg is counted as an xchg site (got '${n:-none}')"
n=$(site_count pause)
[ -n "$n" ] && [ "$n" -ge 1 ]
ok $? "spin_acquire's pause is counted as a pause site (got '${n:-none}')"
done_testing
