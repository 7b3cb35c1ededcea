#!/bin/sh
# build-aux/test-summary.sh BUILDDIR — after `make check`: show the log of every test
# that failed and end with one line "N passed, N failed, N skipped". Exit 1 on failure.
set -u
cd "${1:-.}"
pass=0 fail=0 skip=0
for trs in $(find . -name '*.trs' | sort); do
	p=$(grep -c '^:test-result: PASS' "$trs")
	f=$(grep -c -E '^:test-result: (FAIL|ERROR|XPASS)' "$trs")
	s=$(grep -c '^:test-result: SKIP' "$trs")
	pass=$((pass + p)) fail=$((fail + f)) skip=$((skip + s))
	if [ "$f" -gt 0 ]; then
		echo "==== ${trs%.trs}.log (failed) ===="
		tail -n 60 "${trs%.trs}.log"
	fi
done
if [ $((pass + fail + skip)) -eq 0 ]; then
	echo "no test results found: did make check build the tests?" >&2
	fail=1
fi
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
