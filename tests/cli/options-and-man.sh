#!/bin/sh
# tests/cli/options-and-man.sh — lineup-preload's man page lints clean and documents every
# option --help prints; option errors are one stderr line and exit status 2 (TAP output).
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
top_builddir=${top_builddir:-.}
prog="$top_builddir/lineup-preload"
man="$top_srcdir/man/lineup-preload.1"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
. "$top_srcdir/tests/require.sh"
lp_require_cmd mandoc mandoc

bad_cases='--bogus ./c
-x ./c
-p two ./c
--instrument libc.so.6 ./c
--granularity=fine ./c
--spec-from libx.so ./c
--quasi take ./c
--criterion strict ./c
--max-steps 0 ./c
--watchdog 0 ./c
--target
-q'
n_bad=$(printf '%s\n' "$bad_cases" | wc -l)
echo "1..$((5 + n_bad))"
t=0
ok() { t=$((t + 1)); echo "ok $t - $1"; }
notok() { t=$((t + 1)); echo "not ok $t - $1"; shift; for l in "$@"; do echo "# $l"; done; }

if out=$(mandoc -T lint -W warning "$man" 2>&1); then
	ok "mandoc -T lint -W warning is clean"
else
	notok "mandoc -T lint -W warning is clean" "$out"
fi
if out=$(mandoc -T lint -W warning "$top_srcdir/man/lineup-test.5" 2>&1); then
	ok "mandoc -T lint -W warning is clean on lineup-test.5"
else
	notok "mandoc -T lint -W warning is clean on lineup-test.5" "$out"
fi

"$prog" --help >"$tmp/help" 2>"$tmp/err"
if [ $? -eq 0 ] && [ ! -s "$tmp/err" ]; then ok "--help exits 0"; else notok "--help exits 0" "$(cat "$tmp/err")"; fi

missing=""
for o in $(grep -oE -- '--[a-z][a-z0-9-]*' "$tmp/help" | sort -u); do
	grep -q -- "Fl -${o#--}\\b" "$man" || missing="$missing $o"
done
if [ -z "$missing" ]; then ok "every --option of --help is in the man page"; else notok "every --option of --help is in the man page" "missing:$missing"; fi

"$prog" --version >"$tmp/out" 2>&1 && grep -q '^lineup-preload ' "$tmp/out" && ok "--version" || notok "--version" "$(cat "$tmp/out")"

printf '%s\n' "$bad_cases" | while IFS= read -r args; do
	# shellcheck disable=SC2086
	"$prog" $args >"$tmp/out" 2>"$tmp/err"
	rc=$?
	lines=$(wc -l <"$tmp/err")
	if [ $rc -eq 2 ] && [ "$lines" -eq 1 ] && [ ! -s "$tmp/out" ] && grep -q '^lineup-preload: ' "$tmp/err"; then
		echo "ok - '$args' is one error line, exit 2"
	else
		echo "not ok - '$args' is one error line, exit 2"
		echo "# exit $rc, stderr: $(cat "$tmp/err")"
	fi
done | awk -v start="$t" '{ if ($1 == "ok" || $1 == "not") { start++; sub(/ok -/, "ok " start " -") } print }'
