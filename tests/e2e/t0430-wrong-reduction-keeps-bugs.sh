#!/bin/sh
# t0430-wrong-reduction-keeps-bugs.sh — on every bundled example (buggy ones and their fixed
# twins) the reduced phase 2 (the default, --reduction sleep) gives the verdict and the
# violation kind of the unreduced one (--no-reduction), with no more executions, and
# --reduction race-free still runs to a verdict.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_cmd jq jq

# same LIB CLIENT [OPTIONS...]: one comparison (skipped when the programs are not built).
same() {
	lib=$1 client=$2
	shift 2
	if [ ! -e "$P/$lib" ] || [ ! -e "$P/$client" ]; then
		skip "$client: not built"
		return
	fi
	lp_run "$@" --no-reduction --json full.json --target "$P/$lib" -- "$P/$client"
	full_rc=$RC
	lp_run "$@" --json red.json --target "$P/$lib" -- "$P/$client"
	[ "$RC" = "$full_rc" ] &&
		[ "$(jq -r .verdict "$T/full.json")" = "$(jq -r .verdict "$T/red.json")" ] &&
		[ "$(jq -r '.violation.kind // "none"' "$T/full.json")" = "$(jq -r '.violation.kind // "none"' "$T/red.json")" ]
	ok $? "$client $*: same verdict and violation kind as --no-reduction ($(jq -r '.verdict + " " + (.violation.kind // "")' "$T/full.json"))"
	[ "$(jq -r .phase2.executions "$T/red.json")" -le "$(jq -r .phase2.executions "$T/full.json")" ] &&
		[ "$(jq -r .phase2.reduction "$T/red.json")" = sleep ] &&
		[ "$(jq -r .phase2.reduction "$T/full.json")" = off ] &&
		[ "$(jq -r .phase2.pruned "$T/full.json")" = 0 ]
	ok $? "$client $*: no more executions than without the reduction, which prunes nothing"
	lp_run "$@" --reduction race-free --target "$P/$lib" -- "$P/$client"
	[ "$RC" = 0 ] || [ "$RC" = 1 ]
	ok $? "$client $*: --reduction race-free gives a verdict"
}

same libqueue-trylock.so client-queue-trylock
same libqueue-trylock.so client-queue-trylock -p 1
same libqueue-lock.so client-queue-lock
same libevent-nolock.so client-event
same libbox-race.so client-box
same libsemw.so client-sem
same libcounter-atomic.so client-counter-atomic
same libcounter-loadstore.so client-counter-loadstore
same libcounter-plain.so client-counter-plain --granularity memory
same libstack-treiber.so client-stack-treiber
same libqueue-ms.so client-queue-ms
same libstack-agm.so client-stack-agm
same libevent-cas-fig9.so client-event-cas-fig9
same libevent-cas.so client-event-cas
done_testing
