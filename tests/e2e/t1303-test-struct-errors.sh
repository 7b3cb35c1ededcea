#!/bin/sh
# t1303-test-struct-errors.sh — struct{...} arguments checked against the header's types
# before anything runs (issue 35), each error naming FILE:LINE: member count, nesting,
# member kinds, a struct literal for a scalar, a scalar for a struct, a union by value, a
# packed struct (which libffi would pass in registers).
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libstructacc-stripped.so

mkdir -p "$T/inc"
cp "$P/libstructacc-stripped.so" "$T/"
cp "$top_srcdir/tests/progs/structacc.h" "$T/inc/"
n=0
bad() { # $1 the thread line, $2 the error regex
	n=$((n + 1))
	printf 'target ./libstructacc-stripped.so\nheader inc/structacc.h\ninit q = acc_new()\nthread %s\n' \
		"$1" > "$T/bad$n.lineup"
	lp_run --test "bad$n.lineup"
	expect_error "bad$n\.lineup:4: $2"
}
bad 'acc_add(q, struct{1, 2})' "argument 2 of acc_add is struct delta with 3 members, the test gives 2"
bad 'acc_move(q, struct{1, 2, 3})' "argument 2 of acc_move is struct pt with 2 members, the test gives 3"
bad 'acc_tag(q, struct{1, 3.5})' "argument 2 of acc_tag does not nest as tagged_t"
bad 'acc_weigh(q, struct{2, 4})' "value 1 of struct argument 2 of acc_weigh is floating point: write a number such as 1\.5"
bad 'acc_move(q, struct{1.5, 2})' "value 1 of struct argument 2 of acc_move is an integer"
bad 'acc_move(q, struct{1, 5000000000})' "value 2 of struct argument 2 of acc_move is 5000000000, which its 4-byte member cannot hold \\(-2147483648\\.\\.4294967295\\)"
bad 'acc_get(struct{1, 2})' "argument 1 of acc_get is not a struct passed by value"
bad 'acc_move(q, 5)' "argument 2 of acc_move is struct pt passed by value: write struct\{\.\.\.\} with its 2 members in order"
bad 'acc_union(q, struct{1})' "acc_union cannot take struct\{\.\.\.\} arguments: .*union 'num' by value"
bad 'acc_tight(q, struct{1, 2})' "argument 2 of acc_tight is a packed struct \(struct tight\): the built-in driver cannot pass it, write a client for it"
bad 'acc_move(q, struct{1, "x"})' "a struct member is an integer, a floating point number, NULL, a variable, \\\$thread or a struct\{\.\.\.\}"
bad 'acc_move(q, struct{1, 2)' "expected ',' or '\}' in a struct\{x, y\}"
done_testing
