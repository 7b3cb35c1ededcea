#!/bin/sh
# t0580-phase1-lazy.sh — lazy phase 1 (--phase1 lazy): serial executions run only when phase
# 2's checks need them. It must reach the verdict eager phase 1 reaches, with the same
# first violation, on correct and buggy libraries (crash, stuck, nondeterministic ones
# included) and on a 3x3 buggy queue, with fewer serial executions; --phase1 auto goes
# lazy past 100 serial orders (a 4x4 queue test: 63,063,000) and stays eager below.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_cmd jq jq
lp_require_prog libqueue-lock.so libqueue-trylock.so libevent-nolock.so libstack-agm.so \
	libstack-treiber.so libcounter-loadstore.so libbox-race.so libticket-pid.so libsemw.so \
	client-queue-lock client-queue-trylock client-event client-stack-agm \
	client-stack-treiber client-counter-loadstore client-box client-ticket client-sem \
	client-queue-grid-trylock client-queue-lock-3x3

# same LIB CLIENT STATUS: eager and lazy exit with STATUS and report the same schedule.
same() {
	lp_run -p 1 --no-root-cause --phase1 eager --target "$P/$1" -- "$P/$2"
	eager_rc=$RC
	eager_sched=$(report_field schedule)
	lp_run -p 1 --no-root-cause --phase1 lazy --json "$T/lazy.json" --target "$P/$1" -- "$P/$2"
	[ "$eager_rc" = "$3" ] && [ "$RC" = "$3" ]
	ok $? "$2 on $1: eager and lazy both exit $3 (eager $eager_rc, lazy $RC)"
	[ "$(report_field schedule)" = "$eager_sched" ]
	ok $? "$2 on $1: the same first violation ('$eager_sched')"
}
same libqueue-lock.so client-queue-lock 0
same libqueue-trylock.so client-queue-trylock 1
same libevent-nolock.so client-event 1
same libstack-agm.so client-stack-agm 1
same libstack-treiber.so client-stack-treiber 0
same libcounter-loadstore.so client-counter-loadstore 1
same libbox-race.so client-box 1
same libsemw.so client-sem 0
# A library whose results change from run to run: the lazy run's confirmation runs the
# failing history's order once more and finds the disagreement, as eager does.
same libticket-pid.so client-ticket 3
expect_out "^nondeterministic: two serial executions" "lazy: the nondeterminism is reported, not a violation"

# The 3x3 buggy queue: the same violation from a fraction of the 1,680 serial orders.
LP_TEST_TIMEOUT=${LP_TEST_TIMEOUT:-240}
lp_run -p 1 --no-root-cause --phase1 eager --target "$P/libqueue-trylock.so" -- \
	"$P/client-queue-grid-trylock" 3 3
eager_sched=$(report_field schedule)
expect_status 1 "3x3 trylock queue, eager: exit 1"
lp_run -p 1 --no-root-cause --phase1 lazy --json "$T/lazy.json" --target "$P/libqueue-trylock.so" -- \
	"$P/client-queue-grid-trylock" 3 3
expect_violation_report
[ "$(report_field schedule)" = "$eager_sched" ]
ok $? "3x3 trylock queue: lazy reports eager's first violation ('$eager_sched')"
expect_out "^phase 1: [0-9]+ serial executions, [0-9]+ distinct histories \(lazy: run when phase 2's checks needed them, of 1680 serial orders; " \
	"the phase-1 line says lazy and the number of serial orders"
[ "$(jq -r '.phase1.mode' "$T/lazy.json")" = lazy ] &&
	[ "$(jq -r '.phase1.serial_orders' "$T/lazy.json")" = 1680 ] &&
	[ "$(jq -r '.phase1.executions' "$T/lazy.json")" -lt 1680 ] &&
	[ "$(jq -r '.phase1.seconds | type' "$T/lazy.json")" = number ] &&
	[ "$(jq -r '.phase2.seconds | type' "$T/lazy.json")" = number ]
ok $? "JSON: phase1.mode lazy, serial_orders 1680, fewer executions, both phases' seconds"
run_replay
[ "$REPLAY_RC" = 1 ] && grep -q '^# verdict: violation' "$T/replay.out"
ok $? "the lazy run's replay command fails again (exit $REPLAY_RC)"

# --phase1 auto (the default) on a 4x4 queue test: lazy, and said why.
lp_run -p 0 --json "$T/auto.json" --target "$P/libqueue-lock.so" -- "$P/client-queue-lock-3x3" 4 4
expect_status 0 "4x4 at -p 0, default --phase1 auto: exit 0"
expect_out "of 63063000 serial orders, lazy since more than 100 orders" \
	"the summary says auto went lazy and why"
[ "$(jq -r '.phase1.mode' "$T/auto.json")" = lazy ]
ok $? "JSON: phase1.mode lazy"
lp_run -p 0 --target "$P/libqueue-lock.so" -- "$P/client-queue-lock"
expect_out "^phase 1: 3 serial executions, 3 distinct histories \(eager" \
	"--phase1 auto on a small test (3 orders): every order first"

lp_run --phase1 sometimes --target "$P/libqueue-lock.so" -- "$P/client-queue-lock"
expect_error "phase1.*eager, lazy or auto"
lp_run --phase1 lazy --observations "$T/obs" --target "$P/libqueue-lock.so" -- "$P/client-queue-lock"
expect_error "phase1 lazy.*observations"
done_testing
