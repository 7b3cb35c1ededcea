#!/bin/sh
# t1300-test-struct-args.sh — structs passed by value (issue 35): a stripped library typed
# by its header alone, called with struct{...} arguments by the built-in driver (libffi)
# and recorded as {..}: class INTEGER ({int, int}), SSE then INTEGER ({double, long}),
# MEMORY (24 bytes, on the stack), a nested struct with a float member, and a struct that
# no longer fits in the integer registers (on the stack, the scalar after it still in the
# last register). The lost-update twin's violation shows the struct values in the history
# and the report; the correct twin passes.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_cmd cc gcc
lp_require_prog libstructacc-stripped.so libstructacc-lost-stripped.so

mkdir -p "$T/inc"
cp "$P/libstructacc-stripped.so" "$P/libstructacc-lost-stripped.so" "$T/"
cp "$top_srcdir/tests/progs/structacc.h" "$T/inc/"

cat > "$T/all.lineup" <<DESC
target ./libstructacc-stripped.so
header inc/structacc.h
init   q = acc_new()
thread acc_add(q, struct{1, 2, 3}); acc_move(q, struct{2, 5})
thread acc_add(q, struct{10, 20, 30}); acc_weigh(q, struct{2.5, 4})
thread acc_mixed(q, 1, 2, 3, 4, struct{5, 6}, 7, 8.0); acc_tag(q, struct{struct{1, 2}, 3.5})
final  acc_get(q)
DESC
lp_run --replay c: --test all.lineup
expect_status 0 "every class of struct argument: --replay c:"
expect_out '^0\.1 call acc_add\(0x[0-9a-f]+, \{1, 2, 3\}\)$' "a 24-byte struct (MEMORY, on the stack) is recorded"
expect_out '^0\.1 call acc_move\(0x[0-9a-f]+, \{2, 5\}\)$' "an {int, int} struct (one integer register)"
expect_out '^0\.1 ret 6$' "the callee got {2, 5}: 6 before, 10 more after it"
expect_out '^0\.2 call acc_weigh\(0x[0-9a-f]+, \{2\.5, 4\}\)$' "a {double, long} struct (SSE, then INTEGER)"
expect_out '^0\.3 call acc_mixed\(0x[0-9a-f]+, 1, 2, 3, 4, \{5, 6\}, 7, 8\)$' \
	"a struct that no longer fits in the registers goes on the stack, the scalars after it do not"
expect_out '^0\.3 call acc_tag\(0x[0-9a-f]+, \{\{1, 2\}, 3\.5\}\)$' "a nested struct and a float member"
expect_out '^0 ret 126$' "the library summed what the driver passed: 6+10+60+8+36+6"

# a variable and $thread as members: the accumulator's address inside the struct
cat > "$T/ref.lineup" <<DESC
target ./libstructacc-stripped.so
header inc/structacc.h
init   q = acc_new()
thread acc_ref(struct{q, 10})
thread acc_ref(struct{q, \$thread})
final  acc_ref(struct{q, 0})
DESC
lp_run --replay c: --test ref.lineup
expect_status 0 "variables and \$thread in a struct: --replay c:"
q=$(sed -n 's/^0 ret \(0x[0-9a-f]*\)$/\1/p' "$OUT" | head -n 1)
expect_out "^0\.1 call acc_ref\(\{$q, 10\}\)$" "a variable member holds the bound value (the pointer member printed as a pointer)"
expect_out "^0\.2 call acc_ref\(\{$q, 1\}\)$" "\$thread is the thread's index"
expect_out '^0 ret 11$' "the library read the pointer out of the struct"

# types from the target's own DWARF (no header line): the same layouts
if cc -g -shared -fPIC -Wl,-soname,libstructacc-g.so -I"$T/inc" -o "$T/libstructacc-g.so" \
	"$top_srcdir/tests/progs/structacc.c" 2>"$T/cc.err"; then
	sed -e 's/-stripped/-g/' -e '/^header/d' "$T/all.lineup" > "$T/dwarf.lineup"
	lp_run --replay c: --test dwarf.lineup
	expect_status 0 "struct arguments typed by the target's DWARF: --replay c:"
	expect_out '^0\.3 call acc_tag\(0x[0-9a-f]+, \{\{1, 2\}, 3\.5\}\)$' "the same values"
	expect_out '^0 ret 126$' "the same total"
else
	ok 1 "the library with DWARF builds: $(head -n 3 "$T/cc.err")"
fi

# more arguments than registers (no struct): through libffi too, the stack ones recorded
printf 'target ./libstructacc-stripped.so\nheader inc/structacc.h\ninit q = acc_new()\nthread acc_many(q, 1, 2, 3, 4, 5, 6, 7)\nfinal acc_get(q)\n' > "$T/many.lineup"
lp_run --replay c: --test many.lineup
expect_status 0 "eight integer arguments: --replay c:"
expect_out '^0\.1 call acc_many\(0x[0-9a-f]+, 1, 2, 3, 4, 5, 6, 7\)$' "the arguments on the stack are recorded"
expect_out '^0 ret 91$' "the callee got them: 1+2+3+4+5+6+70"

# the lost update: two acc_add calls return the same total
cat > "$T/race.lineup" <<DESC
target ./libstructacc-lost-stripped.so
header inc/structacc.h
init   q = acc_new()
thread acc_add(q, struct{1, 2, 3})
thread acc_add(q, struct{10, 20, 30}); acc_move(q, struct{2, 5})
DESC
lp_run --test race.lineup --json r.json
expect_violation_report
expect_out 'acc_add\(0x[0-9a-f]+, \{10, 20, 30\}\)' "the report shows the struct values"
expect_out "0\.1's acc_add\(0x[0-9a-f]+, \{1, 2, 3\}\) returns 0" "the explanation names the call by its struct"
grep -q 'acc_add(0x[0-9a-f]*, {1, 2, 3})' "$T/r.json"
ok $? "the JSON report has the struct values"
run_replay
[ "$REPLAY_RC" = 1 ] && grep -q '{10, 20, 30}' "$T/replay.out"
ok $? "the replay line reproduces the violation"

sed 's/-lost-stripped/-stripped/' "$T/race.lineup" > "$T/ok.lineup"
lp_run --test ok.lineup
expect_status 0 "the correct twin: no violation"
expect_verdict "no violation found"
done_testing
