#!/bin/sh
# demo.sh — the bundled demo from the installed files (make install, or the Debian
# package: /usr/libexec/lineup-preload/demo/demo.sh): lineup-preload checks the Line-Up
# paper's Figure 1 queue (its trytake gives up when the lock is busy) with its client,
# then from a test description with 20 random tests, and finds the bug both times.
# The installed library and client are stripped: --signature gives the types.
# Exit status: 0 when both runs found the violation (exit 1 each), 1 otherwise.
set -u
here=$(cd "$(dirname "$0")" && pwd)
bin=${LINEUP_PRELOAD:-lineup-preload}
work=$(mktemp -d "${TMPDIR:-/tmp}/lineup-demo.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2
# the client finds libdemo-queue.so here (it has no RUNPATH)
LD_LIBRARY_PATH=$here${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export LD_LIBRARY_PATH

echo "\$ lineup-preload --target $here/libdemo-queue.so -s ... -- $here/demo-client"
"$bin" --target "$here/libdemo-queue.so" -s 'queue_new()->ptr' -s 'queue_add(ptr,int)->void' \
	-s 'queue_trytake(ptr)->int' -- "$here/demo-client"
client=$?
echo "exit status $client"

# the description names its target relative to itself: here, the installed library
sed "s|^target .*|target $here/libdemo-queue.so|" "$here/queue.lineup" > queue.lineup
printf '%s\n' 'signature queue_new()->ptr' 'signature queue_add(ptr,int)->void' \
	'signature queue_trytake(ptr)->int' >> queue.lineup
echo "\$ lineup-preload -p 1 --no-root-cause --test queue.lineup --random 20"
"$bin" -p 1 --no-root-cause --test queue.lineup --random 20
test=$?
echo "exit status $test"
[ "$client" = 1 ] && [ "$test" = 1 ]
