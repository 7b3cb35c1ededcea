#!/bin/sh
# tests/checker/man.sh — the man pages are mandoc-clean and document every option that
# lineup-checker --help lists.
. "$top_srcdir/tests/checker/lib.sh"
lp_require_cmd mandoc mandoc
opts=$("$CHECKER" --help | grep -o -- '--[a-z][a-z-]*' | sort -u)
echo "1..$(($(echo "$opts" | wc -l) + 2))"
for page in lineup-checker.1 lineup-history.5; do
	if out=$(mandoc -T lint -W warning "$top_srcdir/man/$page" 2>&1); then
		ok "mandoc -T lint $page"
	else
		not_ok "mandoc -T lint $page"
		echo "$out" | sed 's/^/# /'
	fi
done
for o in $opts; do
	# in mdoc an option --foo is written "Fl -foo"
	if grep -q -- "^\.It Fl $(echo "$o" | cut -c2-)\( \|$\)" "$top_srcdir/man/lineup-checker.1"; then
		ok "$o is documented in lineup-checker.1"
	else
		not_ok "$o from --help is missing in lineup-checker.1 OPTIONS"
	fi
done
exit $failed
