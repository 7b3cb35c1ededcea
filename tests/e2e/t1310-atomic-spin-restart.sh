#!/bin/sh
# t1310-atomic-spin-restart.sh — at -g atomic a ticket lock whose holder can be preempted
# at an atomic inside its critical section, and whose waiters spin on a plain acquire load:
# the watchdog finds the waiter spinning in the target, the loop's load becomes a scheduling
# point (--spin-site) and the run starts again; it then passes with a warning saying so.
# Without the spin site being found the run would end with the watchdog's error.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libspin-ticket-atom.so client-spin-ticket-atom
lp_require_cmd jq jq

lp_run -g atomic --json r.json --target "$P/libspin-ticket-atom.so" -- "$P/client-spin-ticket-atom"
expect_status 0 "ticket lock with an atomic in its critical section, -g atomic: exit 0"
expect_verdict "no violation found"
expect_out '^warning: thread [0-9.]+ spun at spinctr_inc\+0x[0-9a-f]+.* without a scheduling point; its loop.s 1 load is now a scheduling point \(--spin-site libspin-ticket-atom\.so\+0x[0-9a-f]+; run restarted\)$' \
	"the summary warns that the loop's load became a scheduling point"
! grep -q 'did not reach a scheduling point' "$ERR"
ok $? "no watchdog error"
expect_out 'instrumented: 2 rmw, 1 load in' "the plan traps the loop's load besides the atomics"
jq -e '.warnings // .summary.warnings | tostring | test("spun at spinctr_inc")' "$T/r.json" >/dev/null
ok $? "the JSON report carries the warning"

# Given by hand, the spin site needs no restart.
site=$(sed -n 's/.*(--spin-site \([^;]*\);.*/\1/p' "$OUT" | head -n 1)
lp_run -g atomic --spin-site "$site" --target "$P/libspin-ticket-atom.so" -- "$P/client-spin-ticket-atom"
expect_status 0 "--spin-site $site given by hand: exit 0"
expect_verdict "no violation found"
expect_no_out 'run restarted' "no restart when the loop's load is a scheduling point already"

# Its misuses are set-up errors.
lp_run -g memory --spin-site "$site" --target "$P/libspin-ticket-atom.so" -- "$P/client-spin-ticket-atom"
expect_error 'spin-site.*-g atomic'
lp_run -g atomic --spin-site nonsense --target "$P/libspin-ticket-atom.so" -- "$P/client-spin-ticket-atom"
expect_error "spin-site 'nonsense'.*OBJ\+0x"
lp_run -g atomic --spin-site libnothere.so+0x10 --target "$P/libspin-ticket-atom.so" -- "$P/client-spin-ticket-atom"
expect_error "names no target"
done_testing
