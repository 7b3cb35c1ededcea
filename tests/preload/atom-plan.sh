# tests/preload/atom-plan.sh — plans with site lines for libatom (sourced by traps.sh and
# bench/trap/trap-cost.sh; needs ATOM, the path of libatom.so).

# sitelines LIB OBJ NAME:KIND:DISP... — site lines for the instruction between the labels
# atom_at_NAME and atom_end_NAME of LIB (bytes read back from the file).
sitelines() {
	lib=$1 obj=$2; shift 2
	for spec in "$@"; do
		name=${spec%%:*} rest=${spec#*:}
		at=$(nm -D --defined-only "$lib" | awk -v n="atom_at_$name" '$3 == n { print $1 }')
		end=$(nm -D --defined-only "$lib" | awk -v n="atom_end_$name" '$3 == n { print $1 }')
		bytes=$(objdump -d --start-address=0x$at --stop-address=0x$end "$lib" |
			awk -F'\t' '/^ +[0-9a-f]+:\t/ { print $2 }' | tr -d ' \n')
		echo "site $obj $at $((0x$end - 0x$at)) ${rest%%:*} ${rest#*:} $bytes"
	done
}

# atomplan FILE [SITE-SPECS...] — libatom as target 0 with atom_spin as its operation.
atomplan() {
	out=$1; shift
	{
		echo "lineup-plan 1"
		echo "target $(stat -L -c '%d %i' "$ATOM") $ATOM"
		echo "func 0 atom_spin $(nm -D --defined-only "$ATOM" | awk '$3 == "atom_spin" { print $1 }') v p"
		sitelines "$ATOM" 0 "$@"
		echo "end"
	} >"$out"
}
