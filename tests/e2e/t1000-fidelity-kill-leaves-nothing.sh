#!/bin/sh
# t1000-fidelity-kill-leaves-nothing.sh — killing lineup-preload mid-run (SIGKILL, SIGTERM
# or SIGINT to its pid alone) leaves no process of the client (fork server, execution)
# and no file in $TMPDIR: PR_SET_PDEATHSIG, the client's own process group, cli/cleanup.c.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libsemw.so client-busy

# A private copy of a client whose executions run long (a thread yields forever), so that
# its processes are ours to count whatever else runs on the machine.
cp "$P/client-busy" "$T/busy-kill" || bail_out "cannot copy the client"
mkdir -p "$T/tmp"

count_procs() {
	n=0
	for e in /proc/[0-9]*/exe; do
		[ "$(readlink "$e" 2>/dev/null)" = "$T/busy-kill" ] && n=$((n + 1))
	done
	echo "$n"
}

# wait_procs WANT: polls (10 s at most) until count_procs says WANT (or more, for "1").
wait_procs() {
	i=0
	while [ "$i" -lt 100 ]; do
		c=$(count_procs)
		if [ "$1" = 0 ] && [ "$c" = 0 ]; then return 0; fi
		if [ "$1" != 0 ] && [ "$c" -ge "$1" ]; then return 0; fi
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

for sig in KILL TERM INT; do
	echo "# \$ lineup-preload --target libsemw.so -- busy-kill; kill -$sig"
	(cd "$T" && TMPDIR="$T/tmp" exec env --default-signal=INT "$LP" --target "$P/libsemw.so" -- "$T/busy-kill") \
		>"$OUT" 2>"$ERR" &
	pid=$!
	wait_procs 2
	ok $? "SIG$sig: the fork server and an execution run"
	sleep 0.3
	kill -"$sig" "$pid"
	wait "$pid"
	wait_procs 0
	ok $? "SIG$sig: no process of the client is left"
	[ -z "$(ls -A "$T/tmp")" ]
	ok $? "SIG$sig: nothing is left in \$TMPDIR"
	# Whatever happened, no stray process spoils the next round.
	for e in /proc/[0-9]*/exe; do
		[ "$(readlink "$e" 2>/dev/null)" = "$T/busy-kill" ] && { kill -KILL "$(basename "$(dirname "$e")")" 2>/dev/null || true; }
	done
	rm -rf "$T/tmp"/*
done
done_testing
