#!/bin/sh
# t0930-real-programs-byte-identical.sh — real multithreaded Debian programs run under the
# preload with scheduling on (one serial execution, --replay s:, every thread scheduled)
# write byte-identical output to their native runs: pigz -p 2, xz -T2 and zstd -T2. The
# operations are the programs' calls into libz (pigz) or liblzma (xz; zstd links it too, a
# build that does not is skipped).
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_cmd pigz pigz
lp_require_cmd xz xz-utils
lp_require_cmd zstd zstd

seq 1 60000 > "$T/in.txt"
LP_TEST_TIMEOUT=60
pigz -n -p 2 -c "$T/in.txt" > "$T/native.gz"
cp "$T/in.txt" "$T/p.txt"
lp_run -v --replay s: -t libz.so.1 -f deflate -s 'deflate(ptr,int)->int' -- pigz -n -p 2 -k p.txt
expect_status 0 "pigz -p 2 under the preload: exit 0"
grep -q ' 0\.1  *[a-z]' "$ERR"
ok $? "pigz's threads ran under the scheduler"
cmp -s "$T/p.txt.gz" "$T/native.gz"
ok $? "pigz -p 2: the output is byte-identical to the native one"
if ldd "$(command -v xz)" | grep -q liblzma; then
	xz -T2 -c "$T/in.txt" > "$T/native.xz"
	cp "$T/in.txt" "$T/x.txt"
	lp_run -v --replay s: -t liblzma.so.5 -f lzma_code -s 'lzma_code(ptr,int)->int' -- xz -T2 -k x.txt
	expect_status 0 "xz -T2 under the preload: exit 0"
	grep -q ' 0\.1  *[a-z]' "$ERR"
	ok $? "xz's worker thread ran under the scheduler"
	cmp -s "$T/x.txt.xz" "$T/native.xz"
	ok $? "xz -T2: the output is byte-identical to the native one"
else
	skip "this xz is not linked with liblzma (its calls are the operations)"
	skip "this xz is not linked with liblzma"
	skip "this xz is not linked with liblzma"
fi
if ldd "$(command -v zstd)" | grep -q liblzma; then
	zstd -q -T2 -c "$T/in.txt" > "$T/native.zst"
	lp_run -v --replay s: -t liblzma.so.5 -f lzma_code -s 'lzma_code(ptr,int)->int' -- zstd -q -T2 in.txt -o z.zst
	expect_status 0 "zstd -T2 under the preload: exit 0"
	grep -q ' 0\.1  *[a-z]' "$ERR"
	ok $? "zstd's worker threads ran under the scheduler"
	cmp -s "$T/z.zst" "$T/native.zst"
	ok $? "zstd -T2: the output is byte-identical to the native one"
else
	skip "this zstd is not linked with liblzma (its calls are the operations)"
	skip "this zstd is not linked with liblzma"
	skip "this zstd is not linked with liblzma"
fi
done_testing
