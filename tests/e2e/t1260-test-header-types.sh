#!/bin/sh
# t1260-test-header-types.sh — a stripped library checked from its C header alone (issue
# 35): `header` gives the types (typedefs, enums, pointers to structs), `thread-init` and
# `thread-fini` run in every test thread without being operations, `$thread` is the
# thread's index, and `out int` makes what a pop writes through its pointer part of the
# result: a random campaign finds the bug that only that value shows, and passes the
# fixed twin. A function the header does not declare is named before anything runs.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_cmd cc gcc
lp_require_prog libslotq-stripped.so libslotq-dup-stripped.so libslotq-helper.so

mkdir -p "$T/inc"
cp "$P/libslotq-stripped.so" "$P/libslotq-dup-stripped.so" "$P/libslotq-helper.so" "$T/"
cp "$top_srcdir/tests/progs/slotq.h" "$T/inc/"
if readelf -S "$T/libslotq-dup-stripped.so" | grep -q -e '\.symtab' -e '\.debug_info'; then
	ok 1 "the library is stripped (no .symtab, no DWARF)"
else
	ok 0 "the library is stripped (no .symtab, no DWARF)"
fi

gen() { # $1 library, $2 file
	cat > "$2" <<DESC
target      ./$1
header      inc/slotq.h
init        q = slotq_new()
init        slotq_attach(q, 7)
init        slotq_push(q, 5)
init        slotq_push(q, 6)
thread-init slotq_attach(q, \$thread)
thread-fini slotq_detach(q)
op          slotq_pop(q, out int)
op          slotq_push(q, 1..2)
DESC
}

# a fixed test: the out-parameter's value is in the result, thread-init calls are none
cat > "$T/fixed.lineup" <<DESC
target      ./libslotq-dup-stripped.so
header      inc/slotq.h
init        q = slotq_new()
init        slotq_attach(q, 7)
init        slotq_push(q, 5)
init        slotq_push(q, 6)
thread-init slotq_attach(q, \$thread)
thread-fini slotq_detach(q)
thread      slotq_pop(q, out int)
thread      slotq_pop(q, out int); slotq_pop(q, out int)
DESC
lp_run --replay c: --test "$T/fixed.lineup"
expect_status 0 "fixed test, --replay c: (types from the header of a stripped library)"
expect_out '^0\.1 call slotq_pop\(0x[0-9a-f]+, out\)$' "an out-parameter is written 'out' in the call"
expect_out '^0\.1 ret 0 out=5$' "the pointee's value after the call is part of the result"
expect_out '^0\.2 ret 0 out=6$' "each call has its own zeroed object"
expect_out '^0\.2 ret 1 out=0$' "an enum result, the object left as it was (zero)"
expect_no_out 'slotq_attach\(0x[0-9a-f]+, [01]\)' "thread-init calls are no operations"
expect_no_out ' ret 2' "every thread attached before its first operation (not SLOTQ_DETACHED)"

# checked in full: a violation; the JSON report and the observations carry the values
lp_run --test "$T/fixed.lineup" --json "$T/r.json" --observations "$T/obs.txt"
expect_status 1 "the fixed test on the buggy queue: a violation"
grep -q 'ret 0 out=5' "$T/r.json"
ok $? "the JSON report has the out-parameter's value in the results"
grep -q '^0\.1 ret 0 out=5$' "$T/obs.txt"
ok $? "the observations have it"

# the campaign finds the duplicated item, visible only through the out-parameter
gen libslotq-dup-stripped.so "$T/dup.lineup"
lp_run --test dup.lineup --random 30 --shape 2x1 --seed 1 --emit-client client.c
expect_status 1 "random campaign on the stripped buggy queue: a violation"
expect_out 'slotq_pop\(q, out int\)' "the failing test pops through the out-parameter"
expect_out ' -> 0 out=6$' "the report shows the item both pops got"
# the emitted client includes the header, builds with the command it gives and reruns
# as it is: set-up calls are no operations, the out-parameter is in the results
build=$(sed -n 's/^ \* Build it with: *//p' "$T/client.c")
grep -q '^#include ".*inc/slotq.h"$' "$T/client.c" && grep -q '&out0' "$T/client.c"
ok $? "the emitted client includes the header and passes the out-parameter's address"
if (cd "$T" && eval "$build") 2>"$T/cc.err"; then
	lp_run -- ./client
	expect_status 1 "the emitted client, run as it is, shows the violation"
	expect_out ' -> 0 out=6$' "through the out-parameter"
	expect_no_out 'slotq_attach\(' "its set-up calls are no operations"
