#!/bin/sh
# t0940-real-gallery.sh — every description of the gallery of real libraries (examples/real/)
# runs as a small campaign (2 random tests of 2x2, or its fixed test; -p 1 to stay fast) on
# the installed Debian libraries and finds no violation.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_cmd cc gcc
lp_require_pc glib-2.0 libglib2.0-dev
lp_require_pc liburcu-cds liburcu-dev

for f in "$top_srcdir"/examples/real/*.lineup; do
	name=$(basename "$f")
	cp "$f" "$T/$name"
	if grep -q '^op ' "$f"; then
		lp_run -p 1 --test "$name" --random 2 --shape 2x2
	else
		lp_run -p 1 --test "$name"
	fi
	expect_status 0 "$name: no violation"
	expect_verdict "no violation found"
done
done_testing
