#!/bin/sh
# t1250-test-libc-target.sh — libc as a description's target: the preload never traps its
# hundreds of atomic instructions, and says so in one summary line naming the first few;
# --coverage lists them all.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime

cat > "$T/libc.lineup" <<DESC
target    libc.so.6
signature labs(long)->long
thread    labs(1)
thread    labs(-2)
DESC
lp_run -p 1 -f labs --test libc.lineup
expect_status 0 "libc as a target runs"
expect_verdict "no violation found"
summary="^warning: [0-9]+ instructions of 'libc\.so\.6' are not scheduling points \(([^,]+, ){4}and [0-9]+ more; --coverage lists all\): "
[ "$(grep -Ec "$summary" "$OUT")" = 1 ]
ok $? "one summary line names the first few sites"
expect_no_out "is not a scheduling point" "no warning per instruction"
[ "$(grep -c '^warning:' "$OUT")" -le 5 ]
ok $? "a handful of warning lines in all"

lp_run -p 1 -f labs --coverage --test libc.lineup
expect_status 0 "with --coverage"
n=$(sed -n "s/^warning: \([0-9]*\) instructions of 'libc\.so\.6' are not scheduling points.*/\1/p" "$OUT")
listed=$(sed -n "s/^ *not scheduling points: [0-9]* instructions of 'libc\.so\.6' ([^)]*)://p" "$OUT" |
	tr ',' '\n' | grep -c .)
[ -n "$n" ] && [ "$n" = "$listed" ]
ok $? "--coverage lists every one of them ($n summed up, $listed listed)"
done_testing
