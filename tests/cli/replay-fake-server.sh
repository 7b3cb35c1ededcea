#!/bin/sh
# tests/cli/replay-fake-server.sh — --replay through the fork-server protocol, against a fake
# preload (tests/cli/fake-preload.c): history text and its verdict (a comment) on stdout,
# crash on stderr with exit 1.
top_builddir=${top_builddir:-.}
prog="$top_builddir/lineup-preload"
fake="$top_builddir/tests/cli/.libs/libfake-preload.so"
client=/bin/true
set -- -g sync -t libc.so.6 -f getpid -s 'getpid()->int'
echo "1..3"
out=$(LINEUP_PRELOAD_LIB=$fake "$prog" "$@" --replay c: -- $client 2>&1)
rc=$?
want=$(printf 'history concurrent schedule=c:\n0 call getpid()\n0 ret 42\nend\n# verdict: this history has a serial witness')
if [ $rc -eq 0 ] && [ "$out" = "$want" ]; then echo "ok 1 - replay prints the history"; else
	echo "not ok 1 - replay prints the history"; echo "$out" | sed 's/^/# /'; echo "# exit $rc"; fi
out=$(FAKE_CRASH=1 LINEUP_PRELOAD_LIB=$fake "$prog" "$@" --replay c: -- $client 2>&1 >/dev/null)
rc=$?
case "$rc:$out" in
1:*"client crashed with SIGABRT under schedule c:"*) echo "ok 2 - replay of a crash exits 1 and says so" ;;
*) echo "not ok 2 - replay of a crash exits 1 and says so"; echo "# exit $rc: $out" ;;
esac
out=$(LINEUP_PRELOAD_LIB=$fake "$prog" "$@" --replay c:1@0.x -- $client 2>&1)
rc=$?
case "$rc:$out" in
"2:lineup-preload: bad thread id in schedule 'c:1@0.x'"*) echo "ok 3 - bad schedule is an error line" ;;
*) echo "not ok 3 - bad schedule is an error line"; echo "# exit $rc: $out" ;;
esac
