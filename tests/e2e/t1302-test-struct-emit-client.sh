#!/bin/sh
# t1302-test-struct-emit-client.sh — --emit-client with struct{...} arguments (issue 35):
# the client passes compound literals of the header's types, builds with the command it
# gives and reruns to the same violation with the same struct values; without a header
# line it is refused.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_cmd cc gcc
lp_require_prog libstructacc-lost-stripped.so

mkdir -p "$T/inc"
cp "$P/libstructacc-lost-stripped.so" "$T/"
cp "$top_srcdir/tests/progs/structacc.h" "$T/inc/"
cat > "$T/gen.lineup" <<DESC
target ./libstructacc-lost-stripped.so
header inc/structacc.h
init   q = acc_new()
op     acc_add(q, {struct{1, 2, 3}, struct{10, 20, 30}})
op     acc_tag(q, struct{struct{1, 2}, 3.5})
DESC
lp_run --test gen.lineup --random 20 --shape 2x1 --seed 1 --emit-client client.c
expect_status 1 "a random campaign with struct arguments finds the lost update"
expect_out 'acc_add\(q, struct\{[0-9, ]+\}\)' "the failing test is written with struct{...}"
grep -Eq 'acc_add\(q, \(struct delta\)\{[0-9, ]+\}\);' "$T/client.c"
ok $? "the client passes a compound literal of the header's type"
build=$(sed -n 's/^ \* Build it with: *//p' "$T/client.c")
if (cd "$T" && eval "$build") 2>"$T/cc.err"; then
	ok 0 "the emitted client builds"
	lp_run -- ./client
	expect_status 1 "the emitted client, run as it is, shows the violation"
	expect_out 'acc_add\(0x[0-9a-f]+, \{[0-9, ]+\}\)' "with the struct values"
else
	ok 1 "the emitted client builds: $(head -n 3 "$T/cc.err")"
fi

# a nested struct and a float member as C (a fixed campaign of one shape: 1x1 always
# includes acc_tag among its tests)
cat > "$T/tag.lineup" <<DESC
target ./libstructacc-lost-stripped.so
header inc/structacc.h
init   q = acc_new()
op     acc_tag(q, struct{struct{1, 2}, 3.5})
op     acc_add(q, struct{1, 2, 3})
DESC
lp_run --test tag.lineup --random 6 --shape 2x2 --seed 3 --emit-client tag.c
if [ "$RC" = 1 ] && grep -q 'acc_tag' "$T/tag.c"; then
	grep -q 'acc_tag(q, (tagged_t){{1, 2}, 3.5})' "$T/tag.c"
	ok $? "a typedef'd struct with a nested member: (tagged_t){{1, 2}, 3.5}"
else
	skip "the minimised test has no acc_tag call"
fi
# without a header the client could not name the struct: refused, no file written
if cc -g -shared -fPIC -Wl,-soname,libstructacc-g.so -DSTRUCTACC_LOST -I"$T/inc" \
	-o "$T/libstructacc-g.so" "$top_srcdir/tests/progs/structacc.c" 2>"$T/cc.err"; then
	sed -e 's/-lost-stripped/-g/' -e '/^header/d' "$T/gen.lineup" > "$T/nohdr.lineup"
	lp_run --test nohdr.lineup --random 20 --shape 2x1 --seed 1 --emit-client nohdr.c
	expect_error "--emit-client: acc_add takes a struct\{\.\.\.\} argument, whose type the client must name: add a header line declaring it"
	[ ! -e "$T/nohdr.c" ]
	ok $? "no client file is left"
else
	ok 1 "the library with DWARF builds: $(head -n 3 "$T/cc.err")"
fi
done_testing
