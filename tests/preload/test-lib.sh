# tests/preload/test-lib.sh — shared helpers of the preload's harness tests (TAP).
. "${top_srcdir:?}/tests/require.sh"
lp_require_cmd nm binutils # mkplan, atom-plan.sh (objdump too)
lp_require_cmd objdump binutils
B=${top_builddir:?}/tests/preload
PRELOAD=$top_builddir/.libs/liblineup-preload.so
TOY=$B/.libs/libtoy.so
HARNESS=$B/harness
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
n=0
fails=0

# mkplan FILE FUNC:RET:ARGS... — a plan for libtoy with the given kinds.
mkplan() {
	out=$1; shift
	{
		echo "lineup-plan 1"
		echo "target $(stat -L -c '%d %i' "$TOY") $TOY"
		for spec in "$@"; do
			name=${spec%%:*}; rest=${spec#*:}
			off=$(nm -D --defined-only "$TOY" | awk -v n="$name" '$3 == n { print $1 }')
			echo "func 0 $name $off ${rest%%:*} ${rest#*:}"
		done
		echo "end"
	} >"$out"
}

STD_FUNCS="toy_add:i4:p,i4 toy_racy_add:i4:p,i4 toy_get:i4:p toy_ab:v:- toy_ba:v:- toy_put:v:i4 toy_take:i4:- toy_sem_give:v:- toy_sem_take:i4:- toy_echo:s:s toy_many:i8:i8,i8,i8,i8,i8,i8,i8,i8 toy_scale:f8:f8,i4 toy_spin_until:i4:p toy_untyped:?:?"

skip() { # skip DESCRIPTION WHY: a test this machine cannot run (TAP's SKIP)
	n=$((n + 1))
	echo "ok $n - $1 # SKIP $2"
}
ok() { # ok DESCRIPTION COMMAND...
	desc=$1; shift
	n=$((n + 1))
	if "$@"; then echo "ok $n - $desc"; else echo "not ok $n - $desc"; fails=$((fails + 1)); fi
}

has() { grep -qF -- "$2" "$1"; }
hasnt() { ! grep -qF -- "$2" "$1"; }
