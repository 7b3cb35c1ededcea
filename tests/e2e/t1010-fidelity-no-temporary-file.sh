#!/bin/sh
# t1010-fidelity-no-temporary-file.sh — the patch plan is never a file: it travels in a
# memfd, so TMPDIR of any length (it was ignored from 40 characters on, the plan went to
# /tmp) or a missing TMPDIR changes nothing, and no kill can leave a plan behind.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libqueue-lock.so client-queue-lock libsemw.so client-busy

TMPDIR="$T/no/such/dir" lp_run --target "$P/libqueue-lock.so" -- "$P/client-queue-lock"
expect_status 0 "a TMPDIR that does not exist does not matter"
expect_verdict "no violation found"

# In a private /tmp (mount namespace), during a run: no plan in /tmp nor in a long TMPDIR.
if unshare -m true 2>/dev/null; then
	long=/tmp/a-temporary-directory-whose-path-is-longer-than-forty-characters
	unshare -m sh -c '
		mount -t tmpfs tmpfs /tmp || exit 1
		mkdir -p "$1"
		TMPDIR="$1" "$2" --watchdog 60 --target "$3/libsemw.so" -- "$3/client-busy" >/dev/null 2>&1 &
		sleep 1.5
		ls -A /tmp "$1"
		kill -KILL $!
		wait' sh "$long" "$LP" "$P" >"$T/ls.out" 2>&1
	cat "$T/ls.out" | sed 's/^/# /'
	! grep -q lineup-plan "$T/ls.out"
	ok $? "no lineup-plan file in /tmp or in a TMPDIR of 70 characters during a run"
else
	skip "unshare -m is not permitted here"
fi
done_testing
