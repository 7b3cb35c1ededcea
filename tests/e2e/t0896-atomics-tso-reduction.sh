#!/bin/sh
# t0896-atomics-tso-reduction.sh — the partial-order reduction under --memory-model tso
# (scheduler/explore.h, "Store buffers") loses nothing: for x86-TSO litmus programs at
# bounds 1 and 2, --reduction sleep reaches the same verdict and the same set of outcomes as
# --reduction off (each client appends what its operations returned to $LITMUS_OUT, every
# execution of both phases), and runs fewer executions at bound 2. Store buffering (SB,
# both loads read 0 under tso only) and message passing (MP, never flag without data) in
# one client, without and (bound 1) with mfence; Peterson's lock with mfence (bound 1); the
# Lamport ring; Peterson's lock without fence is a violation either way, at the same
# preemptions; a ticket lock spinning on loads holds either way.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_cmd jq jq
lp_require_prog liblitmus.so liblitmus-fence.so client-litmus client-litmus-fence \
	libpeterson-nodw.so libpeterson-fence-nodw.so client-peterson-nodw \
	client-peterson-fence-nodw libspsc-ring.so client-spsc-ring libspin-ticket.so \
	client-spin-ticket

# check NAME BOUND REDUCTION LIB CLIENT [OPTIONS]: one run at -j 1 (nothing run ahead that
# the search would not run), its outcomes sorted into $T/NAME-BOUND-REDUCTION.
check() {
	c_name=$1 c_b=$2 c_r=$3 c_lib=$4 c_client=$5
	shift 5
	rm -f "$T/out"
	LITMUS_OUT=$T/out lp_run -j 1 -p "$c_b" -g memory --memory-model tso --reduction "$c_r" \
		--json "$T/$c_name-$c_b-$c_r.json" "$@" --target "$P/$c_lib" -- "$P/$c_client"
	sort -u "$T/out" >"$T/$c_name-$c_b-$c_r" 2>/dev/null
	echo "# $c_name -p $c_b --reduction $c_r: exit $RC, $(executions "$c_name-$c_b-$c_r") executions"
}

executions() { jq .phase2.executions "$T/$1.json" 2>/dev/null; }

# same NAME BOUND LIB CLIENT [OPTIONS]: off and sleep agree (no violation, the same
# outcomes), and nothing ran ahead unused.
same() {
	s_name=$1 s_b=$2 s_lib=$3 s_client=$4
	shift 4
	check "$s_name" "$s_b" off "$s_lib" "$s_client" "$@"
	rc_off=$RC
	check "$s_name" "$s_b" sleep "$s_lib" "$s_client" "$@"
	[ "$rc_off" = 0 ] && [ "$RC" = 0 ]
	ok $? "$s_name -p $s_b: no violation with and without the reduction"
	f=$T/$s_name-$s_b
	[ -s "$f-off" ] && cmp -s "$f-off" "$f-sleep"
	ok $? "$s_name -p $s_b: the same outcomes ($(wc -l <"$f-off") distinct) reduced and not"
	[ "$(jq .phase2.speculated_unused "$f-sleep.json")" = 0 ]
	ok $? "$s_name -p $s_b: no execution ran ahead unused"
}

for b in 1 2; do
	same litmus $b liblitmus.so client-litmus -f 'sb_*' -f 'mp_*'
	# at bound 2 these run 1,700-2,600 executions each way at -j 1: bound 1 only, to keep
	# the suite short (litmus and the ring cover bound 2)
	[ "$b" = 1 ] && same litmus-fence $b liblitmus-fence.so client-litmus-fence -f 'sb_*' -f 'mp_*'
	[ "$b" = 1 ] && same peterson-fence $b libpeterson-fence-nodw.so client-peterson-fence-nodw
	same ring $b libspsc-ring.so client-spsc-ring
done
grep -q '^SB 0 0 ' "$T/litmus-2-sleep"
ok $? "store buffering shows both loads reading 0 (the tso reordering) under the reduction"
! grep -q '^SB 0 0 ' "$T/litmus-fence-1-sleep"
ok $? "with mfence no store-buffering reordering"
! grep -q 'MP 1 0$' "$T/litmus-2-sleep"
ok $? "message passing never shows the flag without the data"

for n in litmus ring; do
	[ "$(executions "$n-2-sleep")" -lt "$(executions "$n-2-off")" ]
	ok $? "$n -p 2: fewer executions reduced ($(executions "$n-2-sleep") < $(executions "$n-2-off"))"
done

for b in 1 2; do
	check peterson $b off libpeterson-nodw.so client-peterson-nodw
	rc_off=$RC
	check peterson $b sleep libpeterson-nodw.so client-peterson-nodw
	[ "$rc_off" = 1 ] && [ "$RC" = 1 ]
	ok $? "peterson without fence -p $b: a violation with and without the reduction"
	p_off=$(jq '[.violation.preemptions[] | select(.preemption)] | length' "$T/peterson-$b-off.json")
	p_red=$(jq '[.violation.preemptions[] | select(.preemption)] | length' "$T/peterson-$b-sleep.json")
	[ -n "$p_off" ] && [ "$p_off" = "$p_red" ]
	ok $? "peterson without fence -p $b: found at the same preemptions ($p_off, $p_red)"
done
expect_out "stale load: step [0-9]+: 0\.[12] at pc_inc" "the reduced run's report names the stale load"

# spin-wait fairness under the reduction: a ticket lock spinning on loads holds, neither
# stuck nor a livelock (a flush is news to the spinners of its line)
for r in off sleep; do
	lp_run -j 1 -p 2 -g memory --memory-model tso --reduction "$r" \
		--target "$P/libspin-ticket.so" -- "$P/client-spin-ticket"
	expect_status 0 "spin-ticket --reduction $r: no violation"
	expect_verdict "no violation found"
done
done_testing
