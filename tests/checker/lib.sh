# tests/checker/lib.sh — TAP helpers for the lineup-checker shell tests (sourced).
: "${top_srcdir:?run through make check}" "${top_builddir:?run through make check}"
CHECKER=$top_builddir/lineup-checker
. "$top_srcdir/tests/require.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/lp-checker.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
n=0
failed=0
ok() { n=$((n + 1)); echo "ok $n - $*"; }
not_ok() { n=$((n + 1)); failed=1; echo "not ok $n - $*"; }
# expect STATUS NAME -- ARGS...: runs the checker, keeps stdout in $tmp/out, stderr in $tmp/err
expect() {
	want=$1 name=$2
	shift 3
	st=0
	"$CHECKER" "$@" >"$tmp/out" 2>"$tmp/err" || st=$?
	if [ "$st" = "$want" ]; then ok "$name (exit $st)"; else
		not_ok "$name: exit $st, expected $want"
		sed 's/^/# /' "$tmp/err" "$tmp/out" | head -20
	fi
}
# has FILE TEXT NAME: FILE contains the fixed string TEXT
has() {
	if grep -qF -- "$2" "$1"; then ok "$3"; else
		not_ok "$3: '$2' not in output"
		sed 's/^/# /' "$1" | head -20
	fi
}
