#!/bin/sh
# t1000-fidelity-kill-leaves-nothing.sh — killing lineup-preload mid-run (SIGKILL, SIGTERM
# or SIGINT to its pid alone) leaves no process of the client (fork server, execution)
# and no file in $TMPDIR: PR_SET_PDEATHSIG, the client's own process group, cli/cleanup.c.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_cmd pgrep procps
lp_require_cmd pkill procps
lp_require_prog libsemw.so client-busy

# A private copy of a client whose executions run long (a thread yields forever), so that
# its processes are ours to count whatever else runs on the machine.
# Its process name (comm) is unique to this run of the test: pgrep -x finds it at once.
name=bk$$
cp "$P/client-busy" "$T/$name" || bail_out "cannot copy the client"
mkdir -p "$T/tmp"

count_procs() {
	pgrep -c -x "$name" || true
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
	echo "# \$ lineup-preload --target libsemw.so -- $name; kill -$sig"
	(cd "$T" && TMPDIR="$T/tmp" exec env --default-signal=INT "$LP" --watchdog 60 --target "$P/libsemw.so" -- "$T/$name") \
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
	pkill -KILL -x "$name" || true
	rm -rf "$T/tmp"/*
done
done_testing