else
	ok 1 "the emitted client builds: $(head -n 3 "$T/cc.err")"
fi
gen libslotq-stripped.so "$T/ok.lineup"
lp_run --test ok.lineup --random 30 --shape 2x1 --seed 1
expect_status 0 "the same campaign on the fixed twin: no violation"
expect_verdict "no violation found"

# a function the header does not declare is named with the line of its first call
grep -v slotq_pop "$T/inc/slotq.h" > "$T/inc/partial.h"
sed 's|inc/slotq.h|inc/partial.h|' "$T/fixed.lineup" > "$T/partial.lineup"
lp_run --test "$T/partial.lineup"
line=$(grep -n slotq_pop "$T/partial.lineup" | head -1 | cut -d: -f1)
expect_error "'slotq_pop' \\(.*partial\.lineup:$line\\) is not declared in '.*inc/partial\.h': check the name and the header, or give the types with a signature line"
# a signature still overrides the header
printf 'signature slotq_pop(ptr,ptr)->int\n' >> "$T/partial.lineup"
lp_run --replay c: --test "$T/partial.lineup"
expect_status 0 "a signature line types what the header does not declare"
expect_out '^0\.1 ret 0 out=5$' "out-parameters work with signature types"

# fn NAME: a helper library's function by address; bytes N: a fresh zeroed buffer
cat > "$T/fn.lineup" <<DESC
target      ./libslotq-stripped.so
helper      ./libslotq-helper.so
header      inc/slotq.h
init        q = slotq_new()
init        slotq_attach(q, 7)
init        slotq_push(q, 5)
thread-init slotq_attach(q, \$thread)
thread      slotq_map(q, fn slotq_helper_double); slotq_pop(q, out int)
thread      slotq_zeros(bytes 16, 16)
DESC
lp_run --replay c: --test fn.lineup # relative: the header is relative to the working folder
expect_status 0 "fn and bytes arguments: --replay c:"
expect_out '^0\.1 ret 0 out=10$' "the helper's function was called by the target through its address"
expect_out '^0\.2 ret 16$' "bytes 16 is a zeroed buffer of 16 bytes"
expect_no_out 'slotq_helper_double\(' "the helper's function is no operation"
sed 's|^helper .*|helper ./libnope.so|' "$T/fn.lineup" > "$T/nohelper.lineup"
lp_run --test "$T/nohelper.lineup"
expect_error "nohelper\.lineup:2: cannot load helper"

# errors in the new lines: FILE:LINE
printf 'target ./libslotq-stripped.so\nthread slotq_pop(NULL, out short)\n' > "$T/bad1.lineup"
lp_run --test "$T/bad1.lineup"
expect_error "bad1\.lineup:2: bad out-parameter type: write out int, out long, out ptr, out double or out bytes N"
printf 'target ./libslotq-stripped.so\ninit slotq_attach(NULL, $thread)\nthread slotq_new()\n' > "$T/bad2.lineup"
lp_run --test "$T/bad2.lineup"
expect_error "bad2\.lineup:2: \\\$thread in an init or final line"
printf 'target ./libslotq-stripped.so\nheader inc/slotq.h\nthread slotq_pop(NULL, out int); slotq_pop(NULL, NULL)\n' > "$T/bad3.lineup"
lp_run --test "$T/bad3.lineup"
expect_error "argument 2 of slotq_pop is an out-parameter in .*: pass the same 'out TYPE' in every call of slotq_pop"
printf 'target ./libslotq-stripped.so\nheader nope.h\nthread slotq_new()\n' > "$T/bad4.lineup"
lp_run --test "$T/bad4.lineup"
expect_error "cannot read header '.*nope\.h'"
printf 'target ./libslotq-stripped.so\nthread-init slotq_atach(NULL, 1)\nthread slotq_new()\n' > "$T/bad6.lineup"
lp_run --test "$T/bad6.lineup"
expect_error "bad6\.lineup:2: 'slotq_atach' is not an exported function of the targets"
printf 'target ./libslotq-stripped.so\nheader inc/slotq.h\nthread-init slotq_new()\nthread slotq_new()\n' > "$T/bad5.lineup"
lp_run --test "$T/bad5.lineup"
expect_error "bad5\.lineup:4: slotq_new is called by thread-init or thread-fini, so it is never an operation"

done_testing
